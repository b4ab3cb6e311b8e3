/**
 * jose, loaded on first use: it is ESM-only, and a dynamic import lets the CJS
 * build load it on every Node version the package supports; canonicalization
 * alone never loads it.
 */
import type * as Jose from "jose";

let loading: Promise<typeof Jose> | undefined;

export function loadJose(): Promise<typeof Jose> {
  return (loading ??= import("jose").catch((e: unknown) => {
    loading = undefined;
    throw e;
  }));
}

const imported = new Map<string, Promise<unknown>>();
const MAX_CACHED_KEYS = 256;

/** Imports a public JWK for `alg`, once per distinct key (public key material only, so caching is safe). */
export async function importPublicJwk(jwk: Record<string, string>, alg: string): Promise<unknown> {
  const id = `${alg} ${JSON.stringify(jwk)}`;
  let p = imported.get(id);
  if (!p) {
    const jose = await loadJose();
    p = jose.importJWK({ ...jwk, ext: true }, alg);
    p.catch(() => imported.delete(id));
    if (imported.size >= MAX_CACHED_KEYS) imported.delete(imported.keys().next().value!);
    imported.set(id, p);
  }
  return p;
}
