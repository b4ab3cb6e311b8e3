import type { StandardSchemaV1 } from "@standard-schema/spec";
import { collectIssues, type AjvError, type IssueContext } from "./ajv-issues.js";
import { ERROR_BUDGET, withErrorBudget } from "./error-budget.js";
import { jsonSchemaSourceOf, unionSource, withJsonSchema, type JsonSchemaSource } from "./json-schema.js";
import { thrownReason, unreadable } from "./guard.js";
import { describeValue, formatIssue, makeIssue, type ValidationIssue } from "./issue.js";
import { listValues } from "./messages.js";
import { MAX_ISSUES, type ValidationResult } from "./result.js";

/** A validator function emitted by Ajv standalone. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

export interface ValidatorSpec<T> extends IssueContext {
  /** The type name used in messages and errors (`RequestMessage`). */
  readonly name: string;
  /** First-error validator: the fast path. */
  readonly first: GeneratedValidator;
  /** All-errors validator: only run once `first` has failed. */
  readonly full: GeneratedValidator;
  /** Cross-field rules JSON Schema cannot state; run only on schema-valid input. */
  readonly rules?: (value: T) => ValidationIssue[];
}

/** A validator: `(input) => ValidationResult`, never throws; with `check`, `typeName` and Standard Schema (`~standard`). */
export interface Validator<T> extends StandardSchemaV1<unknown, T> {
  (input: unknown): ValidationResult<T>;
  /** The name of the type it validates, e.g. "RequestMessage". */
  readonly typeName: string;
  /** Fast yes/no: first-error pass and rules only, no issue list. Never throws. */
  check(input: unknown): input is T;
}

export const VENDOR = "a2a-schemas";

/** The marker after a capped list: how many there were, or that validation stopped before counting them all. */
export function tooMany(shown: number, total: number | undefined): ValidationIssue {
  return total !== undefined
    ? makeIssue([], "too_many_issues", `too many issues: showing the first ${shown} of ${total}`, { received: String(total) })
    : makeIssue([], "too_many_issues", `too many issues: showing the first ${shown}; validation stopped after ${ERROR_BUDGET} errors`);
}

/** Truncates to MAX_ISSUES and says so, so hostile input cannot make the list the cost. */
export function capIssues(issues: ValidationIssue[]): ValidationIssue[] {
  // A list capped before (by issuesOf) keeps its marker, which knows more than this length does.
  const marker = issues.find((i) => i.code === "too_many_issues");
  const rest = marker === undefined ? issues : issues.filter((i) => i !== marker);
  if (rest.length <= MAX_ISSUES) return marker === undefined ? issues : [...rest, marker];
  const kept = rest.slice(0, MAX_ISSUES);
  // A list of warnings only (a passing document's) gets a warning marker: it must not turn a pass into an error.
  const onlyWarnings = rest.every((i) => i.severity === "warning");
  kept.push(marker ?? (onlyWarnings ? { ...tooMany(MAX_ISSUES, rest.length), severity: "warning" } : tooMany(MAX_ISSUES, rest.length)));
  return kept;
}

/**
 * The all-errors pass with bounded work (see error-budget.ts), read into at
 * most MAX_ISSUES issues plus a marker: linear in the input, whatever it holds.
 */
export function issuesOf(full: GeneratedValidator, input: unknown, ctx: IssueContext, name: string): ValidationIssue[] {
  const stopped = withErrorBudget(() => full(input));
  const { issues, rest } = collectIssues(full.errors ?? [], input, ctx, MAX_ISSUES);
  full.errors = null; // do not keep the input's error list alive
  if (issues.length === 0) issues.push(makeIssue([], "invalid", `is not a valid ${name}`));
  if (stopped) issues.push(tooMany(issues.length, undefined));
  else if (rest > 0) issues.push(tooMany(issues.length, issues.length + rest));
  return issues;
}

function failure(err: unknown): ValidationIssue[] {
  return [unreadable(err)];
}

function onlyErrors(issues: ValidationIssue[]): ValidationIssue[] {
  return issues.filter((i) => i.severity !== "warning");
}

/** Wraps a pair of generated validators into the library's validator shape. */
export function createValidator<T>(spec: ValidatorSpec<T>): Validator<T> {
  const { first, full, rules, name } = spec;

  const validate = (input: unknown): ValidationResult<T> => {
    try {
      if (first(input)) {
        if (rules === undefined) return { ok: true, value: input as T };
        const ruled = rules(input as T);
        if (ruled.length === 0) return { ok: true, value: input as T };
        const errors = onlyErrors(ruled);
        if (errors.length === 0) return { ok: true, value: input as T, warnings: ruled };
        return { ok: false, issues: capIssues(errors) };
      }
      return { ok: false, issues: issuesOf(full, input, spec, name) };
    } catch (err) {
      return { ok: false, issues: failure(err) };
    }
  };

  const check = (input: unknown): input is T => {
    try {
      if (!first(input)) return false;
      if (rules === undefined) return true;
      const ruled = rules(input as T);
      return ruled.length === 0 || onlyErrors(ruled).length === 0;
    } catch {
      return false;
    }
  };

  return assemble(name, validate, check);
}

/** The Standard Schema interface over a validator of the library's result shape. */
export function standardProps<T>(validate: (input: unknown) => ValidationResult<T>): StandardSchemaV1.Props<unknown, T> {
  return {
    version: 1,
    vendor: VENDOR,
    validate(value) {
      const r = validate(value);
      return r.ok ? { value: r.value } : { issues: r.issues };
    },
  };
}

/** The value type of a validator's result. */
export type ResultValue<F> = F extends (...args: any[]) => ValidationResult<infer T> ? T : never;

/**
 * Standard Schema (`~standard`) on a validator of one input that also takes options: the
 * Standard Schema call is `fn(input)`, the options absent (their defaults).
 */
export function withStandard<F extends (input: unknown, ...rest: any[]) => ValidationResult<unknown>>(fn: F): F & StandardSchemaV1<unknown, ResultValue<F>> {
  return Object.assign(fn, { "~standard": standardProps((input: unknown) => fn(input) as ValidationResult<ResultValue<F>>) });
}

/** Attaches the type name, the fast check and the Standard Schema interface. */
function assemble<T>(name: string, validate: (input: unknown) => ValidationResult<T>, check: (input: unknown) => input is T): Validator<T> {
  return Object.assign(validate, { typeName: name, check, "~standard": standardProps(validate) });
}

/** Marks every ValidationError, whichever copy of the library (ESM or CJS build) made it. */
const BRAND = Symbol.for("a2a-schemas.ValidationError");

/**
 * Thrown by `assert<Type>` and the builders: carries the issues and prints
 * them readably. `instanceof` works across the ESM and CommonJS builds (a
 * process that both imports and requires the package loads two classes), as
 * does {@link isValidationError}.
 */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  readonly typeName: string;
  readonly issues: readonly ValidationIssue[];

  constructor(typeName: string, issues: readonly ValidationIssue[]) {
    const n = issues.length;
    const lines = issues.map((i) => "  " + formatIssue(i)).join("\n");
    super(`Invalid ${typeName}: ${n} issue${n === 1 ? "" : "s"}\n${lines}`);
    this.typeName = typeName;
    this.issues = issues;
    Object.defineProperty(this, BRAND, { value: true });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return isValidationError(value);
  }
}

/** Is `value` a ValidationError from any copy of this library? */
export function isValidationError(value: unknown): value is ValidationError {
  try {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  } catch {
    return false; // a revoked proxy, a throwing trap: not ours
  }
}

export function createGuard<T>(v: Validator<T>): (input: unknown) => input is T {
  return (input: unknown): input is T => v.check(input);
}

export function createAssert<T>(v: Validator<T>): (input: unknown) => asserts input is T {
  return (input: unknown): asserts input is T => {
    const r = v(input);
    if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  };
}

/**
 * Runs a builder's body: whatever reading its arguments throws (a getter, a
 * proxy trap, a missing options object) becomes a ValidationError, the one
 * error a builder throws.
 */
export function build<T>(typeName: string, body: () => T): T {
  try {
    return body();
  } catch (err) {
    if (isValidationError(err)) throw err;
    throw new ValidationError(typeName, [makeIssue([], "invalid", `an argument could not be read: ${thrownReason(err)}`)]);
  }
}

/** `{ ...value }` for an object (`{}` for undefined); anything else unchanged, so validation reports it instead of a string spread into one key per character. */
export function ownCopy(value: unknown): unknown {
  if (value === undefined) return {};
  return value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : value;
}

/** `O` without undefined members: a member that may be undefined becomes optional, and never undefined. */
export type Compacted<O> = { [K in keyof O as undefined extends O[K] ? never : K]: O[K] } & {
  [K in keyof O as undefined extends O[K] ? K : never]?: Exclude<O[K], undefined>;
};

/**
 * Builder options: every optional member also takes an explicit `undefined`, which the builder
 * drops (so `{ contextId: maybe }` compiles under `exactOptionalPropertyTypes`).
 */
export type UndefinedOptional<T> = { [K in keyof T]: {} extends Pick<T, K> ? T[K] | undefined : T[K] };

/** Drops undefined members, so optional arguments never become `"x": undefined`; `__proto__` stays a plain key. */
export function compact<O extends object>(o: O): Compacted<O> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Compacted<O>;
}

/** A copy of an array; anything else unchanged, for validation to report. */
export function listCopy(value: unknown): unknown {
  return Array.isArray(value) ? value.slice() : value;
}

/** Builders validate what they made, so a bad argument is a clear error, never a bad message. */
export function checked<T>(v: Validator<T>, value: unknown): T {
  const r = v(value);
  if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  return r.value;
}

export interface DispatchSpec<T> {
  readonly name: string;
  /** The discriminating property (`message_type`). */
  readonly key: string;
  readonly table: Readonly<Record<string, Validator<T>>>;
}

/**
 * Validates a discriminated union by its tag: a missing or unknown tag is one
 * issue at the tag (listing the allowed values), never a flood of branch errors.
 */
export function createDispatchValidator<T>(spec: DispatchSpec<T>): Validator<T> {
  const { name, key, table } = spec;
  const allowed = Object.keys(table);
  const pick = (input: unknown): Validator<T> | ValidationIssue => {
    if (input === null || typeof input !== "object" || Array.isArray(input)) {
      const got = describeValue(input);
      return makeIssue([], "type", `must be an object, got ${got}`, { expected: "an object", received: got });
    }
    if (!Object.prototype.hasOwnProperty.call(input, key)) {
      return makeIssue([], "required", `missing required property "${key}"`, { property: key });
    }
    const tag = (input as Record<string, unknown>)[key];
    if (typeof tag === "string" && Object.prototype.hasOwnProperty.call(table, tag)) return table[tag]!;
    const got = describeValue(tag);
    return makeIssue([key], "enum", `must be one of ${listValues(allowed)}, got ${got}`, { allowed, received: got });
  };
  const validate = (input: unknown): ValidationResult<T> => {
    try {
      const v = pick(input);
      return typeof v === "function" ? v(input) : { ok: false, issues: [v] };
    } catch (err) {
      return { ok: false, issues: failure(err) };
    }
  };
  const check = (input: unknown): input is T => {
    try {
      const v = pick(input);
      return typeof v === "function" && v.check(input);
    } catch {
      return false;
    }
  };
  const v = assemble(name, validate, check);
  // Standard JSON Schema when every member has one: the union of theirs.
  const sources = Object.values(table).map(jsonSchemaSourceOf);
  if (sources.length > 0 && sources.every((x) => x !== undefined)) withJsonSchema(v, unionSource(name, sources as Array<() => JsonSchemaSource>));
  return v;
}
