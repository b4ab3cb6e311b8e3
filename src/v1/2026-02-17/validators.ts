/**
 * The v1 validators of revision 2026-02-17 (the A2A repository's proto of that
 * date, three weeks before v1.0): the same engine as v1.0 (src/v1/engine.ts)
 * over this revision's generated metadata and validators.
 */
import type { ValidationResult } from "../../core/result.js";
import { ValidationError } from "../../core/validator.js";
import { neverThrows } from "../../core/guard.js";
import { validators as generated } from "../../generated/v1/2026-02-17/api.js";
import type { MessageName } from "../../generated/v1/2026-02-17/meta.js";
import type * as T from "../../generated/v1/2026-02-17/types.js";
import { createRevisionApi, type MessageValidator, type V1Options } from "../engine.js";
import { revision } from "./revision.js";

export type { MessageName };

/** The TypeScript type of the revision 2026-02-17 message named K. */
export type TypeOf<K extends MessageName> = T.MessageTypes[K];
/** A validated value: the input itself in strict mode; in lenient mode the canonical copy, typed loosely (`unknown`). */
export type Validated<K extends MessageName, O extends V1Options | undefined> = O extends { mode: "lenient" } ? unknown : TypeOf<K>;
/** One revision 2026-02-17 message validator: `(input, options?)`, with a guard, an assert and Standard Schema (strict). */
export type V1Validator<K extends MessageName> = MessageValidator<TypeOf<K>, K>;

/** The validators of revision 2026-02-17 by message name (each also exported as `validate<Name>`). */
export const validators: { readonly [K in MessageName]: V1Validator<K> } = generated;

/** Revision 2026-02-17's by-name API (`validate(name)`, the bindings). */
export const api = /* @__PURE__ */ createRevisionApi<T.MessageTypes>(revision, validators);

/**
 * Validates `input` as the message `typeName` of revision 2026-02-17; the name must be one of the
 * revision's message names (for a name known only at run time, {@link validateByName}). Never throws.
 * Not a Standard Schema (its first argument is the type name): `validators[typeName]` is one, per message.
 */
export function validate<K extends MessageName>(typeName: K, input: unknown): ValidationResult<TypeOf<K>>;
export function validate<K extends MessageName, O extends V1Options>(typeName: K, input: unknown, options: O): ValidationResult<Validated<K, O>>;
export function validate(typeName: MessageName, input: unknown, options?: V1Options): ValidationResult<unknown> {
  return api.validate(typeName, input, options);
}

/**
 * `validate` for a type name known only at run time: any string; an unknown name is an issue, not an exception. Never throws.
 * Not a Standard Schema (its first argument is the type name): `validators[typeName]` is one, per message.
 */
export const validateByName: (typeName: string, input: unknown, options?: V1Options) => ValidationResult<unknown> = /* @__PURE__ */ neverThrows(
  (typeName: string, input: unknown, options?: V1Options) => api.validate(typeName, input, options),
  (issue): ValidationResult<unknown> => ({ ok: false, issues: [issue] }),
);

/** Type guard: strict mode. */
export function is<K extends MessageName>(typeName: K, input: unknown): input is TypeOf<K> {
  return api.is(typeName, input);
}

/** Throws a ValidationError listing every issue unless `input` is a valid (strict, revision 2026-02-17) message named `typeName`. */
export function assertValid<K extends MessageName>(typeName: K, input: unknown): asserts input is TypeOf<K> {
  const r = validate(typeName, input);
  if (!r.ok) throw new ValidationError(typeName, r.issues);
}
