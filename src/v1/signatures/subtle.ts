/**
 * Verifying straight through WebCrypto, for keys this entry imported itself
 * (their WebCrypto algorithm is the one `alg` names). jose's flattenedVerify
 * re-encodes and decodes the whole payload for each signature, which cost more
 * than the hash on a large card; here its bytes are made once per card. A
 * WebCrypto error is thrown, not read as "no match" (jose answers false).
 */
import { decode } from "./base64url.js";

type Params = { name: string; hash?: string; saltLength?: number };

// RFC 7518 section 3.1 and RFC 8037 section 3.1: the WebCrypto parameters of each JWS algorithm.
const PARAMS: Readonly<Record<string, Params>> = {
  EdDSA: { name: "Ed25519" },
  Ed25519: { name: "Ed25519" },
  ES256: { name: "ECDSA", hash: "SHA-256" },
  ES384: { name: "ECDSA", hash: "SHA-384" },
  ES512: { name: "ECDSA", hash: "SHA-512" },
  PS256: { name: "RSA-PSS", saltLength: 32 },
  PS384: { name: "RSA-PSS", saltLength: 48 },
  PS512: { name: "RSA-PSS", saltLength: 64 },
  RS256: { name: "RSASSA-PKCS1-v1_5" },
  RS384: { name: "RSASSA-PKCS1-v1_5" },
  RS512: { name: "RSASSA-PKCS1-v1_5" },
};

/** True when `alg` can be verified here; otherwise jose does it. */
export const verifiesDirectly = (alg: string): boolean => Object.prototype.hasOwnProperty.call(PARAMS, alg);

const encoder = new TextEncoder();

/** The ASCII bytes of the base64url payload, made once per card. */
export const payloadBytes = (payloadB64: string): Uint8Array => encoder.encode(payloadB64);

/** Whether `signatureB64` is `alg`'s signature of `protectedB64.payload` (RFC 7515 section 5.2, steps 5 to 8). */
export async function verifyDirectly(alg: string, key: unknown, protectedB64: string, signatureB64: string, payload: Uint8Array): Promise<boolean> {
  const head = encoder.encode(`${protectedB64}.`);
  const input = new Uint8Array(head.length + payload.length);
  input.set(head);
  input.set(payload, head.length);
  const signature = decode(signatureB64);
  if (!signature) return false; // already refused by the header check
  return crypto.subtle.verify(PARAMS[alg]!, key as Parameters<typeof crypto.subtle.verify>[1], signature, input);
}
