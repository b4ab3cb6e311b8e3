/**
 * Legacy rules JSON Schema cannot state. The Ajv validators and the Zod models
 * both call these, so they agree by construction, with the same issue paths.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { checkJsonSize } from "../core/json-size.js";

/** Message Schemas Reference, second edition, §payload: "Max Size: 10 MB", measured as the UTF-8 bytes of the serialized payload. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const NONE: readonly ValidationIssue[] = Object.freeze([]);

function mismatch(path: PathSegment[], value: string, sender: string): ValidationIssue {
  return makeIssue(path, "mismatch", `must equal sender_id ${JSON.stringify(sender)}, got ${JSON.stringify(value)}`, {
    expected: JSON.stringify(sender),
    received: JSON.stringify(value),
  });
}

/** Issues for the payload size rule alone (also used by the Zod models). */
export function payloadSizeIssues(payload: unknown): ValidationIssue[] {
  const size = checkJsonSize(payload, MAX_PAYLOAD_BYTES);
  if (size.kind === "ok" || size.kind === "within") return NONE as ValidationIssue[];
  if (size.kind === "over") {
    return [
      makeIssue(["payload"], "too_large", `must serialize to at most ${MAX_PAYLOAD_BYTES} bytes of UTF-8 (10 MiB), got more than ${MAX_PAYLOAD_BYTES}`, {
        expected: `at most ${MAX_PAYLOAD_BYTES} bytes`,
      }),
    ];
  }
  return [makeIssue(["payload"], "not_serializable", `must be plain JSON, but it contains ${size.reason}`)];
}

/**
 * Cross-field rules for any legacy message: auth and agent card ids equal
 * sender_id, payload ≤ 10 MiB. On the hot path, so it allocates nothing when
 * all is well; it reads defensively because Zod may call it on any shape.
 */
export function legacyRules(message: unknown): ValidationIssue[] {
  if (message === null || typeof message !== "object") return NONE as ValidationIssue[];
  const m = message as { sender_id?: unknown; auth?: { agent_id?: unknown } | null; message_type?: unknown; payload?: any };
  const sender = m.sender_id;
  if (typeof sender !== "string") return NONE as ValidationIssue[];
  let out: ValidationIssue[] | undefined;
  const authId = typeof m.auth === "object" && m.auth !== null ? m.auth.agent_id : undefined;
  if (typeof authId === "string" && authId !== sender) (out ??= []).push(mismatch(["auth", "agent_id"], authId, sender));
  const payload = m.payload;
  if (typeof payload === "object" && payload !== null) {
    if (m.message_type === "handshake" || m.message_type === "handshake_ack") {
      const card = payload.agent_card;
      const cardId = typeof card === "object" && card !== null ? card.agent_id : undefined;
      if (typeof cardId === "string" && cardId !== sender) (out ??= []).push(mismatch(["payload", "agent_card", "agent_id"], cardId, sender));
    }
    const size = payloadSizeIssues(payload);
    if (size.length > 0) (out ??= []).push(size[0]!);
  }
  return out ?? (NONE as ValidationIssue[]);
}

/** Rules per legacy type, run by the validators on schema-valid input and by the Zod models: every envelope. */
export const LEGACY_RULES = {
  RequestMessage: legacyRules,
  ResponseMessage: legacyRules,
  HandshakeMessage: legacyRules,
  HandshakeAckMessage: legacyRules,
  ErrorMessage: legacyRules,
  DiscoverAgentsMessage: legacyRules,
  AgentAnnouncementMessage: legacyRules,
  GoodbyeMessage: legacyRules,
  GetCapabilitiesMessage: legacyRules,
  CapabilitiesResponseMessage: legacyRules,
  StreamStartMessage: legacyRules,
  StreamDataMessage: legacyRules,
  StreamEndMessage: legacyRules,
  BaseMessage: legacyRules,
} as const;
