/**
 * The session front end of the generated API (src/generated/session/api.ts): for
 * each type a default-mode and a strict-mode validator (both generated pairs),
 * joined into one function that takes `{ mode }`.
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";
import type * as T from "../generated/session/types.js";
import type * as S from "../generated/session/strict-types.js";
import type { ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { createValidator, ValidationError, type GeneratedValidator, type Validator } from "../core/validator.js";
import { sessionFormatProblem } from "./formats.js";
import { SESSION_RULES } from "./rules.js";

/**
 * `default` (A2A Protocol JSON Specification, §Implementation Guidance: "be tolerant of unknown properties") accepts unknown
 * properties; `strict` rejects them, for checking what you emit.
 */
export type SessionMode = "default" | "strict";

/** Options of a session validator, guard or assert. */
export interface SessionOptions {
  /** "default" (the default) tolerates unknown properties; "strict" rejects them. */
  readonly mode?: SessionMode;
}

/** The options that select strict mode; with them the result is typed with the strict types. */
export type StrictOptions = {
  /** Always "strict": reject unknown properties. */
  readonly mode: "strict";
};

/** A validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export interface SessionValidator<D, S> extends StandardSchemaV1<unknown, D> {
  /** Standard Schema and Standard JSON Schema of the default mode (`.strict` has the strict mode's). */
  readonly "~standard": StandardSchemaV1.Props<unknown, D> & StandardJSONSchemaV1.Props<unknown, D>;
  (input: unknown, options: StrictOptions): ValidationResult<S>;
  (input: unknown, options?: SessionOptions): ValidationResult<D>;
  /** The name of the type it validates, e.g. "AgentCard". */
  readonly typeName: string;
  /** Fast yes/no, no issue list. Never throws. */
  check(input: unknown, options: StrictOptions): input is S;
  check(input: unknown, options?: SessionOptions): input is D;
  /** The default-mode validator on its own (also a Standard Schema and a Standard JSON Schema). */
  readonly tolerant: Validator<D> & StandardJSONSchemaV1<unknown, D>;
  /** The strict-mode validator on its own (also a Standard Schema and a Standard JSON Schema: objects closed). */
  readonly strict: Validator<S> & StandardJSONSchemaV1<unknown, S>;
}

/** A type guard with two modes: narrows to the strict type with `{ mode: "strict" }`, else to the default-mode type. Never throws. */
export type SessionGuard<D, S> = {
  (input: unknown, options: StrictOptions): input is S;
  (input: unknown, options?: SessionOptions): input is D;
};

/** An assert with two modes: throws a ValidationError listing every issue unless the input is valid in that mode. */
export type SessionAssert<D, S> = {
  (input: unknown, options: StrictOptions): asserts input is S;
  (input: unknown, options?: SessionOptions): asserts input is D;
};

type Name = keyof T.Registry & keyof S.Registry;

function isStrict(options: SessionOptions | undefined): boolean {
  // Anything but an explicit "strict" is the default mode; reading options never throws on odd input.
  try {
    return options !== null && typeof options === "object" && options.mode === "strict";
  } catch {
    return false;
  }
}

/** The two-mode validator of one session type from its generated pairs, default mode then strict. */
export function validatorFor<K extends Name>(
  name: K,
  [defaultFirst, defaultFull]: readonly [GeneratedValidator, GeneratedValidator],
  [strictFirst, strictFull]: readonly [GeneratedValidator, GeneratedValidator],
): SessionValidator<T.Registry[K], S.Registry[K]> {
  const rules = (SESSION_RULES as Partial<Record<Name, (v: unknown) => ValidationIssue[]>>)[name];
  const common = { name, formatProblem: sessionFormatProblem, ...(rules ? { rules } : {}) };
  const tolerant = createValidator<T.Registry[K]>({ ...common, first: defaultFirst, full: defaultFull });
  const strict = createValidator<S.Registry[K]>({ ...common, first: strictFirst, full: strictFull });
  const validate = (input: unknown, options?: SessionOptions) => (isStrict(options) ? strict(input) : tolerant(input));
  const check = (input: unknown, options?: SessionOptions) => (isStrict(options) ? strict.check(input) : tolerant.check(input));
  // The overloads pick the result type by mode; one implementation serves both.
  return Object.assign(validate, { typeName: name, check, tolerant, strict, "~standard": tolerant["~standard"] }) as unknown as SessionValidator<
    T.Registry[K],
    S.Registry[K]
  >;
}

/** The two-mode type guard of a session validator (the generated API's name for createSessionGuard). */
export const guardFor = <D, S>(v: SessionValidator<D, S>): SessionGuard<D, S> => createSessionGuard(v);

/** The two-mode assert of a session validator (the generated API's name for createSessionAssert). */
export const assertFor = <D, S>(v: SessionValidator<D, S>): SessionAssert<D, S> => createSessionAssert(v);

/** Makes the two-mode type guard of a session validator. */
export function createSessionGuard<D, S>(v: SessionValidator<D, S>): SessionGuard<D, S> {
  return ((input: unknown, options?: SessionOptions) => v.check(input, options)) as SessionGuard<D, S>;
}

/** Makes the two-mode assert of a session validator. */
export function createSessionAssert<D, S>(v: SessionValidator<D, S>): SessionAssert<D, S> {
  return ((input: unknown, options?: SessionOptions) => {
    const r = v(input, options);
    if (!r.ok) throw new ValidationError(v.typeName, r.issues);
  }) as SessionAssert<D, S>;
}

/** The name of a session-family type that has a validator: "AgentCard", "Session", "Message", ... */
export type SessionTypeName = Name;
