/**
 * Public keys for verification: a JWK Set the caller trusts, a lookup callback,
 * or a `jku` URL fetched only from origins the caller allows.
 */
import type { ValidationResult } from "../../core/result.js";
import { readCapped } from "../../core/bytes.js";
import { safeFetch, type Resolver } from "../../net/fetch.js";
import { decode } from "./base64url.js";
import { issue, reason } from "./issues.js";
import { snapshot, isObject } from "./snapshot.js";

/**
 * A JWK as a key store or `crypto.subtle.exportKey("jwk", ...)` gives it: the
 * DOM's and Node's `JsonWebKey` fit. Checked when used; a key without `kty` is
 * an issue, not an exception.
 */
export interface JwkInput {
  /** Key type: "OKP", "EC" or "RSA" (RFC 7517, section 4.1). */
  readonly kty?: string | undefined;
  /** Key id, matched against the `kid` of a signature's protected header. */
  readonly kid?: string | undefined;
  /** The algorithm the key is meant for, e.g. "ES256". */
  readonly alg?: string | undefined;
  /** Public key use: "sig" for signatures. */
  readonly use?: string | undefined;
  /** Permitted operations, e.g. ["verify"]. */
  readonly key_ops?: readonly string[] | undefined;
  /** Curve of an OKP or EC key, e.g. "Ed25519", "P-256". */
  readonly crv?: string | undefined;
  /** Public x coordinate (OKP, EC), base64url. */
  readonly x?: string | undefined;
  /** Public y coordinate (EC), base64url. */
  readonly y?: string | undefined;
  /** RSA modulus, base64url. */
  readonly n?: string | undefined;
  /** RSA public exponent, base64url. */
  readonly e?: string | undefined;
  /** Private key material (for signing only); never used to verify. */
  readonly d?: string | undefined;
}

/** A JSON Web Key (RFC 7517); only public members are ever used for verification. */
export interface Jwk {
  /** Key type: "OKP", "EC" or "RSA" (RFC 7517, section 4.1). */
  readonly kty: string;
  /** Key id, matched against the `kid` of a signature's protected header. */
  readonly kid?: string;
  /** The algorithm the key is meant for, e.g. "ES256". */
  readonly alg?: string;
  /** Public key use: "sig" for signatures. */
  readonly use?: string;
  /** Permitted operations, e.g. ["verify"]. */
  readonly key_ops?: readonly string[];
  /** Curve of an OKP or EC key, e.g. "Ed25519", "P-256". */
  readonly crv?: string;
  /** Public x coordinate (OKP, EC), base64url. */
  readonly x?: string;
  /** Public y coordinate (EC), base64url. */
  readonly y?: string;
  /** RSA modulus, base64url. */
  readonly n?: string;
  /** RSA public exponent, base64url. */
  readonly e?: string;
  readonly [member: string]: unknown;
}

/** A JWK Set (RFC 7517, section 5): `{ keys: [...] }`. */
export interface JwkSet {
  /** The keys. */
  readonly keys: readonly Jwk[];
}

/** A WebCrypto CryptoKey, structurally (the runtime's global `CryptoKey` fits). */
export interface WebCryptoKey {
  /** "public", "private" or "secret". */
  readonly type: string;
  /** Whether the key material may be exported. */
  readonly extractable: boolean;
  /** The key's algorithm. */
  readonly algorithm: {
    /** The algorithm name, e.g. "Ed25519", "ECDSA", "RSA-PSS". */
    readonly name: string;
    /** RSA: the modulus length in bits. */
    readonly modulusLength?: number;
    /** RSA: the public exponent, big-endian. */
    readonly publicExponent?: Uint8Array;
    /** EC: the curve, e.g. "P-256". */
    readonly namedCurve?: string;
  };
  /** What the key may be used for, e.g. ["verify"]. */
  readonly usages: readonly string[];
}

export const MIN_RSA_BITS = 2048;

/** The key type and curve each algorithm needs. */
function fits(alg: string, jwk: Jwk): boolean {
  switch (alg) {
    case "RS256":
    case "RS384":
    case "RS512":
    case "PS256":
    case "PS384":
    case "PS512":
      return jwk.kty === "RSA";
    case "ES256":
      return jwk.kty === "EC" && jwk.crv === "P-256";
    case "ES384":
      return jwk.kty === "EC" && jwk.crv === "P-384";
    case "ES512":
      return jwk.kty === "EC" && jwk.crv === "P-521";
    case "EdDSA":
    case "Ed25519":
      return jwk.kty === "OKP" && jwk.crv === "Ed25519";
    default:
      return true; // An algorithm the caller allowed that we do not know: jose decides.
  }
}

// WebCrypto exports Ed25519 keys with the fully-specified "Ed25519" (RFC 9864), which is EdDSA on that curve.
function sameAlg(jwkAlg: string, alg: string): boolean {
  return jwkAlg === alg || (jwkAlg === "Ed25519" && alg === "EdDSA") || (jwkAlg === "EdDSA" && alg === "Ed25519");
}

/** Bit length of an RSA modulus given as base64url, or 0 when unreadable. */
export function rsaBits(n: unknown): number {
  if (typeof n !== "string") return 0;
  const bytes = decode(n);
  if (!bytes) return 0;
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

// BoringSSL (Chrome's WebCrypto) refuses a longer exponent, and OpenSSL (Node's) one over 64 bits
// beside a modulus over 3,072 bits, or one not below the modulus: there every signature reads as
// "not matching", so such a key is refused as unusable before it could say "invalid".
export const MAX_RSA_EXPONENT_BITS = 33;

/** Why an RSA public exponent (big-endian bytes) cannot be used, or undefined when it can. */
export function rsaExponentProblem(e: Uint8Array | undefined, modulusBits: number): string | undefined {
  if (!e) return "its exponent `e` is not base64url";
  let i = 0;
  while (i < e.length && e[i] === 0) i++;
  const bits = i === e.length ? 0 : (e.length - i - 1) * 8 + (32 - Math.clz32(e[i]!));
  if (bits > MAX_RSA_EXPONENT_BITS) return `its exponent \`e\` has ${bits} bits; at most ${MAX_RSA_EXPONENT_BITS} can be used (WebCrypto implementations refuse longer ones${bits >= modulusBits ? ", and e must be below the modulus" : ""})`;
  if (bits < 2 || (e[e.length - 1]! & 1) === 0) return "its exponent `e` must be an odd number of at least 3 (RFC 8017 section 3.1)";
  return undefined;
}

/** Only the members that describe the public key; `d` and friends never reach an import. */
export function publicJwk(jwk: Jwk): Record<string, string> {
  const out: Record<string, string> = { kty: jwk.kty };
  for (const m of ["crv", "x", "y", "n", "e"] as const) if (typeof jwk[m] === "string") out[m] = jwk[m] as string;
  return out;
}

export type KeyChoice = { readonly ok: true; readonly jwk: Jwk; readonly index: number } | { readonly ok: false; readonly message: string; readonly found: boolean };

/**
 * The key of `set` for `kid` and `alg`. Keys whose `use`, `key_ops` or `alg` rule
 * verification out are skipped, as RFC 7517 section 4 asks.
 */
export function chooseKey(set: JwkSet, kid: string, alg: string): KeyChoice {
  const byKid: Array<[Jwk, number]> = [];
  set.keys.forEach((k, i) => {
    if (k.kid === kid) byKid.push([k, i]);
  });
  if (byKid.length === 0) return { ok: false, found: false, message: `kid "${kid}" matches no key` };
  const usable = byKid.filter(([k]) => (k.use === undefined || k.use === "sig") && (k.key_ops === undefined || (Array.isArray(k.key_ops) && k.key_ops.includes("verify"))) && (k.alg === undefined || sameAlg(k.alg, alg)));
  if (usable.length === 0) return { ok: false, found: true, message: `the key "${kid}" is not for verifying ${alg} signatures (its use, key_ops or alg say otherwise)` };
  if (usable.some(([k]) => k.kty === "oct")) return { ok: false, found: true, message: `the key "${kid}" is a symmetric (oct) key; Agent Card signatures need a public key` };
  const fitting = usable.filter(([k]) => fits(alg, k));
  if (fitting.length === 0) {
    const k = usable[0]![0];
    return { ok: false, found: true, message: `the key "${kid}" is ${k.kty}${k.crv ? ` ${k.crv}` : ""}, which cannot verify ${alg}` };
  }
  if (fitting.length > 1) return { ok: false, found: true, message: `kid "${kid}" matches ${fitting.length} keys; a key id must name one key` };
  const [jwk, index] = fitting[0]!;
  if (jwk.kty === "RSA") {
    const bits = rsaBits(jwk.n);
    if (bits < MIN_RSA_BITS) return { ok: false, found: true, message: `the key "${kid}" is RSA with a ${bits}-bit modulus; at least ${MIN_RSA_BITS} bits are required` };
    const problem = rsaExponentProblem(typeof jwk.e === "string" ? decode(jwk.e) : undefined, bits);
    if (problem) return { ok: false, found: true, message: `the RSA key "${kid}" cannot be used: ${problem}` };
  }
  return { ok: true, jwk, index };
}

/** Reads a JWK Set (e.g. the text of a `--jwks` file, parsed), with issues instead of exceptions. */
export function parseJwkSet(input: unknown): ValidationResult<JwkSet> {
  const snap = snapshot(input);
  if (!snap.ok) return snap;
  const v = snap.value;
  if (!isObject(v) || !Array.isArray(v["keys"])) return { ok: false, issues: [issue([], "type", "a JWK Set must be an object with a `keys` array (RFC 7517 section 5)")] };
  const keys = v["keys"];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!isObject(k) || typeof k["kty"] !== "string") return { ok: false, issues: [issue(["keys", i], "type", "a JWK must be an object with a string `kty`")] };
  }
  return { ok: true, value: JSON.parse(JSON.stringify(v)) as JwkSet };
}

// ---------- jku ----------

/** The part of a fetch `Response` that fetching a JWK Set uses. */
export interface FetchResponseLike {
  /** True for a 2xx status. */
  readonly ok: boolean;
  /** The HTTP status code. */
  readonly status: number;
  /** The response headers (Content-Type and Content-Length are read). */
  readonly headers: {
    /** The value of a header, or null. */
    get(name: string): string | null;
  };
  /** The body as a stream, read up to the byte limit; without it `arrayBuffer()` is used. */
  readonly body?: {
    /** A reader of the body stream. */
    getReader(): {
      /** The next chunk. */
      read(): Promise<{
        /** True at the end of the stream. */
        done: boolean;
        /** The chunk's bytes. */
        value?: Uint8Array | undefined;
      }>;
      /** Stops reading (the body was too large). */
      cancel(reason?: unknown): Promise<void>;
    };
  } | null;
  /** The whole body. */
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** The shape of the global `fetch`, narrowed to what is used. */
export type FetchLike = (
  url: string,
  init: {
    /** Aborts the request at the time limit. */
    signal: AbortSignal;
    /** Always "error": a redirect is refused, so a key can only come from an allowed origin. */
    redirect: "error";
    /** Request headers (Accept). */
    headers: Record<string, string>;
  },
) => Promise<FetchResponseLike>;

/** Rules for fetching the JWK Set a `jku` names: the allowed origins, limits, and optionally your fetch. */
export interface JkuOptions {
  /**
   * Your fetch, which then bears the whole network policy; without it the library's safe fetch is
   * used: https only, the SSRF guard on the resolved address, no redirects.
   */
  readonly fetch?: FetchLike;
  /** Origins a `jku` may point to, e.g. `["https://keys.example.com"]`; anything else is refused. */
  readonly allowedOrigins: readonly string[];
  /** For the safe fetch: permits non-public addresses (never cloud metadata) and plain http to them, e.g. a key server on this machine in CI: `true`, or a list of the addresses permitted. */
  readonly allowPrivate?: boolean | readonly string[];
  /** For the safe fetch: the name resolver (tests inject one). */
  readonly resolve?: Resolver;
  /** Per URL, for the request and the body; default 5000. */
  readonly timeoutMs?: number;
  /** Largest JWK Set accepted, in bytes; default 65536. */
  readonly maxBytes?: number;
}

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    if (u.username !== "" || u.password !== "") return undefined;
    return u.origin;
  } catch {
    return undefined;
  }
}

async function readLimited(res: FetchResponseLike, maxBytes: number): Promise<Uint8Array | string> {
  const declared = Number(res.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) return `it declares ${declared} bytes, over the ${maxBytes}-byte limit`;
  const body = res.body;
  if (body && typeof body.getReader === "function") {
    const read = await readCapped(body, maxBytes);
    return read.over ? `it is over the ${maxBytes}-byte limit` : read.bytes;
  }
  const buf = new Uint8Array(await res.arrayBuffer());
  return buf.byteLength > maxBytes ? `it is over the ${maxBytes}-byte limit` : buf;
}

const JWKS_ACCEPT = "application/jwk-set+json, application/json";

/** The library's safe fetch as a `FetchResponseLike` (its body already read under the cap), or the reason it failed. */
async function viaSafeFetch(url: string, options: JkuOptions, signal: AbortSignal, timeoutMs: number, maxBytes: number): Promise<FetchResponseLike | string> {
  const r = await safeFetch(url, {
    headers: { accept: JWKS_ACCEPT },
    timeoutMs,
    maxBytes,
    maxRedirects: 0,
    signal,
    ...(options.allowPrivate === true || Array.isArray(options.allowPrivate) ? { allowPrivate: options.allowPrivate } : {}),
    ...(typeof options.resolve === "function" ? { resolve: options.resolve } : {}),
  });
  if (!r.ok) return r.issues[0]!.code === "too_large" ? `the JWK Set at ${url} was refused: it is over the ${maxBytes}-byte limit` : `fetching jku ${url} was refused: ${r.issues[0]!.message}`;
  const { status, headers, body } = r.value;
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    arrayBuffer: async () => body.slice().buffer as ArrayBuffer,
  };
}

/** Fetches a JWK Set from `url` under the caller's rules; a string is the reason it was not used. */
export async function fetchJwkSet(url: string, options: JkuOptions): Promise<JwkSet | string> {
  const origin = originOf(url);
  if (origin === undefined) return `jku ${JSON.stringify(url)} is not an absolute URL without credentials`;
  const allowed = new Set<string>();
  for (const o of options.allowedOrigins ?? []) {
    const n = originOf(o);
    if (n !== undefined && n !== "null") allowed.add(n);
  }
  if (!allowed.has(origin)) return `jku origin ${origin} is not in the allowed origins`;
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxBytes = options.maxBytes ?? 65536;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(`fetching jku ${url} took over ${timeoutMs} ms`);
    }, timeoutMs);
  });
  const work = (async (): Promise<JwkSet | string> => {
    // Redirects are refused: they could leave the allowed origins.
    const res = options.fetch
      ? await options.fetch(url, { signal: controller.signal, redirect: "error", headers: { accept: JWKS_ACCEPT } })
      : await viaSafeFetch(url, options, controller.signal, timeoutMs, maxBytes);
    if (typeof res === "string") return res;
    if (!res.ok) return `fetching jku ${url} answered HTTP ${res.status}`;
    const body = await readLimited(res, maxBytes);
    if (typeof body === "string") return `the JWK Set at ${url} was refused: ${body}`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      return `the JWK Set at ${url} is not UTF-8 JSON`;
    }
    const set = parseJwkSet(parsed);
    return set.ok ? set.value : `the JWK Set at ${url} is not a JWK Set: ${set.issues[0]!.message}`;
  })().catch((e: unknown) => `fetching jku ${url} failed: ${reason(e)}`);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the caller's JWK Set once per verification, so a throwing getter cannot throw later. */
export function readKeySet(keys: unknown): JwkSet | string {
  const set = parseJwkSet(keys);
  return set.ok ? set.value : `the \`keys\` option is not a JWK Set: ${set.issues[0]!.message}`;
}

export function isWebCryptoKey(k: unknown): k is WebCryptoKey {
  return typeof k === "object" && k !== null && typeof (k as WebCryptoKey).type === "string" && typeof (k as WebCryptoKey).algorithm === "object" && !("kty" in k);
}

