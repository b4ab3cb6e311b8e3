import { describeValue, escapeSegment, makeIssue, toPointer, type IssueCode, type PathSegment, type ValidationIssue } from "./issue.js";
import { EXPECTED_BY_DEFINITION, EXPECTED_BY_FORMAT, jsonText, listValues, typeWord } from "./messages.js";

/** The subset of Ajv's ErrorObject the generated code produces. */
export interface AjvError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Record<string, any>;
  readonly message?: string;
}

export interface IssueContext {
  /** Explains why a string failed a format (e.g. "February 30"), or nothing. */
  readonly formatProblem?: (format: string, value: string) => string | undefined;
}

const has = Object.prototype.hasOwnProperty;

/** An array index as Ajv writes one: `0` or digits without a leading zero. */
function isIndex(key: string): boolean {
  const n = key.length;
  if (n === 0) return false;
  const c0 = key.charCodeAt(0);
  if (c0 === 48) return n === 1;
  if (c0 < 49 || c0 > 57) return false;
  for (let i = 1; i < n; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

interface Resolved {
  readonly path: PathSegment[];
  /** `toPointer(path)`: Ajv's instancePath itself when that is the same string. */
  readonly pointer: string;
  readonly value: unknown;
}

/** One segment of an instancePath, decoded: the key, and its number when it reads as an array index. */
interface Segment {
  readonly key: string;
  readonly index: number | undefined;
}

/**
 * The decoded segments of an instancePath, remembered for the few paths a schema's errors
 * take (bounded in number and length). The keys are internalized: a sliced key costs a
 * string-table lookup at every property read, an internalized one hits V8's caches.
 */
const SEGMENTS = new Map<string, readonly Segment[]>();

function segmentsOf(instancePath: string): readonly Segment[] {
  let segs = SEGMENTS.get(instancePath);
  if (segs !== undefined) return segs;
  const made: Segment[] = [];
  // Segment by segment with indexOf: the same segments as slice(1).split("/").
  const n = instancePath.length;
  for (let start = 1; ; ) {
    let end = instancePath.indexOf("/", start);
    if (end === -1) end = n;
    const raw = instancePath.slice(start, end);
    const key = raw.includes("~") ? raw.replace(/~1/g, "/").replace(/~0/g, "~") : raw;
    made.push({ key: internalized(key), index: isIndex(key) ? Number(key) : undefined });
    if (end >= n) break;
    start = end + 1;
  }
  if (SEGMENTS.size < 2000 && n <= 256) SEGMENTS.set(instancePath, made);
  return made;
}

/** The same string, internalized: a property key of an object literal is. */
function internalized(key: string): string {
  for (const k in { [key]: 0 }) return k;
  return key;
}

/** Walks an Ajv instancePath through the input; numeric segments become numbers inside arrays. */
function resolve(root: unknown, instancePath: string): Resolved {
  let value: unknown = root;
  if (instancePath === "") return { path: [], pointer: "", value };
  // Without "~" no segment is escaped, so the pointer of the path is the instancePath again,
  // unless an index is too long to come back from a number unchanged (or the path is no pointer).
  let same = instancePath.charCodeAt(0) === 47 && !instancePath.includes("~");
  const segs = segmentsOf(instancePath);
  // Its length known: no growing.
  const path: PathSegment[] = new Array(segs.length);
  for (let j = 0; j < segs.length; j++) {
    const { key, index } = segs[j]!;
    // A getter may answer an array now where Ajv saw an object: keep the key as it is then.
    if (Array.isArray(value) && index !== undefined) {
      if (key.length > 15) same = false;
      path[j] = index;
      value = value[index];
    } else if (Array.isArray(value)) {
      path[j] = key;
      value = undefined;
    } else {
      path[j] = key;
      value = value !== null && typeof value === "object" && has.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    }
  }
  return { path, pointer: same ? instancePath : toPointer(path), value };
}

/**
 * A string's length in code points, as JSON Schema counts, without reading
 * more than twice the limit: past that only its UTF-16 length is given (the
 * count would cost as much as the string is long).
 */
function lengthInWords(s: string, limit: number): string {
  if (s.length > 2 * limit + 2) return `${s.length} UTF-16 code units`;
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return String(n);
}

/**
 * Remembers a pure function's answers for the few keys a schema has (schema
 * paths, type lists): the regular expression and string work once per key.
 * Bounded, so keys from elsewhere cannot grow it without end.
 */
function memo(fn: (key: string) => string | undefined): (key: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined || known.has(key)) return hit;
    const value = fn(key);
    if (known.size < 2000) known.set(key, value);
    return value;
  };
}

/** `.../definitions/uuidV4/pattern` → the words for "uuidV4", if it has some */
const expectedByPath = memo((schemaPath) => {
  const m = /(?:definitions|\$defs)\/([^/]+)\/[^/]+$/.exec(schemaPath);
  return m ? EXPECTED_BY_DEFINITION[decodeURIComponent(m[1]!)] : undefined;
});

/** `"string,null"` → "a string or null" */
const typeWords = memo((types) => types.split(",").map(typeWord).join(" or "));

/** listValues per list: an enum's list is the schema's own array, the same at every error. */
const WORDS = new WeakMap<readonly unknown[], string>();

export function valueWords(values: readonly unknown[]): string {
  if (!Array.isArray(values)) return listValues(values); // as before, a throw included
  let words = WORDS.get(values);
  if (words === undefined) WORDS.set(values, (words = listValues(values)));
  return words;
}

type Mutable = { -readonly [K in keyof ValidationIssue]: ValidationIssue[K] };

/*
 * Each issue is made whole by one object literal, its members in makeIssue's order: an object
 * grown member by member keeps the members past the literal's outside itself, and every copy
 * made of it later (a hint, the JSON-RPC binding's prefix) was slower for that. Ajv gives every
 * error a schemaPath; without one an issue has no such member (start), as makeIssue would make it.
 */

/** The issue's first members; the caller adds the rest in the order makeIssue's `extra` would. */
function start(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined): Mutable {
  const issue: Mutable = { path: at.path, pointer: at.pointer, code, message };
  if (schemaPath !== undefined) issue.schemaPath = schemaPath;
  return issue;
}

/** start, then the members of `extra` that are defined, in its order: the issue without a literal of its own. */
function grown(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined, extra: Partial<Mutable>): Mutable {
  const issue = start(at, code, message, schemaPath);
  for (const k in extra) if (extra[k as keyof Mutable] !== undefined) (issue as Record<string, unknown>)[k] = extra[k as keyof Mutable];
  return issue;
}

/** The issue with `expected` and `received` (both always strings here). */
function withValues(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined, expected: string, received: string): Mutable {
  if (schemaPath !== undefined) return { path: at.path, pointer: at.pointer, code, message, schemaPath, expected, received };
  return grown(at, code, message, schemaPath, { expected, received });
}

/** The issue with `received`. */
function withReceived(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined, received: string): Mutable {
  if (schemaPath !== undefined) return { path: at.path, pointer: at.pointer, code, message, schemaPath, received };
  return grown(at, code, message, schemaPath, { received });
}

/** The issue with `allowed` (when given) and `received`. */
function withAllowed(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined, allowed: readonly unknown[] | undefined, received: string): Mutable {
  if (schemaPath !== undefined && allowed !== undefined) return { path: at.path, pointer: at.pointer, code, message, schemaPath, allowed, received };
  return grown(at, code, message, schemaPath, allowed === undefined ? { received } : { allowed, received });
}

/** The issue with `property`. */
function withProperty(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined, property: string): Mutable {
  if (schemaPath !== undefined) return { path: at.path, pointer: at.pointer, code, message, schemaPath, property };
  return grown(at, code, message, schemaPath, { property });
}

/** The issue with `expected` only. */
function withExpected(at: Resolved, code: IssueCode, message: string, schemaPath: string | undefined, expected: string): Mutable {
  if (schemaPath !== undefined) return { path: at.path, pointer: at.pointer, code, message, schemaPath, expected };
  return grown(at, code, message, schemaPath, { expected });
}

function one(e: AjvError, root: unknown, ctx: IssueContext): ValidationIssue | undefined {
  const at = resolve(root, e.instancePath);
  const value = at.value;
  const p = e.params;
  const sp = e.schemaPath;
  switch (e.keyword) {
    case "required": {
      return withProperty(at, "required", `missing required property "${p.missingProperty}"`, sp, String(p.missingProperty));
    }
    case "additionalProperties": {
      const prop = String(p.additionalProperty);
      at.path.push(prop);
      return withProperty({ path: at.path, pointer: at.pointer + "/" + escapeSegment(prop), value }, "unknown_property", `unknown property "${prop}" is not allowed`, sp, prop);
    }
    case "false schema": {
      return withReceived(at, "not_allowed", "must not be present here", sp, describeValue(value));
    }
    case "not": {
      return withReceived(at, "not_allowed", "is not allowed in this form", sp, describeValue(value));
    }
    case "type": {
      const got = describeValue(value);
      const expected = typeWords(String(p.type))!;
      return withValues(at, "type", `must be ${expected}, got ${got}`, sp, expected, got);
    }
    case "enum": {
      const got = describeValue(value);
      return withAllowed(at, "enum", `must be one of ${valueWords(p.allowedValues)}, got ${got}`, sp, p.allowedValues, got);
    }
    case "const": {
      const got = describeValue(value);
      return withAllowed(at, "const", `must be ${jsonText(p.allowedValue)}, got ${got}`, sp, [p.allowedValue], got);
    }
    case "format": {
      const got = describeValue(value);
      const expected = expectedByPath(sp) ?? EXPECTED_BY_FORMAT[p.format] ?? `a "${p.format}" string`;
      const why = typeof value === "string" ? ctx.formatProblem?.(String(p.format), value) : undefined;
      return withValues(at, "format", `must be ${expected}, got ${got}${why ? ` (${why})` : ""}`, sp, expected, got);
    }
    case "pattern": {
      const got = describeValue(value);
      const expected = expectedByPath(sp) ?? `a string matching ${p.pattern}`;
      return withValues(at, "pattern", `must be ${expected}, got ${got}`, sp, expected, got);
    }
    case "minLength":
    case "maxLength": {
      const short = e.keyword === "minLength";
      const len = typeof value === "string" ? lengthInWords(value, p.limit) : "0";
      const expected = `${short ? "at least" : "at most"} ${p.limit} character${p.limit === 1 ? "" : "s"}`;
      return withValues(at, short ? "too_short" : "too_long", `must be ${expected} long, got ${len}`, sp, expected, len);
    }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum": {
      const got = describeValue(value);
      const small = e.keyword.endsWith("inimum");
      const expected = `${String(p.comparison)} ${p.limit}`;
      return withValues(at, small ? "too_small" : "too_big", `must be ${expected}, got ${got}`, sp, expected, got);
    }
    case "minItems":
    case "maxItems": {
      const few = e.keyword === "minItems";
      const n = Array.isArray(value) ? value.length : 0;
      const expected = `${few ? "at least" : "at most"} ${p.limit} item${p.limit === 1 ? "" : "s"}`;
      return withValues(at, few ? "too_few_items" : "too_many_items", `must have ${expected}, got ${n}`, sp, expected, String(n));
    }
    case "minProperties":
    case "maxProperties": {
      const few = e.keyword === "minProperties";
      const expected = `${few ? "at least" : "at most"} ${p.limit} properties`;
      return withExpected(at, few ? "too_few_items" : "too_many_items", `must have ${expected}`, sp, expected);
    }
    case "uniqueItems":
      return start(at, "duplicate_items", `must not repeat items (items ${p.j} and ${p.i} are equal)`, sp);
    case "oneOf":
    case "anyOf": {
      const passing = p.passingSchemas as number[] | null | undefined;
      if (Array.isArray(passing)) {
        return start(at, "no_match", `must match exactly one of the alternatives, but matches ${passing.length}`, sp);
      }
      return start(at, "no_match", "must match one of the allowed shapes", sp);
    }
    case "if":
      return undefined; // the failing then/else branch reports the detail
    default:
      return start(at, "invalid", e.message ?? `fails ${e.keyword}`, sp);
  }
}

const isUnder = (pointer: string, root: string) => pointer === root || pointer.startsWith(root + "/");

type Label = number | "foreign";

/**
 * With allErrors, a failed oneOf/anyOf comes after every branch's errors, and
 * Ajv evaluates the branches in order, so each branch's errors form one run.
 * Errors whose schemaPath carries `<alt>/<i>/` name their branch; errors from
 * inside a `$ref` carry the referenced schema's path instead ("foreign") and
 * belong to the run they sit in.
 *
 * We keep the branch closest to the data: one whose `const` (discriminator)
 * matched, with the fewest errors. When every branch seen rejects the data's
 * const and foreign errors remain, they come from the branch that did match.
 * When every branch rejects the same property's const, that is one enum issue.
 */
function collapseSpan(spanErrors: readonly AjvError[], alt: AjvError): AjvError[] {
  const prefix = alt.schemaPath + "/";
  const parent = alt.schemaPath.slice(0, alt.schemaPath.lastIndexOf("/"));
  const span: Array<{ e: AjvError; label: Label }> = [];
  const outside: AjvError[] = [];
  for (const e of spanErrors) {
    if (e.schemaPath.startsWith(prefix)) span.push({ e, label: Number(e.schemaPath.slice(prefix.length).split("/")[0]) });
    else if (e.schemaPath.startsWith(parent + "/") || e.schemaPath === parent) outside.push(e); // a sibling keyword
    else span.push({ e, label: "foreign" });
  }
  // Attribute foreign errors sandwiched inside one branch's run to that branch
  // (nearest branch label on each side, found in two linear passes).
  const labels: Label[] = span.map((x) => x.label);
  const after: Array<Label | undefined> = new Array(span.length);
  let next: Label | undefined;
  for (let i = span.length - 1; i >= 0; i--) {
    after[i] = next;
    if (span[i]!.label !== "foreign") next = span[i]!.label;
  }
  let before: Label | undefined;
  for (let i = 0; i < span.length; i++) {
    const own = span[i]!.label;
    if (own !== "foreign") before = own;
    else if (before !== undefined && before === after[i]) labels[i] = before;
  }
  const branches = new Map<number, AjvError[]>();
  span.forEach((x, i) => {
    const l = labels[i]!;
    if (typeof l === "number") {
      let b = branches.get(l);
      if (!b) branches.set(l, (b = []));
      b.push(x.e);
    }
  });
  const loose = span.filter((_, i) => labels[i] === "foreign").map((x) => x.e);
  const list = [...branches.entries()].sort((a, b) => a[0] - b[0]);
  const consts = (errs: AjvError[]) => errs.filter((e) => e.keyword === "const");
  const matching = list.filter(([, errs]) => consts(errs).length === 0);

  let keep: AjvError[];
  // A branch that calls the data's keys unknown is the wrong shape; one that only dislikes values is closer.
  const unknowns = (errs: AjvError[]) => errs.filter((e) => e.keyword === "additionalProperties").length;
  const closer = (a: [number, AjvError[]], b: [number, AjvError[]]) =>
    unknowns(b[1]) < unknowns(a[1]) || (unknowns(b[1]) === unknowns(a[1]) && b[1].length < a[1].length) ? b : a;
  if (matching.length > 0) {
    const [index, errs] = matching.reduce(closer);
    // Loose errors right after this branch's run (and before the next) are its own.
    const last = span.map((x) => x.e).lastIndexOf(errs[errs.length - 1]!);
    const tail: AjvError[] = [];
    for (let i = last + 1; i < span.length && labels[i] === "foreign"; i++) tail.push(span[i]!.e);
    const nextIsOther = last + 1 + tail.length < span.length;
    keep = [...errs, ...(nextIsOther || index === list[list.length - 1]![0] ? tail : [])];
  } else if (loose.length > 0) {
    keep = loose;
  } else {
    const paths = new Set(list.flatMap(([, errs]) => consts(errs).map((e) => e.instancePath)));
    if (list.length > 1 && paths.size === 1 && list.every(([, errs]) => consts(errs).length === 1)) {
      keep = [
        {
          instancePath: consts(list[0]![1])[0]!.instancePath,
          schemaPath: alt.schemaPath,
          keyword: "enum",
          params: { allowedValues: list.map(([, errs]) => consts(errs)[0]!.params.allowedValue) },
        },
      ];
    } else if (list.length > 0) {
      keep = list.reduce(closer)[1];
    } else {
      keep = [{ ...alt, keyword: "oneOf-reported" }];
    }
  }
  return outside.length === 0 ? keep : [...outside, ...keep];
}

/** A oneOf/anyOf that no branch passed (one that more than one passed says so itself). */
const isFailedAlternative = (e: AjvError): boolean => (e.keyword === "oneOf" || e.keyword === "anyOf") && !Array.isArray(e.params.passingSchemas);

/**
 * Resolves every failed alternative in one pass: inner ones come first in
 * Ajv's order, so each is collapsed before the one around it, and each
 * collapse touches only its own span (linear overall, for any number of them).
 */
function collapseAlternatives(errors: readonly AjvError[]): readonly AjvError[] {
  // Most lists have no failed alternative: then they are kept as they are, without a copy.
  let i = 0;
  while (i < errors.length && !isFailedAlternative(errors[i]!)) i++;
  if (i === errors.length) return errors;
  const out: AjvError[] = [];
  for (const e of errors) {
    if (!isFailedAlternative(e)) {
      out.push(e);
      continue;
    }
    // The span: errors just before the alternative, inside its instance subtree.
    let start = out.length;
    while (start > 0 && isUnder(out[start - 1]!.instancePath, e.instancePath)) start--;
    const kept = collapseSpan(out.slice(start), e);
    out.length = start;
    for (const k of kept) out.push(k);
  }
  return out;
}

/**
 * The list collectIssues made last: only identity is asked of it. Not a WeakMap or a member on the
 * list (each measured slower on the invalid path); it holds issues, never the input.
 */
let lastCollected: readonly ValidationIssue[] | undefined;

/**
 * Is `issues` the very list collectIssues made last (a copy is not)? Then it holds every error Ajv
 * reported, unless it was capped (a too_many_issues marker says so).
 */
export function isLastCollected(issues: readonly ValidationIssue[]): boolean {
  return issues === lastCollected;
}

export interface CollectedIssues {
  readonly issues: ValidationIssue[];
  /** Errors left unread once `limit` issues were found (each is at most one more issue). */
  readonly rest: number;
}

/**
 * Turns Ajv errors (from the all-errors pass) into library issues, in document
 * order, stopping at `limit`: describing an issue is the expensive part, so
 * the ones past the cap are only counted.
 */
export function collectIssues(errors: readonly AjvError[], root: unknown, ctx: IssueContext = {}, limit = Infinity): CollectedIssues {
  const issues: ValidationIssue[] = [];
  lastCollected = issues;
  const unique = new Uniques();
  const collapsed = collapseAlternatives(errors);
  let i = 0;
  for (; i < collapsed.length && issues.length < limit; i++) {
    const e = collapsed[i]!;
    if (e.keyword === "oneOf-reported") {
      const { path } = resolve(root, e.instancePath);
      issues.push(makeIssue(path, "no_match", "must match one of the allowed shapes", { schemaPath: e.schemaPath }));
      continue;
    }
    const issue = one(e, root, ctx);
    if (issue && unique.add(issue)) issues.push(issue);
  }
  let rest = 0;
  for (; i < collapsed.length; i++) if (collapsed[i]!.keyword !== "if") rest++;
  return { issues, rest };
}

/**
 * The issues said once: an issue is new unless one added before has the same
 * key (pointer, code and message joined by NUL). A short list is compared
 * member by member, which answers the same while no pointer holds a NUL (codes
 * never do), without building and hashing a key per issue; past 16 issues, or
 * once a pointer holds a NUL, the keys go into a set.
 */
class Uniques {
  // Made at the first issue, one slot long: most lists have one or two.
  private list: ValidationIssue[] | undefined;
  private keys: Set<string> | undefined;

  /** Adds `issue` and says whether it is new. */
  add(issue: ValidationIssue): boolean {
    if (this.keys === undefined) {
      const list = this.list;
      if ((list === undefined || list.length < 16) && !issue.pointer.includes("\u0000")) {
        if (list === undefined) this.list = [issue];
        else {
          for (const x of list) if (x.pointer === issue.pointer && x.code === issue.code && x.message === issue.message) return false;
          list.push(issue);
        }
        return true;
      }
      this.keys = new Set(list === undefined ? [] : list.map(keyOf));
    }
    const key = keyOf(issue);
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }
}

const keyOf = (i: ValidationIssue) => `${i.pointer}\u0000${i.code}\u0000${i.message}`;

/** Every issue the errors describe, uncapped (for callers that cap on their own). */
export function issuesFromAjv(errors: readonly AjvError[], root: unknown, ctx: IssueContext = {}): ValidationIssue[] {
  return collectIssues(errors, root, ctx).issues;
}
