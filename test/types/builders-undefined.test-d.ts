/**
 * Type tests: every builder's optional options take an explicit `undefined` (the builders drop
 * it at run time), which matters under `exactOptionalPropertyTypes` (on in vitest --typecheck, see
 * test/types/tsconfig.json); the message types take it too, as the validators and the Zod models do.
 */
import { describe, expectTypeOf, it } from "vitest";
import * as Legacy from "../../src/legacy/index.js";
import * as Session from "../../src/session/index.js";
import * as V1 from "../../src/v1/index.js";
import type { Accepts } from "./config.js";

declare const maybeString: string | undefined;
declare const maybeStruct: { [key: string]: unknown } | undefined;
declare const maybeMessage: V1.Message | undefined;
declare const maybeBool: boolean | undefined;
declare const maybeNumber: number | undefined;
declare const maybeAuth: Legacy.AuthTag | undefined;

describe("builder options take explicit undefined", () => {
  it("v1", () => {
    const parts = [V1.createTextPart("hello", { mediaType: maybeString, filename: undefined, metadata: maybeStruct })];
    V1.createDataPart({ a: 1 }, { mediaType: maybeString });
    V1.createFilePart({ url: "https://files.example/a.pdf", bytes: undefined }, { filename: maybeString });
    V1.createFilePart({ bytes: new Uint8Array([1]), url: undefined });
    const message = V1.createMessage({
      role: "ROLE_USER",
      parts,
      messageId: maybeString,
      contextId: maybeString,
      taskId: maybeString,
      metadata: maybeStruct,
      extensions: undefined,
      referenceTaskIds: undefined,
    });
    const task = V1.createTask({ state: "TASK_STATE_WORKING", id: maybeString, contextId: maybeString, message: maybeMessage, timestamp: maybeString, artifacts: undefined, history: undefined, metadata: maybeStruct });
    V1.createTaskStatusUpdateEvent({ taskId: "t", contextId: "c", state: "TASK_STATE_COMPLETED", message: maybeMessage, timestamp: maybeString, metadata: maybeStruct });
    V1.createTaskArtifactUpdateEvent({ taskId: "t", contextId: "c", artifact: { artifactId: "a", parts }, append: maybeBool, lastChunk: maybeBool, metadata: maybeStruct });
    V1.createAgentCard({
      name: "agent",
      description: "d",
      version: "1.0.0",
      supportedInterfaces: [{ url: "https://agent.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "s", name: "s", description: "d", tags: ["t"] }],
      capabilities: undefined,
      documentationUrl: maybeString,
      provider: undefined,
      iconUrl: maybeString,
    });
    // The built values are the exact message types.
    expectTypeOf(message).toEqualTypeOf<V1.Message>();
    expectTypeOf(task).toEqualTypeOf<V1.Task>();
  });

  it("legacy", () => {
    const req = Legacy.createRequestMessage({ senderId: "abc", recipientId: "def", method: "m", parameters: maybeStruct, auth: maybeAuth });
    Legacy.createResponseMessage(req, { data: {}, error: undefined, senderId: maybeString, auth: undefined });
    Legacy.createResponseMessage(req, { error: { code: "E", message: "m" }, data: undefined });
    const hs = Legacy.createHandshakeMessage({
      senderId: "abc",
      recipientId: "def",
      agentCard: { agent_id: maybeString, name: "n", version: "1.0.0", description: "", capabilities: ["c"], supported_protocols: ["A2A/1.0"] },
    });
    Legacy.createHandshakeAckMessage(hs, { agentCard: undefined, payload: maybeStruct, senderId: maybeString });
    const disc = Legacy.createDiscoverAgentsMessage({ senderId: "abc", query: undefined, auth: maybeAuth });
    Legacy.createAgentAnnouncementMessage(disc, { agents: [], totalCount: maybeNumber, queryTimeMs: maybeNumber, auth: undefined });
    Legacy.createGoodbyeMessage({ senderId: "abc", recipientId: "def", payload: maybeStruct, auth: undefined });
    const start = Legacy.createStreamStartMessage({ senderId: "abc", recipientId: "def", payload: undefined });
    Legacy.createStreamEndMessage(start, { payload: maybeStruct, senderId: undefined });
    Legacy.createGetCapabilitiesMessage({ senderId: "abc", recipientId: "def", payload: undefined });
    expectTypeOf(req).toEqualTypeOf<Legacy.RequestMessage>();
  });

  it("session", () => {
    const session = Session.createSession({ id: maybeString, status: undefined, metadata: maybeStruct });
    Session.updateSession(session, { status: undefined, metadata: maybeStruct });
    Session.createAgentCard({ name: "n", description: "d", version: "1", apiUrl: "https://a.example", apiVersion: maybeString, auth: undefined, capabilities: undefined, contact: undefined, pricing: undefined });
    const artifact = Session.createArtifact({ type: "text/plain", data: "x", id: maybeString, name: maybeString, description: undefined });
    const message = Session.createMessage({ role: "agent", content: "x", id: maybeString, inReplyTo: maybeString, metadata: maybeStruct, artifacts: undefined });
    Session.createSendMessageRequest({ content: "x", role: undefined, inReplyTo: undefined, metadata: maybeStruct, artifacts: [artifact] });
    Session.createMessageFromRequest(Session.createSendMessageRequest({ content: "x" }), { id: maybeString });
    Session.createCreateSessionRequest({ metadata: maybeStruct });
    Session.createGetSessionMessagesResponse({ messages: [message], nextCursor: maybeString, prevCursor: undefined });
    Session.createErrorResponse({ code: "c", message: "m", details: maybeStruct });
    expectTypeOf(session).toEqualTypeOf<Session.StrictSession>();
    expectTypeOf(message).toEqualTypeOf<Session.StrictMessage>();
  });
});

describe("required options stay required, and types stay checked", () => {
  it("rejects undefined for a required option and wrong types", () => {
    // @ts-expect-error taskId is required
    V1.createTaskStatusUpdateEvent({ taskId: maybeString, contextId: "c", state: "TASK_STATE_COMPLETED" });
    // @ts-expect-error contextId is a string
    V1.createMessage({ role: "ROLE_USER", parts: [], contextId: 1 });
    // @ts-expect-error method is required
    Legacy.createRequestMessage({ senderId: "abc", recipientId: "def", method: maybeString });
    // @ts-expect-error content is required
    Session.createMessage({ role: "agent", content: maybeString });
  });
});

describe("the message types take an explicit undefined where a member is optional", () => {
  // The validators and the Zod models accept an optional member whose value is `undefined` as absent
  // (JSON cannot hold it) and return the value as given, so the types say `?: T | undefined` and a
  // parsed value is the library's type under exactOptionalPropertyTypes (test/types/zod-assignable.test-d.ts).
  it("an explicit undefined is a Message, a Task, a RequestMessage or a session Message in both settings", () => {
    expectTypeOf<Accepts<V1.Message, { messageId: string; role: "ROLE_USER"; parts: V1.Part[]; contextId: undefined }>>().toEqualTypeOf<true>();
    expectTypeOf<Accepts<V1.TaskStatus, { state: "TASK_STATE_WORKING"; message: undefined }>>().toEqualTypeOf<true>();
    expectTypeOf<Accepts<V1.Part, { text: string; mediaType: undefined }>>().toEqualTypeOf<true>();
    expectTypeOf<Accepts<Legacy.RequestMessage["payload"], { method: string; parameters: undefined }>>().toEqualTypeOf<true>();
    expectTypeOf<Accepts<Session.StrictMessage, { id: string; role: "agent"; content: string; created_at: string; in_reply_to: undefined }>>().toEqualTypeOf<true>();
    expectTypeOf<Accepts<V1.MessageInit, { role: "ROLE_USER"; parts: V1.Part[]; contextId: undefined }>>().toEqualTypeOf<true>();
    expectTypeOf<Accepts<V1.TaskInit, { state: "TASK_STATE_WORKING"; contextId: string | undefined }>>().toEqualTypeOf<true>();
  });

  it("a required member still does not take undefined", () => {
    expectTypeOf<Accepts<V1.Message, { messageId: undefined; role: "ROLE_USER"; parts: V1.Part[] }>>().toEqualTypeOf<false>();
  });
});
