/**
 * The checks every generated Zod model is made of (scripts/generate/emit/zod.ts).
 * Each JSON Schema keyword Zod has no exact method for is one check that behaves as
 * the compiled validators do: lengths in code points (as JSON Schema counts them,
 * not UTF-16 units), regular expressions with the `u` flag, integers as Ajv
 * defines them (any finite whole number, not only safe integers), and a string
 * longer than twice its cap skips its pattern and format (as the validators'
 * all-errors pass does: the length issue says what is wrong). A failed check
 * carries the Ajv error the validators report for the same keyword
 * (`params.ajv`), so issuesFromZod reads it without parsing messages.
 */
import { z } from "zod";
import type { ValidationIssue } from "./issue.js";

/** The Ajv error a failed check stands for: keyword, its params and the schema path of the keyword. */
export interface AjvSite {
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly schemaPath: string;
  /** The words of a keyword the core does not know (a family's own). */
  readonly message?: string;
}

export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

function check<T>(ok: (value: T) => boolean, message: string, ajv: AjvSite) {
  return z.refine<T>(ok, { message, params: { ajv } });
}

/** `minLength`: a string has between length/2 and length code points, so most strings need no count. */
export function minLength(n: number, schemaPath: string) {
  return check((s: string) => s.length >= 2 * n || codePoints(s) >= n, `must be at least ${n} characters long`, { keyword: "minLength", params: { limit: n }, schemaPath });
}

/** `maxLength`, settled by `.length` unless the string is between the cap and twice it. */
export function maxLength(n: number, schemaPath: string) {
  return check((s: string) => s.length <= n || (s.length <= 2 * n && codePoints(s) <= n), `must be at most ${n} characters long`, {
    keyword: "maxLength",
    params: { limit: n },
    schemaPath,
  });
}

/** `pattern`; `cap` is the schema's maxLength, past twice which the pattern is not matched. */
export function pattern(source: string, schemaPath: string, cap?: number) {
  const re = new RegExp(source, "u");
  const limit = cap === undefined ? Infinity : 2 * cap;
  return check((s: string) => s.length > limit || re.test(s), `must match ${source}`, { keyword: "pattern", params: { pattern: source }, schemaPath });
}

/** `format` with the family's implementation of it; `cap` as for `pattern`. */
export function format(name: string, valid: (s: string) => boolean, schemaPath: string, cap?: number) {
  const limit = cap === undefined ? Infinity : 2 * cap;
  return check((s: string) => s.length > limit || valid(s), `must be a valid ${name}`, { keyword: "format", params: { format: name }, schemaPath });
}

/** What a non-number says where the schema wants an integer (Zod's type issue carries no params). */
export const INTEGER_MESSAGE = "must be an integer";

/** `type: "integer"`: a number (Zod's type check, worded for an integer), then whole. */
export function integer(schemaPath: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? undefined : INTEGER_MESSAGE) })
    .check(check((n: number) => Number.isInteger(n), INTEGER_MESSAGE, { keyword: "type", params: { type: "integer" }, schemaPath }));
}

export function minimum(limit: number, schemaPath: string) {
  return check((n: number) => n >= limit, `must be >= ${limit}`, { keyword: "minimum", params: { limit, comparison: ">=" }, schemaPath });
}

export function maximum(limit: number, schemaPath: string) {
  return check((n: number) => n <= limit, `must be <= ${limit}`, { keyword: "maximum", params: { limit, comparison: "<=" }, schemaPath });
}

/** A required key whose schema accepts any value: it must be there (undefined is not JSON). */
export function present(schemaPath: string) {
  return check((v: unknown) => v !== undefined, "is required", { keyword: "required", params: {}, schemaPath });
}

/** A check of the whole object by a family's own keyword (the same function the validators call). */
export function keyword(name: string, valid: (value: Record<string, unknown>) => boolean, message: string, schemaPath: string) {
  return check((v: Record<string, unknown>) => valid(v), message, { keyword: name, params: {}, schemaPath, message });
}

/** A JSON object (not an array, not null) with any members. */
export const jsonObject = z.record(z.string(), z.unknown());

/** A map (`additionalProperties` with a schema). z.record skips a `__proto__` key; JSON Schema checks it like any other, so check it first. */
export function map<V extends z.ZodType>(value: V) {
  const own = (v: unknown): boolean =>
    v === null || typeof v !== "object" || !Object.prototype.hasOwnProperty.call(v, "__proto__") || value.safeParse((v as Record<string, unknown>)["__proto__"]).success;
  return z.custom<unknown>(own, { message: "invalid value under the key __proto__" }).pipe(z.record(z.string(), value));
}

/**
 * The schema of a oneof member that a branch does not set: an optional key of type never, so `z.infer`
 * and `z.input` give `?: never` as the generated types do. Any value fails; like a missing key, `undefined`
 * (which JSON cannot hold) passes, as it does for the validators.
 */
export type AbsentMember = z.ZodType<never, never> & {
  /** Zod's internals, narrowed. */
  _zod: {
    /** The key may be absent on input. */
    optin: "optional";
    /** The key may be absent on output. */
    optout: "optional";
  };
};
/** The one AbsentMember (the cast only narrows the inferred type of z.never().optional()). */
export const absent = z.never().optional() as unknown as AbsentMember;

/** Adds library issues (from a shared rules function) to a Zod context with the same paths. */
export function addIssues(ctx: { addIssue: (i: any) => void }, issues: readonly ValidationIssue[]): void {
  for (const i of issues) {
    if (i.severity === "warning") continue;
    ctx.addIssue({ code: "custom", path: [...i.path], message: i.message, params: { a2aCode: i.code } });
  }
}

/** A family's rules in code as a superRefine: the validators' own function, its issues as they are. */
export function withRules<T>(rules: (value: T) => readonly ValidationIssue[]) {
  return (value: T, ctx: { addIssue: (i: any) => void }): void => addIssues(ctx, rules(value));
}

/** Like the validators, run cross-field rules only once the shape is valid (Zod's default runs them on partial shapes too). */
export const shapeIsValid = (payload: { issues: readonly unknown[] }): boolean => payload.issues.length === 0;
