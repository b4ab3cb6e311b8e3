/**
 * The v0.3 front end of the generated API (src/generated/v0.3/api.ts): for each definition of
 * the A2A v0.3.0 JSON Schema a default-mode and a strict-mode validator (both generated pairs),
 * joined into one function that takes `{ mode }`.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type * as T from "../generated/v0.3/types.js";
import type * as S from "../generated/v0.3/strict-types.js";
import type { ValidationResult } from "../core/result.js";
import { createValidator, ValidationError, type GeneratedValidator, type Validator } from "../core/validator.js";

/**
 * `default`: the v0.3.0 JSON Schema as published, unknown properties allowed. `strict`: no unknown
 * properties, so a v1.0 field (`supportedInterfaces`, `returnImmediately`) or a hybrid card is reported.
 */
export type V03Mode = "default" | "strict";

/** Options of a v0.3 validator, guard or assert. */
export interface V03Options {
  /** "default" (the default) tolerates unknown properties; "strict" rejects them. */
  readonly mode?: V03Mode;
}

/** The options that select strict mode; with them the result is typed with the strict types. */
export type V03StrictOptions = {
  /** Always "strict": reject unknown properties. */
  readonly mode: "strict";
};

/** A v0.3 validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export interface V03Validator<D, S> extends StandardSchemaV1<unknown, D> {
  (input: unknown, options: V03StrictOptions): ValidationResult<S>;
  (input: unknown, options?: V03Options): ValidationResult<D>;
  /** The name of the definition it validates, e.g. "AgentCard". */
  readonly typeName: string;
  /** Fast yes/no, no issue list. Never throws. */
  check(input: unknown, options: V03StrictOptions): input is S;
  check(input: unknown, options?: V03Options): input is D;
  /** The default-mode validator on its own (also a Standard Schema). */
  readonly tolerant: Validator<D>;
  /** The strict-mode validator on its own (also a Standard Schema). */
  readonly strict: Validator<S>;
}

/** A type guard with two modes: narrows to the strict type with `{ mode: "strict" }`, else to the default-mode type. Never throws. */
export type V03Guard<D, S> = {
  (input: unknown, options: V03StrictOptions): input is S;
  (input: unknown, options?: V03Options): input is D;
};

/** An assert with two modes: throws a ValidationError listing every issue unless the input is valid in that mode. */
export type V03Assert<D, S> = {
  (input: unknown, options: V03StrictOptions): asserts input is S;
  (input: unknown, options?: V03Options): asserts input is D;
};

/** The name of a v0.3 definition: "AgentCard", "Task", "SendMessageRequest", ... */
export type V03TypeName = keyof T.Registry & keyof S.Registry;

/** Anything but an explicit "strict" is the default mode; reading options never throws on odd input. */
export function isStrictMode(options: V03Options | undefined): boolean {
  try {
    return options !== null && typeof options === "object" && options.mode === "strict";
  } catch {
    return false;
  }
}

/** The two-mode validator of one v0.3 definition from its generated pairs, default mode then strict. */
export function validatorFor<K extends V03TypeName>(
  name: K,
  [defaultFirst, defaultFull]: readonly [GeneratedValidator, GeneratedValidator],
  [strictFirst, strictFull]: readonly [GeneratedValidator, GeneratedValidator],
): V03Validator<T.Registry[K], S.Registry[K]> {
  const tolerant = createValidator<T.Registry[K]>({ name, first: defaultFirst, full: defaultFull });
  const strict = createValidator<S.Registry[K]>({ name, first: strictFirst, full: strictFull });
  const validate = (input: unknown, options?: V03Options) => (isStrictMode(options) ? strict(input) : tolerant(input));
  const check = (input: unknown, options?: V03Options) => (isStrictMode(options) ? strict.check(input) : tolerant.check(input));
  // The overloads pick the result type by mode; one implementation serves both.
  return Object.assign(validate, { typeName: name, check, tolerant, strict, "~standard": tolerant["~standard"] }) as unknown as V03Validator<T.Registry[K], S.Registry[K]>;
}

/** The two-mode type guard of a v0.3 validator. */
export function guardFor<D, S>(v: V03Validator<D, S>): V03Guard<D, S> {
  return ((input: unknown, options?: V03Options) => v.check(input, options)) as V03Guard<D, S>;
}

/** The two-mode assert of a v0.3 validator. */
export function assertFor<D, S>(v: V03Validator<D, S>): V03Assert<D, S> {
  return ((input: unknown, options?: V03Options) => {
    const r = v(input, options);
    if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  }) as V03Assert<D, S>;
}
