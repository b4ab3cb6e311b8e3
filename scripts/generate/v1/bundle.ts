/**
 * Derives the repaired v1 bundles of one protocol revision from its a2a.proto
 * (structure, REQUIRED, oneofs, enums, comments as descriptions) or, where the
 * revision has one, its a2a.upstream.json (descriptions; its property sets are
 * checked against the proto so the two sources cannot drift apart silently).
 *
 * - strict  (schemas/v1/a2a.json): the canonical form a conformant sender emits.
 * - lenient (schemas/v1/a2a.lenient.json): what a proto3 JSON receiver must accept.
 *
 * Pure: same inputs, same output objects (key order included).
 */
import type { ProtoEnum, ProtoField, ProtoMessage, ProtoModel } from "./proto.js";

type Json = Record<string, unknown>;

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
/**
 * REQUIRED repeated fields that may be empty. The A2A v1.0 specification, section 5.7:
 * "Arrays marked as required MUST contain at least one element"; but an empty
 * `ListTasksResponse.tasks` page is the only way to answer "no task matches", so it stays expressible.
 */
export const EMPTY_ARRAY_ALLOWED = new Set(["ListTasksResponse.tasks"]);
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

/**
 * A list of extension URIs (`Message.extensions`, `Artifact.extensions`): each element is the URI that
 * identifies an extension, checked as `AgentExtension.uri` is. An element has no default, so `""` is not "unset".
 */
export function isExtensionUriList(f: ProtoField): boolean {
  return f.type === "string" && f.repeated && !f.mapKey && f.name === "extensions";
}

/** Explicit presence: messages (and the well-known types), oneof members, proto3 `optional`. */
export function hasPresence(f: ProtoField): boolean {
  return f.optional || f.oneof !== undefined || ((f.kind === "message" || f.kind === "wkt") && !f.repeated && f.mapKey === undefined);
}

/** A REQUIRED repeated field that must hold at least one element (section 5.7). */
export function isNonEmpty(owner: ProtoMessage, f: ProtoField): boolean {
  return f.required && f.repeated && !EMPTY_ARRAY_ALLOWED.has(`${owner.name}.${f.name}`);
}

/**
 * A string without presence that is not REQUIRED: `""` is its default, so it means "unset"
 * and no format applies to it (both modes; a proto3 printer that emits defaults writes it).
 */
export function emptyMeansUnset(f: ProtoField): boolean {
  return f.type === "string" && !f.repeated && f.mapKey === undefined && !f.required && !hasPresence(f);
}

/**
 * For a REQUIRED field without presence: whether its default value (`""`, `0`, `false`,
 * the zero enum value, `[]`, `{}`) passes the field's value rules. Where it does, a
 * proto3 reader that meets the field absent (or `null`) has a valid value; where it does
 * not, absent means missing.
 */
export function defaultPasses(owner: ProtoMessage, f: ProtoField): boolean {
  const key = `${owner.name}.${f.name}`;
  if (f.mapKey !== undefined) return true;
  if (f.repeated) return !isNonEmpty(owner, f);
  if (f.kind === "enum") return !f.required;
  switch (f.type) {
    case "string":
      return !f.required || (EMPTY_ALLOWED.has(key) && !STRING_ENUMS[key]);
    case "int32": {
      const r = INT_RANGES[key];
      return !r || (r[0] <= 0 && 0 <= r[1]);
    }
    case "bool":
    case "bytes":
      return true;
    default:
      return false;
  }
}

/**
 * `AgentInterface.url` depends on `protocolBinding` (the A2A v1.0 proto's comment on the field):
 * a gRPC address `hostname:port` (or a URL with an authority, as the specification's sample
 * card writes it), an absolute http(s) URL for the HTTP bindings, an absolute URI otherwise.
 */
export const BINDING_URL = {
  message: "AgentInterface",
  field: "url",
  by: "protocol_binding",
  grpc: ["GRPC"],
  http: ["JSONRPC", "HTTP+JSON"],
} as const;

/** Port 1 to 65535, no leading zeros. */
const PORT = rangeRegex(1, 65535).slice(1, -1);
/** `hostname:port`: DNS labels (letters, digits, `-`, `_`), an IPv4 address or a bracketed IPv6 address. */
export const HOST_PORT = `^(?:\\[[0-9A-Fa-f:.]{2,45}\\]|[A-Za-z0-9_-]{1,63}(?:\\.[A-Za-z0-9_-]{1,63})*\\.?):${PORT}$`;
/** A URI with an authority: `scheme://...`. */
export const WITH_AUTHORITY = "^[A-Za-z][A-Za-z0-9+.-]*://[^\\s]*$";
/** An http or https URL with a non-empty authority (scheme case-insensitive, as RFC 3986 says). */
export const HTTP_URL = "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+(?:[/?#][^\\s]*)?$";

function urlSchemas(): { grpc: Json; http: Json; any: Json } {
  return {
    grpc: {
      type: "string",
      anyOf: [
        { maxLength: MAX_URL_LENGTH, pattern: HOST_PORT },
        { maxLength: MAX_URL_LENGTH, pattern: WITH_AUTHORITY, format: "uri" },
      ],
    },
    http: { type: "string", maxLength: MAX_URL_LENGTH, pattern: HTTP_URL, format: "uri" },
    any: { type: "string", format: "uri" },
  };
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
      if (item && isExtensionUriList(f)) return { type: "string", maxLength: MAX_URL_LENGTH, format: "uri" };
      if (!item && isUrlField(f)) {
        // AgentInterface.url: the format depends on protocolBinding (a conditional on the message).
        if (owner.name === BINDING_URL.message && f.name === BINDING_URL.field) return { type: "string", maxLength: MAX_URL_LENGTH };
        // "" is the default of a string without presence: unset, so no format applies.
        if (emptyMeansUnset(f)) return { type: "string", maxLength: MAX_URL_LENGTH, anyOf: [{ format: "uri" }, { maxLength: 0 }] };
        return { type: "string", maxLength: MAX_URL_LENGTH, format: "uri" };
      }
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

/**
 * Lenient mode reads `null` as the field's default (proto3 JSON; for `google.protobuf.Value`
 * it is the JSON null, a value). Where that default is not a valid value (a REQUIRED field
 * whose default breaks its rules, or a REQUIRED message), null stays an error.
 */
function nullable(f: ProtoField, owner: ProtoMessage): boolean {
  if (f.type === "Value" && !f.repeated && f.mapKey === undefined) return false; // null is a value already
  if (!f.required) return true;
  return !hasPresence(f) && defaultPasses(owner, f);
}

function fieldSchema(f: ProtoField, owner: ProtoMessage, model: ProtoModel, mode: Mode, description: unknown): Json {
  let s: Json;
  const key = `${owner.name}.${f.name}`;
  if (f.mapKey !== undefined) {
    if (f.mapKey !== "string") throw new Error(`a2a.proto: map key ${f.mapKey} in ${key}`);
    s = { type: "object", additionalProperties: valueSchema(f, owner, mode, true) };
  } else if (f.repeated) {
    s = { type: "array", ...(isNonEmpty(owner, f) ? { minItems: 1 } : {}), items: valueSchema(f, owner, mode, true) };
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
  if (mode === "lenient" && nullable(f, owner)) s = { anyOf: [{ type: "null" }, s] };
  return describe(s, description);
}

/** `required` inside an alternative; it names its property so Ajv's strictRequired can see it. */
function has(name: string): Json {
  return { properties: { [name]: true }, required: [name] };
}

/** A oneof member is set when present; in lenient mode `null` is "not set", except for a Value (null is a value). */
function setClause(f: ProtoField, name: string, mode: Mode): Json {
  if (mode === "strict" || f.type === "Value") return has(name);
  return { properties: { [name]: { not: { type: "null" } } }, required: [name] };
}

function spellings(f: ProtoField, mode: Mode): string[] {
  return mode === "strict" || f.name === f.jsonName ? [f.jsonName] : [f.jsonName, f.name];
}

function requiredClause(f: ProtoField, mode: Mode): Json | string {
  const names = spellings(f, mode);
  if (names.length === 1) return names[0]!;
  return { anyOf: names.map(has) };
}

function oneofBranch(f: ProtoField, mode: Mode): Json {
  const names = spellings(f, mode);
  if (names.length === 1) return setClause(f, names[0]!, mode);
  return { anyOf: names.map((n) => setClause(f, n, mode)) };
}

/** `AgentInterface.url` by `protocolBinding`: if/then/else on the binding (either spelling in lenient mode). */
function bindingClause(m: ProtoMessage, mode: Mode): Json | undefined {
  if (m.name !== BINDING_URL.message) return undefined;
  const by = m.fields.find((f) => f.name === BINDING_URL.by);
  const field = m.fields.find((f) => f.name === BINDING_URL.field);
  if (!by || !field) throw new Error(`a2a.proto: ${m.name} lacks ${BINDING_URL.by} or ${BINDING_URL.field}`);
  const is = (values: readonly string[]): Json => {
    const one = (name: string): Json => ({ properties: { [name]: values.length === 1 ? { const: values[0] } : { enum: [...values] } }, required: [name] });
    const names = spellings(by, mode);
    return names.length === 1 ? one(names[0]!) : { anyOf: names.map(one) };
  };
  const url = urlSchemas();
  const on = (s: Json): Json => ({ properties: Object.fromEntries(spellings(field, mode).map((n) => [n, s])) });
  // The HTTP bindings first: they are the common case, and a passing `if` costs the compiled code nothing.
  return { if: is(BINDING_URL.http), then: on(url.http), else: { if: is(BINDING_URL.grpc), then: on(url.grpc), else: on(url.any) } };
}

/**
 * Lenient mode: a SecurityRequirement that had keys, all ignored as unknown, would read as
 * `{}`, "no authentication required". That is not a harmless forward-compatible field but a
 * change of meaning, so it is an error: the requirement must name a scheme, or have no unknown key.
 */
function securityClause(m: ProtoMessage, mode: Mode): Json | undefined {
  if (mode !== "lenient" || m.name !== "SecurityRequirement") return undefined;
  const known = m.fields.flatMap((f) => spellings(f, mode));
  return {
    anyOf: [
      { properties: Object.fromEntries(known.map((k) => [k, true])), additionalProperties: false },
      { properties: { schemes: { type: "object", minProperties: 1 } }, required: ["schemes"] },
    ],
  };
}

function messageSchema(m: ProtoMessage, model: ProtoModel, descriptions: Descriptions, mode: Mode): Json {
  const properties: Json = {};
  for (const f of m.fields) {
    const s = fieldSchema(f, m, model, mode, descriptions.field(m, f));
    properties[f.jsonName] = s;
    if (mode === "lenient" && f.name !== f.jsonName) properties[f.name] = s;
  }
  const required: string[] = [];
  const allOf: Json[] = [];
  // Lenient mode: a REQUIRED field without presence whose default is valid may be absent (it reads as the default).
  const must = m.fields.filter((x) => x.required && !(mode === "lenient" && !hasPresence(x) && defaultPasses(m, x)));
  for (const f of must) {
    const c = requiredClause(f, mode);
    if (typeof c === "string") required.push(c);
    else allOf.push(c);
  }
  const oneofs = m.oneofs.map((o) => ({
    oneOf: o.fields.map((name) => oneofBranch(m.fields.find((x) => x.name === name)!, mode)),
  }));
  const extra = [bindingClause(m, mode), securityClause(m, mode)].filter((x): x is Json => x !== undefined);
  const out: Json = { title: m.name };
  const d = descriptions.message(m);
  if (d !== undefined) out.description = d;
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
  const clauses = [...allOf, ...oneofs, ...extra];
  if (clauses.length === 1 && oneofs.length === 1) out.oneOf = oneofs[0]!.oneOf;
  else if (clauses.length > 0) out.allOf = clauses;
  return out;
}

function enumSchema(e: ProtoEnum, mode: Mode, description: string | undefined): Json {
  const names = e.values.map((v) => v.name);
  const base: Json = { title: e.name, description: description ?? e.name };
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

/** Where descriptions come from: a revision's upstream JSON Schema bundle, else the proto's comments. */
interface Descriptions {
  message(m: ProtoMessage): string | undefined;
  field(m: ProtoMessage, f: ProtoField): string | undefined;
  enumeration(e: ProtoEnum): string | undefined;
}

function fromComments(): Descriptions {
  return {
    message: (m) => m.comment,
    field: (_m, f) => f.comment,
    enumeration: (e) => e.comment,
  };
}

function fromUpstream(model: ProtoModel, upstreamJson: Json): Descriptions {
  const up = readUpstream(upstreamJson);
  for (const m of model.messages) checkUpstream(m, up.defs.get(m.name));
  const extra = [...up.defs.keys()].filter((k) => !model.messages.some((m) => m.name === k) && !["Struct", "Value", "Timestamp"].includes(k));
  if (extra.length > 0) throw new Error(`a2a.upstream.json: definitions not in the proto: ${extra.join(", ")}`);
  const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
  return {
    message: (m) => str(up.defs.get(m.name)!.description),
    field: (m, f) => str(((up.defs.get(m.name)!.properties ?? {}) as Record<string, Json>)[f.jsonName]?.description),
    enumeration: (e) => e.comment,
  };
}

export interface Bundles {
  readonly strict: Json;
  readonly lenient: Json;
}

export interface BundleOptions {
  /** `$id` of each bundle. */
  readonly ids: { readonly strict: string; readonly lenient: string };
  /** The revision in words, for titles (`A2A v1.0`). */
  readonly name: string;
  /** Source files, for `$comment`. */
  readonly sources: readonly string[];
  /** The revision's upstream JSON Schema bundle: descriptions only (its property sets are checked against the proto). */
  readonly upstream?: Json;
}

export function deriveBundles(model: ProtoModel, options: BundleOptions): Bundles {
  const descriptions = options.upstream ? fromUpstream(model, options.upstream) : fromComments();
  const build = (mode: Mode): Json => {
    const defs: Record<string, Json> = { ...wellKnown(mode) };
    for (const e of model.enums) defs[e.name] = enumSchema(e, mode, descriptions.enumeration(e));
    for (const m of model.messages) defs[m.name] = messageSchema(m, model, descriptions, mode);
    const sorted: Record<string, Json> = {};
    for (const k of Object.keys(defs).sort()) sorted[k] = defs[k]!;
    return {
      $schema: DIALECT,
      $id: mode === "strict" ? options.ids.strict : options.ids.lenient,
      $comment: `Derived from ${options.sources.join(" and ")} by scripts/generate/v1.ts -- do not edit.`,
      title: mode === "strict" ? `${options.name} (strict: canonical proto3 JSON)` : `${options.name} (lenient: what a proto3 JSON receiver accepts)`,
      description:
        mode === "strict"
          ? `Package ${model.package}. One definition per proto message and enum. REQUIRED fields, oneofs and formats enforced; camelCase names only; unknown fields rejected.`
          : `Package ${model.package}. As the strict bundle, plus snake_case aliases, enums by number, int32 as strings, timestamp offsets, URL-safe Base64, null as the default value (absent); unknown fields ignored.`,
      $defs: sorted,
    };
  };
  return { strict: build("strict"), lenient: build("lenient") };
}
