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
export * from "./validators.js";
export { checkFreshness, type FreshnessOptions } from "./freshness.js";
export { MAX_PAYLOAD_BYTES } from "./rules.js";
export { MESSAGE_TYPES } from "./constants.js";
export * from "./builders.js";
export type { ValidationIssue, ValidationResult, Validator, IssueCode } from "../core/index.js";
export { ValidationError, formatIssue } from "../core/index.js";
