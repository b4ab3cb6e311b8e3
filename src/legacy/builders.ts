/**
 * Builders: ids from crypto.randomUUID(), timestamps from Date#toISOString().
 * Replies take the message they answer and copy its message_id into
 * correlation_id. Every builder validates what it made and throws a
 * ValidationError on a bad argument, so it can only return a valid message.
 */
import { checked } from "../core/validator.js";
import type * as T from "../generated/legacy/types.js";
import * as v from "./validators.js";

type Payload = Record<string, unknown>;

export interface EnvelopeOptions {
  readonly senderId: string;
  readonly recipientId: string;
  readonly auth?: T.AuthTag;
}

export interface ReplyOptions {
  /** Defaults to the answered message's recipient_id. */
  readonly senderId?: string;
  readonly auth?: T.AuthTag;
}

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

export function createRequestMessage(o: EnvelopeOptions & { readonly method: string; readonly parameters?: Payload }): T.RequestMessage {
  const payload = { method: o.method, ...(o.parameters !== undefined ? { parameters: o.parameters } : {}) };
  return checked(v.validateRequestMessage, { ...initiating("request", o), payload });
}

export type ResponseOutcome = { readonly data: Payload } | { readonly error: T.ErrorObject };

export function createResponseMessage(to: T.RequestMessage, o: ReplyOptions & ResponseOutcome): T.ResponseMessage {
  const payload = "data" in o ? { status: "success", data: o.data } : { status: "error", error: o.error };
  return checked(v.validateResponseMessage, { ...reply("response", to, o), payload });
}

/** The card's agent_id defaults to senderId, which it must equal. */
export type AgentCardInput = Omit<T.AgentCard, "agent_id"> & { readonly agent_id?: string };

export function createHandshakeMessage(o: EnvelopeOptions & { readonly agentCard: AgentCardInput }): T.HandshakeMessage {
  const agent_card = { agent_id: o.senderId, ...o.agentCard };
  return checked(v.validateHandshakeMessage, { ...initiating("handshake", o), payload: { agent_card } });
}

export function createHandshakeAckMessage(
  to: T.HandshakeMessage,
  o: ReplyOptions & { readonly agentCard?: AgentCardInput; readonly payload?: Payload } = {},
): T.HandshakeAckMessage {
  const env = reply("handshake_ack", to, o);
  const card = o.agentCard !== undefined ? { agent_card: { agent_id: env.sender_id, ...o.agentCard } } : {};
  return checked(v.validateHandshakeAckMessage, { ...env, payload: { ...o.payload, ...card } });
}

export type ErrorDetail = T.ErrorMessage["payload"]["error"];

export function createErrorMessage(to: T.LegacyMessage, o: ReplyOptions & { readonly error: ErrorDetail }): T.ErrorMessage {
  return checked(v.validateErrorMessage, { ...reply("error", to, o), payload: { error: o.error } });
}

/**
 * Sent to the registry; `query` is the Message Schemas Reference draft-07 edition's
 * `{ capabilities, filters }` or its second edition's `{ capability, status, limit }`.
 */
export function createDiscoverAgentsMessage(o: {
  readonly senderId: string;
  readonly query?: T.DiscoverAgentsMessage["payload"];
  readonly auth?: T.AuthTag;
}): T.DiscoverAgentsMessage {
  const env = envelope("discover_agents", o.senderId, "registry", null, o.auth);
  return checked(v.validateDiscoverAgentsMessage, { ...env, payload: { ...o.query } });
}

export type AnnouncedAgent = T.AgentAnnouncementMessage["payload"]["agents"][number];

/** Sent by the registry; total_count defaults to the number of agents. */
export function createAgentAnnouncementMessage(
  to: T.DiscoverAgentsMessage,
  o: { readonly agents: readonly AnnouncedAgent[]; readonly totalCount?: number; readonly queryTimeMs?: number; readonly auth?: T.AuthTag },
): T.AgentAnnouncementMessage {
  const payload = {
    agents: [...o.agents],
    total_count: o.totalCount ?? o.agents.length,
    ...(o.queryTimeMs !== undefined ? { query_time_ms: o.queryTimeMs } : {}),
  };
  return checked(v.validateAgentAnnouncementMessage, { ...reply("agent_announcement", to, o, "registry"), payload });
}

export function createGoodbyeMessage(o: EnvelopeOptions & { readonly payload?: Payload }): T.GoodbyeMessage {
  return checked(v.validateGoodbyeMessage, { ...initiating("goodbye", o), payload: { ...o.payload } });
}

export function createGetCapabilitiesMessage(o: EnvelopeOptions & { readonly payload?: Payload }): T.GetCapabilitiesMessage {
  return checked(v.validateGetCapabilitiesMessage, { ...initiating("get_capabilities", o), payload: { ...o.payload } });
}

export function createCapabilitiesResponseMessage(
  to: T.GetCapabilitiesMessage,
  o: ReplyOptions & { readonly payload: Payload },
): T.CapabilitiesResponseMessage {
  return checked(v.validateCapabilitiesResponseMessage, { ...reply("capabilities_response", to, o), payload: { ...o.payload } });
}

export function createStreamStartMessage(o: EnvelopeOptions & { readonly payload?: Payload }): T.StreamStartMessage {
  return checked(v.validateStreamStartMessage, { ...initiating("stream_start", o), payload: { ...o.payload } });
}

/** Stream chunks and the end of a stream answer the stream_start that opened it. */
export function createStreamDataMessage(to: T.StreamStartMessage, o: ReplyOptions & { readonly payload: Payload }): T.StreamDataMessage {
  return checked(v.validateStreamDataMessage, { ...reply("stream_data", to, o), payload: { ...o.payload } });
}

export function createStreamEndMessage(to: T.StreamStartMessage, o: ReplyOptions & { readonly payload?: Payload } = {}): T.StreamEndMessage {
  return checked(v.validateStreamEndMessage, { ...reply("stream_end", to, o), payload: { ...o.payload } });
}
