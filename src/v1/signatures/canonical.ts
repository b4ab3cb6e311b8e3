/**
 * The signing payload of an Agent Card (A2A v1.0 specification, section 8.4.1):
 * `signatures` removed, default values removed unless the field is REQUIRED or
 * has explicit presence, then RFC 8785 (JCS).
 */
import { jcs } from "./jcs.js";
import { describeValue } from "../../core/issue.js";
import type { ValidationResult } from "../../core/result.js";
import { issue } from "./issues.js";
import { presenceRules, type FieldRule, type PresenceRules, type ProtoRevision } from "./presence.js";
import { isObject, NullObject, type Json, type JsonObject } from "./snapshot.js";
import { readCard } from "./text.js";

/** Options of `canonicalizeAgentCard`: which protocol revision's field presence applies. */
export interface CanonicalizeOptions {
  /** The protocol revision whose field presence applies; the current one by default. */
  readonly revision?: ProtoRevision;
}

const OMIT = Symbol("omit");

function isDefault(rule: FieldRule, v: Json): boolean {
  if (rule.kind === "enum") return v === 0 || v === rule.enumZero;
  switch (rule.type) {
    case "string":
    case "bytes":
      return v === "";
    case "bool":
      return v === false;
    default:
      // Numbers; proto3 JSON may write 64-bit ones as strings.
      return v === 0 || v === "0";
  }
}

function field(rule: FieldRule, v: Json, rules: PresenceRules): Json | typeof OMIT {
  // proto3 JSON: null means "not set", except as a google.protobuf.Value.
  if (v === null) return rule.required || (rule.kind === "value" && !rule.repeated && !rule.map) ? v : OMIT;
  const message = rule.kind === "message";
  if (rule.map) {
    if (!isObject(v)) return v; // Malformed: signed as it is.
    const keys = Object.keys(v);
    if (keys.length === 0 && !rule.required) return OMIT;
    if (!message) return v;
    const out = new NullObject();
    for (const k of keys) out[k] = isObject(v[k]) ? strip(rule.type, v[k] as JsonObject, rules) : v[k]!;
    return out;
  }
  if (rule.repeated) {
    if (!Array.isArray(v)) return v;
    if (v.length === 0 && !rule.required) return OMIT;
    return message ? v.map((item) => (isObject(item) ? strip(rule.type, item, rules) : item)) : v;
  }
  // A set message field is present even when empty; Struct, Value and Timestamp are free JSON.
  if (message) return isObject(v) ? strip(rule.type, v, rules) : v;
  if (rule.kind === "struct" || rule.kind === "value") return v;
  if (rule.required || rule.explicit) return v;
  return isDefault(rule, v) ? OMIT : v;
}

function strip(message: string, obj: JsonObject, rules: PresenceRules): JsonObject {
  const fields = rules.get(message);
  const out = new NullObject();
  for (const k of Object.keys(obj)) {
    const rule = fields?.get(k);
    // Unknown fields are signed as they are: dropping them would leave unsigned content in a "valid" card.
    const kept = rule ? field(rule, obj[k]!, rules) : obj[k]!;
    if (kept !== OMIT) out[k] = kept;
  }
  return out;
}

/** The payload of an already-copied card; `card` must be an object. */
export function payloadOf(card: JsonObject, rules: PresenceRules): string {
  const body = new NullObject();
  for (const k of Object.keys(card)) if (k !== "signatures") body[k] = card[k]!;
  return jcs(strip("AgentCard", body, rules));
}

/**
 * The exact bytes (as a string; sign its UTF-8) that an Agent Card signature
 * covers. `card` is an object or its JSON text (a string or UTF-8 bytes; text
 * with a member name given twice is refused). Never throws and never mutates `card`; input that has no RFC 8785 form
 * (a lone surrogate, NaN, a cycle, a non-plain object) is an issue at its path.
 */
export function canonicalizeAgentCard(card: unknown, options: CanonicalizeOptions = {}): ValidationResult<string> {
  const snap = readCard(card);
  if (!snap.ok) return snap;
  if (!isObject(snap.value)) {
    const got = describeValue(snap.value);
    return { ok: false, issues: [issue([], "type", `an Agent Card must be an object, got ${got}`, { expected: "an object", received: got })] };
  }
  try {
    return { ok: true, value: payloadOf(snap.value, presenceRules(options.revision)) };
  } catch {
    return { ok: false, issues: [issue([], "invalid", "the card could not be canonicalized (is `revision` generated proto metadata?)")] };
  }
}
