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
import { isLenientBase64, V1_LENIENT_TIMESTAMP } from "./formats.js";
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

/** Where the walk is, as a parent chain: a path array is built only when an issue needs one. */
interface At {
  readonly up: At | undefined;
  /** The segment as the input spells it. */
  readonly key: PathSegment;
}
function pathOf(at: At | undefined): PathSegment[] {
  const out: PathSegment[] = [];
  for (let a = at; a !== undefined; a = a.up) out.push(a.key);
  return out.reverse();
}

interface Walk {
  readonly model: Model;
  readonly issues: ValidationIssue[];
  readonly patches: Patch[];
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

function scalar(w: Walk, type: string, v: unknown, at: readonly [Record<string, unknown> | unknown[], string | number]): unknown {
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
      // An unknown number is carried: a known non-zero name stands in while the copy is validated.
      w.patches.push([at[0], at[1], v]);
      return names[1];
    }
    return v;
  }
  return v;
}

function field(w: Walk, row: FieldRow, v: unknown, path: At, holder: Record<string, unknown>, key: string): unknown {
  const type = row[2];
  const isMessage = w.model.isMessageName(type);
  if (!isMessage && (type === "string" || type === "bool" || type === "Struct" || type === "Value")) return v; // nothing to parse
  const one = (x: unknown, p: At, target: Record<string, unknown> | unknown[], k: string | number): unknown =>
    isMessage ? message(w, type, x, p) : scalar(w, type, x, [target, k]);
  if (row[3] & REPEATED) {
    if (!Array.isArray(v)) return v;
    const out: unknown[] = new Array(v.length);
    let same = true;
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      same = (out[i] = one(x, { up: path, key: i }, out, i)) === x && same;
    }
    return same ? v : out;
  }
  if (row[3] & MAP) {
    const m = obj(v);
    if (!m) return v;
    const out: Record<string, unknown> = {};
    let same = true;
    for (const k of Object.keys(m)) {
      const x = m[k];
      const y = one(x, { up: path, key: k }, out, k);
      set(out, k, y);
      same = y === x && same;
    }
    return same ? m : out;
  }
  return one(v, path, holder, key);
}

/** `{ "bearer": [] }` → the v1 form of the same requirement, for the hint. */
function securityHint(o: Record<string, unknown>, ignored: readonly string[]): string {
  const name = ignored[0]!;
  const v = o[name];
  const scopes = Array.isArray(v) && v.every((x) => typeof x === "string") ? JSON.stringify(v) : "[]";
  return `v0.3 requirement { ${JSON.stringify(name)}: ${scopes} } is { "schemes": { ${JSON.stringify(name)}: { "list": ${scopes} } } } in v1`;
}

function message(w: Walk, type: string, v: unknown, path: At | undefined): unknown {
  const o = obj(v);
  if (!o || !w.model.isMessageName(type)) return v;
  const out: Record<string, unknown> = {};
  // The input object itself stands for its copy when nothing in it changes: a
  // copy that survives costs garbage-collector time in the size of the input.
  let same = true;
  let unknown: string[] | undefined;
  for (const key of Object.keys(o)) {
    const row = w.model.fieldOf(type, key);
    if (!row) {
      // Unknown fields are ignored on input, and reported.
      (unknown ??= []).push(key);
      continue;
    }
    const json = row[0];
    if (key !== json && has.call(o, json)) {
      w.issues.push(makeIssue([...pathOf(path), key], "not_allowed", `"${json}" and "${key}" are the same field; give it once`, { property: key }));
      same = false;
      continue;
    }
    const value = o[key];
    // null is the default value (absent), except for google.protobuf.Value, where it is a value.
    if (value === null && !(row[2] === "Value" && !(row[3] & (REPEATED | MAP)))) {
      same = false;
      continue;
    }
    const copy = field(w, row, value, { up: path, key }, out, json);
    out[json] = copy; // a proto field name, never "__proto__"
    same = same && key === json && copy === value;
  }
  // REQUIRED fields without presence: absent (or null) is their default value.
  for (const d of w.model.defaulted(type)) {
    if (has.call(out, d.row[0]) || presence(o, d.row) === undefined) continue;
    out[d.row[0]] = d.make();
    same = false;
  }
  if (unknown !== undefined) {
    const base = pathOf(path);
    w.ignoredCount += unknown.length;
    for (const k of unknown) {
      if ((w.ignored ??= []).length >= MAX_IGNORED_PATHS) break;
      w.ignored.push([...base, k]);
    }
    if (type === "SecurityRequirement") {
      const schemes = obj(out.schemes);
      if (schemes === undefined || Object.keys(schemes).length === 0) {
        const named = unknown.slice(0, 5).map((k) => JSON.stringify(k.slice(0, 60))).join(", ") + (unknown.length > 5 ? ", ..." : "");
        w.issues.push(
          makeIssue(base, "required", `the keys of this SecurityRequirement (${named}) are all unknown; ignoring them would leave {}, which means "no authentication required"`, {
            property: "schemes",
            hint: securityHint(o, unknown),
          }),
        );
      }
    }
  }
  return same && unknown === undefined ? o : out;
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
  const w: Walk = { model, issues: [], patches: [], ignored: undefined, ignoredCount: 0 };
  const value = message(w, typeName, input, undefined);
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

