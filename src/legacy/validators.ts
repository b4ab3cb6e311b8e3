/**
 * Legacy validators: the generated Ajv pairs wrapped in the library's result,
 * guard and assert shapes. One `validate`/`is`/`assert` per schema.
 */
import * as first from "../generated/legacy/first.js";
import * as full from "../generated/legacy/full.js";
import type * as T from "../generated/legacy/types.js";
import { createAssert, createDispatchValidator, createGuard, createValidator, type Validator } from "../core/validator.js";
import { LEGACY_TIMESTAMP, timestampProblem } from "../core/timestamp.js";
import { legacyRules } from "./rules.js";

const formatProblem = (format: string, value: string): string | undefined =>
  format === "date-time" ? timestampProblem(value, LEGACY_TIMESTAMP) : undefined;

function define<K extends keyof typeof first & keyof typeof full & keyof T.Registry>(name: K, rules?: (v: T.Registry[K]) => import("../core/issue.js").ValidationIssue[]): Validator<T.Registry[K]> {
  return createValidator<T.Registry[K]>({ name, first: first[name], full: full[name], formatProblem, ...(rules ? { rules } : {}) });
}

/** Validates a RequestMessage against schemas/legacy/request-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateRequestMessage = define("RequestMessage", legacyRules);
/** Type guard: is `input` a valid RequestMessage? Never throws. */
export const isRequestMessage = createGuard(validateRequestMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid RequestMessage. */
export const assertRequestMessage: (input: unknown) => asserts input is T.RequestMessage = createAssert(validateRequestMessage);

/** Validates a ResponseMessage against schemas/legacy/response-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateResponseMessage = define("ResponseMessage", legacyRules);
/** Type guard: is `input` a valid ResponseMessage? Never throws. */
export const isResponseMessage = createGuard(validateResponseMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid ResponseMessage. */
export const assertResponseMessage: (input: unknown) => asserts input is T.ResponseMessage = createAssert(validateResponseMessage);

/** Validates a HandshakeMessage against schemas/legacy/handshake-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateHandshakeMessage = define("HandshakeMessage", legacyRules);
/** Type guard: is `input` a valid HandshakeMessage? Never throws. */
export const isHandshakeMessage = createGuard(validateHandshakeMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid HandshakeMessage. */
export const assertHandshakeMessage: (input: unknown) => asserts input is T.HandshakeMessage = createAssert(validateHandshakeMessage);

/** Validates a HandshakeAckMessage against schemas/legacy/handshake-ack-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateHandshakeAckMessage = define("HandshakeAckMessage", legacyRules);
/** Type guard: is `input` a valid HandshakeAckMessage? Never throws. */
export const isHandshakeAckMessage = createGuard(validateHandshakeAckMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid HandshakeAckMessage. */
export const assertHandshakeAckMessage: (input: unknown) => asserts input is T.HandshakeAckMessage = createAssert(validateHandshakeAckMessage);

/** Validates a ErrorMessage against schemas/legacy/error-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateErrorMessage = define("ErrorMessage", legacyRules);
/** Type guard: is `input` a valid ErrorMessage? Never throws. */
export const isErrorMessage = createGuard(validateErrorMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid ErrorMessage. */
export const assertErrorMessage: (input: unknown) => asserts input is T.ErrorMessage = createAssert(validateErrorMessage);

/** Validates a DiscoverAgentsMessage against schemas/legacy/discover-agents-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateDiscoverAgentsMessage = define("DiscoverAgentsMessage", legacyRules);
/** Type guard: is `input` a valid DiscoverAgentsMessage? Never throws. */
export const isDiscoverAgentsMessage = createGuard(validateDiscoverAgentsMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid DiscoverAgentsMessage. */
export const assertDiscoverAgentsMessage: (input: unknown) => asserts input is T.DiscoverAgentsMessage = createAssert(validateDiscoverAgentsMessage);

/** Validates a AgentAnnouncementMessage against schemas/legacy/agent-announcement-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateAgentAnnouncementMessage = define("AgentAnnouncementMessage", legacyRules);
/** Type guard: is `input` a valid AgentAnnouncementMessage? Never throws. */
export const isAgentAnnouncementMessage = createGuard(validateAgentAnnouncementMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid AgentAnnouncementMessage. */
export const assertAgentAnnouncementMessage: (input: unknown) => asserts input is T.AgentAnnouncementMessage = createAssert(validateAgentAnnouncementMessage);

/** Validates a GoodbyeMessage against schemas/legacy/goodbye-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateGoodbyeMessage = define("GoodbyeMessage", legacyRules);
/** Type guard: is `input` a valid GoodbyeMessage? Never throws. */
export const isGoodbyeMessage = createGuard(validateGoodbyeMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid GoodbyeMessage. */
export const assertGoodbyeMessage: (input: unknown) => asserts input is T.GoodbyeMessage = createAssert(validateGoodbyeMessage);

/** Validates a GetCapabilitiesMessage against schemas/legacy/get-capabilities-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateGetCapabilitiesMessage = define("GetCapabilitiesMessage", legacyRules);
/** Type guard: is `input` a valid GetCapabilitiesMessage? Never throws. */
export const isGetCapabilitiesMessage = createGuard(validateGetCapabilitiesMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid GetCapabilitiesMessage. */
export const assertGetCapabilitiesMessage: (input: unknown) => asserts input is T.GetCapabilitiesMessage = createAssert(validateGetCapabilitiesMessage);

/** Validates a CapabilitiesResponseMessage against schemas/legacy/capabilities-response-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateCapabilitiesResponseMessage = define("CapabilitiesResponseMessage", legacyRules);
/** Type guard: is `input` a valid CapabilitiesResponseMessage? Never throws. */
export const isCapabilitiesResponseMessage = createGuard(validateCapabilitiesResponseMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid CapabilitiesResponseMessage. */
export const assertCapabilitiesResponseMessage: (input: unknown) => asserts input is T.CapabilitiesResponseMessage = createAssert(validateCapabilitiesResponseMessage);

/** Validates a StreamStartMessage against schemas/legacy/stream-start-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateStreamStartMessage = define("StreamStartMessage", legacyRules);
/** Type guard: is `input` a valid StreamStartMessage? Never throws. */
export const isStreamStartMessage = createGuard(validateStreamStartMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid StreamStartMessage. */
export const assertStreamStartMessage: (input: unknown) => asserts input is T.StreamStartMessage = createAssert(validateStreamStartMessage);

/** Validates a StreamDataMessage against schemas/legacy/stream-data-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateStreamDataMessage = define("StreamDataMessage", legacyRules);
/** Type guard: is `input` a valid StreamDataMessage? Never throws. */
export const isStreamDataMessage = createGuard(validateStreamDataMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid StreamDataMessage. */
export const assertStreamDataMessage: (input: unknown) => asserts input is T.StreamDataMessage = createAssert(validateStreamDataMessage);

/** Validates a StreamEndMessage against schemas/legacy/stream-end-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateStreamEndMessage = define("StreamEndMessage", legacyRules);
/** Type guard: is `input` a valid StreamEndMessage? Never throws. */
export const isStreamEndMessage = createGuard(validateStreamEndMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid StreamEndMessage. */
export const assertStreamEndMessage: (input: unknown) => asserts input is T.StreamEndMessage = createAssert(validateStreamEndMessage);

/** Validates the envelope shared by all 13 message types, whatever its message_type against schemas/legacy/base-message.json and the checks in code (auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB). Never throws: returns a ValidationResult with every issue. */
export const validateBaseMessage = define("BaseMessage", legacyRules);
/** Type guard: is `input` a valid BaseMessage? Never throws. */
export const isBaseMessage = createGuard(validateBaseMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid BaseMessage. */
export const assertBaseMessage: (input: unknown) => asserts input is T.BaseMessage = createAssert(validateBaseMessage);

/** Validates an auth tag (the envelope's `auth`) against schemas/legacy/auth-tag.json. Never throws: returns a ValidationResult with every issue. */
export const validateAuthTag = define("AuthTag");
/** Type guard: is `input` a valid AuthTag? Never throws. */
export const isAuthTag = createGuard(validateAuthTag);
/** Throws a ValidationError listing every issue unless `input` is a valid AuthTag. */
export const assertAuthTag: (input: unknown) => asserts input is T.AuthTag = createAssert(validateAuthTag);

/** Validates an agent card (the payload's `agent_card` of a handshake) against schemas/legacy/agent-card.json. Never throws: returns a ValidationResult with every issue. */
export const validateAgentCard = define("AgentCard");
/** Type guard: is `input` a valid AgentCard? Never throws. */
export const isAgentCard = createGuard(validateAgentCard);
/** Throws a ValidationError listing every issue unless `input` is a valid AgentCard. */
export const assertAgentCard: (input: unknown) => asserts input is T.AgentCard = createAssert(validateAgentCard);

/** Validates an error object (the `error` of a response whose status is "error") against schemas/legacy/error-object.json. Never throws: returns a ValidationResult with every issue. */
export const validateErrorObject = define("ErrorObject");
/** Type guard: is `input` a valid ErrorObject? Never throws. */
export const isErrorObject = createGuard(validateErrorObject);
/** Throws a ValidationError listing every issue unless `input` is a valid ErrorObject. */
export const assertErrorObject: (input: unknown) => asserts input is T.ErrorObject = createAssert(validateErrorObject);

/** The validator for each message_type. */
export const VALIDATORS_BY_TYPE: { readonly [K in T.MessageType]: Validator<Extract<T.LegacyMessage, { message_type: K }>> } = {
  request: validateRequestMessage,
  response: validateResponseMessage,
  handshake: validateHandshakeMessage,
  handshake_ack: validateHandshakeAckMessage,
  error: validateErrorMessage,
  discover_agents: validateDiscoverAgentsMessage,
  agent_announcement: validateAgentAnnouncementMessage,
  goodbye: validateGoodbyeMessage,
  get_capabilities: validateGetCapabilitiesMessage,
  capabilities_response: validateCapabilitiesResponseMessage,
  stream_start: validateStreamStartMessage,
  stream_data: validateStreamDataMessage,
  stream_end: validateStreamEndMessage,
};

/** Validates any legacy message, dispatching on message_type (an unknown message_type is one issue). Never throws. */
export const validateMessage: Validator<T.LegacyMessage> = createDispatchValidator<T.LegacyMessage>({
  name: "LegacyMessage",
  key: "message_type",
  table: VALIDATORS_BY_TYPE,
});
/** Type guard: is `input` a valid legacy message of any of the 13 types? Never throws. */
export const isMessage = createGuard(validateMessage);
/** Throws a ValidationError listing every issue unless `input` is a valid legacy message of any type. */
export const assertMessage: (input: unknown) => asserts input is T.LegacyMessage = createAssert(validateMessage);

/** The same validator under the library's naming rule (type LegacyMessage → validateLegacyMessage). */
export const validateLegacyMessage = validateMessage;
/** The same guard as `isMessage`, under the library's naming rule. */
export const isLegacyMessage = isMessage;
/** The same assert as `assertMessage`, under the library's naming rule. */
export const assertLegacyMessage: (input: unknown) => asserts input is T.LegacyMessage = assertMessage;
