import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as L from "../../src/legacy/index.js";

const agentId = fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9-]{1,40}[a-zA-Z0-9]$/);
const json = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
const card = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }),
  version: fc.constantFrom("1.0.0", "0.1.2-beta.1", "10.20.30"),
  description: fc.string({ maxLength: 200 }),
  capabilities: fc.array(fc.string(), { minLength: 1, maxLength: 50 }),
  supported_protocols: fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
});

describe("builders produce valid messages", () => {
  it("for every type, given valid arguments", () => {
    fc.assert(
      fc.property(agentId, agentId, fc.string({ minLength: 1, maxLength: 128 }), json, card, (a, b, method, payload, c) => {
        const req = L.createRequestMessage({ senderId: a, recipientId: b, method, parameters: payload });
        const res = L.createResponseMessage(req, { data: payload });
        const err = L.createErrorMessage(req, { error: { code: "RATE_LIMIT_EXCEEDED", message: "slow down", retry_after: 5 } });
        const hs = L.createHandshakeMessage({ senderId: a, recipientId: b, agentCard: c });
        const ack = L.createHandshakeAckMessage(hs, { agentCard: c });
        const disc = L.createDiscoverAgentsMessage({ senderId: a, query: { capability: "x", limit: 5 } });
        const ann = L.createAgentAnnouncementMessage(disc, {
          agents: [{ agent_id: b, name: "n", capabilities: [], status: "healthy", endpoint: "https://agent.example/a2a" }],
        });
        const start = L.createStreamStartMessage({ senderId: a, recipientId: b, payload });
        const all = [
          req, res, err, hs, ack, disc, ann, start,
          L.createStreamDataMessage(start, { payload }),
          L.createStreamEndMessage(start),
          L.createGoodbyeMessage({ senderId: a, recipientId: "*" }),
          L.createCapabilitiesResponseMessage(L.createGetCapabilitiesMessage({ senderId: a, recipientId: b }), { payload }),
        ];
        for (const m of all) expect(L.validateMessage(m)).toMatchObject({ ok: true });
        // Replies answer the message they were given.
        expect(res.correlation_id).toBe(req.message_id);
        expect([res.sender_id, res.recipient_id]).toEqual([b, a]);
        expect(ann.sender_id).toBe("registry");
        expect(ann.payload.total_count).toBe(1);
        expect(ack.payload.agent_card?.agent_id).toBe(b);
        expect(hs.payload.agent_card.agent_id).toBe(a);
      }),
      { numRuns: 300 },
    );
  });

  it("use randomUUID ids and ISO timestamps", () => {
    const before = Date.now();
    const m = L.createRequestMessage({ senderId: "abc", recipientId: "def", method: "m" });
    expect(m.message_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Date.parse(m.timestamp)).toBeGreaterThanOrEqual(before - 1);
    expect(m.correlation_id).toBeNull();
  });

  it("throw a ValidationError on a bad argument instead of returning an invalid message", () => {
    expect(() => L.createRequestMessage({ senderId: "a", recipientId: "def", method: "m" })).toThrow(L.ValidationError);
    expect(() => L.createRequestMessage({ senderId: "abc", recipientId: "def", method: "" })).toThrow(/\/method: createRequestMessage: argument "method": must be at least 1 character long/);
    const req = L.createRequestMessage({ senderId: "abc", recipientId: "*", method: "m" });
    // A reply to a broadcast needs an explicit sender: the default (the answered message's
    // recipient_id, "*") is no argument, so the issue stays on the message's field.
    expect(() => L.createResponseMessage(req, { data: {} })).toThrow(/\/sender_id/);
    expect(L.createResponseMessage(req, { senderId: "xyz", data: {} }).sender_id).toBe("xyz");
  });

  it("do not share or mutate the caller's objects", () => {
    const parameters = { a: [1, 2] };
    const frozen = Object.freeze({ senderId: "abc", recipientId: "def", method: "m", parameters });
    const m = L.createRequestMessage(frozen);
    expect(m.payload.parameters).toEqual({ a: [1, 2] });
    expect(parameters).toEqual({ a: [1, 2] });
  });
});
