import type { MessageType } from "../generated/legacy/types.js";

/**
 * The 13 message types, in the order of the enum groups of the Message Schemas Reference,
 * second edition (§message_type), the draft-07 edition's 8 first.
 */
export const MESSAGE_TYPES: readonly MessageType[] = [
  "request", "response", "handshake", "handshake_ack", "error", "discover_agents", "agent_announcement", "goodbye",
  "get_capabilities", "capabilities_response", "stream_start", "stream_data", "stream_end",
];
