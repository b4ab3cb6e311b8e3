/**
 * From Zod issues to the library's issues: each Zod issue becomes the Ajv error
 * the validators would have seen for the same rule, and those go through the
 * same issue building as the validators' (collectIssues in ajv-issues.ts; for
 * v1 also the engine's rewording and hints, refineFailure in v1/engine.ts), so
 * a Zod failure reads with the validators' codes, messages and hints. An issue
 * a Zod model took from a library rule (`params.a2aCode`, see addIssues in
 * zod-helpers.ts) comes through as it is.
 */
import type { z } from "zod";
import { collectIssues, type AjvError, type IssueContext } from "./ajv-issues.js";
import { makeIssue, toPointer, type IssueCode, type PathSegment, type ValidationIssue } from "./issue.js";
import { capIssues } from "./validator.js";
import { INTEGER_MESSAGE, type AjvSite } from "./zod-helpers.js";

/** A Zod issue as Zod 4 reports it (the fields this mapper reads). */
export type ZodIssue = z.core.$ZodIssue;

/** What a family adapter turns a Zod issue into: Ajv errors (built into issues), finished issues, or nothing. */
export type Mapped = { readonly errors?: readonly AjvError[]; readonly issues?: readonly ValidationIssue[] } | undefined;

/** Where a Zod issue sits, with the value found there. */
export interface ZodIssueSite {
  readonly issue: ZodIssue;
  /** The full path from the root of the input. */
  readonly path: readonly PathSegment[];
  /** The value at `path` (undefined when absent). */
  readonly value: unknown;
  /** The input root. */
  readonly root: unknown;
}

/** How one family reads its Zod models' issues. */
export interface ZodIssueOptions extends IssueContext {
  /**
   * A family's own reading of one issue (custom checks, patterns, ...); return undefined to use the
   * generic mapping.
   */
  readonly map?: ((site: ZodIssueSite) => Mapped) | undefined;
  /**
   * A union that failed: which branch's issues to report (an index), or one issue on the whole union
   * plus the branch issues that stand beside it (`{ whole: [...] }`); undefined for the closest branch.
   */
  readonly union?: ((site: ZodIssueSite, branches: readonly (readonly ZodIssue[])[]) => number | { readonly whole: readonly ZodIssue[] } | { readonly each: true } | undefined) | undefined;
  /** What a failed union says when it is reported whole: an Ajv error at its place (default: a oneOf error). */
  readonly wholeUnion?: ((site: ZodIssueSite) => AjvError) | undefined;
  /** A one-value enum is an `enum` in the schemas (the message lists it), not a `const`. */
  readonly singleValueEnum?: boolean | undefined;
  /** Whether the enum at `path` is declared a string too (then a value of another type fails both); default yes. */
  readonly enumIsString?: ((path: readonly PathSegment[]) => boolean) | undefined;
  /** Post-processing of the built issues (v1: rewording and hints). */
  readonly finish?: ((issues: ValidationIssue[], input: unknown) => ValidationIssue[]) | undefined;
}

export const own = Object.prototype.hasOwnProperty;

/** The value at `path` in `root`, without invoking anything but plain property reads. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let v = root;
  for (const seg of path) {
    if (v === null || typeof v !== "object") return undefined;
    if (Array.isArray(v)) v = typeof seg === "number" || /^(?:0|[1-9][0-9]*)$/.test(String(seg)) ? v[Number(seg)] : undefined;
    else v = own.call(v, seg) ? (v as Record<string, unknown>)[seg as string] : undefined;
  }
  return v;
}

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** An Ajv error at `path`; `schemaPath` ends in the keyword unless given. */
export function ajvError(path: readonly PathSegment[], keyword: string, params: Record<string, unknown>, schemaPath?: string, message?: string): AjvError {
  return { instancePath: toPointer(path), schemaPath: schemaPath ?? `#/${keyword}`, keyword, params, ...(message !== undefined ? { message } : {}) };
}

/** `missing required property "<last segment>"` at the parent, as Ajv reports an absent key. */
export function requiredAt(path: readonly PathSegment[], schemaPath?: string): AjvError {
  return ajvError(path.slice(0, -1), "required", { missingProperty: String(path[path.length - 1]) }, schemaPath);
}

const TYPE_NAMES: Record<string, string> = { int: "integer", record: "object", map: "object", tuple: "array", set: "array", bigint: "integer", undefined: "null" };

/** The generic reading of one Zod issue (no union: those are handled by the walk). */
export function generic(site: ZodIssueSite, prefix: string, opts: ZodIssueOptions): AjvError[] {
  const single = opts.singleValueEnum === true;
  const { issue, path, value } = site;
  const sp = (k: string) => `${prefix}/${k}`;
  switch (issue.code) {
    case "invalid_type": {
      const parent = path.length > 0 ? valueAt(site.root, path.slice(0, -1)) : undefined;
      if (value === undefined && path.length > 0 && isObject(parent)) return [requiredAt(path, sp("required"))];
      if (issue.expected === "never") return [ajvError(path, "false schema", {}, sp("false schema"))];
      // A generated integer check words its type issue as one (zod-helpers.ts `integer`).
      const type = issue.expected === "number" && issue.message === INTEGER_MESSAGE ? "integer" : (TYPE_NAMES[issue.expected] ?? issue.expected);
      return [ajvError(path, "type", { type }, sp("type"))];
    }
    case "unrecognized_keys":
      return issue.keys.map((k) => ajvError(path, "additionalProperties", { additionalProperty: k }, sp("additionalProperties")));
    case "invalid_value": {
      const parent = path.length > 0 ? valueAt(site.root, path.slice(0, -1)) : undefined;
      if (value === undefined && path.length > 0 && isObject(parent)) return [requiredAt(path, sp("required"))];
      if (issue.values.length === 1 && !single) return [ajvError(path, "const", { allowedValue: issue.values[0] }, sp("const"))];
      const errors = [ajvError(path, "enum", { allowedValues: issue.values }, sp("enum"))];
      // An enum of strings is a string with a list: a value of another type fails both.
      if (typeof value !== "string" && issue.values.every((v) => typeof v === "string") && (opts.enumIsString?.(path) ?? true)) errors.push(ajvError(path, "type", { type: "string" }, sp("type")));
      return errors;
    }
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = Number(small ? (issue as { minimum: number | bigint }).minimum : (issue as { maximum: number | bigint }).maximum);
      const origin = issue.origin;
      if (origin === "string") return [ajvError(path, small ? "minLength" : "maxLength", { limit }, sp(small ? "minLength" : "maxLength"))];
      if (origin === "array" || origin === "set") return [ajvError(path, small ? "minItems" : "maxItems", { limit }, sp(small ? "minItems" : "maxItems"))];
      const inclusive = issue.inclusive !== false;
      const keyword = small ? (inclusive ? "minimum" : "exclusiveMinimum") : inclusive ? "maximum" : "exclusiveMaximum";
      return [ajvError(path, keyword, { limit, comparison: `${small ? ">" : "<"}${inclusive ? "=" : ""}` }, sp(keyword))];
    }
    case "invalid_format": {
      if (issue.format === "regex") {
        const pattern = (issue as { pattern?: string }).pattern ?? "";
        const source = pattern.startsWith("/") ? pattern.slice(1, pattern.lastIndexOf("/")) : pattern;
        return [ajvError(path, "pattern", { pattern: source }, sp("pattern"))];
      }
      return [ajvError(path, "format", { format: issue.format }, sp("format"))];
    }
    case "not_multiple_of":
      return [ajvError(path, "multipleOf", { multipleOf: issue.divisor }, sp("multipleOf"), `must be a multiple of ${issue.divisor}`)];
    default:
      // custom checks without a family reading, invalid keys or elements of maps: the check's own words.
      return [ajvError(path, "invalid", {}, sp("invalid"), issue.message || "is not valid here")];
  }
}

/** The Ajv error a generated check carries (zod-helpers.ts), if the issue is one. */
function checkSite(issue: ZodIssue): AjvSite | undefined {
  if (issue.code !== "custom") return undefined;
  const ajv = (issue.params as { ajv?: AjvSite } | undefined)?.ajv;
  return ajv !== undefined && typeof ajv.keyword === "string" && typeof ajv.schemaPath === "string" ? ajv : undefined;
}

/** A library issue a Zod model added from a shared rule (addIssues): `params.a2aCode` carries its code. */
function libraryIssue(site: ZodIssueSite): ValidationIssue | undefined {
  if (site.issue.code !== "custom") return undefined;
  const code = (site.issue.params as { a2aCode?: unknown } | undefined)?.a2aCode;
  if (typeof code !== "string") return undefined;
  return makeIssue(site.path, code as IssueCode, site.issue.message);
}

/**
 * Walks the issues (and the branches of failed unions) into Ajv errors, in order, with each
 * union's branches before the union itself as Ajv reports them, so that collectIssues keeps the
 * branch closest to the data exactly as it does for the validators.
 */
function walk(
  issues: readonly ZodIssue[],
  base: readonly PathSegment[],
  root: unknown,
  opts: ZodIssueOptions,
  prefix: string,
  errors: AjvError[],
  ready: ValidationIssue[],
  rules: ValidationIssue[],
): void {
  // Zod may check a length beside a failed type (an array's min on a string): the type issue says it all.
  const typed = new Set(issues.filter((i) => i.code === "invalid_type").map((i) => JSON.stringify(i.path)));
  for (const issue of issues) {
    if ((issue.code === "too_small" || issue.code === "too_big") && typed.has(JSON.stringify(issue.path))) continue;
    const path = [...base, ...(issue.path as PathSegment[])];
    const site: ZodIssueSite = { issue, path, value: valueAt(root, path), root };
    if (issue.code === "invalid_union") {
      const branches = issue.errors;
      if (branches.length === 0) {
        // A discriminated union found no option for the discriminator's value.
        const options = (issue as { options?: unknown[] }).options;
        const value = site.value;
        if (Array.isArray(options) && value !== undefined) errors.push(ajvError(path, "enum", { allowedValues: options }, `${prefix}/enum`));
        else if (Array.isArray(options)) errors.push(requiredAt(path, `${prefix}/required`));
        else errors.push(ajvError(path, "anyOf", {}, `${prefix}/anyOf`));
        continue;
      }
      const parent = path.length > 0 ? valueAt(root, path.slice(0, -1)) : undefined;
      if (site.value === undefined && path.length > 0 && isObject(parent)) {
        errors.push(requiredAt(path, `${prefix}/required`));
        continue;
      }
      const pick = opts.union?.(site, branches);
      if (typeof pick === "object" && "each" in pick) {
        for (const b of branches) walk(b, path, root, opts, prefix, errors, ready, rules);
        continue;
      }
      if (typeof pick === "object") {
        walk(pick.whole, path, root, opts, prefix, errors, ready, rules);
        errors.push(opts.wholeUnion?.(site) ?? ajvError(path, "oneOf", { passingSchemas: null }, `${prefix}/oneOf`));
        continue;
      }
      if (typeof pick === "number" && branches[pick]) {
        walk(branches[pick]!, path, root, opts, prefix, errors, ready, rules);
        continue;
      }
      // Every branch refuses a field another one needs (a oneof read without its message name): no branch is closer.
      if (branches.every((b) => b.some((i) => i.code === "invalid_type" && i.expected === "never"))) {
        errors.push(ajvError(path, "oneOf", { passingSchemas: null }, `${prefix}/oneOf`));
        continue;
      }
      // Every branch's errors, then the union: collectIssues keeps the closest branch (as for Ajv's anyOf).
      const at = `${prefix}/anyOf`;
      branches.forEach((b, i) => walk(b, path, root, opts, `${at}/${i}`, errors, ready, rules));
      errors.push(ajvError(path, "anyOf", {}, at));
      continue;
    }
    // A generated check says which Ajv error it stands for.
    const ajv = checkSite(issue);
    if (ajv !== undefined) {
      const sp = prefix + ajv.schemaPath.slice(1);
      errors.push(ajv.keyword === "required" ? requiredAt(path, sp) : ajvError(path, ajv.keyword, { ...ajv.params }, sp, ajv.message));
      continue;
    }
    // The family's reading, then a library rule's issue as it is.
    const mapped = opts.map?.(site);
    const lib = mapped === undefined ? libraryIssue(site) : undefined;
    if (lib !== undefined) rules.push(lib);
    else if (mapped !== undefined) {
      if (mapped.errors) for (const e of mapped.errors) errors.push({ ...e, schemaPath: e.schemaPath.startsWith("#") && prefix !== "#" ? prefix + e.schemaPath.slice(1) : e.schemaPath });
      if (mapped.issues) ready.push(...mapped.issues);
    } else errors.push(...generic(site, prefix, opts));
  }
}

/** The issues of a Zod error (or of anything with Zod's `issues`). */
export type ZodErrorLike = { readonly issues: readonly ZodIssue[] };

/**
 * Maps a Zod error of one of this package's Zod models to the library's issues for `input` (the
 * value that was parsed): the same pointers, codes and messages as the validators give, as far as
 * the Zod issue tells. `options` is a family's reading (the family entries' `issuesFromZod` pass theirs).
 */
export function zodIssues(error: ZodErrorLike | undefined, input: unknown, options: ZodIssueOptions = {}): ValidationIssue[] {
  if (error === undefined) return [];
  try {
    return mapIssues(error, input, options);
  } catch {
    try {
      // Reading the input again failed (a throwing getter, a revoked proxy): Zod's own words, at Zod's paths.
      return capIssues(
        error.issues.map((i) =>
          makeIssue(
            i.path.filter((p): p is PathSegment => typeof p === "string" || (typeof p === "number" && Number.isInteger(p) && p >= 0)),
            "invalid",
            String(i.message),
          ),
        ),
      );
    } catch {
      // Not a ZodError at all: say so instead of throwing.
      return [makeIssue([], "invalid", "the Zod error could not be read: pass the `error` of a failed safeParse")];
    }
  }
}

function mapIssues(error: ZodErrorLike, input: unknown, options: ZodIssueOptions): ValidationIssue[] {
  const errors: AjvError[] = [];
  const ready: ValidationIssue[] = [];
  const rules: ValidationIssue[] = [];
  walk(error.issues, [], input, options, "#", errors, ready, rules);
  // The validators run the rules on schema-valid input only (Zod may run them beside a non-aborting issue).
  if (errors.length === 0 && ready.length === 0) ready.push(...rules);
  // Schema paths of the mapping's own unions say nothing about the schema: drop them.
  const built = collectIssues(errors, input, options).issues.map((i) =>
    i.schemaPath !== undefined && i.schemaPath.includes("/anyOf/") ? { ...i, schemaPath: i.schemaPath.replace(/\/anyOf\/\d+/g, "") } : i,
  );
  const seen = new Set(built.map((i) => `${i.pointer}\u0000${i.code}\u0000${i.message}`));
  for (const i of ready) {
    const key = `${i.pointer}\u0000${i.code}\u0000${i.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      built.push(i);
    }
  }
  const out = options.finish ? options.finish(built, input) : built;
  if (out.length === 0 && error.issues.length > 0) return [makeIssue([], "invalid", "is not valid")];
  return capIssues(out); // as the validators: at most 100 issues and a marker
}
