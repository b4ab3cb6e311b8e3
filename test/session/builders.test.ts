import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createAgentCard,
  createArtifact,
  createCreateSessionRequest,
  createCreateSessionResponse,
  createErrorResponse,
  createGetSessionMessagesResponse,
  createMessage,
  createMessageFromRequest,
  createSendMessageRequest,
  createSendMessageResponse,
  createSession,
  encodeBase64,
  updateSession,
  validateArtifact,
  validateMessage,
  validateSendMessageRequest,
  validateSession,
  ValidationError,
} from "../../src/session/index.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("builders", () => {
  it("createSession: a uuid, now, active", () => {
    const before = Date.now();
    const s = createSession({ metadata: { topic: "t" } });
    expect(s.id).toMatch(UUID);
    expect(Date.parse(s.created_at)).toBeGreaterThanOrEqual(before - 1);
    expect(s).toMatchObject({ status: "active", metadata: { topic: "t" } });
    expect("updated_at" in s).toBe(false);
    const done = updateSession(s, { status: "completed" });
    expect(done).toMatchObject({ id: s.id, status: "completed", created_at: s.created_at });
    expect(validateSession(done, { mode: "strict" }).ok).toBe(true);
  });

  it("createArtifact encodes bytes to the base64: form", () => {
    const a = createArtifact({ type: "image/png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), name: "x.png" });
    expect(a.data).toBe("base64:iVBORw==");
    expect(createArtifact({ type: "application/pdf", data: new Uint8Array([1, 2]).buffer }).data).toBe("base64:AQI=");
    expect(createArtifact({ id: "t", type: "text/plain", data: "hello" })).toEqual({ id: "t", type: "text/plain", data: "hello" });
  });

  it("encodeBase64 matches Node's encoder", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
      }),
      { numRuns: 500 },
    );
  });

  it("rejects bytes for non-binary types and data that does not suit the type", () => {
    expect(() => createArtifact({ type: "text/plain", data: new Uint8Array([1]) })).toThrowError(ValidationError);
    expect(() => createArtifact({ type: "url/reference", data: "relative/path" })).toThrowError(/absolute URL/);
    expect(() => createArtifact({ type: "image/png", data: "not base64" })).toThrowError(/base64:/);
  });

  it("createMessage / createSendMessageRequest / replies", () => {
    const req = createSendMessageRequest({ content: "hi", artifacts: [createArtifact({ type: "application/json", data: { a: 1 } })] });
    expect(req.role).toBe("user");
    expect(validateSendMessageRequest(req, { mode: "strict" }).ok).toBe(true);
    const stored = createMessageFromRequest(req);
    expect(stored).toMatchObject({ role: "user", content: "hi" });
    expect(stored.id).toMatch(UUID);
    const reply = createMessage({ role: "agent", content: "hello", inReplyTo: stored });
    expect(reply.in_reply_to).toBe(stored.id);
    expect(createSendMessageResponse(reply)).toEqual({ message: reply });
    expect(createGetSessionMessagesResponse({ messages: [stored, reply], nextCursor: "c2" })).toEqual({ messages: [stored, reply], pagination: { next_cursor: "c2" } });
    expect(createGetSessionMessagesResponse({ messages: [] })).toEqual({ messages: [] });
  });

  it("the other bodies", () => {
    const s = createSession();
    expect(createCreateSessionResponse(s)).toEqual({ session: s });
    expect(createCreateSessionRequest()).toEqual({});
    expect(createErrorResponse({ code: "not_found", message: "gone" })).toEqual({ error: { code: "not_found", message: "gone" } });
    const card = createAgentCard({ name: "Echo", description: "Echoes", version: "1.0.0", apiUrl: "https://agent.example.com/a2a" });
    expect(card).toEqual({ name: "Echo", description: "Echoes", version: "1.0.0", api: { type: "a2a", url: "https://agent.example.com/a2a" }, auth: { type: "none" } });
    expect(() => createAgentCard({ name: "E", description: "d", version: "1", apiUrl: "/relative" })).toThrowError(/\/apiUrl: createAgentCard: argument "apiUrl": /);
  });

  it("throw a ValidationError on arguments that make an invalid document, JavaScript callers included", () => {
    expect(() => createSendMessageRequest({ role: "agent" as "user", content: "x" })).toThrowError(/\/role/);
    expect(() => createSession({ status: "paused" as "active" })).toThrowError(ValidationError);
    expect(() => createMessage({ role: "user", content: 1 as unknown as string })).toThrowError(/\/content/);
  });

  it("always produce documents that pass strict validation", () => {
    const meta = fc.option(fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), { nil: undefined });
    const art = fc.oneof(
      fc.record({ type: fc.constantFrom("image/png", "audio/ogg", "application/octet-stream"), data: fc.uint8Array({ maxLength: 40 }) }),
      fc.record({ type: fc.constantFrom("text/plain", "text/csv; charset=utf-8"), data: fc.string() }),
      fc.record({ type: fc.constant("application/json"), data: fc.jsonValue({ maxDepth: 2 }) }),
      fc.record({ type: fc.constant("url/reference"), data: fc.webUrl() }),
    );
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("user", "agent", "system") as fc.Arbitrary<"user" | "agent" | "system">, meta, fc.array(art, { maxLength: 3 }), (content, role, metadata, arts) => {
        const artifacts = arts.map((a) => createArtifact(a));
        for (const a of artifacts) expect(validateArtifact(a, { mode: "strict" }).ok).toBe(true);
        const m = createMessage({ role, content, metadata, artifacts });
        expect(validateMessage(m, { mode: "strict" }).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
