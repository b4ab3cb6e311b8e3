/**
 * The session front end of the generated API (src/generated/session/api.ts): for
 * each type one generated pair (first error, all errors) that serves both modes
 * (strict mode is a flag, src/core/closed.ts), joined into one function that takes `{ mode }`.
 */
import type * as T from "../generated/session/types.js";
import type * as S from "../generated/session/strict-types.js";
import type { ValidationIssue } from "../core/issue.js";
import { twoModeAssert, twoModeGuard, twoModeValidator, type StrictModeOptions, type TwoMode, type TwoModeAssert, type TwoModeGuard, type TwoModeOptions, type TwoModeValidator } from "../core/two-mode.js";
import { strictPass } from "../core/closed.js";
import { createValidator, type GeneratedValidator } from "../core/validator.js";
import { sessionFormatProblem } from "./formats.js";
import { SESSION_RULES } from "./rules.js";

/**
 * `default` (A2A Protocol JSON Specification, §Implementation Guidance: "be tolerant of unknown properties") accepts unknown
 * properties; `strict` rejects them, for checking what you emit.
 */
export type SessionMode = TwoMode;

/** Options of a session validator, guard or assert. */
export type SessionOptions = TwoModeOptions;

/** The options that select strict mode; with them the result is typed with the strict types. */
export type StrictOptions = StrictModeOptions;

/** A validator with two modes. Called without options it is the default mode; it is a Standard Schema in that mode. */
export type SessionValidator<D, S> = TwoModeValidator<D, S>;

/** A type guard with two modes: narrows to the strict type with `{ mode: "strict" }`, else to the default-mode type. Never throws. */
export type SessionGuard<D, S> = TwoModeGuard<D, S>;

/** An assert with two modes: throws a ValidationError listing every issue unless the input is valid in that mode. */
export type SessionAssert<D, S> = TwoModeAssert<D, S>;

type Name = keyof T.Registry & keyof S.Registry;

/**
 * The two-mode validator of one session type from its generated pair (first error, all errors), which
 * serves both modes: strict mode runs the same code with the flag of src/core/closed.ts on.
 */
export function validatorFor<K extends Name>(name: K, first: GeneratedValidator, full: GeneratedValidator): SessionValidator<T.Registry[K], S.Registry[K]> {
  const rules = (SESSION_RULES as Partial<Record<Name, (v: unknown) => ValidationIssue[]>>)[name];
  const common = { name, formatProblem: sessionFormatProblem, ...(rules ? { rules } : {}) };
  const tolerant = createValidator<T.Registry[K]>({ ...common, first, full });
  const strict = createValidator<S.Registry[K]>({ ...common, first: strictPass(first), full: strictPass(full) });
  return twoModeValidator(name, tolerant, strict);
}

/** The two-mode type guard of a session validator (the generated API's name for createSessionGuard). */
export const guardFor = <D, S>(v: SessionValidator<D, S>): SessionGuard<D, S> => createSessionGuard(v);

/** The two-mode assert of a session validator (the generated API's name for createSessionAssert). */
export const assertFor = <D, S>(v: SessionValidator<D, S>): SessionAssert<D, S> => createSessionAssert(v);

/** Makes the two-mode type guard of a session validator. */
export function createSessionGuard<D, S>(v: SessionValidator<D, S>): SessionGuard<D, S> {
  return twoModeGuard(v);
}

/** Makes the two-mode assert of a session validator. */
export function createSessionAssert<D, S>(v: SessionValidator<D, S>): SessionAssert<D, S> {
  return twoModeAssert(v);
}

/** The name of a session-family type that has a validator: "AgentCard", "Session", "Message", ... */
export type SessionTypeName = Name;
