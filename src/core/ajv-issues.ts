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
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(value)) {
      const i = Number(key);
      path.push(i);
      value = value[i];
    } else {
      path.push(key);
      value = value !== null && typeof value === "object" && has.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
    }
  }
  return { path, value };
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
      const len = typeof value === "string" ? [...value].length : 0;
      const expected = `${short ? "at least" : "at most"} ${p.limit} characters`;
      return makeIssue(path, short ? "too_short" : "too_long", `must be ${expected} long, got ${len}`, { ...base, expected, received: String(len) });
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
      const expected = `${few ? "at least" : "at most"} ${p.limit} items`;
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

interface Branch {
  index: number;
  errors: AjvError[];
}

/**
 * With allErrors, a failed oneOf/anyOf comes with every branch's errors. Keep the
 * branch closest to the data: one whose `const` (discriminator) matched, else the
 * fewest errors. When every branch rejects the same property's const, that is one
 * enum issue listing all the consts.
 */
function collapseAlternatives(errors: readonly AjvError[]): AjvError[] {
  let out = errors.slice();
  for (;;) {
    const alt = out.find((e) => (e.keyword === "oneOf" || e.keyword === "anyOf") && !Array.isArray(e.params.passingSchemas));
    if (!alt) return out;
    const prefix = alt.schemaPath + "/";
    const branches = new Map<number, Branch>();
    const inside: AjvError[] = [];
    for (const e of out) {
      if (e !== alt && e.schemaPath.startsWith(prefix)) {
        inside.push(e);
        const i = Number(e.schemaPath.slice(prefix.length).split("/")[0]);
        let b = branches.get(i);
        if (!b) branches.set(i, (b = { index: i, errors: [] }));
        b.errors.push(e);
      }
    }
    const list = [...branches.values()].sort((a, b) => a.index - b.index);
    let keep: AjvError[];
    const constFails = (b: Branch) => b.errors.filter((e) => e.keyword === "const");
    const allConst = list.length > 1 && list.every((b) => constFails(b).length === 1);
    const constPaths = new Set(list.flatMap((b) => constFails(b).map((e) => e.instancePath)));
    if (allConst && constPaths.size === 1) {
      const first = constFails(list[0]!)[0]!;
      keep = [
        {
          instancePath: first.instancePath,
          schemaPath: alt.schemaPath,
          keyword: "enum",
          params: { allowedValues: list.map((b) => constFails(b)[0]!.params.allowedValue) },
        },
      ];
    } else {
      const candidates = list.filter((b) => constFails(b).length === 0);
      const pool = candidates.length > 0 ? candidates : list;
      const best = pool.reduce((a, b) => (b.errors.length < a.errors.length ? b : a), pool[0]!);
      keep = best ? best.errors : [{ ...alt, keyword: "oneOf-reported" }];
    }
    const drop = new Set<AjvError>([alt, ...inside]);
    const at = out.indexOf(alt);
    const before = out.slice(0, at).filter((e) => !drop.has(e));
    const after = out.slice(at + 1).filter((e) => !drop.has(e));
    out = [...before, ...keep, ...after];
  }
}

/** Turns Ajv errors (from the allErrors pass) into library issues, in document order. */
export function issuesFromAjv(errors: readonly AjvError[], root: unknown, ctx: IssueContext = {}): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const e of collapseAlternatives(errors)) {
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
  return issues;
}
