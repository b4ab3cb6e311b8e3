/**
 * The v1 validators of A2A v1.0 (the default revision of `a2a-schemas/v1`), and
 * `validate(typeName, input, { mode, revision })` over every revision this
 * package knows. The engine is src/v1/engine.ts; src/v1/revision.ts builds each
 * message's validator, and the generated API exports them.
 */
import type { ValidationResult } from "../core/result.js";
import { ValidationError } from "../core/validator.js";
import { neverThrows } from "../core/guard.js";
import type * as R2026 from "../generated/v1/2026-02-17/types.js";
import { validators as generated } from "../generated/v1/api.js";
import { REVISION, type MessageName } from "../generated/v1/meta.js";
import type * as T from "../generated/v1/types.js";
import { REVISION as REVISION_2026 } from "../generated/v1/2026-02-17/meta.js";
import { api as r2026 } from "./2026-02-17/validators.js";
import { createRevisionApi, type MessageValidator, type V1Mode, type V1Options } from "./engine.js";
import { revision } from "./revision.js";
import type { RevisionId } from "./schema-walk.js";

export type { MessageName, RevisionId, V1Mode, V1Options };

/**
 * A validated value: the input itself in strict mode; in lenient mode the canonical copy (camelCase, enum names, UTC, defaults of absent REQUIRED fields), typed loosely because unknown enum numbers are carried.
 * With a `revision` that may be "2026-02-17" (a variable of type RevisionId, say), the message of either revision.
 */
export type Validated<K extends MessageName, O extends V1Options | undefined> = O extends { mode: "lenient" } ? unknown : InRevisionOf<K, O>;

/** TypeOf<K>, or the message of either revision when the options' revision may be "2026-02-17". */
type InRevisionOf<K extends MessageName, O> = O extends { readonly revision?: infer R }
  ? unknown extends R
    ? TypeOf<K>
    : "2026-02-17" extends R
      ? AnyRevisionType<K>
      : TypeOf<K>
  : TypeOf<K>;

/** The TypeScript type of the v1.0 message named K, e.g. `TypeOf<"Task">` is Task. */
export type TypeOf<K extends MessageName> = T.MessageTypes[K];

/** One v1.0 message validator: `(input, options?)`, with a guard, an assert and Standard Schema (strict). */
export type V1Validator<K extends MessageName> = MessageValidator<TypeOf<K>, K>;

/** The message names of revision 2026-02-17 (46; 1.0 has 44). */
export type MessageName2026 = keyof R2026.MessageTypes & string;

/** The message `K` of every revision that has one by that name. */
export type AnyRevisionType<K extends MessageName | MessageName2026> = (K extends MessageName ? TypeOf<K> : never) | (K extends MessageName2026 ? R2026.MessageTypes[K] : never);

/** Validators by message name (each also exported as `validate<Name>`). */
export const validators: { readonly [K in MessageName]: V1Validator<K> } = generated;

/** A2A v1.0's by-name API (`validate(name)`, the bindings); it hands other revisions to theirs. */
export const api = /* @__PURE__ */ createRevisionApi<T.MessageTypes>(revision, validators, { "2026-02-17": () => r2026 });

/** The protocol revisions `validate` knows, the default first. */
export const REVISIONS: readonly RevisionId[] = [REVISION, REVISION_2026];

/**
 * Validates `input` as the v1 message `typeName`: of A2A v1.0 by default, of the pre-release
 * proto with `{ revision: "2026-02-17" }`. The name must be a known message name (a typo does
 * not compile); for a name known only at run time use {@link validateByName}. An unknown
 * revision is an issue, not an exception. Not a Standard Schema (its first argument is the type
 * name): `validators[typeName]` (also exported as `validate<Name>`) is one, per message.
 */
export function validate<K extends MessageName>(typeName: K, input: unknown): ValidationResult<TypeOf<K>>;
export function validate<K extends MessageName2026, O extends V1Options & { revision: "2026-02-17" }>(
  typeName: K,
  input: unknown,
  options: O,
): ValidationResult<O extends { mode: "lenient" } ? unknown : R2026.MessageTypes[K]>;
export function validate<K extends MessageName, O extends V1Options>(typeName: K, input: unknown, options: O): ValidationResult<Validated<K, O>>;
/** A name of either revision with a revision known only at run time: the value is the message of whichever revision has it. */
export function validate<K extends MessageName | MessageName2026, O extends V1Options>(
  typeName: K,
  input: unknown,
  options: O,
): ValidationResult<O extends { mode: "lenient" } ? unknown : AnyRevisionType<K>>;
export function validate(typeName: MessageName | MessageName2026, input: unknown, options?: V1Options): ValidationResult<unknown> {
  return api.validate(typeName, input, options);
}

/**
 * `validate` for a type name known only at run time (a command-line argument, a field of a
 * document): any string; an unknown name is an issue (code `enum`, "unknown v1 message type",
 * listing the known names), not an exception. The value is `unknown`: narrow it with a guard,
 * or call `validate` with a literal name for a typed result. Never throws. Not a Standard Schema
 * (its first argument is the type name): `validators[typeName]` is one, per message.
 */
export const validateByName: (typeName: string, input: unknown, options?: V1Options) => ValidationResult<unknown> = /* @__PURE__ */ neverThrows(
  (typeName: string, input: unknown, options?: V1Options) => api.validate(typeName, input, options),
  (issue): ValidationResult<unknown> => ({ ok: false, issues: [issue] }),
);

/** Type guard: strict mode, A2A v1.0. */
export function is<K extends MessageName>(typeName: K, input: unknown): input is TypeOf<K> {
  return api.is(typeName, input);
}

/** Throws a ValidationError listing every issue unless `input` is a valid (strict, A2A v1.0) message named `typeName`. */
export function assertValid<K extends MessageName>(typeName: K, input: unknown): asserts input is TypeOf<K> {
  const r = validate(typeName, input);
  if (!r.ok) throw new ValidationError(typeName, r.issues);
}
