/**
 * Legacy rules JSON Schema cannot state. The Ajv validators and the Zod models
 * both call these, so they agree by construction, with the same issue paths.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { jsonByteSize } from "../core/json-size.js";

/** 001: "Max Size: 10 MB", measured as the UTF-8 bytes of the serialized payload. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const has = Object.prototype.hasOwnProperty;

function field(o: unknown, key: string): unknown {
  return o !== null && typeof o === "object" && has.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

function sameAsSender(out: ValidationIssue[], path: PathSegment[], value: unknown, sender: unknown): void {
  if (typeof value === "string" && typeof sender === "string" && value !== sender) {
    out.push(
      makeIssue(path, "mismatch", `must equal sender_id ${JSON.stringify(sender)}, got ${JSON.stringify(value)}`, {
        expected: JSON.stringify(sender),
        received: JSON.stringify(value),
      }),
    );
  }
}

/** Issues for the payload size rule alone (also used by the Zod models). */
export function payloadSizeIssues(payload: unknown): ValidationIssue[] {
  const size = jsonByteSize(payload, MAX_PAYLOAD_BYTES);
  if (size.kind === "ok") return [];
  if (size.kind === "over") {
    return [
      makeIssue(["payload"], "too_large", `must serialize to at most ${MAX_PAYLOAD_BYTES} bytes of UTF-8 (10 MiB), got more than ${MAX_PAYLOAD_BYTES}`, {
        expected: `at most ${MAX_PAYLOAD_BYTES} bytes`,
      }),
    ];
  }
  return [makeIssue(["payload"], "not_serializable", `must be plain JSON, but it contains ${size.reason}`)];
}

/** Cross-field rules for any legacy message: auth and agent card ids equal sender_id, payload ≤ 10 MiB. */
export function legacyRules(message: unknown): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const sender = field(message, "sender_id");
  sameAsSender(out, ["auth", "agent_id"], field(field(message, "auth"), "agent_id"), sender);
  const type = field(message, "message_type");
  if (type === "handshake" || type === "handshake_ack") {
    sameAsSender(out, ["payload", "agent_card", "agent_id"], field(field(field(message, "payload"), "agent_card"), "agent_id"), sender);
  }
  const payload = field(message, "payload");
  if (payload !== undefined) out.push(...payloadSizeIssues(payload));
  return out;
}
