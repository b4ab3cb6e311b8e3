/**
 * `a2a-schemas/session`: the session family of the "A2A Protocol JSON
 * Specification": agent card, sessions, messages, artifacts, REST bodies.
 * Loads neither zod nor the Ajv compiler.
 */
export type {
  AgentCard,
  Artifact,
  CreateSessionRequest,
  CreateSessionResponse,
  ErrorResponse,
  GetSessionMessagesResponse,
  Message,
  SendMessageRequest,
  SendMessageResponse,
  Session,
} from "../generated/session/types.js";
export type {
  AgentCard as StrictAgentCard,
  Artifact as StrictArtifact,
  CreateSessionRequest as StrictCreateSessionRequest,
  CreateSessionResponse as StrictCreateSessionResponse,
  ErrorResponse as StrictErrorResponse,
  GetSessionMessagesResponse as StrictGetSessionMessagesResponse,
  Message as StrictMessage,
  SendMessageRequest as StrictSendMessageRequest,
  SendMessageResponse as StrictSendMessageResponse,
  Session as StrictSession,
} from "../generated/session/strict-types.js";
export type { CreateSessionResponse as GetSessionResponse } from "../generated/session/types.js";
export * from "../generated/session/api.js";
export type { SessionAssert, SessionGuard, SessionMode, SessionOptions, SessionTypeName, SessionValidator, StrictOptions } from "./validators.js";
export { createSessionAssert, createSessionGuard } from "./validators.js";
export {
  ENDPOINTS,
  findEndpoint,
  validateHttpRequest,
  validateHttpResponse,
  validateStreamEvent,
  type BodyType,
  type Endpoint,
  type HttpMatch,
  type HttpMethod,
  type HttpOptions,
  type HttpRequestInput,
  type HttpResponseInput,
  type StreamEvent,
} from "./http.js";
export { artifactKind, artifactDataProblem, BASE64_PREFIX, type ArtifactKind } from "./rules.js";
export { formats, isEmail, isSessionTimestamp } from "./formats.js";
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
