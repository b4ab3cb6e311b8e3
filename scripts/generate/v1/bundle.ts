/**
 * Derives the repaired v1 bundles from a2a.proto (structure, REQUIRED, oneofs,
 * enums) and a2a.upstream.json (descriptions; its property sets are checked
 * against the proto so the two sources cannot drift apart silently).
 *
 * - strict  (schemas/v1/a2a.json): the canonical form a conformant sender emits.
 * - lenient (schemas/v1/a2a.lenient.json): what a proto3 JSON receiver must accept.
 *
 * Pure: same inputs, same output objects (key order included).
 */
import type { ProtoEnum, ProtoField, ProtoMessage, ProtoModel } from "./proto.js";

type Json = Record<string, unknown>;

export const STRICT_ID = "urn:a2a-schemas:v1:strict";
export const LENIENT_ID = "urn:a2a-schemas:v1:lenient";
const DIALECT = "https://json-schema.org/draft/2020-12/schema";

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
/** Longest URL accepted; matches the core's MAX_URI_LENGTH. */
export const MAX_URL_LENGTH = 8192;
/** Longest timestamp: 2025-01-01T00:00:00.123456789+00:00 is 35 characters. */
export const MAX_TIMESTAMP_LENGTH = 35;
/** 64 MiB of Base64 text (48 MiB of bytes): bounds the pattern and format work on `Part.raw`. */
export const MAX_BASE64_LENGTH = 67108864;

/** REQUIRED strings that may be empty: an empty next page token means "no more pages". */
export const EMPTY_ALLOWED = new Set(["ListTasksResponse.next_page_token"]);
/** REQUIRED repeated fields that must also be non-empty (issue 3, section 2). */
export const NON_EMPTY = new Set([
  "Message.parts",
  "Artifact.parts",
  "AgentCard.supported_interfaces",
  "AgentCard.default_input_modes",
  "AgentCard.default_output_modes",
]);
/** int32 fields with a narrower range than int32 itself. */
export const INT_RANGES: Record<string, readonly [number, number]> = {
  "ListTasksRequest.page_size": [1, 100],
  "SendMessageConfiguration.history_length": [0, INT32_MAX],
  "GetTaskRequest.history_length": [0, INT32_MAX],
  "ListTasksRequest.history_length": [0, INT32_MAX],
};
/** Closed string sets the proto states in comments. */
export const STRING_ENUMS: Record<string, readonly string[]> = {
  "APIKeySecurityScheme.location": ["query", "header", "cookie"],
};

/** A field holds a URL (or a URI) when the proto names it so. */
export function isUrlField(f: ProtoField): boolean {
  return f.type === "string" && !f.repeated && !f.mapKey && (f.name === "url" || f.name.endsWith("_url") || f.name === "uri");
}

const STRICT_TIMESTAMP =
  "^(?!0000)[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{3}|\\.[0-9]{6}|\\.[0-9]{9})?Z$";
const LENIENT_TIMESTAMP =
  "^(?!0000)[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$";
// Character-class-only patterns: V8 runs them in linear time without a backtrack
// stack; the exact length/padding rule is the `byte` format.
const STRICT_BASE64 = "^[A-Za-z0-9+/]*={0,2}$";
const LENIENT_BASE64 = "^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$";

/** An anchored regex for the decimal integers in [lo, hi] (canonical: no leading zeros, no "-0"). */
export function rangeRegex(lo: number, hi: number): string {
  const parts: string[] = [];
  if (lo < 0) parts.push("-(?:" + nonNegRange(Math.max(1, hi < 0 ? -hi : 1), -lo) + ")");
  if (hi >= 0) parts.push(nonNegRange(Math.max(lo, 0), hi));
  return "^(?:" + parts.join("|") + ")$";
}

/** Regex alternation (unanchored) for the integers in [lo, hi], 0 <= lo <= hi. */
function nonNegRange(lo: number, hi: number): string {
  const alts: string[] = [];
  // Split by digit count, then each bucket by the standard prefix method.
  for (let d = String(lo).length; d <= String(hi).length; d++) {
    const a = Math.max(lo, d === 1 ? 0 : 10 ** (d - 1));
    const b = Math.min(hi, 10 ** d - 1);
    if (a <= b) alts.push(...sameLength(String(a), String(b)));
  }
  return alts.join("|");
}

function sameLength(a: string, b: string): string[] {
  if (a.length === 0) return [""];
  if (a === b) return [a];
  const restA = a.slice(1);
  const restB = b.slice(1);
  const n = restA.length;
  const allLow = /^0*$/.test(restA);
  const allHigh = /^9*$/.test(restB);
  const da = Number(a[0]);
  const db = Number(b[0]);
  const any = n > 0 ? `[0-9]{${n}}`.replace("{1}", "") : "";
  const cls = (x: number, y: number) => (x === y ? String(x) : `[${x}-${y}]`);
  if (da === db) return sameLength(restA, restB).map((s) => a[0] + s);
  const out: string[] = [];
  let from = da;
  let to = db;
  if (!allLow) {
    out.push(...sameLength(restA, "9".repeat(n)).map((s) => a[0] + s));
    from = da + 1;
  }
  if (!allHigh) to = db - 1;
  if (from <= to) out.push(cls(from, to) + any);
  if (!allHigh) out.push(...sameLength("0".repeat(n), restB).map((s) => b[0] + s));
  return out;
}

/** `API Key Security Scheme` → `APIKeySecurityScheme` (the upstream titles are the names with spaces). */
function upstreamName(title: string): string {
  return title.replace(/ /g, "");
}

interface Upstream {
  readonly defs: Map<string, Json>;
}

function readUpstream(upstream: Json): Upstream {
  const defs = new Map<string, Json>();
  const all = (upstream.definitions ?? {}) as Record<string, Json>;
  for (const [title, def] of Object.entries(all)) defs.set(upstreamName(title), def);
  return { defs };
}

function describe(s: Json, description: unknown): Json {
  return typeof description === "string" && description.length > 0 ? { ...s, description } : s;
}

/** Throws unless the upstream definition lists exactly the proto's fields under both spellings. */
function checkUpstream(m: ProtoMessage, up: Json | undefined): void {
  if (!up) throw new Error(`a2a.upstream.json: no definition for ${m.name}`);
  const props = Object.keys((up.properties ?? {}) as Json).sort();
  const want = m.fields.map((f) => f.jsonName).sort();
  if (JSON.stringify(props) !== JSON.stringify(want)) {
    throw new Error(`a2a.upstream.json: ${m.name} has properties ${props.join(",")}, the proto ${want.join(",")}`);
  }
  const snake = Object.keys((up.patternProperties ?? {}) as Json)
    .map((k) => /^\^\((.+)\)\$$/.exec(k)?.[1] ?? k)
    .sort();
  const wantSnake = m.fields.filter((f) => f.name !== f.jsonName).map((f) => f.name).sort();
  if (JSON.stringify(snake) !== JSON.stringify(wantSnake)) {
    throw new Error(`a2a.upstream.json: ${m.name} has snake_case names ${snake.join(",")}, the proto ${wantSnake.join(",")}`);
  }
}

function zeroName(e: ProtoEnum): string {
  const z = e.values.find((v) => v.number === 0);
  if (!z) throw new Error(`a2a.proto: enum ${e.name} has no zero value`);
  return z.name;
}

type Mode = "strict" | "lenient";

function int32Schema(mode: Mode, lo = INT32_MIN, hi = INT32_MAX): Json {
  const num: Json = { type: "integer", minimum: lo, maximum: hi };
  if (mode === "strict") return num;
  const maxLength = Math.max(String(lo).length, String(hi).length);
  return { anyOf: [num, { type: "string", maxLength, pattern: rangeRegex(lo, hi) }] };
}

function scalarSchema(f: ProtoField, owner: ProtoMessage, mode: Mode, item: boolean): Json {
  const key = `${owner.name}.${f.name}`;
  switch (f.type) {
    case "string": {
      if (!item && STRING_ENUMS[key]) return { type: "string", enum: [...STRING_ENUMS[key]!] };
      if (!item && isUrlField(f)) return { type: "string", maxLength: MAX_URL_LENGTH, format: "uri" };
      return { type: "string" };
    }
    case "bytes":
      return {
        type: "string",
        maxLength: MAX_BASE64_LENGTH,
        pattern: mode === "strict" ? STRICT_BASE64 : LENIENT_BASE64,
        format: "byte",
        contentEncoding: "base64",
      };
    case "int32": {
      const r = INT_RANGES[key];
      return r ? int32Schema(mode, r[0], r[1]) : int32Schema(mode);
    }
    case "bool":
      return { type: "boolean" };
    default:
      throw new Error(`a2a.proto: unsupported scalar ${f.type} in ${key}`);
  }
}

function valueSchema(f: ProtoField, owner: ProtoMessage, mode: Mode, item: boolean): Json {
  if (f.kind === "scalar") return scalarSchema(f, owner, mode, item);
  return { $ref: `#/$defs/${f.type}` };
}

function fieldSchema(f: ProtoField, owner: ProtoMessage, model: ProtoModel, mode: Mode, description: unknown): Json {
  const key = `${owner.name}.${f.name}`;
  let s: Json;
  if (f.mapKey !== undefined) {
    if (f.mapKey !== "string") throw new Error(`a2a.proto: map key ${f.mapKey} in ${key}`);
    s = { type: "object", additionalProperties: valueSchema(f, owner, mode, true) };
  } else if (f.repeated) {
    s = { type: "array", ...(NON_EMPTY.has(key) ? { minItems: 1 } : {}), items: valueSchema(f, owner, mode, true) };
  } else {
    s = valueSchema(f, owner, mode, false);
    if (f.required && f.type === "string" && !EMPTY_ALLOWED.has(key) && !s.enum) s = { ...s, minLength: 1 };
    if (f.required && f.kind === "enum") {
      const e = model.enums.find((x) => x.name === f.type)!;
      // The zero value of a REQUIRED enum means "not set", so it counts as missing.
      const zero = mode === "strict" ? { const: zeroName(e) } : { enum: [zeroName(e), 0] };
      s = { ...s, not: zero };
    }
  }
  if (NON_EMPTY.has(key) && !f.repeated) throw new Error(`NON_EMPTY names a non-repeated field ${key}`);
  return describe(s, description);
}

/** `required` inside an alternative; it names its property so Ajv's strictRequired can see it. */
function has(name: string): Json {
  return { properties: { [name]: true }, required: [name] };
}

function requiredClause(f: ProtoField, mode: Mode): Json | string {
  if (mode === "strict" || f.name === f.jsonName) return f.jsonName;
  return { anyOf: [has(f.jsonName), has(f.name)] };
}

function messageSchema(m: ProtoMessage, model: ProtoModel, up: Json, mode: Mode): Json {
  const upProps = (up.properties ?? {}) as Record<string, Json>;
  const properties: Json = {};
  for (const f of m.fields) {
    const s = fieldSchema(f, m, model, mode, upProps[f.jsonName]?.description);
    properties[f.jsonName] = s;
    if (mode === "lenient" && f.name !== f.jsonName) properties[f.name] = s;
  }
  const required: string[] = [];
  const allOf: Json[] = [];
  for (const f of m.fields.filter((x) => x.required)) {
    const c = requiredClause(f, mode);
    if (typeof c === "string") required.push(c);
    else allOf.push(c);
  }
  const oneofs = m.oneofs.map((o) => ({
    oneOf: o.fields.map((name) => {
      const f = m.fields.find((x) => x.name === name)!;
      const c = requiredClause(f, mode);
      return typeof c === "string" ? has(c) : c;
    }),
  }));
  const out: Json = { title: m.name };
  if (typeof up.description === "string") out.description = up.description;
  out.type = "object";
  out.properties = properties;
  if (required.length > 0) out.required = required;
  if (mode === "strict") out.additionalProperties = false;
  else {
    // A field under both spellings is ambiguous: reject rather than pick one.
    const dependentSchemas: Json = {};
    for (const f of m.fields) if (f.name !== f.jsonName) dependentSchemas[f.jsonName] = { not: has(f.name) };
    if (Object.keys(dependentSchemas).length > 0) out.dependentSchemas = dependentSchemas;
  }
  const clauses = [...allOf, ...oneofs];
  if (clauses.length === 1 && oneofs.length === 1 && allOf.length === 0) out.oneOf = oneofs[0]!.oneOf;
  else if (clauses.length > 0) out.allOf = clauses;
  return out;
}

function enumSchema(e: ProtoEnum, mode: Mode): Json {
  const names = e.values.map((v) => v.name);
  const base: Json = { title: e.name, description: e.comment ?? e.name };
  if (mode === "strict") return { ...base, type: "string", enum: names };
  // An unknown number is carried, not rejected (proto3 open enums).
  return {
    ...base,
    anyOf: [
      { type: "string", enum: names },
      { type: "integer", minimum: INT32_MIN, maximum: INT32_MAX },
    ],
  };
}

function wellKnown(mode: Mode): Record<string, Json> {
  return {
    Struct: { title: "Struct", description: "google.protobuf.Struct: a JSON object.", type: "object" },
    Timestamp: {
      title: "Timestamp",
      description:
        mode === "strict"
          ? "google.protobuf.Timestamp as emitted: RFC 3339 in UTC with Z and 0, 3, 6 or 9 fractional digits."
          : "google.protobuf.Timestamp as accepted: RFC 3339 with Z or a numeric offset and up to 9 fractional digits.",
      type: "string",
      maxLength: MAX_TIMESTAMP_LENGTH,
      pattern: mode === "strict" ? STRICT_TIMESTAMP : LENIENT_TIMESTAMP,
      format: "date-time",
    },
    Value: { title: "Value", description: "google.protobuf.Value: any JSON value." },
  };
}

export interface Bundles {
  readonly strict: Json;
  readonly lenient: Json;
}

export function deriveBundles(model: ProtoModel, upstreamJson: Json): Bundles {
  const up = readUpstream(upstreamJson);
  for (const m of model.messages) checkUpstream(m, up.defs.get(m.name));
  const extra = [...up.defs.keys()].filter((k) => !model.messages.some((m) => m.name === k) && !["Struct", "Value", "Timestamp"].includes(k));
  if (extra.length > 0) throw new Error(`a2a.upstream.json: definitions not in the proto: ${extra.join(", ")}`);

  const build = (mode: Mode): Json => {
    const defs: Record<string, Json> = { ...wellKnown(mode) };
    for (const e of model.enums) defs[e.name] = enumSchema(e, mode);
    for (const m of model.messages) defs[m.name] = messageSchema(m, model, up.defs.get(m.name)!, mode);
    const sorted: Record<string, Json> = {};
    for (const k of Object.keys(defs).sort()) sorted[k] = defs[k]!;
    return {
      $schema: DIALECT,
      $id: mode === "strict" ? STRICT_ID : LENIENT_ID,
      $comment: `Derived from schemas/v1/a2a.proto and schemas/v1/a2a.upstream.json by scripts/generate/v1.ts -- do not edit.`,
      title: mode === "strict" ? "A2A v1 (strict: canonical proto3 JSON)" : "A2A v1 (lenient: what a proto3 JSON receiver accepts)",
      description:
        mode === "strict"
          ? `Package ${model.package}. One definition per proto message and enum. REQUIRED fields, oneofs and formats enforced; camelCase names only; unknown fields rejected.`
          : `Package ${model.package}. As the strict bundle, plus snake_case aliases, enums by number, int32 as strings, timestamp offsets, URL-safe Base64; unknown fields ignored.`,
      $defs: sorted,
    };
  };
  return { strict: build("strict"), lenient: build("lenient") };
}
