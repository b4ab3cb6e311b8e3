/**
 * A validator with two modes, `default` (unknown properties tolerated) and `strict` (rejected),
 * chosen per call by `{ mode }`: the shape the session and v0.3 families share.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { ValidationResult } from "./result.js";
import { ValidationError, type Validator } from "./validator.js";

/** `default` tolerates unknown properties; `strict` rejects them. */
export type TwoMode = "default" | "strict";

/** Options of a two-mode validator, guard or assert. */
export interface TwoModeOptions {
  /** "default" (the default) tolerates unknown properties; "strict" rejects them. */
  readonly mode?: TwoMode;
}

/** The options that select strict mode; with them the result is typed with the strict types. */
export type StrictModeOptions = {
  /** Always "strict": reject unknown properties. */
  readonly mode: "strict";
};

/** A validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export interface TwoModeValidator<D, S> extends StandardSchemaV1<unknown, D> {
  (input: unknown, options: StrictModeOptions): ValidationResult<S>;
  (input: unknown, options?: TwoModeOptions): ValidationResult<D>;
  /** The name of the type it validates, e.g. "AgentCard". */
  readonly typeName: string;
  /** Fast yes/no, no issue list. Never throws. */
  check(input: unknown, options: StrictModeOptions): input is S;
  check(input: unknown, options?: TwoModeOptions): input is D;
  /** The default-mode validator on its own (also a Standard Schema). */
  readonly tolerant: Validator<D>;
  /** The strict-mode validator on its own (also a Standard Schema). */
  readonly strict: Validator<S>;
}

/** A type guard with two modes: narrows to the strict type with `{ mode: "strict" }`, else to the default-mode type. Never throws. */
export type TwoModeGuard<D, S> = {
  (input: unknown, options: StrictModeOptions): input is S;
  (input: unknown, options?: TwoModeOptions): input is D;
};

/** An assert with two modes: throws a ValidationError listing every issue unless the input is valid in that mode. */
export type TwoModeAssert<D, S> = {
  (input: unknown, options: StrictModeOptions): asserts input is S;
  (input: unknown, options?: TwoModeOptions): asserts input is D;
};

/** Anything but an explicit "strict" is the default mode; reading options never throws on odd input. */
export function isStrictMode(options: TwoModeOptions | undefined): boolean {
  try {
    return options !== null && typeof options === "object" && options.mode === "strict";
  } catch {
    return false;
  }
}

/** The two-mode validator over a default-mode and a strict-mode validator of one type. */
export function twoModeValidator<D, S>(name: string, tolerant: Validator<D>, strict: Validator<S>): TwoModeValidator<D, S> {
  const validate = (input: unknown, options?: TwoModeOptions) => (isStrictMode(options) ? strict(input) : tolerant(input));
  const check = (input: unknown, options?: TwoModeOptions) => (isStrictMode(options) ? strict.check(input) : tolerant.check(input));
  // The overloads pick the result type by mode; one implementation serves both.
  return Object.assign(validate, { typeName: name, check, tolerant, strict, "~standard": tolerant["~standard"] }) as unknown as TwoModeValidator<D, S>;
}

/** Makes the two-mode type guard of a two-mode validator. */
export function twoModeGuard<D, S>(v: TwoModeValidator<D, S>): TwoModeGuard<D, S> {
  return ((input: unknown, options?: TwoModeOptions) => v.check(input, options)) as TwoModeGuard<D, S>;
}

/** Makes the two-mode assert of a two-mode validator. */
export function twoModeAssert<D, S>(v: TwoModeValidator<D, S>): TwoModeAssert<D, S> {
  return ((input: unknown, options?: TwoModeOptions) => {
    const r = v(input, options);
    if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  }) as TwoModeAssert<D, S>;
}
