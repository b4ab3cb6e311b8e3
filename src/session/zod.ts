/**
 * `a2a-schemas/session/zod`: Zod models of the session family, generated from
 * the same schemas as the validators. `<Type>Schema` is the default mode
 * (unknown properties kept), `Strict<Type>Schema` the strict mode. The artifact
 * rule (data suits type) is the validators' own function, run via superRefine.
 */
export * from "../generated/session/zod.js";

import * as M from "../generated/session/zod.js";

/** Both models of every type by type name, for generic use (fixture runners, the CLI). */
export const SESSION_ZOD_MODELS = {
  AgentCard: { default: M.AgentCardSchema, strict: M.StrictAgentCardSchema },
  Session: { default: M.SessionSchema, strict: M.StrictSessionSchema },
  Message: { default: M.MessageSchema, strict: M.StrictMessageSchema },
  Artifact: { default: M.ArtifactSchema, strict: M.StrictArtifactSchema },
  CreateSessionRequest: { default: M.CreateSessionRequestSchema, strict: M.StrictCreateSessionRequestSchema },
  CreateSessionResponse: { default: M.CreateSessionResponseSchema, strict: M.StrictCreateSessionResponseSchema },
  SendMessageRequest: { default: M.SendMessageRequestSchema, strict: M.StrictSendMessageRequestSchema },
  SendMessageResponse: { default: M.SendMessageResponseSchema, strict: M.StrictSendMessageResponseSchema },
  GetSessionMessagesResponse: { default: M.GetSessionMessagesResponseSchema, strict: M.StrictGetSessionMessagesResponseSchema },
  ErrorResponse: { default: M.ErrorResponseSchema, strict: M.StrictErrorResponseSchema },
} as const;

/** Maps a Zod error of these models (either mode) to the library's issues (codes, messages as the validators give them): `issuesFromZod(r.error, input)`. */
export { sessionIssuesFromZod as issuesFromZod } from "./zod-issues.js";
