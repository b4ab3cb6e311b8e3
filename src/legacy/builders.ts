/**
 * Builders: ids from crypto.randomUUID(), timestamps from Date#toISOString().
 * Replies take the message they answer and copy its message_id into
 * correlation_id. Every builder checks its arguments first (reported by the
 * names the caller writes, src/core/arguments.ts), validates what it made and
 * throws a ValidationError on a bad argument, so it can only return a valid
 * message. An optional option given as `undefined` is the same as leaving it
 * out (the types say so, for callers that compile with
 * `exactOptionalPropertyTypes`).
 */
import { arg, required, withArguments, type ArgumentSpec, type BuilderSpec, type ParamSpec } from "../core/arguments.js";
import { checked, listCopy, ownCopy } from "../core/validator.js";
import type * as T from "../generated/legacy/types.js";
import * as v from "../generated/legacy/api.js";

type Payload = Record<string, unknown>;

/** The envelope fields of a message that starts an exchange (message_id and timestamp are made for you). */
export interface EnvelopeOptions {
  /** The sender_id: id of the sending agent. */
  readonly senderId: string;
  /** The recipient_id: id of the receiving agent, or "*" to broadcast. */
  readonly recipientId: string;
  /** An optional auth tag; its agent_id must equal senderId. */
  readonly auth?: T.AuthTag | undefined;
}

/** The envelope fields of a reply: recipient_id and correlation_id come from the answered message. */
export interface ReplyOptions {
  /** Defaults to the answered message's recipient_id. */
  readonly senderId?: string | undefined;
  /** An optional auth tag; its agent_id must equal the sender_id. */
  readonly auth?: T.AuthTag | undefined;
}

/** The envelope arguments of a message that starts an exchange, and of a reply. */
const ENVELOPE: readonly ArgumentSpec[] = [required("senderId", ["sender_id"]), required("recipientId", ["recipient_id"]), arg("auth")];
const REPLY: readonly ArgumentSpec[] = [arg("senderId", ["sender_id"]), arg("auth")];
/** The message a reply answers: the builder reads its ids. */
const TO: ParamSpec = { name: "to", required: true, object: true };

/** A builder of one options argument. */
const initiatingSpec = (name: string, members: readonly ArgumentSpec[]): BuilderSpec => ({ name, params: [{ name: "options", required: true, members: [...ENVELOPE, ...members] }] });
/** A builder of a reply: the answered message, then the options. */
const replySpec = (name: string, members: readonly ArgumentSpec[], options: Partial<ParamSpec> = { required: true }): BuilderSpec => ({
  name,
  params: [TO, { name: "options", members: [...REPLY, ...members], ...options }],
});
const payloadArg = (name: string) => arg(name, ["payload", name]);

const REQUEST = initiatingSpec("createRequestMessage", [required("method", ["payload", "method"]), payloadArg("parameters")]);
const RESPONSE = replySpec("createResponseMessage", [payloadArg("data"), payloadArg("error")], { required: true, exactlyOne: ["data", "error"] });
const HANDSHAKE = initiatingSpec("createHandshakeMessage", [required("agentCard", ["payload", "agent_card"])]);
const HANDSHAKE_ACK = replySpec("createHandshakeAckMessage", [arg("agentCard", ["payload", "agent_card"]), arg("payload")], {});
const ERROR = replySpec("createErrorMessage", [required("error", ["payload", "error"])]);
const DISCOVER: BuilderSpec = { name: "createDiscoverAgentsMessage", params: [{ name: "options", required: true, members: [ENVELOPE[0]!, arg("query", ["payload"]), arg("auth")] }] };
const ANNOUNCEMENT = replySpec("createAgentAnnouncementMessage", [
  required("agents", ["payload", "agents"]),
  arg("totalCount", ["payload", "total_count"]),
  arg("queryTimeMs", ["payload", "query_time_ms"]),
  arg("auth"),
]);
const GOODBYE = initiatingSpec("createGoodbyeMessage", [arg("payload")]);
const GET_CAPABILITIES = initiatingSpec("createGetCapabilitiesMessage", [arg("payload")]);
const CAPABILITIES_RESPONSE = replySpec("createCapabilitiesResponseMessage", [required("payload")]);
const STREAM_START = initiatingSpec("createStreamStartMessage", [arg("payload")]);
const STREAM_DATA = replySpec("createStreamDataMessage", [required("payload")]);
const STREAM_END = replySpec("createStreamEndMessage", [arg("payload")], {});

function envelope<K extends T.MessageType>(type: K, sender: string, recipient: string, correlation: string | null, auth: T.AuthTag | undefined) {
  return {
    message_id: globalThis.crypto.randomUUID(),
    message_type: type,
    sender_id: sender,
    recipient_id: recipient,
    timestamp: new Date().toISOString(),
    correlation_id: correlation,
    ...(auth !== undefined ? { auth } : {}),
  };
}

function initiating<K extends T.MessageType>(type: K, o: EnvelopeOptions) {
  return envelope(type, o.senderId, o.recipientId, null, o.auth);
}

function reply<K extends T.MessageType>(type: K, to: T.LegacyMessage, o: ReplyOptions, sender?: string) {
  return envelope(type, sender ?? o.senderId ?? to.recipient_id, to.sender_id, to.message_id, o.auth);
}

/**
 * Builds a REQUEST message (Message Schemas Reference, second edition, §1 REQUEST Message): `method`
 * and optional `parameters`, with a new message_id and timestamp. Throws a ValidationError on a bad argument.
 */
export function createRequestMessage(o: EnvelopeOptions & { readonly method: string; readonly parameters?: Payload | undefined }): T.RequestMessage {
  return withArguments(REQUEST, "RequestMessage", [o], () => {
    const payload = { method: o.method, ...(o.parameters !== undefined ? { parameters: o.parameters } : {}) };
    return checked(v.validateRequestMessage, { ...initiating("request", o), payload });
  });
}

/** Exactly one of `data` and `error`: passing both is a compile error, and a run-time error (the other may be left out or given as undefined). */
export type ResponseOutcome =
  | {
      /** The response data: status success. */
      readonly data: Payload;
      /** Absent (or undefined) with `data`. */
      readonly error?: undefined;
    }
  | {
      /** The error object: status error. */
      readonly error: T.ErrorObject;
      /** Absent (or undefined) with `error`. */
      readonly data?: undefined;
    };

/**
 * Builds the RESPONSE to `to`: status success with `data`, or status error with `error` (exactly one).
 * correlation_id is `to.message_id`. Throws a ValidationError on a bad argument.
 */
export function createResponseMessage(to: T.RequestMessage, o: ReplyOptions & ResponseOutcome): T.ResponseMessage {
  return withArguments(RESPONSE, "ResponseMessage", [to, o], () => {
    // Exactly one outcome (the arguments' check): both or neither is a bad argument, never one silently dropped.
    const payload = o.data !== undefined ? { status: "success", data: o.data } : { status: "error", error: o.error };
    return checked(v.validateResponseMessage, { ...reply("response", to, o), payload });
  });
}

/** A card with agent_id defaulted (also when given as undefined); a non-object is left for validation to report. */
function withAgentId(card: unknown, agentId: string): unknown {
  if (card === null || typeof card !== "object" || Array.isArray(card)) return card;
  const copy: Record<string, unknown> = { agent_id: agentId, ...card };
  if (copy.agent_id === undefined) copy.agent_id = agentId;
  return copy;
}

/** The card's agent_id defaults to senderId, which it must equal. */
export type AgentCardInput = Omit<T.AgentCard, "agent_id"> & {
  /** Defaults to the sender's id, which it must equal. */
  readonly agent_id?: string | undefined;
};

/** Builds a HANDSHAKE that presents the sender's agent card (agent_id defaults to senderId). Throws a ValidationError on a bad argument. */
export function createHandshakeMessage(o: EnvelopeOptions & { readonly agentCard: AgentCardInput }): T.HandshakeMessage {
  return withArguments(HANDSHAKE, "HandshakeMessage", [o], () => {
    const agent_card = withAgentId(o.agentCard, o.senderId);
    return checked(v.validateHandshakeMessage, { ...initiating("handshake", o), payload: { agent_card } });
  });
}

/** Builds the HANDSHAKE_ACK to `to`, with an optional agent card and other payload fields. Throws a ValidationError on a bad argument. */
export function createHandshakeAckMessage(
  to: T.HandshakeMessage,
  o: ReplyOptions & { readonly agentCard?: AgentCardInput | undefined; readonly payload?: Payload | undefined } = {},
): T.HandshakeAckMessage {
  return withArguments(HANDSHAKE_ACK, "HandshakeAckMessage", [to, o], () => {
    const env = reply("handshake_ack", to, o);
    const card = o.agentCard !== undefined ? { agent_card: withAgentId(o.agentCard, env.sender_id) } : {};
    return checked(v.validateHandshakeAckMessage, { ...env, payload: { ...(ownCopy(o.payload) as object), ...card } });
  });
}

/** The `error` of an ERROR message: code, message, and optional details, retry_after and documentation_url. */
export type ErrorDetail = T.ErrorMessage["payload"]["error"];

/** Builds an ERROR message that answers `to` (any legacy message). Throws a ValidationError on a bad argument. */
export function createErrorMessage(to: T.LegacyMessage, o: ReplyOptions & { readonly error: ErrorDetail }): T.ErrorMessage {
  return withArguments(ERROR, "ErrorMessage", [to, o], () => {
    return checked(v.validateErrorMessage, { ...reply("error", to, o), payload: { error: o.error } });
  });
}

/**
 * Builds a DISCOVER_AGENTS message, sent to the registry; `query` is the Message Schemas Reference draft-07 edition's
 * `{ capabilities, filters }` or its second edition's `{ capability, status, limit }`.
 */
export function createDiscoverAgentsMessage(o: {
  readonly senderId: string;
  readonly query?: T.DiscoverAgentsMessage["payload"] | undefined;
  readonly auth?: T.AuthTag | undefined;
}): T.DiscoverAgentsMessage {
  return withArguments(DISCOVER, "DiscoverAgentsMessage", [o], () => {
    const env = envelope("discover_agents", o.senderId, "registry", null, o.auth);
    return checked(v.validateDiscoverAgentsMessage, { ...env, payload: ownCopy(o.query) });
  });
}

/** One agent in an AGENT_ANNOUNCEMENT: id, name, capabilities, status, endpoint and last heartbeat. */
export type AnnouncedAgent = T.AgentAnnouncementMessage["payload"]["agents"][number];

/** Builds the registry's AGENT_ANNOUNCEMENT answer to `to`; total_count defaults to the number of agents. Throws a ValidationError on a bad argument. */
export function createAgentAnnouncementMessage(
  to: T.DiscoverAgentsMessage,
  o: {
    readonly agents: readonly AnnouncedAgent[];
    readonly totalCount?: number | undefined;
    readonly queryTimeMs?: number | undefined;
    readonly auth?: T.AuthTag | undefined;
  },
): T.AgentAnnouncementMessage {
  return withArguments(ANNOUNCEMENT, "AgentAnnouncementMessage", [to, o], () => {
    const payload = {
      agents: listCopy(o.agents),
      total_count: o.totalCount ?? (Array.isArray(o.agents) ? o.agents.length : 0),
      ...(o.queryTimeMs !== undefined ? { query_time_ms: o.queryTimeMs } : {}),
    };
    return checked(v.validateAgentAnnouncementMessage, { ...reply("agent_announcement", to, o, "registry"), payload });
  });
}

/** Builds a GOODBYE message, which closes a session. Throws a ValidationError on a bad argument. */
export function createGoodbyeMessage(o: EnvelopeOptions & { readonly payload?: Payload | undefined }): T.GoodbyeMessage {
  return withArguments(GOODBYE, "GoodbyeMessage", [o], () => {
    return checked(v.validateGoodbyeMessage, { ...initiating("goodbye", o), payload: ownCopy(o.payload) });
  });
}

/** Builds a GET_CAPABILITIES message (Message Schemas Reference, second edition only). Throws a ValidationError on a bad argument. */
export function createGetCapabilitiesMessage(o: EnvelopeOptions & { readonly payload?: Payload | undefined }): T.GetCapabilitiesMessage {
  return withArguments(GET_CAPABILITIES, "GetCapabilitiesMessage", [o], () => {
    return checked(v.validateGetCapabilitiesMessage, { ...initiating("get_capabilities", o), payload: ownCopy(o.payload) });
  });
}

/** Builds the CAPABILITIES_RESPONSE to `to` (second edition only). Throws a ValidationError on a bad argument. */
export function createCapabilitiesResponseMessage(
  to: T.GetCapabilitiesMessage,
  o: ReplyOptions & { readonly payload: Payload },
): T.CapabilitiesResponseMessage {
  return withArguments(CAPABILITIES_RESPONSE, "CapabilitiesResponseMessage", [to, o], () => {
    return checked(v.validateCapabilitiesResponseMessage, { ...reply("capabilities_response", to, o), payload: ownCopy(o.payload) });
  });
}

/** Builds a STREAM_START message, which opens a stream (second edition only). Throws a ValidationError on a bad argument. */
export function createStreamStartMessage(o: EnvelopeOptions & { readonly payload?: Payload | undefined }): T.StreamStartMessage {
  return withArguments(STREAM_START, "StreamStartMessage", [o], () => {
    return checked(v.validateStreamStartMessage, { ...initiating("stream_start", o), payload: ownCopy(o.payload) });
  });
}

/** Builds a STREAM_DATA chunk; stream chunks and the end of a stream answer the stream_start that opened it. Throws a ValidationError on a bad argument. */
export function createStreamDataMessage(to: T.StreamStartMessage, o: ReplyOptions & { readonly payload: Payload }): T.StreamDataMessage {
  return withArguments(STREAM_DATA, "StreamDataMessage", [to, o], () => {
    return checked(v.validateStreamDataMessage, { ...reply("stream_data", to, o), payload: ownCopy(o.payload) });
  });
}

/** Builds the STREAM_END of the stream `to` opened. Throws a ValidationError on a bad argument. */
export function createStreamEndMessage(to: T.StreamStartMessage, o: ReplyOptions & { readonly payload?: Payload | undefined } = {}): T.StreamEndMessage {
  return withArguments(STREAM_END, "StreamEndMessage", [to, o], () => {
    return checked(v.validateStreamEndMessage, { ...reply("stream_end", to, o), payload: ownCopy(o.payload) });
  });
}
