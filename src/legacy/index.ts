/**
 * `a2a-schemas/legacy`: the legacy envelope family of the two "Message Schemas
 * Reference" documents. Loads neither zod nor the Ajv compiler.
 */
export type {
  AgentAnnouncementMessage,
  AgentCard,
  AuthTag,
  BaseMessage,
  CapabilitiesResponseMessage,
  DiscoverAgentsMessage,
  ErrorMessage,
  ErrorObject,
  GetCapabilitiesMessage,
  GoodbyeMessage,
  HandshakeAckMessage,
  HandshakeMessage,
  LegacyMessage,
  MessageType,
  RequestMessage,
  ResponseMessage,
  StreamDataMessage,
  StreamEndMessage,
  StreamStartMessage,
} from "../generated/legacy/types.js";
export * from "../generated/legacy/api.js";
export * from "./dispatch.js";
export { checkFreshness, type FreshnessOptions } from "./freshness.js";
export { MAX_PAYLOAD_BYTES } from "./rules.js";
export { formats } from "./formats.js";
export { MESSAGE_TYPES } from "./constants.js";
export * from "./builders.js";
// Local aliases, not re-exports: the bundled declarations of the root entry's
// namespaces turn a type re-exported from another chunk into a value (TS2693).
import type * as core from "../core/index.js";
/** The one issue shape of the whole library. */
export type ValidationIssue = core.ValidationIssue;
/** Every issue code the library emits. */
export type IssueCode = core.IssueCode;
/** The one result type of the whole library. */
export type ValidationResult<T> = core.ValidationResult<T>;
/** A validator: `(input) => ValidationResult`, with `check`, `typeName` and Standard Schema. */
export type Validator<T> = core.Validator<T>;
export { ValidationError, isValidationError, formatIssue } from "../core/index.js";
