/** Verifies the signatures of an Agent Card (A2A v1.0 specification, section 8.4.3). */
import { describeValue, toPointer, type PathSegment, type ValidationIssue } from "../../core/issue.js";
import { encodeText } from "./base64url.js";
import { payloadOf, type CanonicalizeOptions } from "./canonical.js";
import { DEFAULT_ALGORITHMS, parseSignature, type ParsedSignature } from "./header.js";
import { issue, reason } from "./issues.js";
import { importPublicJwk, loadJose } from "./jose.js";
import {
  chooseKey,
  fetchJwkSet,
  isWebCryptoKey,
  MIN_RSA_BITS,
  parseJwkSet,
  publicJwk,
  readKeySet,
  rsaExponentProblem,
  type JkuOptions,
  type Jwk,
  type JwkInput,
  type JwkSet,
  type WebCryptoKey,
} from "./keys.js";
import { presenceRules } from "./presence.js";
import { payloadBytes, verifiesDirectly, verifyDirectly } from "./subtle.js";
import { isObject, type Json, type JsonObject } from "./snapshot.js";
import { readCard } from "./text.js";

/** What `getKey` is asked for: the key of one signature. */
export interface KeyRequest {
  /** The `kid` of the signature's protected header. */
  readonly kid: string;
  /** The `alg` of the signature's protected header. */
  readonly alg: string;
  /** The `jku` of the protected header, for your own trust decision; never fetched by this call. */
  readonly jku?: string;
  /** Index of the signature in `signatures`. */
  readonly index: number;
}

/** Your key store: a public key (JWK or CryptoKey) or a JWK Set for the request, or nothing. */
export type KeyLookup = (request: KeyRequest) => JwkInput | JwkSet | WebCryptoKey | null | undefined | Promise<JwkInput | JwkSet | WebCryptoKey | null | undefined>;

/** Options of `verifyAgentCard`: where keys come from, and what is accepted. */
export interface VerifyOptions extends CanonicalizeOptions {
  /** Public keys you trust, looked up by `kid`. */
  readonly keys?: JwkSet;
  /** Asked when `keys` has no key for the `kid`. */
  readonly getKey?: KeyLookup;
  /** Lets a `jku` be fetched, only from these origins (by the library's safe fetch unless you pass yours); without it `jku` is never fetched. */
  readonly jku?: JkuOptions;
  /** Accepted algorithms; default EdDSA, ES256, ES384, PS256, RS256. `none` and HMAC are refused whatever this says. */
  readonly algorithms?: readonly string[];
  /** `crit` names your code processes itself; any other `crit` makes a signature unverifiable. */
  readonly critical?: readonly string[];
  /** "any" (default): one valid signature is enough (key rotation); "all": every signature must verify. */
  readonly require?: "any" | "all";
  /** Signatures checked per card; later ones are reported and skipped. Default 8. */
  readonly maxSignatures?: number;
}

/** The outcome of one signature: "valid", "invalid" (the signature does not match), or "unverifiable" (no usable key, a refused algorithm or header). */
export type SignatureStatus = "valid" | "invalid" | "unverifiable";

/** The check of one signature of a card. */
export interface SignatureCheck {
  /** Index of the signature in `signatures`. */
  readonly index: number;
  /** Its outcome. */
  readonly status: SignatureStatus;
  /** The `kid` of its protected header, when readable. */
  readonly kid?: string;
  /** The `alg` of its protected header, when readable. */
  readonly alg?: string;
  /** The `jku` of its protected header, if any. */
  readonly jku?: string;
  /** Which key verified (or failed to verify) it: from `keys` (with its index), `getKey`, or a fetched `jku`. */
  readonly key?: {
    /** Where the key came from. */
    readonly source: "keys" | "getKey" | "jku";
    /** Its index in the key set. */
    readonly index?: number;
    /** The fetched `jku` URL. */
    readonly url?: string;
  };
  /** Empty when valid. */
  readonly issues: readonly ValidationIssue[];
}

/** The result of `verifyAgentCard`: a verdict, and the check of each signature. */
export interface CardVerification {
  /** "unsigned": no signatures at all, which is not the same as invalid. */
  readonly verdict: "valid" | "invalid" | "unverifiable" | "unsigned";
  /** True only when the verdict is "valid" (an unsigned card is not ok). */
  readonly ok: boolean;
  /** The check of each signature, in order. */
  readonly signatures: readonly SignatureCheck[];
  /** Errors when not ok; when ok, the signatures that failed anyway, as warnings. */
  readonly issues: readonly ValidationIssue[];
}

type Resolved =
  | { ok: true; key: unknown; source: NonNullable<SignatureCheck["key"]> }
  | { ok: false; message: string; source?: NonNullable<SignatureCheck["key"]> };

interface Context {
  readonly options: VerifyOptions;
  readonly keys?: JwkSet;
  readonly jkuSets: Map<string, Promise<JwkSet | string>>;
}

/** A signature whose header passed and whose key is imported: only these need the card's payload. */
interface Ready {
  readonly parsed: ParsedSignature;
  readonly key: unknown;
  /** Imported here from a JWK for its `alg`, so WebCrypto can verify it directly. */
  readonly direct: boolean;
  readonly base: Omit<SignatureCheck, "status" | "issues">;
}

/** The card's payload, base64url and as bytes, made once. */
interface Payload {
  readonly b64: string;
  readonly bytes: Uint8Array;
}

/**
 * Verifies every signature of `card` (up to `maxSignatures`) and gives an overall
 * verdict. `card` is a parsed object, or its JSON text (a string or UTF-8 bytes):
 * only text shows a member name given twice, which is then refused (`duplicate_key`).
 * Never throws, never mutates `card`, never fetches unless `jku` allows it.
 */
export async function verifyAgentCard(card: unknown, options: VerifyOptions = {}): Promise<CardVerification> {
  try {
    return await verify(card, options ?? {});
  } catch (e) {
    return { verdict: "invalid", ok: false, signatures: [], issues: [issue([], "invalid", `the card could not be verified: ${reason(e)}`)] };
  }
}

const cardFailure = (issues: ValidationIssue[]): CardVerification => ({ verdict: "invalid", ok: false, signatures: [], issues });

async function verify(card: unknown, options: VerifyOptions): Promise<CardVerification> {
  const read = readCard(card);
  return read.ok ? verifyValue(read.value, options) : cardFailure(read.issues);
}

async function verifyValue(value: Json, options: VerifyOptions): Promise<CardVerification> {
  if (!isObject(value)) return cardFailure([issue([], "type", `an Agent Card must be an object, got ${describeValue(value)}`)]);
  const sigs = value["signatures"];
  if (sigs === undefined || sigs === null || (Array.isArray(sigs) && sigs.length === 0)) return { verdict: "unsigned", ok: false, signatures: [], issues: [] };
  if (!Array.isArray(sigs)) return cardFailure([issue(["signatures"], "type", "`signatures` must be an array")]);

  let keys: JwkSet | undefined;
  if (options.keys !== undefined) {
    const set = readKeySet(options.keys);
    if (typeof set === "string") return { verdict: "unverifiable", ok: false, signatures: [], issues: [issue([], "signature_unverifiable", set)] };
    keys = set;
  }
  const algorithms = new Set(options.algorithms ?? DEFAULT_ALGORITHMS);
  const critical = new Set(options.critical ?? []);
  const rules = presenceRules(options.revision);
  const ctx: Context = { options, ...(keys ? { keys } : {}), jkuSets: new Map() };
  const m = options.maxSignatures;
  const max = typeof m === "number" && Number.isFinite(m) ? Math.max(1, Math.floor(m)) : 8;
  // Keys first: canonicalizing costs time linear in the card, so a card none of whose
  // signatures has a usable key is answered without it, and a card with several is canonicalized once.
  const prepared = await Promise.all(sigs.slice(0, max).map((s, i) => prepare(s, i, ctx, { algorithms, critical })));
  let payload: Payload = { b64: "", bytes: new Uint8Array(0) };
  if (prepared.some((p) => !("status" in p))) {
    const b64 = encodeText(payloadOf(value, rules));
    payload = { b64, bytes: payloadBytes(b64) };
  }
  const checks = await Promise.all(prepared.map((p) => ("status" in p ? p : verifyOne(p, payload))));

  const valid = checks.filter((c) => c.status === "valid").length;
  // "all" cannot hold when some signatures were never checked.
  const ok = options.require === "all" ? valid === checks.length && sigs.length <= max : valid > 0;
  const verdict = ok ? "valid" : checks.some((c) => c.status === "invalid") ? "invalid" : "unverifiable";
  const issues: ValidationIssue[] = [];
  for (const c of checks) for (const i of c.issues) issues.push(ok ? { ...i, severity: "warning" } : i);
  if (sigs.length > max) issues.push(issue(["signatures"], "too_many_items", `only the first ${max} of ${sigs.length} signatures were checked`, ok ? { severity: "warning" } : {}));
  return { verdict, ok, signatures: checks, issues };
}

/** Reads one signature's header and imports its key; a check when it ends there, or what verifying it needs. */
async function prepare(sig: unknown, index: number, ctx: Context, policy: Parameters<typeof parseSignature>[2]): Promise<SignatureCheck | Ready> {
  const at: PathSegment[] = ["signatures", index];
  const parsed = parseSignature(sig as JsonObject, at, policy);
  if (!parsed.ok) {
    const status = parsed.issues.some((i) => (i.code as string) === "signature_invalid") ? "invalid" : "unverifiable";
    return { index, status, ...pick(parsed), issues: parsed.issues };
  }
  const p = parsed.value;
  const base = { index, kid: p.kid, alg: p.alg, ...(p.jku !== undefined ? { jku: p.jku } : {}) };
  const resolved = await resolveKey(p, index, ctx);
  if (!resolved.ok) return { ...base, status: "unverifiable", ...(resolved.source ? { key: resolved.source } : {}), issues: [issue([...at, "protected"], "signature_unverifiable", resolved.message)] };
  let key: unknown = resolved.key;
  // A CryptoKey from getKey goes through jose, which checks that it fits `alg`.
  const direct = !isWebCryptoKey(key) && verifiesDirectly(p.alg);
  try {
    if (!isWebCryptoKey(key)) key = await importPublicJwk(publicJwk(key as Jwk), p.alg);
  } catch (e) {
    return { ...base, status: "unverifiable", key: resolved.source, issues: [issue([...at, "protected"], "signature_unverifiable", `the key "${p.kid}" could not be imported for ${p.alg}: ${reason(e)}`)] };
  }
  return { parsed: p, key, direct, base: { ...base, key: resolved.source } };
}

async function verifyOne({ parsed: p, key, direct, base }: Ready, payload: Payload): Promise<SignatureCheck> {
  const at: PathSegment[] = ["signatures", base.index];
  const jose = await loadJose();
  let matches: boolean;
  try {
    if (direct) matches = await verifyDirectly(p.alg, key, p.protectedB64, p.signatureB64, payload.bytes);
    else {
      await jose.flattenedVerify(
        { protected: p.protectedB64, payload: payload.b64, signature: p.signatureB64, ...(p.unprotected ? { header: JSON.parse(JSON.stringify(p.unprotected)) } : {}) },
        key as Parameters<typeof jose.flattenedVerify>[1],
        { algorithms: [p.alg], crit: Object.fromEntries(p.crit.map((c) => [c, true])) },
      );
      matches = true;
    }
  } catch (e) {
    if (!(e instanceof jose.errors.JWSSignatureVerificationFailed))
      return { ...base, status: "unverifiable", issues: [issue([...at, "signature"], "signature_unverifiable", `could not be checked with key "${p.kid}" (${p.alg}): ${reason(e)}`)] };
    matches = false;
  }
  if (matches) return { ...base, status: "valid", issues: [] };
  return {
    ...base,
    status: "invalid",
    issues: [issue([...at, "signature"], "signature_invalid", `does not verify with key "${p.kid}" (${p.alg}) over the card's canonical form: the card or the signature was changed, or signed differently`)],
  };
}

function pick(r: { alg?: string; kid?: string; jku?: string }): { alg?: string; kid?: string; jku?: string } {
  return { ...(r.alg !== undefined ? { alg: r.alg } : {}), ...(r.kid !== undefined ? { kid: r.kid } : {}), ...(r.jku !== undefined ? { jku: r.jku } : {}) };
}

async function resolveKey(p: ParsedSignature, index: number, ctx: Context): Promise<Resolved> {
  const tried: string[] = [];
  if (ctx.keys) {
    const c = chooseKey(ctx.keys, p.kid, p.alg);
    if (c.ok) return { ok: true, key: c.jwk, source: { source: "keys", index: c.index } };
    // A kid the trusted set knows is decided there, not handed on to a weaker source.
    if (c.found) return { ok: false, message: c.message, source: { source: "keys" } };
    tried.push("the `keys` set");
  }
  if (ctx.options.getKey) {
    let got: unknown;
    try {
      got = await ctx.options.getKey({ kid: p.kid, alg: p.alg, ...(p.jku !== undefined ? { jku: p.jku } : {}), index });
    } catch (e) {
      return { ok: false, message: `getKey failed for kid "${p.kid}": ${reason(e)}`, source: { source: "getKey" } };
    }
    if (got !== undefined && got !== null) return fromLookup(got, p);
    tried.push("getKey");
  }
  if (p.jku !== undefined) {
    const jku = ctx.options.jku;
    if (!jku) {
      tried.push(`jku ${p.jku} (not fetched: pass \`jku: { allowedOrigins }\` to allow it)`);
    } else {
      let pending = ctx.jkuSets.get(p.jku);
      if (!pending) ctx.jkuSets.set(p.jku, (pending = fetchJwkSet(p.jku, jku)));
      const set = await pending;
      if (typeof set === "string") return { ok: false, message: set, source: { source: "jku", url: p.jku } };
      const c = chooseKey(set, p.kid, p.alg);
      if (c.ok) return { ok: true, key: c.jwk, source: { source: "jku", index: c.index, url: p.jku } };
      return { ok: false, message: `${c.message} in the JWK Set at ${p.jku}`, source: { source: "jku", url: p.jku } };
    }
  }
  const where = tried.length ? ` (looked in ${tried.join(", ")})` : " (no key source given: pass `keys`, `getKey` or `jku`)";
  return { ok: false, message: `kid "${p.kid}" matches no key${where}` };
}

function fromLookup(got: unknown, p: ParsedSignature): Resolved {
  const source = { source: "getKey" as const };
  if (isWebCryptoKey(got)) {
    if (got.type !== "public") return { ok: false, message: `getKey returned a ${got.type} CryptoKey for kid "${p.kid}"; verification needs the public key`, source };
    const bits = got.algorithm.modulusLength;
    if (typeof bits === "number" && bits < MIN_RSA_BITS) return { ok: false, message: `the key "${p.kid}" is RSA with a ${bits}-bit modulus; at least ${MIN_RSA_BITS} bits are required`, source };
    if (typeof bits === "number") {
      const problem = rsaExponentProblem(got.algorithm.publicExponent, bits);
      if (problem) return { ok: false, message: `the RSA key "${p.kid}" cannot be used: ${problem}`, source };
    }
    return { ok: true, key: got, source };
  }
  const asSet = typeof got === "object" && got !== null && "keys" in got ? got : { keys: [{ ...(got as object), kid: p.kid }] };
  const set = parseJwkSet(asSet);
  if (!set.ok) return { ok: false, message: `getKey returned no usable key for kid "${p.kid}": ${set.issues[0]!.message}`, source };
  const c = chooseKey(set.value, p.kid, p.alg);
  return c.ok ? { ok: true, key: c.jwk, source } : { ok: false, message: c.message, source };
}

// ---------- for the CLI ----------

/** Options of `checkCardSignatures`: those of `verifyAgentCard`, plus where the card sits and whether a signature is required. */
export interface CheckSignaturesOptions extends VerifyOptions {
  /** Where the card sits in the document, e.g. `["result"]` in a JSON-RPC response; issues are reported under it. */
  readonly at?: readonly PathSegment[];
  /** Report an unsigned card as an error (default: a warning). */
  readonly requireSignature?: boolean;
}

/**
 * One card's signature problems (the card as an object or as JSON text, as for
 * `verifyAgentCard`) as issues with JSON Pointers into the document
 * (`/signatures/0/signature`, `/signatures/1/protected`, ...), for a CLI to map to
 * file:line:col. Empty when the card verifies cleanly.
 */
export async function checkCardSignatures(card: unknown, options: CheckSignaturesOptions = {}): Promise<ValidationIssue[]> {
  try {
    return await check(card, options ?? {});
  } catch (e) {
    return [issue([], "invalid", `the card's signatures could not be checked: ${reason(e)}`)];
  }
}

async function check(card: unknown, options: CheckSignaturesOptions): Promise<ValidationIssue[]> {
  const at = [...(options.at ?? [])];
  const rebase = (i: ValidationIssue): ValidationIssue => (at.length ? { ...i, path: [...at, ...i.path], pointer: toPointer([...at, ...i.path]) } : i);
  const read = readCard(card);
  const result = read.ok ? await verifyValue(read.value, options) : cardFailure(read.issues);
  if (result.verdict === "unsigned") {
    const hasKey = read.ok && isObject(read.value) && Object.prototype.hasOwnProperty.call(read.value, "signatures");
    const severity = options.requireSignature ? "error" : "warning";
    return [rebase(issue(hasKey ? ["signatures"] : [], "signature_missing", "the Agent Card has no signatures", severity === "warning" ? { severity } : {}))];
  }
  return result.issues.map(rebase);
}
