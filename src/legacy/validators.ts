/**
 * The legacy front end of the generated API (src/generated/legacy/api.ts): one
 * validator per schema from the generated Ajv pair, with the family's rules and
 * format wording. Internal: the entry exports the generated API.
 */
import * as first from "../generated/legacy/first.js";
import * as full from "../generated/legacy/full.js";
import type * as T from "../generated/legacy/types.js";
import type { ValidationIssue } from "../core/issue.js";
import { createAssert, createGuard, createValidator, type Validator } from "../core/validator.js";
import { LEGACY_TIMESTAMP, timestampProblem } from "../core/timestamp.js";
import { LEGACY_RULES } from "./rules.js";

type Name = keyof typeof first & keyof typeof full & keyof T.Registry;

const formatProblem = (format: string, value: string): string | undefined =>
  format === "date-time" ? timestampProblem(value, LEGACY_TIMESTAMP) : undefined;

const built = new Map<string, Validator<unknown>>();

/** The validator of one legacy type, built once (the generated API, the guards and the asserts share it). */
export function validatorFor<K extends Name>(name: K): Validator<T.Registry[K]> {
  let v = built.get(name);
  if (v === undefined) {
    const rules = (LEGACY_RULES as Partial<Record<Name, (v: unknown) => ValidationIssue[]>>)[name];
    v = createValidator<unknown>({ name, first: first[name], full: full[name], formatProblem, ...(rules ? { rules } : {}) });
    built.set(name, v);
  }
  return v as Validator<T.Registry[K]>;
}

/** The type guard of one legacy type. */
export function guardFor<K extends Name>(name: K): (input: unknown) => input is T.Registry[K] {
  return createGuard(validatorFor(name));
}

/** The assert of one legacy type: throws a ValidationError listing every issue. */
export function assertFor<K extends Name>(name: K): (input: unknown) => asserts input is T.Registry[K] {
  return createAssert(validatorFor(name));
}
