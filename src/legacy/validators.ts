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

export const validateRequestMessage = define("RequestMessage", legacyRules);
export const isRequestMessage = createGuard(validateRequestMessage);
export const assertRequestMessage: (input: unknown) => asserts input is T.RequestMessage = createAssert(validateRequestMessage);

export const validateResponseMessage = define("ResponseMessage", legacyRules);
export const isResponseMessage = createGuard(validateResponseMessage);
export const assertResponseMessage: (input: unknown) => asserts input is T.ResponseMessage = createAssert(validateResponseMessage);

export const validateHandshakeMessage = define("HandshakeMessage", legacyRules);
export const isHandshakeMessage = createGuard(validateHandshakeMessage);
export const assertHandshakeMessage: (input: unknown) => asserts input is T.HandshakeMessage = createAssert(validateHandshakeMessage);

export const validateHandshakeAckMessage = define("HandshakeAckMessage", legacyRules);
export const isHandshakeAckMessage = createGuard(validateHandshakeAckMessage);
export const assertHandshakeAckMessage: (input: unknown) => asserts input is T.HandshakeAckMessage = createAssert(validateHandshakeAckMessage);

export const validateErrorMessage = define("ErrorMessage", legacyRules);
export const isErrorMessage = createGuard(validateErrorMessage);
export const assertErrorMessage: (input: unknown) => asserts input is T.ErrorMessage = createAssert(validateErrorMessage);

export const validateDiscoverAgentsMessage = define("DiscoverAgentsMessage", legacyRules);
export const isDiscoverAgentsMessage = createGuard(validateDiscoverAgentsMessage);
export const assertDiscoverAgentsMessage: (input: unknown) => asserts input is T.DiscoverAgentsMessage = createAssert(validateDiscoverAgentsMessage);

export const validateAgentAnnouncementMessage = define("AgentAnnouncementMessage", legacyRules);
export const isAgentAnnouncementMessage = createGuard(validateAgentAnnouncementMessage);
export const assertAgentAnnouncementMessage: (input: unknown) => asserts input is T.AgentAnnouncementMessage = createAssert(validateAgentAnnouncementMessage);

export const validateGoodbyeMessage = define("GoodbyeMessage", legacyRules);
export const isGoodbyeMessage = createGuard(validateGoodbyeMessage);
export const assertGoodbyeMessage: (input: unknown) => asserts input is T.GoodbyeMessage = createAssert(validateGoodbyeMessage);

export const validateGetCapabilitiesMessage = define("GetCapabilitiesMessage", legacyRules);
export const isGetCapabilitiesMessage = createGuard(validateGetCapabilitiesMessage);
export const assertGetCapabilitiesMessage: (input: unknown) => asserts input is T.GetCapabilitiesMessage = createAssert(validateGetCapabilitiesMessage);

export const validateCapabilitiesResponseMessage = define("CapabilitiesResponseMessage", legacyRules);
export const isCapabilitiesResponseMessage = createGuard(validateCapabilitiesResponseMessage);
export const assertCapabilitiesResponseMessage: (input: unknown) => asserts input is T.CapabilitiesResponseMessage = createAssert(validateCapabilitiesResponseMessage);

export const validateStreamStartMessage = define("StreamStartMessage", legacyRules);
export const isStreamStartMessage = createGuard(validateStreamStartMessage);
export const assertStreamStartMessage: (input: unknown) => asserts input is T.StreamStartMessage = createAssert(validateStreamStartMessage);

export const validateStreamDataMessage = define("StreamDataMessage", legacyRules);
export const isStreamDataMessage = createGuard(validateStreamDataMessage);
export const assertStreamDataMessage: (input: unknown) => asserts input is T.StreamDataMessage = createAssert(validateStreamDataMessage);

export const validateStreamEndMessage = define("StreamEndMessage", legacyRules);
export const isStreamEndMessage = createGuard(validateStreamEndMessage);
export const assertStreamEndMessage: (input: unknown) => asserts input is T.StreamEndMessage = createAssert(validateStreamEndMessage);

export const validateBaseMessage = define("BaseMessage", legacyRules);
export const isBaseMessage = createGuard(validateBaseMessage);
export const assertBaseMessage: (input: unknown) => asserts input is T.BaseMessage = createAssert(validateBaseMessage);

export const validateAuthTag = define("AuthTag");
export const isAuthTag = createGuard(validateAuthTag);
export const assertAuthTag: (input: unknown) => asserts input is T.AuthTag = createAssert(validateAuthTag);

export const validateAgentCard = define("AgentCard");
export const isAgentCard = createGuard(validateAgentCard);
export const assertAgentCard: (input: unknown) => asserts input is T.AgentCard = createAssert(validateAgentCard);

export const validateErrorObject = define("ErrorObject");
export const isErrorObject = createGuard(validateErrorObject);
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

/** Validates any legacy message, dispatching on message_type. */
export const validateMessage: Validator<T.LegacyMessage> = createDispatchValidator<T.LegacyMessage>({
  name: "LegacyMessage",
  key: "message_type",
  table: VALIDATORS_BY_TYPE,
});
export const isMessage = createGuard(validateMessage);
export const assertMessage: (input: unknown) => asserts input is T.LegacyMessage = createAssert(validateMessage);

/** The same validator under the library's naming rule (type LegacyMessage → validateLegacyMessage). */
export const validateLegacyMessage = validateMessage;
export const isLegacyMessage = isMessage;
export const assertLegacyMessage: (input: unknown) => asserts input is T.LegacyMessage = assertMessage;
