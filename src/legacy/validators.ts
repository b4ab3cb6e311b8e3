/**
 * The legacy front end of the generated API (src/generated/legacy/api.ts): a
 * validator per schema from the generated Ajv pair the API hands over, with the
 * family's rules and format wording. Internal: the entry exports the generated API.
 */
import type * as T from "../generated/legacy/types.js";
import type { ValidationIssue } from "../core/issue.js";
import { createAssert, createGuard, createValidator, type GeneratedValidator, type Validator } from "../core/validator.js";
import { LEGACY_TIMESTAMP, timestampProblem } from "../core/timestamp.js";
import { LEGACY_RULES } from "./rules.js";

type Name = keyof T.Registry;

const formatProblem = (format: string, value: string): string | undefined =>
  format === "date-time" ? timestampProblem(value, LEGACY_TIMESTAMP) : undefined;

/** The validator of one legacy type from its generated first-error and all-errors functions. */
export function validatorFor<K extends Name>(name: K, first: GeneratedValidator, full: GeneratedValidator): Validator<T.Registry[K]> {
  const rules = (LEGACY_RULES as Partial<Record<Name, (v: unknown) => ValidationIssue[]>>)[name];
  return createValidator<T.Registry[K]>({ name, first, full, formatProblem, ...(rules ? { rules } : {}) });
}

/** The type guard of a legacy validator. */
export const guardFor = createGuard;

/** The assert of a legacy validator: throws a ValidationError listing every issue. */
export const assertFor = createAssert;
