/**
 * `a2a-schemas/legacy/zod`: Zod v4 models matching schemas/legacy/*.json.
 * Agreement with the Ajv validators is proven by test/legacy/parity.test.ts
 * (fixtures + generated input) and test/legacy/types.test-d.ts (inferred types).
 */
import { z } from "zod";
import { isUtcTimestamp } from "../core/timestamp.js";
import { isAbsoluteUri } from "../core/uri.js";
import { addIssues, jsonObject, patterned, shapeIsValid, sized, wholeNumber } from "../core/zod-helpers.js";
import { legacyRules } from "./rules.js";

// Patterns and limits: the same as the `definitions` of schemas/legacy/base-message.json.
/** Zod model of a message id: a lowercase UUID v4 (base-message.json#/definitions/uuidV4). */
export const UuidV4Schema = patterned("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", 36);
/** Zod model of an agent id: 3 to 128 letters, digits and hyphens, not starting or ending with a hyphen. */
export const AgentIdSchema = patterned("^[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]$", 128, 3);
/** Zod model of a recipient_id: an agent id, or "*" to broadcast. */
export const RecipientIdSchema = patterned("^(?:\\*|[a-zA-Z0-9][a-zA-Z0-9-]{1,126}[a-zA-Z0-9])$", 128);
/** Zod model of a legacy timestamp: UTC with Z, like 2025-12-09T15:30:00.000Z. */
export const UtcTimestampSchema = z.string().check(z.refine(isUtcTimestamp, "must be a UTC timestamp like 2025-12-09T15:30:00.000Z"));
const Nonce = patterned("^[0-9a-f]{32}$", 32);
const Base64 = patterned("^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", 8192, 1);
const ErrorCode = patterned("^[A-Z][A-Z0-9_]*[A-Z0-9]$", 128);
const Semver = patterned(
  "^(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)(?:-(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)(?:\\.(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*))*)?$",
  64,
);
const AbsoluteUri = sized(0, 2048).check(z.refine(isAbsoluteUri, "must be an absolute URI"));

/** Zod model of message_type: one of the 13 legacy message types. */
export const MessageTypeSchema = z.enum([
  "request", "response", "handshake", "handshake_ack", "error", "discover_agents", "agent_announcement", "goodbye",
  "get_capabilities", "capabilities_response", "stream_start", "stream_data", "stream_end",
]);

/** Zod model of the AuthTag (schemas/legacy/auth-tag.json). Its agent_id must equal the envelope's sender_id, which the message models check. */
export const AuthTagSchema = z.strictObject({
  agent_id: AgentIdSchema,
  timestamp: UtcTimestampSchema,
  nonce: Nonce,
  signature: Base64,
  public_key_fingerprint: sized(0, 512).optional(),
});

/** Zod model of the AgentCard (schemas/legacy/agent-card.json). */
export const AgentCardSchema = z.strictObject({
  agent_id: AgentIdSchema,
  name: sized(1, 100),
  version: Semver,
  description: sized(0, 500),
  capabilities: z.array(z.string()).min(1).max(50),
  supported_protocols: z.array(z.string()).min(1),
  metadata: jsonObject.optional(),
});

/** Zod model of the ErrorObject of a response whose status is "error" (schemas/legacy/error-object.json). */
export const ErrorObjectSchema = z.strictObject({
  code: ErrorCode,
  message: sized(1, 500),
  details: jsonObject.optional(),
});

/** The envelope fields every message shares, given its type, correlation rule and payload. */
function message<const K extends string, C extends z.ZodType, P extends z.ZodType>(type: K, correlation: C, payload: P) {
  return envelope(z.literal(type), correlation, payload, AgentIdSchema, RecipientIdSchema);
}

function envelope<M extends z.ZodType, C extends z.ZodType, P extends z.ZodType, S extends z.ZodType, R extends z.ZodType>(
  type: M,
  correlation: C,
  payload: P,
  sender: S,
  recipient: R,
) {
  return z
    .strictObject({
      message_id: UuidV4Schema,
      message_type: type,
      sender_id: sender,
      recipient_id: recipient,
      timestamp: UtcTimestampSchema,
      correlation_id: correlation,
      auth: AuthTagSchema.optional(),
      payload,
    })
    .superRefine((msg, ctx) => addIssues(ctx, legacyRules(msg)), { when: shapeIsValid });
}

const initiating = z.null().optional();
const replying = UuidV4Schema;

/** Zod model of the BaseMessage envelope shared by all 13 message types, with the cross-field checks of the validators. */
export const BaseMessageSchema = envelope(MessageTypeSchema, z.union([z.null(), UuidV4Schema]).optional(), jsonObject, AgentIdSchema, RecipientIdSchema);

/** Zod model of the RequestMessage, with the same checks as validateRequestMessage (`z.infer` is the RequestMessage type). */
export const RequestMessageSchema = message(
  "request",
  initiating,
  z.strictObject({ method: sized(1, 128), parameters: jsonObject.optional() }),
);

/** Zod model of the ResponseMessage, with the same checks as validateResponseMessage (`z.infer` is the ResponseMessage type). */
export const ResponseMessageSchema = message(
  "response",
  replying,
  z.union([
    z.strictObject({ status: z.literal("success"), data: jsonObject }),
    z.strictObject({ status: z.literal("error"), error: ErrorObjectSchema }),
  ]),
);

/** Zod model of the HandshakeMessage, with the same checks as validateHandshakeMessage (`z.infer` is the HandshakeMessage type). */
export const HandshakeMessageSchema = message("handshake", initiating, z.strictObject({ agent_card: AgentCardSchema }));

/** Zod model of the HandshakeAckMessage, with the same checks as validateHandshakeAckMessage (`z.infer` is the HandshakeAckMessage type). */
export const HandshakeAckMessageSchema = message("handshake_ack", replying, z.looseObject({ agent_card: AgentCardSchema.optional() }));

/** Zod model of the ErrorMessage, with the same checks as validateErrorMessage (`z.infer` is the ErrorMessage type). */
export const ErrorMessageSchema = message(
  "error",
  replying,
  z.strictObject({
    error: z.strictObject({
      code: ErrorCode,
      message: sized(1, 500),
      details: jsonObject.optional(),
      retry_after: wholeNumber(0).optional(),
      documentation_url: AbsoluteUri.optional(),
    }),
  }),
);

/** Zod model of the DiscoverAgentsMessage, with the same checks as validateDiscoverAgentsMessage (`z.infer` is the DiscoverAgentsMessage type). */
export const DiscoverAgentsMessageSchema = envelope(
  z.literal("discover_agents"),
  initiating,
  z.union([
    z.strictObject({
      capabilities: z.array(z.string()).optional(),
      filters: z
        .strictObject({
          status: z.enum(["healthy", "unhealthy", "all"]).optional(),
          max_results: wholeNumber(1, 100).optional(),
        })
        .optional(),
    }),
    z.strictObject({
      capability: z.string().optional(),
      status: z.enum(["healthy", "any"]).optional(),
      limit: wholeNumber(1, 1000).optional(),
    }),
  ]),
  AgentIdSchema,
  z.literal("registry"),
);

/** Zod model of the AgentAnnouncementMessage, with the same checks as validateAgentAnnouncementMessage (`z.infer` is the AgentAnnouncementMessage type). */
export const AgentAnnouncementMessageSchema = envelope(
  z.literal("agent_announcement"),
  replying,
  z.strictObject({
    agents: z.array(
      z.strictObject({
        agent_id: AgentIdSchema,
        name: z.string(),
        capabilities: z.array(z.string()),
        status: z.enum(["healthy", "unhealthy"]),
        endpoint: AbsoluteUri,
        last_heartbeat: UtcTimestampSchema.optional(),
      }),
    ),
    total_count: wholeNumber(0),
    query_time_ms: z.number().min(0).optional(),
  }),
  z.literal("registry"),
  RecipientIdSchema,
);

/** Zod model of the GoodbyeMessage, with the same checks as validateGoodbyeMessage (`z.infer` is the GoodbyeMessage type). */
export const GoodbyeMessageSchema = message("goodbye", initiating, jsonObject);
/** Zod model of the GetCapabilitiesMessage, with the same checks as validateGetCapabilitiesMessage (`z.infer` is the GetCapabilitiesMessage type). */
export const GetCapabilitiesMessageSchema = message("get_capabilities", initiating, jsonObject);
/** Zod model of the StreamStartMessage, with the same checks as validateStreamStartMessage (`z.infer` is the StreamStartMessage type). */
export const StreamStartMessageSchema = message("stream_start", initiating, jsonObject);
/** Zod model of the CapabilitiesResponseMessage, with the same checks as validateCapabilitiesResponseMessage (`z.infer` is the CapabilitiesResponseMessage type). */
export const CapabilitiesResponseMessageSchema = message("capabilities_response", replying, jsonObject);
/** Zod model of the StreamDataMessage, with the same checks as validateStreamDataMessage (`z.infer` is the StreamDataMessage type). */
export const StreamDataMessageSchema = message("stream_data", replying, jsonObject);
/** Zod model of the StreamEndMessage, with the same checks as validateStreamEndMessage (`z.infer` is the StreamEndMessage type). */
export const StreamEndMessageSchema = message("stream_end", replying, jsonObject);

/** Any legacy message, discriminated by message_type. */
export const LegacyMessageSchema = z.discriminatedUnion("message_type", [
  RequestMessageSchema,
  ResponseMessageSchema,
  HandshakeMessageSchema,
  HandshakeAckMessageSchema,
  ErrorMessageSchema,
  DiscoverAgentsMessageSchema,
  AgentAnnouncementMessageSchema,
  GoodbyeMessageSchema,
  GetCapabilitiesMessageSchema,
  CapabilitiesResponseMessageSchema,
  StreamStartMessageSchema,
  StreamDataMessageSchema,
  StreamEndMessageSchema,
]);

/** Maps a Zod error of these models to the library's issues (codes, messages and hints as the validators give them): `issuesFromZod(r.error, input)`. */
export { legacyIssuesFromZod as issuesFromZod } from "../core/zod-issues.js";
