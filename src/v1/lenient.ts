/**
 * Lenient mode = a proto3 JSON parse into the canonical form, then the strict
 * validators on that copy, as protobuf's own JSON parsers read a message:
 *
 * - snake_case names are renamed, enum numbers become names, numeric strings
 *   int32 numbers, any RFC 3339 offset UTC `Z`, URL-safe or unpadded Base64
 *   standard Base64;
 * - `null` is the field's default, that is absent (a oneof member that is null
 *   is not set), except for a `google.protobuf.Value`, where it is the JSON null;
 * - a REQUIRED field without presence (a scalar, enum, repeated field or map)
 *   that is absent or null gets its default value, so the REQUIRED value rules
 *   apply to that value (`ListTasksResponse.pageSize` absent is 0 and valid;
 *   `Message.messageId` absent is "" and missing);
 * - unknown fields are dropped and reported (A2A v1.0 specification, section 5.7:
 *   implementations SHOULD ignore unrecognized fields), except that a
 *   SecurityRequirement whose every key was unknown is an error: read as `{}` it
 *   would mean "no authentication required".
 *
 * Values that do not parse are left as they are, so the strict validator reports
 * them. The input is never modified; an object or array that needs no change is
 * not copied, so the canonical value shares it with the input (as the strict
 * result's value is the input itself). Recursion follows the proto's message
 * nesting only (it has no cycles, so the depth is bounded by the schema); Struct
 * and Value contents are not walked.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { timestampProblem } from "../core/timestamp.js";
import { isLenientBase64, isStrictTimestamp, V1_LENIENT_TIMESTAMP } from "./formats.js";
import { has, MAP, obj, REPEATED, type FieldRow, type Model } from "./schema-walk.js";

const INT32 = /^-?(?:0|[1-9][0-9]{0,9})$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** How the input gave a REQUIRED field that the reader filled with its default. */
export type Filled = "absent" | "null";

export interface Normalized {
  /** The canonical copy (validated by the strict validators). */
  readonly value: unknown;
  /** Issues found while parsing (a field under both spellings, a SecurityRequirement emptied by ignoring its keys). */
  readonly issues: ValidationIssue[];
  /** Unknown fields that were ignored, as paths in the input's spelling: the first {@link MAX_IGNORED_PATHS}. */
  readonly ignored: readonly PathSegment[][];
  /** How many unknown fields were ignored in all. */
  readonly ignoredCount: number;
  /** Puts unknown enum numbers back where a placeholder name stood in for validation. */
  readonly restore: () => void;
}

type Patch = readonly [target: Record<string, unknown> | unknown[], key: string | number, value: number];

interface Walk {
  readonly model: Model;
  readonly issues: ValidationIssue[];
  readonly patches: Patch[];
  /** An unknown enum number the last scalar replaced by a stand-in name: the caller records where it went. */
  pending: number | undefined;
  /** Where the walk is, as the input spells it: pushed and popped, copied only for an issue. */
  readonly at: PathSegment[];
  ignored: PathSegment[][] | undefined;
  ignoredCount: number;
}

/** Ignored fields are reported one by one up to this many (hostile input may hold millions). */
export const MAX_IGNORED_PATHS = 100;

function set(o: Record<string, unknown>, key: string, v: unknown): void {
  // Map keys are data: never let "__proto__" reach the prototype setter.
  if (key === "__proto__") Object.defineProperty(o, key, { value: v, enumerable: true, writable: true, configurable: true });
  else o[key] = v;
}

/** RFC 3339 with any offset → UTC `Z` with 0, 3, 6 or 9 fractional digits (as protojson emits). */
export function canonicalTimestamp(s: string): string | undefined {
  return isCanonicalTimestamp(s) ? s : convertTimestamp(s);
}

/** canonicalTimestamp without the shortcut for a timestamp that is canonical already (exported for its test). */
export function convertTimestamp(s: string): string | undefined {
  if (timestampProblem(s, V1_LENIENT_TIMESTAMP) !== undefined) return undefined;
  const dot = s.indexOf(".", 19);
  const zone = s.search(/[Z+-](?=[^Z+-]*$)/);
  const fraction = dot === -1 ? "" : s.slice(dot + 1, zone);
  let ms = Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)), Number(s.slice(11, 13)), Number(s.slice(14, 16)), Number(s.slice(17, 19)));
  // Date.UTC maps years 0-99 to 1900-1999; set the year again.
  const d0 = new Date(ms);
  d0.setUTCFullYear(Number(s.slice(0, 4)));
  ms = d0.getTime();
  if (s[zone] !== "Z") {
    const sign = s[zone] === "+" ? 1 : -1;
    ms -= sign * (Number(s.slice(zone + 1, zone + 3)) * 60 + Number(s.slice(zone + 4, zone + 6))) * 60000;
  }
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (year < 1 || year > 9999) return undefined; // outside google.protobuf.Timestamp's range
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const nanos = (fraction + "000000000").slice(0, 9).replace(/^0+(?=.)/, "");
  const n = Number(nanos);
  const frac = n === 0 ? "" : n % 1e6 === 0 ? "." + pad(n / 1e6, 3) : n % 1e3 === 0 ? "." + pad(n / 1e3, 6) : "." + pad(n, 9);
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${frac}Z`;
}

/**
 * Already what canonicalTimestamp would write: strict (UTC `Z`, 0, 3, 6 or 9 digits) with the shortest
 * of those that holds the fraction, as protojson writes it (".000" is none; ".120000" is ".120").
 */
function isCanonicalTimestamp(s: string): boolean {
  if (!isStrictTimestamp(s)) return false;
  const digits = s.length - 21; // after "YYYY-MM-DDTHH:MM:SS." and before "Z"
  if (digits <= 0) return true;
  const zeros = (from: number) => s.charCodeAt(from) === 48 && s.charCodeAt(from + 1) === 48 && s.charCodeAt(from + 2) === 48;
  return !zeros(s.length - 4);
}

/** Standard or URL-safe, padded or not → standard padded Base64. */
export function canonicalBase64(s: string): string | undefined {
  if (!isLenientBase64(s)) return undefined;
  const std = s.replace(/-/g, "+").replace(/_/g, "/");
  return std.length % 4 === 0 ? std : std + "=".repeat(4 - (std.length % 4));
}

/**
 * A scalar in its canonical form, or the value as it is when it does not parse. An unknown enum
 * number is replaced by a known non-zero name while the copy is validated, and left in
 * `w.pending` for the caller, which knows where the value goes.
 */
function scalar(w: Walk, type: string, v: unknown): unknown {
  if (type === "int32") {
    if (typeof v === "string" && INT32.test(v)) return Number(v);
    return v;
  }
  if (type === "Timestamp") return typeof v === "string" ? (canonicalTimestamp(v) ?? v) : v;
  if (type === "bytes") return typeof v === "string" ? (canonicalBase64(v) ?? v) : v;
  if (w.model.isEnumName(type)) {
    if (typeof v === "number" && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX) {
      const names = w.model.meta.ENUMS[type]!;
      if (v >= 0 && v < names.length) return names[v];
      w.pending = v;
      return names[1];
    }
    return v;
  }
  return v;
}

/** One value of a field, at `key` below where the walk is: a message walked, or a scalar parsed. */
function one(w: Walk, type: string, isMessage: boolean, x: unknown, key: PathSegment): unknown {
  if (!isMessage) return scalar(w, type, x);
  w.at.push(key);
  const y = message(w, type, x);
  w.at.pop();
  return y;
}

/**
 * The canonical value of one field of the message at `path`, spelled `key` in the input. Repeated
 * fields and maps are copied on their first change only; nothing is allocated for a canonical value.
 */
function field(w: Walk, row: FieldRow, v: unknown, key: string): unknown {
  const type = row[2];
  const isMessage = w.model.isMessageName(type);
  if (!isMessage && (type === "string" || type === "bool" || type === "Struct" || type === "Value")) return v; // nothing to parse
  if (row[3] & REPEATED) {
    if (!Array.isArray(v)) return v;
    w.at.push(key);
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      const y = one(w, type, isMessage, x, i);
      const patch = w.pending;
      w.pending = undefined;
      if (out === undefined) {
        if (y === x && patch === undefined) continue;
        out = v.slice(0, i);
      }
      out.push(y);
      if (patch !== undefined) w.patches.push([out, i, patch]);
    }
    w.at.pop();
    return out ?? v;
  }
  if (row[3] & MAP) {
    const m = obj(v);
    if (!m) return v;
    w.at.push(key);
    const keys = Object.keys(m);
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      const x = m[k];
      const y = one(w, type, isMessage, x, k);
      const patch = w.pending;
      w.pending = undefined;
      if (out === undefined) {
        if (y === x && patch === undefined) continue;
        out = {};
        for (let j = 0; j < i; j++) set(out, keys[j]!, m[keys[j]!]);
      }
      set(out, k, y);
      if (patch !== undefined) w.patches.push([out, k, patch]);
    }
    w.at.pop();
    return out ?? m;
  }
  return one(w, type, isMessage, v, key);
}

/** The copy of a message's first `n` keys, all fields spelled and valued canonically so far. */
function copyOf(o: Record<string, unknown>, keys: readonly string[], n: number, rows: ReadonlyMap<string, FieldRow>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    const row = rows.get(keys[i]!);
    if (row !== undefined) out[row[0]] = o[keys[i]!];
  }
  return out;
}

/** `{ "bearer": [] }` → the v1 form of the same requirement, for the hint. */
function securityHint(o: Record<string, unknown>, ignored: readonly string[]): string {
  const name = ignored[0]!;
  const v = o[name];
  const scopes = Array.isArray(v) && v.every((x) => typeof x === "string") ? JSON.stringify(v) : "[]";
  return `v0.3 requirement { ${JSON.stringify(name)}: ${scopes} } is { "schemes": { ${JSON.stringify(name)}: { "list": ${scopes} } } } in v1`;
}

/**
 * A message in its canonical form: the input object itself when nothing in it changes (a copy that
 * survives costs garbage-collector time in the size of the input), else a copy made at the first
 * change. It is at `w.at`.
 */
function message(w: Walk, type: string, v: unknown): unknown {
  const o = obj(v);
  const rows = o !== undefined ? w.model.rowsOf(type) : undefined;
  if (o === undefined || rows === undefined) return v;
  let out: Record<string, unknown> | undefined;
  let unknown: string[] | undefined;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const row = rows.get(k);
    if (!row) {
      // Unknown fields are ignored on input, and reported.
      (unknown ??= []).push(k);
      out ??= copyOf(o, keys, i, rows);
      continue;
    }
    const json = row[0];
    if (k !== json && has.call(o, json)) {
      w.issues.push(makeIssue([...w.at, k], "not_allowed", `"${json}" and "${k}" are the same field; give it once`, { property: k }));
      out ??= copyOf(o, keys, i, rows);
      continue;
    }
    const value = o[k];
    // null is the default value (absent), except for google.protobuf.Value, where it is a value.
    if (value === null && !(row[2] === "Value" && !(row[3] & (REPEATED | MAP)))) {
      out ??= copyOf(o, keys, i, rows);
      continue;
    }
    const copy = field(w, row, value, k);
    const patch = w.pending;
    w.pending = undefined;
    if (out === undefined) {
      if (k === json && copy === value && patch === undefined) continue;
      out = copyOf(o, keys, i, rows);
    }
    out[json] = copy; // a proto field name, never "__proto__"
    if (patch !== undefined) w.patches.push([out, json, patch]);
  }
  // REQUIRED fields without presence: absent (or null) is their default value.
  for (const d of w.model.defaulted(type)) {
    if ((out !== undefined ? has.call(out, d.row[0]) : false) || presence(o, d.row) === undefined) continue;
    out ??= copyOf(o, keys, keys.length, rows);
    if (has.call(out, d.row[0])) continue;
    out[d.row[0]] = d.make();
  }
  if (unknown !== undefined) {
    const base = [...w.at];
    w.ignoredCount += unknown.length;
    for (const u of unknown) {
      if ((w.ignored ??= []).length >= MAX_IGNORED_PATHS) break;
      w.ignored.push([...base, u]);
    }
    if (type === "SecurityRequirement") {
      const schemes = obj(out!.schemes);
      if (schemes === undefined || Object.keys(schemes).length === 0) {
        const named = unknown.slice(0, 5).map((u) => JSON.stringify(u.slice(0, 60))).join(", ") + (unknown.length > 5 ? ", ..." : "");
        w.issues.push(
          makeIssue(base, "required", `the keys of this SecurityRequirement (${named}) are all unknown; ignoring them would leave {}, which means "no authentication required"`, {
            property: "schemes",
            hint: securityHint(o, unknown),
          }),
        );
      }
    }
  }
  return out ?? o;
}

/**
 * How `o` gives a REQUIRED field without presence that the reader fills with
 * its default: absent or null; undefined when `o` gives it a value (under
 * either spelling; under both is already an issue, not a field to fill).
 */
function presence(o: Record<string, unknown>, row: FieldRow): Filled | undefined {
  const [json, proto] = row;
  const inJson = has.call(o, json);
  const inProto = json !== proto && has.call(o, proto);
  if ((inJson && o[json] !== null) || (inProto && o[proto] !== null)) return undefined;
  return inJson || inProto ? "null" : "absent";
}

/**
 * How the input gave the field at `path` (in the canonical copy) when the
 * reader filled it with its default; undefined when it did not. Worked out
 * again for each issue instead of recorded for every filled field: a hostile
 * input may hold hundreds of thousands of them, and issues are capped.
 */
export function filledAt(model: Model, typeName: string, input: unknown, path: readonly PathSegment[]): Filled | undefined {
  const field = path[path.length - 1];
  if (typeof field !== "string") return undefined;
  const parentPath = path.slice(0, -1);
  const type = model.typeAt(typeName, parentPath);
  const d = type !== undefined ? model.defaulted(type).find((x) => x.row[0] === field) : undefined;
  if (d === undefined) return undefined;
  let v: unknown = input;
  for (const seg of originalPath(model, typeName, input, parentPath)) {
    v = v !== null && typeof v === "object" && has.call(v, seg) ? (v as Record<PathSegment, unknown>)[seg] : undefined;
  }
  const o = obj(v);
  return o !== undefined ? presence(o, d.row) : undefined;
}

export function normalize(model: Model, typeName: string, input: unknown): Normalized {
  const w: Walk = { model, issues: [], patches: [], pending: undefined, at: [], ignored: undefined, ignoredCount: 0 };
  const value = message(w, typeName, input);
  return {
    value,
    issues: w.issues,
    ignored: w.ignored ?? [],
    ignoredCount: w.ignoredCount,
    restore: () => {
      for (const [target, key, n] of w.patches) (target as Record<string | number, unknown>)[key] = n;
    },
  };
}

/** Maps a path in the canonical copy back to the spelling the input used. */
export function originalPath(model: Model, typeName: string, input: unknown, path: readonly PathSegment[]): PathSegment[] {
  const out: PathSegment[] = [];
  let v: unknown = input;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (Array.isArray(v) || typeof seg === "number") {
      out.push(seg);
      v = Array.isArray(v) ? v[seg as number] : undefined;
      continue;
    }
    const o = obj(v);
    let key = String(seg);
    if (o && !has.call(o, key)) {
      const type = model.typeAt(typeName, out);
      const row = type !== undefined ? model.fieldOf(type, key) : undefined;
      if (row && has.call(o, row[1])) key = row[1];
    }
    out.push(key);
    v = o && has.call(o, key) ? o[key] : undefined;
  }
  return out;
}

