/**
 * The v0.3 front end of the generated API (src/generated/v0.3/api.ts): for each definition of
 * the A2A v0.3.0 JSON Schema one generated pair (first error, all errors) that serves both modes
 * (strict mode is a flag, src/core/closed.ts), joined into one function that takes `{ mode }`.
 */
import type * as T from "../generated/v0.3/types.js";
import type * as S from "../generated/v0.3/strict-types.js";
import type { ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { twoModeAssert, twoModeGuard, twoModeValidator, type StrictModeOptions, type TwoMode, type TwoModeAssert, type TwoModeGuard, type TwoModeOptions, type TwoModeValidator } from "../core/two-mode.js";
import { createValidator, standardProps, type GeneratedValidator, type Validator } from "../core/validator.js";
import { strictPass } from "../core/closed.js";
import { withV1Hints } from "./hints.js";

/**
 * `default`: the v0.3.0 JSON Schema as published, unknown properties allowed. `strict`: no unknown
 * properties, so a v1.0 field (`supportedInterfaces`, `returnImmediately`) or a hybrid card is reported.
 */
export type V03Mode = TwoMode;

/** Options of a v0.3 validator, guard or assert: `mode` "default" (the default) tolerates unknown properties, "strict" rejects them. */
export type V03Options = TwoModeOptions;

/** The options that select strict mode; with them the result is typed with the strict types. */
export type V03StrictOptions = StrictModeOptions;

/** A v0.3 validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export type V03Validator<D, S> = TwoModeValidator<D, S>;

/** A type guard with two modes: narrows to the strict type with `{ mode: "strict" }`, else to the default-mode type. Never throws. */
export type V03Guard<D, S> = TwoModeGuard<D, S>;

/** An assert with two modes: throws a ValidationError listing every issue unless the input is valid in that mode. */
export type V03Assert<D, S> = TwoModeAssert<D, S>;

/** The name of a v0.3 definition: "AgentCard", "Task", "SendMessageRequest", ... */
export type V03TypeName = keyof T.Registry & keyof S.Registry;

/** The validator with the hints of src/v0.3/hints.ts on its failures (a v1.0 form says so); the valid path is untouched. */
function hinted<R>(v: Validator<R>): Validator<R> {
  const validate = (input: unknown): ValidationResult<R> => {
    const r = v(input);
    return r.ok ? r : { ok: false, issues: withV1Hints(r.issues as ValidationIssue[], input) };
  };
  return Object.assign(validate, { typeName: v.typeName, check: v.check, "~standard": standardProps(validate) });
}

/** The two-mode validator of one v0.3 definition from its generated pair (first error, all errors), which serves both modes. */
export function validatorFor<K extends V03TypeName>(name: K, first: GeneratedValidator, full: GeneratedValidator): V03Validator<T.Registry[K], S.Registry[K]> {
  const tolerant = hinted(createValidator<T.Registry[K]>({ name, first, full }));
  // The same generated code with strict mode's flag on (src/core/closed.ts).
  const strict = hinted(createValidator<S.Registry[K]>({ name, first: strictPass(first), full: strictPass(full) }));
  return twoModeValidator(name, tolerant, strict);
}

/** The two-mode type guard of a v0.3 validator. */
export function guardFor<D, S>(v: V03Validator<D, S>): V03Guard<D, S> {
  return twoModeGuard(v);
}

/** The two-mode assert of a v0.3 validator. */
export function assertFor<D, S>(v: V03Validator<D, S>): V03Assert<D, S> {
  return twoModeAssert(v);
}
