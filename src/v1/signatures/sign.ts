/** Signs an Agent Card (A2A v1.0 specification, section 8.4.2). */
import { describeValue, type ValidationIssue } from "../../core/issue.js";
import type { ValidationResult } from "../../core/result.js";
import type { AgentCardSignature } from "../../generated/v1/types.js";
import { encodeText } from "./base64url.js";
import { payloadOf, type CanonicalizeOptions } from "./canonical.js";
import { refusedAlgorithm } from "./header.js";
import { issue, reason } from "./issues.js";
import { jcs } from "./jcs.js";
import { loadJose } from "./jose.js";
import { isWebCryptoKey, MIN_RSA_BITS, rsaBits, type Jwk, type JwkInput, type WebCryptoKey } from "./keys.js";
import { presenceRules } from "./presence.js";
import { isObject, snapshot, toPlain, type Json, type JsonObject } from "./snapshot.js";

/** Options of `signAgentCard`: the private key, its kid and algorithm, and optional jku and unprotected header. */
export interface SignOptions extends CanonicalizeOptions {
  /** The private key: a WebCrypto CryptoKey, or a private JWK (with `d`). */
  readonly key: WebCryptoKey | JwkInput;
  /** Key id, written to the protected header; verifiers look the public key up by it. */
  readonly kid: string;
  /** JWS algorithm, e.g. "EdDSA", "ES256", "PS256". */
  readonly alg: string;
  /** URL of a JWK Set holding the public key, written to the protected header. */
  readonly jku?: string;
  /** The JWS Unprotected Header: not covered by the signature, so nothing a verifier decides on. */
  readonly header?: Readonly<Record<string, unknown>>;
}

/** A card with one more entry in `signatures`. */
export type SignedAgentCard<T> = T & {
  /** The card's signatures, the new one last. */
  signatures: AgentCardSignature[];
};

const PROTECTED_NAMES = ["alg", "jku", "kid", "typ", "crit", "b64"];

function fail<T>(issues: ValidationIssue[]): ValidationResult<T> {
  return { ok: false, issues };
}

/**
 * Returns a copy of `card` with one more signature in `signatures`. The protected
 * header is RFC 8785 JSON of `alg`, `jku`, `kid` and `typ: "JOSE"`, so any signer
 * writing the same header writes the same bytes. Never throws, never mutates `card`.
 */
export async function signAgentCard<T>(card: T, options: SignOptions): Promise<ValidationResult<SignedAgentCard<T>>> {
  try {
    return await sign<T>(card, options);
  } catch (e) {
    return fail([issue([], "invalid", `the card could not be signed: ${reason(e)}`)]);
  }
}

async function sign<T>(card: T, options: SignOptions): Promise<ValidationResult<SignedAgentCard<T>>> {
  const { key, kid, alg, jku, header, revision } = options;
  if (typeof alg !== "string" || alg === "") return fail([issue([], "required", "options.alg must name a JWS algorithm, e.g. \"EdDSA\"")]);
  const refused = refusedAlgorithm(alg);
  if (refused) return fail([issue([], "not_allowed", `options.alg: ${refused}`)]);
  if (typeof kid !== "string" || kid === "" || /\p{Cs}/u.test(kid)) return fail([issue([], "required", "options.kid must be a non-empty string")]);
  if (jku !== undefined) {
    let ok = false;
    try {
      const u = new URL(jku);
      ok = (u.protocol === "https:" || u.protocol === "http:") && u.username === "" && u.password === "" && !/\p{Cs}/u.test(jku);
    } catch {
      ok = false;
    }
    if (!ok) return fail([issue([], "format", `options.jku must be an absolute https URL, got ${describeValue(jku)}`)]);
  }
  let unprotected: JsonObject | undefined;
  if (header !== undefined) {
    const h = snapshot(header);
    if (!h.ok || !isObject(h.value)) return fail([issue([], "type", "options.header must be a JSON object")]);
    const clash = Object.keys(h.value).find((k) => PROTECTED_NAMES.includes(k));
    if (clash !== undefined) return fail([issue([], "not_allowed", `options.header must not hold "${clash}": it belongs in the protected header`)]);
    unprotected = h.value;
  }

  const snap = snapshot(card);
  if (!snap.ok) return snap;
  const value = snap.value;
  if (!isObject(value)) return fail([issue([], "type", `an Agent Card must be an object, got ${describeValue(value)}`)]);
  const existing = value["signatures"];
  if (existing !== undefined && !Array.isArray(existing)) return fail([issue(["signatures"], "type", "`signatures` must be an array")]);

  const keyProblem = checkSigningKey(key, alg);
  if (keyProblem) return fail([issue([], "invalid", `options.key: ${keyProblem}`)]);

  const payload = payloadOf(value, presenceRules(revision));
  // Keys in code-unit order: JSON.stringify in jose then writes exactly the RFC 8785 form.
  const params: Record<string, string> = { alg, ...(jku !== undefined ? { jku } : {}), kid, typ: "JOSE" };
  const jose = await loadJose();
  const signer = new jose.FlattenedSign(new TextEncoder().encode(payload)).setProtectedHeader(params);
  if (unprotected) signer.setUnprotectedHeader(toPlain(unprotected));
  const signingKey = isWebCryptoKey(key) ? key : await jose.importJWK({ ...(key as Jwk) } as Parameters<typeof jose.importJWK>[0], alg);
  const jws = await signer.sign(signingKey as Parameters<typeof signer.sign>[0]);
  if (jws.protected !== encodeText(jcs(params))) return fail([issue([], "invalid", "the protected header was not written in its RFC 8785 form")]);

  const signature: AgentCardSignature = { protected: jws.protected!, signature: jws.signature, ...(unprotected ? { header: toPlain(unprotected) } : {}) };
  const out = toPlain<Record<string, unknown>>(value);
  out["signatures"] = [...((existing as Json[] | undefined) ?? []).map((s) => toPlain(s)), signature];
  return { ok: true, value: out as SignedAgentCard<T> };
}

function checkSigningKey(key: unknown, alg: string): string | undefined {
  if (isWebCryptoKey(key)) {
    if (key.type !== "private") return `a ${key.type} CryptoKey cannot sign; pass the private key`;
    const bits = key.algorithm.modulusLength;
    if (typeof bits === "number" && bits < MIN_RSA_BITS) return `RSA keys need at least ${MIN_RSA_BITS} bits, this one has ${bits}`;
    return undefined;
  }
  if (typeof key !== "object" || key === null || typeof (key as Jwk).kty !== "string") return "must be a CryptoKey or a private JWK";
  const jwk = key as Jwk;
  if (jwk.kty === "oct") return `a symmetric key cannot sign an Agent Card (${alg} needs a private key)`;
  if (typeof jwk["d"] !== "string") return "the JWK has no private part (`d`)";
  if (jwk.kty === "RSA" && rsaBits(jwk.n) < MIN_RSA_BITS) return `RSA keys need at least ${MIN_RSA_BITS} bits, this one has ${rsaBits(jwk.n)}`;
  return undefined;
}
