import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import * as L from "../../src/legacy/index.js";
import type * as T from "../../src/generated/legacy/types.js";
import * as Z from "../../src/legacy/zod.js";

describe("z.infer equals the generated types", () => {
  it("for every message and part", () => {
    expectTypeOf<z.infer<typeof Z.RequestMessageSchema>>().toEqualTypeOf<T.RequestMessage>();
    expectTypeOf<z.infer<typeof Z.ResponseMessageSchema>>().toEqualTypeOf<T.ResponseMessage>();
    expectTypeOf<z.infer<typeof Z.HandshakeMessageSchema>>().toEqualTypeOf<T.HandshakeMessage>();
    expectTypeOf<z.infer<typeof Z.HandshakeAckMessageSchema>>().toEqualTypeOf<T.HandshakeAckMessage>();
    expectTypeOf<z.infer<typeof Z.ErrorMessageSchema>>().toEqualTypeOf<T.ErrorMessage>();
    expectTypeOf<z.infer<typeof Z.DiscoverAgentsMessageSchema>>().toEqualTypeOf<T.DiscoverAgentsMessage>();
    expectTypeOf<z.infer<typeof Z.AgentAnnouncementMessageSchema>>().toEqualTypeOf<T.AgentAnnouncementMessage>();
    expectTypeOf<z.infer<typeof Z.GoodbyeMessageSchema>>().toEqualTypeOf<T.GoodbyeMessage>();
    expectTypeOf<z.infer<typeof Z.GetCapabilitiesMessageSchema>>().toEqualTypeOf<T.GetCapabilitiesMessage>();
    expectTypeOf<z.infer<typeof Z.CapabilitiesResponseMessageSchema>>().toEqualTypeOf<T.CapabilitiesResponseMessage>();
    expectTypeOf<z.infer<typeof Z.StreamStartMessageSchema>>().toEqualTypeOf<T.StreamStartMessage>();
    expectTypeOf<z.infer<typeof Z.StreamDataMessageSchema>>().toEqualTypeOf<T.StreamDataMessage>();
    expectTypeOf<z.infer<typeof Z.StreamEndMessageSchema>>().toEqualTypeOf<T.StreamEndMessage>();
    expectTypeOf<z.infer<typeof Z.LegacyMessageSchema>>().toEqualTypeOf<T.LegacyMessage>();
    expectTypeOf<z.infer<typeof Z.BaseMessageSchema>>().toEqualTypeOf<T.BaseMessage>();
    expectTypeOf<z.infer<typeof Z.AuthTagSchema>>().toEqualTypeOf<T.AuthTag>();
    expectTypeOf<z.infer<typeof Z.AgentCardSchema>>().toEqualTypeOf<T.AgentCard>();
    expectTypeOf<z.infer<typeof Z.ErrorObjectSchema>>().toEqualTypeOf<T.ErrorObject>();
    expectTypeOf<z.infer<typeof Z.MessageTypeSchema>>().toEqualTypeOf<T.MessageType>();
  });
});

describe("validators narrow", () => {
  it("result values, guards and asserts carry the message types", () => {
    const r = L.validateMessage({} as unknown);
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<L.LegacyMessage>();
    const x: unknown = null;
    if (L.isResponseMessage(x)) expectTypeOf(x).toEqualTypeOf<L.ResponseMessage>();
    expectTypeOf(L.assertRequestMessage).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf(L.validateMessage["~standard"].types).toEqualTypeOf<{ readonly input: unknown; readonly output: L.LegacyMessage } | undefined>();
  });
  it("the LegacyMessage union discriminates on message_type", () => {
    const m = {} as L.LegacyMessage;
    if (m.message_type === "response" && m.payload.status === "error") expectTypeOf(m.payload.error).toEqualTypeOf<L.ErrorObject>();
  });
});

describe("builder misuse is a compile error", () => {
  it("rejects wrong arguments", () => {
    const req = L.createRequestMessage({ senderId: "abc", recipientId: "def", method: "m" });
    const hs = L.createHandshakeMessage({
      senderId: "abc",
      recipientId: "def",
      agentCard: { name: "n", version: "1.0.0", description: "", capabilities: ["c"], supported_protocols: ["A2A/1.0"] },
    });
    expectTypeOf(req).toEqualTypeOf<L.RequestMessage>();
    // @ts-expect-error method is required
    L.createRequestMessage({ senderId: "abc", recipientId: "def" });
    // @ts-expect-error parameters must be an object
    L.createRequestMessage({ senderId: "abc", recipientId: "def", method: "m", parameters: "x" });
    // @ts-expect-error a response answers a request, not a handshake
    L.createResponseMessage(hs, { data: {} });
    // @ts-expect-error a response needs data or error
    L.createResponseMessage(req, {});
    // @ts-expect-error an error object needs a code
    L.createResponseMessage(req, { error: { message: "m" } });
    // @ts-expect-error the announcement answers a discover_agents message
    L.createAgentAnnouncementMessage(req, { agents: [] });
    // @ts-expect-error agent status is healthy or unhealthy
    L.createAgentAnnouncementMessage({} as L.DiscoverAgentsMessage, { agents: [{ agent_id: "a", name: "n", capabilities: [], status: "ok", endpoint: "x" }] });
    // @ts-expect-error discover_agents goes to the registry: no recipientId
    L.createDiscoverAgentsMessage({ senderId: "abc", recipientId: "def" });
    // @ts-expect-error unknown filter status
    L.createDiscoverAgentsMessage({ senderId: "abc", query: { filters: { status: "sleeping" } } });
    // @ts-expect-error stream data answers a stream_start
    L.createStreamDataMessage(req, { payload: {} });
  });
});
