/** The dispatch over the 13 legacy messages by message_type, and its aliases under the naming rule. */
import { VALIDATORS_BY_TYPE } from "../generated/legacy/api.js";
import type * as T from "../generated/legacy/types.js";
import type { WithJsonSchema } from "../core/json-schema.js";
import { createAssert, createDispatchValidator, createGuard, type Validator } from "../core/validator.js";

/**
 * Validates any legacy message, dispatching on message_type (an unknown message_type is one issue). Never throws.
 * Its Standard JSON Schema is `anyOf` the 13 messages' (each fixes message_type).
 */
export const validateMessage = /* @__PURE__ */ createDispatchValidator<T.LegacyMessage>({
  name: "LegacyMessage",
  key: "message_type",
  table: VALIDATORS_BY_TYPE,
}) as WithJsonSchema<Validator<T.LegacyMessage>>;
/** Type guard: is `input` a valid legacy message of any of the 13 types? Never throws. */
export const isMessage = /* @__PURE__ */ createGuard(validateMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid legacy message of any type. */
export const assertMessage: (input: unknown) => asserts input is T.LegacyMessage = /* @__PURE__ */ createAssert(validateMessage);

/** The same validator under the library's naming rule (type LegacyMessage → validateLegacyMessage). */
export const validateLegacyMessage = validateMessage;
/** The same guard as `isMessage`, under the library's naming rule. */
export const isLegacyMessage = isMessage;
/** The same assert as `assertMessage`, under the library's naming rule. */
export const assertLegacyMessage: (input: unknown) => asserts input is T.LegacyMessage = assertMessage;
