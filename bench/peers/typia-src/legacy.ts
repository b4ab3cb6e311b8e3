/**
 * typia input (compiled by `typia generate`, see bench/peers/typia.ts): the
 * package's RequestMessage type with tags for what a TypeScript type cannot
 * state (schemas/legacy/request-message.json, base-message.json, auth-tag.json).
 */
import typia, { tags } from "typia";
import type { RealInstant } from "./instant.js";

type UuidV4 = string & tags.MaxLength<36> & tags.Pattern<"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$">;
type AgentId = string & tags.MinLength<3> & tags.MaxLength<128> & tags.Pattern<"^[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]$">;
type RecipientId = string & tags.MaxLength<128> & tags.Pattern<"^(?:\\*|[a-zA-Z0-9][a-zA-Z0-9-]{1,126}[a-zA-Z0-9])$">;
type UtcTimestamp = string & tags.MaxLength<24> & tags.Pattern<"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{3})?Z$"> & RealInstant;

export interface AuthTag {
  agent_id: AgentId;
  timestamp: UtcTimestamp;
  nonce: string & tags.MaxLength<32> & tags.Pattern<"^[0-9a-f]{32}$">;
  signature: string & tags.MinLength<1> & tags.MaxLength<8192> & tags.Pattern<"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$">;
  public_key_fingerprint?: string & tags.MaxLength<512>;
}

export interface RequestMessage {
  message_id: UuidV4;
  message_type: "request";
  sender_id: AgentId;
  recipient_id: RecipientId;
  timestamp: UtcTimestamp;
  correlation_id?: null;
  auth?: AuthTag;
  payload: {
    method: string & tags.MinLength<1> & tags.MaxLength<128>;
    parameters?: Record<string, unknown>;
  };
}

// The *Equals forms reject unknown properties, as additionalProperties: false does.
export const isRequestMessage = typia.createEquals<RequestMessage>();
export const validateRequestMessage = typia.createValidateEquals<RequestMessage>();
