/**
 * Lenient mode = a proto3 JSON parse into the canonical form, then the strict
 * validators on that copy. The copy renames snake_case fields, turns enum
 * numbers into names, numeric strings into int32 numbers, any RFC 3339 offset
 * into UTC `Z`, URL-safe or unpadded Base64 into standard Base64, and drops
 * unknown fields. Values that do not parse are left as they are, so the strict
 * validator reports them. The input is never modified.
 *
 * Recursion follows the proto's message nesting only (it has no cycles, so the
 * depth is bounded by the schema); Struct and Value contents are not walked.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { timestampProblem } from "../core/timestamp.js";
import { ENUMS } from "../generated/v1/meta.js";
import { isLenientBase64, V1_LENIENT_TIMESTAMP } from "./formats.js";
import { fieldOf, has, isMessageName, MAP, obj, REPEATED, typeAt, type FieldRow } from "./schema-walk.js";

const INT32 = /^-?(?:0|[1-9][0-9]{0,9})$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export interface Normalized {
  /** The canonical copy (validated by the strict validators). */
  readonly value: unknown;
  /** Issues found while parsing (a field under both spellings). */
  readonly issues: ValidationIssue[];
  /** Puts unknown enum numbers back where a placeholder name stood in for validation. */
  readonly restore: () => void;
}

type Patch = readonly [target: Record<string, unknown> | unknown[], key: string | number, value: number];

/** Where the walk is, as a parent chain: a path array is built only when an issue needs one. */
interface At {
  readonly up: At | undefined;
  readonly key: PathSegment;
}
function pathOf(at: At | undefined): PathSegment[] {
  const out: PathSegment[] = [];
  for (let a = at; a !== undefined; a = a.up) out.push(a.key);
  return out.reverse();
}

function set(o: Record<string, unknown>, key: string, v: unknown): void {
  // Map keys are data: never let "__proto__" reach the prototype setter.
  if (key === "__proto__") Object.defineProperty(o, key, { value: v, enumerable: true, writable: true, configurable: true });
  else o[key] = v;
}

/** RFC 3339 with any offset → UTC `Z` with 0, 3, 6 or 9 fractional digits (as protojson emits). */
export function canonicalTimestamp(s: string): string | undefined {
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

/** Standard or URL-safe, padded or not → standard padded Base64. */
export function canonicalBase64(s: string): string | undefined {
  if (!isLenientBase64(s)) return undefined;
  const std = s.replace(/-/g, "+").replace(/_/g, "/");
  return std.length % 4 === 0 ? std : std + "=".repeat(4 - (std.length % 4));
}

function scalar(type: string, v: unknown, at: readonly [Record<string, unknown> | unknown[], string | number], patches: Patch[]): unknown {
  if (type === "int32") {
    if (typeof v === "string" && INT32.test(v)) return Number(v);
    return v;
  }
  if (type === "Timestamp") return typeof v === "string" ? (canonicalTimestamp(v) ?? v) : v;
  if (type === "bytes") return typeof v === "string" ? (canonicalBase64(v) ?? v) : v;
  if (has.call(ENUMS, type)) {
    if (typeof v === "number" && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX) {
      const names = (ENUMS as Record<string, readonly string[]>)[type]!;
      if (v >= 0 && v < names.length) return names[v];
      // An unknown number is carried: a known non-zero name stands in while the copy is validated.
      patches.push([at[0], at[1], v]);
      return names[1];
    }
    return v;
  }
  return v;
}

function field(row: FieldRow, v: unknown, path: At, issues: ValidationIssue[], patches: Patch[], holder: Record<string, unknown>, key: string): unknown {
  const type = row[2];
  const isMessage = isMessageName(type);
  if (!isMessage && (type === "string" || type === "bool" || type === "Struct" || type === "Value")) return v; // nothing to parse
  const one = (x: unknown, p: At, target: Record<string, unknown> | unknown[], k: string | number): unknown =>
    isMessage ? message(type, x, p, issues, patches) : scalar(type, x, [target, k], patches);
  if (row[3] & REPEATED) {
    if (!Array.isArray(v)) return v;
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = one(v[i], { up: path, key: i }, out, i);
    return out;
  }
  if (row[3] & MAP) {
    const m = obj(v);
    if (!m) return v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(m)) set(out, k, one(m[k], { up: path, key: k }, out, k));
    return out;
  }
  return one(v, path, holder, key);
}

function message(type: string, v: unknown, path: At | undefined, issues: ValidationIssue[], patches: Patch[]): unknown {
  const o = obj(v);
  if (!o || !isMessageName(type)) return v;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(o)) {
    const row = fieldOf(type, key);
    if (!row) continue; // unknown fields are ignored on input
    const json = row[0];
    if (key !== json && has.call(o, json)) {
      issues.push(makeIssue([...pathOf(path), key], "not_allowed", `"${json}" and "${key}" are the same field; give it once`, { property: key }));
      continue;
    }
    out[json] = field(row, o[key], { up: path, key }, issues, patches, out, json); // a proto field name, never "__proto__"
  }
  return out;
}

export function normalize(typeName: string, input: unknown): Normalized {
  const issues: ValidationIssue[] = [];
  const patches: Patch[] = [];
  const value = message(typeName, input, undefined, issues, patches);
  return {
    value,
    issues,
    restore: () => {
      for (const [target, key, n] of patches) (target as Record<string | number, unknown>)[key] = n;
    },
  };
}

/** Maps a path in the canonical copy back to the spelling the input used. */
export function originalPath(typeName: string, input: unknown, path: readonly PathSegment[]): PathSegment[] {
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
      const type = typeAt(typeName, out);
      const row = type !== undefined ? fieldOf(type, key) : undefined;
      if (row && has.call(o, row[1])) key = row[1];
    }
    out.push(key);
    v = o && has.call(o, key) ? o[key] : undefined;
  }
  return out;
}

