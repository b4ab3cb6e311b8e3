/**
 * Rewrites the core's Ajv-derived issues into v1 terms: a oneof reports once with
 * its members, a REQUIRED enum at its zero value is "missing" (and any other value
 * there lists only the values a sender may use), a field under both
 * spellings says so. Works from the issue's path and the field table, because
 * the generated validators give schema paths relative to each definition.
 */
import { describeValue, makeIssue, toPointer, type ValidationIssue } from "../core/issue.js";
import { valueWords } from "../core/ajv-issues.js";
import { agentInterfaceUrlExpected, lenientFormatProblem, strictFormatProblem } from "./formats.js";
import { get, has, MAP, obj, REPEATED, REQUIRED, type FieldRow, type Model } from "./schema-walk.js";

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let v = root;
  for (const seg of path) {
    if (Array.isArray(v)) v = typeof seg === "number" ? v[seg] : undefined;
    else v = get(v, String(seg));
  }
  return v;
}

function present(o: Record<string, unknown>, json: string, proto: string): boolean {
  return has.call(o, json) || (json !== proto && has.call(o, proto));
}

/**
 * The zero value (`*_UNSPECIFIED`) of the enum at `path` when the schema refuses it there: a
 * singular REQUIRED enum field (`"not": { "const": "<zero>" }` beside its `$ref`). Elsewhere
 * (an optional filter such as ListTasksRequest.status) the zero value is accepted: undefined.
 */
function refusedZero(model: Model, typeName: string, path: readonly (string | number)[]): { row: FieldRow; zero: string } | undefined {
  const key = path[path.length - 1];
  if (typeof key !== "string") return undefined;
  const owner = model.typeAt(typeName, path, path.length - 1);
  const row = owner !== undefined ? model.fieldOf(owner, key) : undefined;
  if (!row || !(row[3] & REQUIRED) || row[3] & (REPEATED | MAP)) return undefined;
  if (!has.call(model.meta.ENUMS, row[2])) return undefined;
  const zero = model.meta.ENUMS[row[2]]![0];
  return zero === undefined ? undefined : { row, zero };
}

/** Per enum list (the schema's own array, so few of them): the list without its refused zero value, and its words. */
const WITHOUT_ZERO = new WeakMap<readonly unknown[], { readonly zero: string; readonly allowed: readonly unknown[]; readonly words: string }>();

/** `allowed` without `zero`, and its words; the same answer as computing both, without doing it per issue. */
export function withoutZero(allowed: readonly unknown[], zero: string): { readonly allowed: readonly unknown[]; readonly words: string } {
  let hit = WITHOUT_ZERO.get(allowed);
  if (hit === undefined || hit.zero !== zero) {
    const rest = allowed.filter((v) => v !== zero);
    WITHOUT_ZERO.set(allowed, (hit = { zero, allowed: rest, words: valueWords(rest) }));
  }
  return hit;
}

export function refineIssues(model: Model, typeName: string, input: unknown, issues: readonly ValidationIssue[], lenient: boolean): ValidationIssue[] {
  const { ENUMS, ONEOFS } = model.meta;
  const { fieldOf, typeAt, isMessageName } = model;
  const out: ValidationIssue[] = [];
  // Made on first use: most failures have neither.
  let oneofDone: Set<string> | undefined;
  let urlDone: Set<string> | undefined;
  for (const issue of issues) {
    const sp = issue.schemaPath ?? "";
    // oneof: "#/oneOf/..." or "#/allOf/N/oneOf/..." at the object's own path.
    const inOneOf = sp.includes("oneOf") && /^#\/(?:allOf\/\d+\/)?oneOf(?:\/|$)/.test(sp);
    if (inOneOf) {
      const type = typeAt(typeName, issue.path);
      const oneof = isMessageName(type) ? ONEOFS[type] : undefined;
      const o = obj(valueAt(input, issue.path));
      if (oneof && o) {
        if (oneofDone?.has(issue.pointer)) continue;
        (oneofDone ??= new Set()).add(issue.pointer);
        const set = oneof.members.filter(([json, proto]) => present(o, json, proto)).map(([json]) => json);
        const names = oneof.members.map(([json]) => `"${json}"`).join(", ");
        const got = set.length === 0 ? "none is set" : `${set.map((s) => `"${s}"`).join(" and ")} are set`;
        out.push(
          makeIssue(issue.path, "no_match", `exactly one of ${names} must be set (${type}.${oneof.name}), but ${got}`, {
            schemaPath: sp,
            allowed: oneof.members.map(([json]) => json),
            received: set.length === 0 ? "none" : set.join(", "),
          }),
        );
        continue;
      }
    }
    if (issue.code === "enum" && Array.isArray(issue.allowed)) {
      // The enum's own list names its zero value, which this field refuses: list only what is accepted here.
      const refused = refusedZero(model, typeName, issue.path);
      if (refused && issue.allowed.includes(refused.zero)) {
        const { allowed, words } = withoutZero(issue.allowed, refused.zero);
        out.push({ ...issue, allowed: allowed.slice(), message: `must be one of ${words}, got ${issue.received ?? describeValue(valueAt(input, issue.path))}` });
        continue;
      }
    }
    if (issue.code === "not_allowed" && /\/properties\/[^/]+\/not$/.test(sp)) {
      // A REQUIRED enum at its zero value: the proto's "not set".
      const key = String(issue.path[issue.path.length - 1]);
      const parent = issue.path.slice(0, -1);
      const owner = typeAt(typeName, parent);
      const row = owner !== undefined ? fieldOf(owner, key) : undefined;
      if (row && (row[3] & REQUIRED) && has.call(ENUMS, row[2])) {
        const zero = (ENUMS as Record<string, readonly string[]>)[row[2]]![0]!;
        out.push(
          makeIssue(parent, "required", `REQUIRED field "${row[0]}" is ${issue.received ?? "its zero value"}, the zero value of ${row[2]}, which counts as missing`, {
            schemaPath: sp,
            property: row[0],
            received: issue.received ?? JSON.stringify(zero),
          }),
        );
        continue;
      }
    }
    if (lenient && issue.code === "not_allowed" && /^#\/dependentSchemas\/[^/]+\/not$/.test(sp)) {
      const json = sp.split("/")[2]!;
      const owner = typeAt(typeName, issue.path);
      const row = owner !== undefined ? fieldOf(owner, json) : undefined;
      const proto = row ? row[1] : json;
      out.push(
        makeIssue([...issue.path, proto], "not_allowed", `"${json}" and "${proto}" are the same field; give it once`, {
          schemaPath: sp,
          property: proto,
        }),
      );
      continue;
    }
    if (lenient && issue.code === "type" && issue.expected === "an integer") {
      // The anyOf(number, numeric string) collapsed to its first branch; say what failed.
      const value = valueAt(input, issue.path);
      if (typeof value === "string" && /^-?[0-9]+$/.test(value)) {
        out.push({ ...issue, code: "no_match", message: `must be an int32 in this field's range, as a number or a decimal string without leading zeros, got ${issue.received}` });
        continue;
      }
    }
    // AgentInterface.url by protocolBinding: the compiled code's a2aInterfaceUrl check fails at the object.
    if (issue.code === "invalid" && sp.endsWith("/a2aInterfaceUrl")) {
      const owner = obj(valueAt(input, issue.path));
      const binding = owner ? (get(owner, "protocolBinding") ?? get(owner, "protocol_binding")) : undefined;
      const expected = agentInterfaceUrlExpected(typeof binding === "string" ? binding : "");
      const value = owner ? get(owner, "url") : undefined;
      const at = [...issue.path, "url"];
      if (!urlDone?.has(toPointer(at))) {
        (urlDone ??= new Set()).add(toPointer(at));
        out.push(makeIssue(at, "format", `must be ${expected}, got ${describeValue(value)}`, { schemaPath: sp, expected, received: describeValue(value) }));
      }
      continue;
    }
    // The same rule as the published bundle states it (if/then/else): one issue, whichever branch failed.
    const last = issue.path[issue.path.length - 1];
    if (last === "url" && /\/(?:then|else)\//.test(sp) && typeAt(typeName, issue.path.slice(0, -1)) === "AgentInterface") {
      if (urlDone?.has(issue.pointer)) continue;
      (urlDone ??= new Set()).add(issue.pointer);
      // Not a string: the type issue says it all.
      if (typeof valueAt(input, issue.path) !== "string") {
        out.push(issue);
        continue;
      }
      const owner = obj(valueAt(input, issue.path.slice(0, -1)));
      const binding = owner ? (get(owner, "protocolBinding") ?? get(owner, "protocol_binding")) : undefined;
      const expected = agentInterfaceUrlExpected(typeof binding === "string" ? binding : "");
      const value = valueAt(input, issue.path);
      out.push(makeIssue(issue.path, "format", `must be ${expected}, got ${describeValue(value)}`, { schemaPath: sp, expected, received: describeValue(value) }));
      continue;
    }
    if (issue.code === "format") {
      const fmt = /\/format$/.test(sp) ? FORMAT_WORDS[lenient ? "lenient" : "strict"].find(([k]) => issue.message.includes(k)) : undefined;
      if (fmt) {
        const expected = fmt[1];
        const value = valueAt(input, issue.path);
        const why = typeof value === "string" ? (lenient ? lenientFormatProblem : strictFormatProblem)(fmt[2], value) : undefined;
        out.push({ ...issue, expected, message: `must be ${expected}, got ${issue.received ?? "a string"}${why ? ` (${why})` : ""}` });
        continue;
      }
    }
    out.push(issue);
  }
  // A format issue explains more than the pattern that guards it: keep only the former.
  if (!out.some((i) => i.code === "pattern")) return out;
  const formatted = new Set(out.filter((i) => i.code === "format").map((i) => i.pointer));
  return out.filter((i) => !(i.code === "pattern" && formatted.has(i.pointer)));
}

/** The core words formats for the legacy family; v1's differ (offsets, fraction digits, Base64). */
const FORMAT_WORDS: Record<"strict" | "lenient", ReadonlyArray<readonly [string, string, string]>> = {
  strict: [
    ['"uri-or-empty"', "an absolute URI like https://example.com/path, or empty (unset)", "uri-or-empty"],
    ['"byte"', "standard Base64 (RFC 4648, padded to a multiple of 4)", "byte"],
    ["UTC timestamp", "an RFC 3339 UTC timestamp ending in Z with 0, 3, 6 or 9 fractional digits, like 2025-12-09T15:30:00.000Z", "date-time"],
  ],
  lenient: [
    ['"uri-or-empty"', "an absolute URI like https://example.com/path, or empty (unset)", "uri-or-empty"],
    ['"byte"', "standard or URL-safe Base64", "byte"],
    ["UTC timestamp", "an RFC 3339 timestamp with Z or an offset, like 2025-12-09T15:30:00+01:00", "date-time"],
  ],
};
