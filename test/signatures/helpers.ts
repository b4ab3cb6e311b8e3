/** Keys, cards and vectors shared by the signature tests. */
import { readFileSync } from "node:fs";
import type { webcrypto } from "node:crypto";
import { join } from "node:path";
import { exportJWK, generateKeyPair } from "jose";
import type { Jwk } from "../../src/v1/signatures/index.js";

export type CryptoKey = webcrypto.CryptoKey;

export const VECTORS = join(import.meta.dirname, "vectors");

export interface Golden {
  kid: string;
  ed25519_seed_hex: string;
  card_json_unsigned: Record<string, unknown>;
  protected_b64: string;
  signature_b64: string;
}

export function readGolden(name: string): Golden {
  return JSON.parse(readFileSync(join(VECTORS, "golden", name), "utf8")) as Golden;
}

// RFC 8410 PKCS #8 prefix for an Ed25519 private key; the 32-byte seed follows.
const ED25519_PKCS8_PREFIX = "302e020100300506032b657004220420";

/** The Ed25519 key pair of a 32-byte seed, through WebCrypto. */
export async function ed25519FromSeed(seedHex: string, kid: string): Promise<{ privateKey: CryptoKey; privateJwk: Jwk; publicJwk: Jwk }> {
  const der = Buffer.from(ED25519_PKCS8_PREFIX + seedHex, "hex");
  const privateKey = await crypto.subtle.importKey("pkcs8", der, { name: "Ed25519" }, true, ["sign"]);
  const jwk = (await crypto.subtle.exportKey("jwk", privateKey)) as { x: string; d: string };
  return {
    privateKey,
    privateJwk: { kty: "OKP", crv: "Ed25519", x: jwk.x, d: jwk.d, kid },
    publicJwk: { kty: "OKP", crv: "Ed25519", x: jwk.x, kid },
  };
}

export interface TestKey {
  alg: string;
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: Jwk;
  privateJwk: Jwk;
}

const cache = new Map<string, Promise<TestKey>>();

/** One key pair per (alg, kid, size), generated once per test file. */
export function testKey(alg: string, kid = `${alg.toLowerCase()}-1`, modulusLength = 2048): Promise<TestKey> {
  const id = `${alg} ${kid} ${modulusLength}`;
  let p = cache.get(id);
  if (!p) {
    p = (async () => {
      const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true, ...(alg.startsWith("RS") || alg.startsWith("PS") ? { modulusLength } : {}) });
      const publicJwk = { ...(await exportJWK(publicKey)), kid } as Jwk;
      const privateJwk = { ...(await exportJWK(privateKey)), kid } as Jwk;
      return { alg, kid, privateKey, publicKey, publicJwk, privateJwk };
    })();
    cache.set(id, p);
  }
  return p;
}

/** An RSA key pair below 2048 bits, made with WebCrypto directly (jose refuses to make one). */
export async function smallRsaKey(alg: "RS256" | "PS256", kid: string, modulusLength = 1024): Promise<TestKey> {
  const name = alg === "RS256" ? "RSASSA-PKCS1-v1_5" : "RSA-PSS";
  const { privateKey, publicKey } = (await crypto.subtle.generateKey({ name, modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as webcrypto.CryptoKeyPair;
  const publicJwk = { ...((await crypto.subtle.exportKey("jwk", publicKey)) as object), kid } as Jwk;
  const privateJwk = { ...((await crypto.subtle.exportKey("jwk", privateKey)) as object), kid } as Jwk;
  return { alg, kid, privateKey, publicKey, publicJwk, privateJwk };
}

/** A valid v1 AgentCard with `skills` skills. */
export function sampleCard(skills = 5): Record<string, unknown> {
  return {
    name: "Recipe Agent",
    description: "Agent that helps users with recipes and cooking.",
    supportedInterfaces: [{ url: "https://agent.example.com/a2a/v1", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    provider: { url: "https://example.com", organization: "Example" },
    version: "1.0.0",
    documentationUrl: "https://agent.example.com/docs",
    capabilities: { streaming: true, pushNotifications: false, extensions: [{ uri: "https://example.com/ext/v1", required: true, params: { depth: 0, flag: false } }] },
    securitySchemes: { oauth: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: "https://auth.example.com/token", scopes: { "recipes:read": "Read recipes" } } } } } },
    securityRequirements: [{ schemes: { oauth: { list: ["recipes:read"] } } }],
    defaultInputModes: ["text/plain", "application/json"],
    defaultOutputModes: ["text/plain"],
    skills: Array.from({ length: skills }, (_, i) => ({
      id: `skill-${i}`,
      name: `Skill ${i}`,
      description: `Does thing number ${i}, with care: "quoted", naïve, 日本語, 😀.`,
      tags: ["cooking", `t${i}`],
      examples: [`Example prompt ${i}`],
      inputModes: ["text/plain"],
      outputModes: ["text/plain", "application/json"],
    })),
    iconUrl: "https://agent.example.com/icon.png",
  };
}

export function jwkSet(...keys: Jwk[]): { keys: Jwk[] } {
  return { keys };
}

export function b64url(s: string): string {
  return Buffer.from(s, "utf8").toString("base64url");
}
