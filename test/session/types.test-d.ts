/** Type tests (vitest --typecheck): z.infer equals the generated types; builder misuse does not compile. */
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import * as session from "../../src/session/index.js";
import type * as T from "../../src/session/index.js";
import * as Z from "../../src/session/zod.js";

describe("Zod models infer the generated types", () => {
  it("default mode (unknown properties kept)", () => {
    expectTypeOf<z.infer<typeof Z.AgentCardSchema>>().toEqualTypeOf<T.AgentCard>();
    expectTypeOf<z.infer<typeof Z.SessionSchema>>().toEqualTypeOf<T.Session>();
    expectTypeOf<z.infer<typeof Z.MessageSchema>>().toEqualTypeOf<T.Message>();
    expectTypeOf<z.infer<typeof Z.ArtifactSchema>>().toEqualTypeOf<T.Artifact>();
    expectTypeOf<z.infer<typeof Z.CreateSessionRequestSchema>>().toEqualTypeOf<T.CreateSessionRequest>();
    expectTypeOf<z.infer<typeof Z.CreateSessionResponseSchema>>().toEqualTypeOf<T.CreateSessionResponse>();
    expectTypeOf<z.infer<typeof Z.SendMessageRequestSchema>>().toEqualTypeOf<T.SendMessageRequest>();
    expectTypeOf<z.infer<typeof Z.SendMessageResponseSchema>>().toEqualTypeOf<T.SendMessageResponse>();
    expectTypeOf<z.infer<typeof Z.GetSessionMessagesResponseSchema>>().toEqualTypeOf<T.GetSessionMessagesResponse>();
    expectTypeOf<z.infer<typeof Z.ErrorResponseSchema>>().toEqualTypeOf<T.ErrorResponse>();
  });

  it("strict mode (exact)", () => {
    expectTypeOf<z.infer<typeof Z.StrictAgentCardSchema>>().toEqualTypeOf<T.StrictAgentCard>();
    expectTypeOf<z.infer<typeof Z.StrictSessionSchema>>().toEqualTypeOf<T.StrictSession>();
    expectTypeOf<z.infer<typeof Z.StrictMessageSchema>>().toEqualTypeOf<T.StrictMessage>();
    expectTypeOf<z.infer<typeof Z.StrictArtifactSchema>>().toEqualTypeOf<T.StrictArtifact>();
    expectTypeOf<z.infer<typeof Z.StrictCreateSessionRequestSchema>>().toEqualTypeOf<T.StrictCreateSessionRequest>();
    expectTypeOf<z.infer<typeof Z.StrictCreateSessionResponseSchema>>().toEqualTypeOf<T.StrictCreateSessionResponse>();
    expectTypeOf<z.infer<typeof Z.StrictSendMessageRequestSchema>>().toEqualTypeOf<T.StrictSendMessageRequest>();
    expectTypeOf<z.infer<typeof Z.StrictSendMessageResponseSchema>>().toEqualTypeOf<T.StrictSendMessageResponse>();
    expectTypeOf<z.infer<typeof Z.StrictGetSessionMessagesResponseSchema>>().toEqualTypeOf<T.StrictGetSessionMessagesResponse>();
    expectTypeOf<z.infer<typeof Z.StrictErrorResponseSchema>>().toEqualTypeOf<T.StrictErrorResponse>();
  });

  it("strict documents are default documents", () => {
    expectTypeOf<T.StrictGetSessionMessagesResponse>().toExtend<T.GetSessionMessagesResponse>();
    expectTypeOf<T.StrictAgentCard>().toExtend<T.AgentCard>();
  });
});

describe("validators narrow by mode", () => {
  it("the result type follows the mode", () => {
    const r = session.validateAgentCard({}, { mode: "strict" });
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<T.StrictAgentCard>();
    const d = session.validateAgentCard({});
    if (d.ok) expectTypeOf(d.value).toEqualTypeOf<T.AgentCard>();
    const input: unknown = {};
    if (session.isMessage(input, { mode: "strict" })) expectTypeOf(input).toEqualTypeOf<T.StrictMessage>();
    if (session.isMessage(input)) expectTypeOf(input).toEqualTypeOf<T.Message>();
  });
});

describe("builders", () => {
  it("return strict types", () => {
    expectTypeOf(session.createSession()).toEqualTypeOf<T.StrictSession>();
    expectTypeOf(session.createArtifact({ type: "image/png", data: new Uint8Array() })).toEqualTypeOf<T.StrictArtifact>();
    expectTypeOf(session.createSendMessageRequest({ content: "x" })).toEqualTypeOf<T.StrictSendMessageRequest>();
  });

  it("reject misuse at compile time", () => {
    // @ts-expect-error only user and system send messages
    session.createSendMessageRequest({ role: "agent", content: "x" });
    // @ts-expect-error content is required
    session.createSendMessageRequest({ role: "user" });
    // @ts-expect-error not a session status
    session.createSession({ status: "paused" });
    // @ts-expect-error message is required
    session.createErrorResponse({ code: "x" });
    // @ts-expect-error role is one of user, agent, system
    session.createMessage({ role: "assistant", content: "x" });
    // @ts-expect-error apiUrl is required
    session.createAgentCard({ name: "n", description: "d", version: "1" });
    // @ts-expect-error auth.type is an enum
    session.createAgentCard({ name: "n", description: "d", version: "1", apiUrl: "https://a.example", auth: { type: "basic" } });
    // @ts-expect-error a reply names a message or its id
    session.createMessage({ role: "agent", content: "x", inReplyTo: 1 });
  });
});
