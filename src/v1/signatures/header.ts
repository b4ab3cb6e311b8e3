/**
 * One `AgentCardSignature` read and checked before any key is touched: shape,
 * base64url, the protected header (RFC 7515 section 4, A2A v1.0 specification
 * section 8.4.2), and the refusals that make verification safe by default.
 */
import type { PathSegment, ValidationIssue } from "../../core/issue.js";
import { decode } from "./base64url.js";
import { issue } from "./issues.js";
import { isObject, type Json, type JsonObject } from "./snapshot.js";

export const DEFAULT_ALGORITHMS = ["EdDSA", "ES256", "ES384", "PS256", "RS256"] as const;

/** Never accepted, whatever the allow-list says: no signature, or a shared secret that proves nothing about a public card. */
export function refusedAlgorithm(alg: string): string | undefined {
  if (alg.toLowerCase() === "none") return `alg "${alg}" means unsigned; it is never accepted`;
  if (/^HS\d+$/i.test(alg)) return `alg "${alg}" is an HMAC: a shared secret cannot show who published a public card, so it is never accepted`;
  return undefined;
}

// RFC 7515 section 4.1 and RFC 7518 names, which `crit` must not list (RFC 7515 section 4.1.11).
const REGISTERED = new Set(["alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit", "enc", "zip", "epk", "apu", "apv", "iv", "tag", "p2s", "p2c"]);
// Parameters this verifier acts on: an unprotected copy could be changed by anyone.
const MUST_BE_PROTECTED = ["alg", "kid", "jku", "typ", "crit", "b64"];

const MAX_PROTECTED = 8192;
const MAX_SIGNATURE = 4096;

export interface ParsedSignature {
  readonly protectedB64: string;
  readonly signatureB64: string;
  readonly unprotected?: JsonObject;
  readonly params: JsonObject;
  readonly alg: string;
  readonly kid: string;
  readonly jku?: string;
  readonly crit: readonly string[];
}

export interface HeaderPolicy {
  readonly algorithms: ReadonlySet<string>;
  readonly critical: ReadonlySet<string>;
}

export type ParseResult =
  | { readonly ok: true; readonly value: ParsedSignature }
  | { readonly ok: false; readonly issues: ValidationIssue[]; readonly alg?: string; readonly kid?: string; readonly jku?: string };

/** Member names of the top-level object of valid JSON text, duplicates included. */
export function topLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (depth === 1) {
        let k = j + 1;
        while (k < text.length && /\s/.test(text[k]!)) k++;
        if (text[k] === ":") keys.push(JSON.parse(text.slice(i, j + 1)) as string);
      }
      i = j;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return keys;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function parseSignature(sig: Json | undefined, at: readonly PathSegment[], policy: HeaderPolicy): ParseResult {
  const invalid = (sub: readonly PathSegment[], message: string, extra: { alg?: string; kid?: string; jku?: string } = {}): ParseResult => ({
    ok: false,
    issues: [issue([...at, ...sub], "signature_invalid", message)],
    ...extra,
  });
  if (!isObject(sig)) return invalid([], "a signature must be an object with `protected` and `signature`");
  const p = sig["protected"];
  const s = sig["signature"];
  if (typeof p !== "string" || p === "") return invalid(["protected"], "`protected` must be a non-empty base64url string");
  if (p.length > MAX_PROTECTED) return invalid(["protected"], `the protected header is over ${MAX_PROTECTED} characters`);
  // proto3 JSON: a null Struct is an absent one.
  const h = sig["header"] === null ? undefined : sig["header"];
  if (h !== undefined && !isObject(h)) return invalid(["header"], "`header` (the unprotected header) must be a JSON object");

  const bytes = decode(p);
  if (bytes === undefined) return invalid(["protected"], "`protected` is not canonical base64url (RFC 4648 section 5, no padding)");
  let text: string;
  let params: unknown;
  try {
    text = utf8.decode(bytes);
    params = JSON.parse(text);
  } catch {
    return invalid(["protected"], "the protected header is not UTF-8 JSON");
  }
  if (typeof params !== "object" || params === null || Array.isArray(params)) return invalid(["protected"], "the protected header is not a JSON object");
  const header = params as JsonObject;
  const alg = typeof header["alg"] === "string" ? (header["alg"] as string) : undefined;
  const kid = typeof header["kid"] === "string" ? (header["kid"] as string) : undefined;
  const jku = typeof header["jku"] === "string" ? (header["jku"] as string) : undefined;
  const known = { ...(alg !== undefined ? { alg } : {}), ...(kid !== undefined ? { kid } : {}), ...(jku !== undefined ? { jku } : {}) };
  const bad = (sub: readonly PathSegment[], message: string) => invalid(sub, message, known);

  // RFC 7515 section 5.2: duplicate names are refused, not resolved to the last one.
  const names = topLevelKeys(text);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) return bad(["protected"], `the protected header names "${dup}" twice`);
  if (h !== undefined) {
    for (const k of Object.keys(h)) {
      if (Object.prototype.hasOwnProperty.call(header, k)) return bad(["header", k], `"${k}" is in both the protected and the unprotected header (RFC 7515 section 7.2.1)`);
      if (MUST_BE_PROTECTED.includes(k)) return bad(["header", k], `"${k}" must be in the protected header, where the signature covers it`);
    }
  }

  if (header["alg"] === undefined) return bad(["protected"], "the protected header has no `alg`");
  if (alg === undefined) return bad(["protected"], "`alg` in the protected header must be a string");
  const refused = refusedAlgorithm(alg);
  if (refused) return bad(["protected"], refused);
  if (header["kid"] === undefined) return bad(["protected"], "the protected header has no `kid` (A2A v1.0 specification, section 8.4.2 requires one)");
  if (kid === undefined || kid === "") return bad(["protected"], "`kid` in the protected header must be a non-empty string");
  const typ = header["typ"];
  if (typ !== undefined && (typeof typ !== "string" || !/^(?:application\/)?jose(?:\+json)?$/i.test(typ)))
    return bad(["protected"], `\`typ\` must be "JOSE", got ${JSON.stringify(typ)}`);
  if (header["jku"] !== undefined && jku === undefined) return bad(["protected"], "`jku` must be a URL string");
  if (header["b64"] !== undefined && header["b64"] !== true) return bad(["protected"], "`b64` (RFC 7797 unencoded payload) is not used by Agent Card signatures");

  if (typeof s !== "string" || s === "") return bad(["signature"], "`signature` must be a non-empty base64url string");
  if (s.length > MAX_SIGNATURE || decode(s) === undefined) return bad(["signature"], "`signature` is not canonical base64url (RFC 4648 section 5, no padding)");

  let crit: string[] = [];
  if (header["crit"] !== undefined) {
    const c = header["crit"];
    if (!Array.isArray(c) || c.length === 0 || !c.every((x) => typeof x === "string") || new Set(c).size !== c.length)
      return bad(["protected"], "`crit` must be a non-empty list of distinct names (RFC 7515 section 4.1.11)");
    crit = c as string[];
    const registered = crit.find((x) => REGISTERED.has(x));
    if (registered !== undefined) return bad(["protected"], `\`crit\` lists "${registered}", a name RFC 7515 defines, which it must not`);
    const absent = crit.find((x) => !Object.prototype.hasOwnProperty.call(header, x));
    if (absent !== undefined) return bad(["protected"], `\`crit\` lists "${absent}", which the protected header does not contain`);
    const unknown = crit.find((x) => !policy.critical.has(x));
    if (unknown !== undefined)
      return {
        ok: false,
        issues: [issue([...at, "protected"], "signature_unverifiable", `\`crit\` requires "${unknown}", which this verifier does not process (pass it in \`critical\` if yours does)`)],
        ...known,
      };
  }
  if (!policy.algorithms.has(alg))
    return {
      ok: false,
      issues: [issue([...at, "protected"], "signature_unverifiable", `alg "${alg}" is not in the allowed list (${[...policy.algorithms].join(", ")})`)],
      ...known,
    };
  return {
    ok: true,
    value: { protectedB64: p, signatureB64: s, params: header, alg, kid, crit, ...(jku !== undefined ? { jku } : {}), ...(h !== undefined ? { unprotected: h } : {}) },
  };
}
