import { describeValue, makeIssue, type PathSegment, type ValidationIssue } from "./issue.js";
import { EXPECTED_BY_DEFINITION, EXPECTED_BY_FORMAT, listValues, typeWord } from "./messages.js";

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

/** Walks an Ajv instancePath through the input; numeric segments become numbers inside arrays. */
function resolve(root: unknown, instancePath: string): { path: PathSegment[]; value: unknown } {
  const path: PathSegment[] = [];
  let value: unknown = root;
  if (instancePath === "") return { path, value };
  for (const raw of instancePath.slice(1).split("/")) {
    const key = raw.includes("~") ? raw.replace(/~1/g, "/").replace(/~0/g, "~") : raw;
    // A getter may answer an array now where Ajv saw an object: keep the key as it is then.
    if (Array.isArray(value) && /^(?:0|[1-9][0-9]*)$/.test(key)) {
      const i = Number(key);
      path.push(i);
      value = value[i];
    } else if (Array.isArray(value)) {
      path.push(key);
      value = undefined;
    } else {
      path.push(key);
      value = value !== null && typeof value === "object" && has.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    }
  }
  return { path, value };
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

/** `.../definitions/uuidV4/pattern` → "uuidV4" */
function definitionName(schemaPath: string): string | undefined {
  const m = /(?:definitions|\$defs)\/([^/]+)\/[^/]+$/.exec(schemaPath);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

function expectedFor(e: AjvError): string | undefined {
  const def = definitionName(e.schemaPath);
  return def !== undefined ? EXPECTED_BY_DEFINITION[def] : undefined;
}

function one(e: AjvError, root: unknown, ctx: IssueContext): ValidationIssue | undefined {
  const { path, value } = resolve(root, e.instancePath);
  const got = describeValue(value);
  const p = e.params;
  const base = { schemaPath: e.schemaPath };
  switch (e.keyword) {
    case "required":
      return makeIssue(path, "required", `missing required property "${p.missingProperty}"`, { ...base, property: String(p.missingProperty) });
    case "additionalProperties": {
      const prop = String(p.additionalProperty);
      return makeIssue([...path, prop], "unknown_property", `unknown property "${prop}" is not allowed`, { ...base, property: prop });
    }
    case "false schema":
      return makeIssue(path, "not_allowed", "must not be present here", { ...base, received: got });
    case "not":
      return makeIssue(path, "not_allowed", "is not allowed in this form", { ...base, received: got });
    case "type": {
      const types = String(p.type).split(",");
      const expected = types.map(typeWord).join(" or ");
      return makeIssue(path, "type", `must be ${expected}, got ${got}`, { ...base, expected, received: got });
    }
    case "enum":
      return makeIssue(path, "enum", `must be one of ${listValues(p.allowedValues)}, got ${got}`, {
        ...base,
        allowed: p.allowedValues,
        received: got,
      });
    case "const":
      return makeIssue(path, "const", `must be ${JSON.stringify(p.allowedValue)}, got ${got}`, {
        ...base,
        allowed: [p.allowedValue],
        received: got,
      });
    case "format": {
      const expected = expectedFor(e) ?? EXPECTED_BY_FORMAT[p.format] ?? `a "${p.format}" string`;
      const why = typeof value === "string" ? ctx.formatProblem?.(String(p.format), value) : undefined;
      return makeIssue(path, "format", `must be ${expected}, got ${got}${why ? ` (${why})` : ""}`, { ...base, expected, received: got });
    }
    case "pattern": {
      const expected = expectedFor(e) ?? `a string matching ${p.pattern}`;
      return makeIssue(path, "pattern", `must be ${expected}, got ${got}`, { ...base, expected, received: got });
    }
    case "minLength":
    case "maxLength": {
      const short = e.keyword === "minLength";
      const len = typeof value === "string" ? lengthInWords(value, p.limit) : "0";
      const expected = `${short ? "at least" : "at most"} ${p.limit} character${p.limit === 1 ? "" : "s"}`;
      return makeIssue(path, short ? "too_short" : "too_long", `must be ${expected} long, got ${len}`, { ...base, expected, received: len });
    }
    case "minimum":
    case "exclusiveMinimum":
    case "maximum":
    case "exclusiveMaximum": {
      const small = e.keyword.endsWith("inimum");
      const expected = `${String(p.comparison)} ${p.limit}`;
      return makeIssue(path, small ? "too_small" : "too_big", `must be ${expected}, got ${got}`, { ...base, expected, received: got });
    }
    case "minItems":
    case "maxItems": {
      const few = e.keyword === "minItems";
      const n = Array.isArray(value) ? value.length : 0;
      const expected = `${few ? "at least" : "at most"} ${p.limit} item${p.limit === 1 ? "" : "s"}`;
      return makeIssue(path, few ? "too_few_items" : "too_many_items", `must have ${expected}, got ${n}`, { ...base, expected, received: String(n) });
    }
    case "minProperties":
    case "maxProperties": {
      const few = e.keyword === "minProperties";
      const expected = `${few ? "at least" : "at most"} ${p.limit} properties`;
      return makeIssue(path, few ? "too_few_items" : "too_many_items", `must have ${expected}`, { ...base, expected });
    }
    case "uniqueItems":
      return makeIssue(path, "duplicate_items", `must not repeat items (items ${p.j} and ${p.i} are equal)`, base);
    case "oneOf":
    case "anyOf": {
      const passing = p.passingSchemas as number[] | null | undefined;
      if (Array.isArray(passing)) {
        return makeIssue(path, "no_match", `must match exactly one of the alternatives, but matches ${passing.length}`, base);
      }
      return makeIssue(path, "no_match", "must match one of the allowed shapes", base);
    }
    case "if":
      return undefined; // the failing then/else branch reports the detail
    default:
      return makeIssue(path, "invalid", e.message ?? `fails ${e.keyword}`, base);
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

/**
 * Resolves every failed alternative in one pass: inner ones come first in
 * Ajv's order, so each is collapsed before the one around it, and each
 * collapse touches only its own span (linear overall, for any number of them).
 */
function collapseAlternatives(errors: readonly AjvError[]): AjvError[] {
  const out: AjvError[] = [];
  for (const e of errors) {
    if ((e.keyword !== "oneOf" && e.keyword !== "anyOf") || Array.isArray(e.params.passingSchemas)) {
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
  const seen = new Set<string>();
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
    if (!issue) continue;
    const key = `${issue.pointer}\u0000${issue.code}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  let rest = 0;
  for (; i < collapsed.length; i++) if (collapsed[i]!.keyword !== "if") rest++;
  return { issues, rest };
}

/** Every issue the errors describe, uncapped (for callers that cap on their own). */
export function issuesFromAjv(errors: readonly AjvError[], root: unknown, ctx: IssueContext = {}): ValidationIssue[] {
  return collectIssues(errors, root, ctx).issues;
}
