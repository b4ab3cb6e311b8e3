/** The framework-neutral doors and the service parameters, without a server. */
import { describe, expect, it } from "vitest";
import { checkHttpRequest, checkJsonRpcRequest, fieldOf, parseProtocolVersion, readRequestedExtensions, readRequestedVersion, versionMatches } from "../../src/server/index.js";
import { cardFor } from "./agent.js";

const send = { jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }] } } };
const text = JSON.stringify(send);
const card = cardFor("http://127.0.0.1:1");

describe("A2A-Version and A2A-Extensions (A2A v1.0 specification, section 3.6)", () => {
  it("reads the header in any casing, else the query parameter; empty or absent is 0.3", () => {
    expect(readRequestedVersion({ "a2a-version": "1.0" })).toEqual({ ok: true, version: { major: 1, minor: 0, text: "1.0" }, source: "header" });
    expect(readRequestedVersion(new Headers({ "A2A-Version": " 1.0 " }))).toMatchObject({ ok: true, source: "header" });
    expect(readRequestedVersion({}, "/tasks/1?A2A-Version=1.0")).toMatchObject({ ok: true, version: { text: "1.0" }, source: "query" });
    expect(readRequestedVersion({ "a2a-version": "" })).toMatchObject({ ok: true, version: { text: "0.3" }, source: "default" });
    expect(readRequestedVersion({ "a2a-version": "v1" })).toEqual({ ok: false, text: "v1", source: "header" });
  });

  it("matches Major.Minor exactly; a patch number is not considered", () => {
    expect(parseProtocolVersion("1.0.2")).toEqual({ major: 1, minor: 0, text: "1.0" });
    expect(versionMatches(parseProtocolVersion("1.0")!, "1.0.0")).toBe(true);
    expect(versionMatches(parseProtocolVersion("1.1")!, "1.0")).toBe(false);
    expect(versionMatches(parseProtocolVersion("2.0")!, "1.0")).toBe(false);
  });

  it("splits A2A-Extensions on commas, repeated header fields joined", () => {
    expect(readRequestedExtensions({ "a2a-extensions": ["urn:a, urn:b", "urn:a,,urn:c"] })).toEqual(["urn:a", "urn:b", "urn:c"]);
  });
});

describe("checkJsonRpcRequest", () => {
  it("takes text, bytes or a parsed value alike", () => {
    for (const body of [text, new TextEncoder().encode(text), send]) {
      const r = checkJsonRpcRequest(body, { card, headers: { "A2A-Version": "1.0" } });
      expect(r.ok && r.request.method === "SendMessage" && r.request.params.message.parts.length).toBe(1);
    }
  });

  it("a notification (no id) is refused with -32600 and id null, and says so", () => {
    const { id: _, ...notification } = send;
    const r = checkJsonRpcRequest(notification);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.notification).toBe(true);
      expect(r.response.id).toBeNull();
      expect(r.response.error.code).toBe(-32600);
    }
  });

  it("without a card only the message is checked; with one, an absent A2A-Version is 0.3 and refused", () => {
    expect(checkJsonRpcRequest(text)).toMatchObject({ ok: true, version: "0.3" });
    expect(checkJsonRpcRequest(text, { card })).toMatchObject({ ok: false, response: { error: { code: -32009 } } });
  });

  it("an invalid card makes every request an internal error (the card's issues on the result)", () => {
    const r = checkJsonRpcRequest(text, { card: { ...card, skills: [] }, headers: { "A2A-Version": "1.0" } });
    expect(r).toMatchObject({ ok: false, response: { id: 1, error: { code: -32603, message: "Internal error" } } });
    expect(!r.ok && r.issues.some((i) => i.pointer === "/skills")).toBe(true);
  });

  it("never throws, on hostile input included", () => {
    const hostile = new Proxy({}, { get: () => { throw new Error("boom"); }, ownKeys: () => { throw new Error("boom"); } });
    const r = checkJsonRpcRequest(hostile);
    expect(r.ok).toBe(false);
    expect(checkJsonRpcRequest(text, { card: 42 as never }).ok).toBe(false);
  });
});

describe("checkHttpRequest", () => {
  it("builds the request from the path, the query and the body; tenant routes included", () => {
    expect(checkHttpRequest("GET", "/acme/tasks?pageSize=10&includeArtifacts=true&status=TASK_STATE_WORKING", undefined)).toMatchObject({
      ok: true,
      rpc: "ListTasks",
      request: { tenant: "acme", pageSize: 10, includeArtifacts: true, status: "TASK_STATE_WORKING" },
    });
    expect(checkHttpRequest("POST", "http://h/api/tasks/t%201:cancel", "{}", { basePath: "/api" })).toMatchObject({ ok: true, rpc: "CancelTask", path: "/tasks/t%201:cancel", request: { id: "t 1" } });
  });

  it("a body field that contradicts the path is a field violation", () => {
    const r = checkHttpRequest("POST", "/tasks/t1:cancel", '{"id":"t2"}');
    expect(r).toMatchObject({ ok: false, status: 400, body: { error: { details: [{ fieldViolations: [{ field: "id" }] }] } } });
  });

  it("an unknown query parameter or a value of the wrong type is reported at its field", () => {
    const r = checkHttpRequest("GET", "/tasks/t1?historyLength=two&colour=red", undefined);
    expect(!r.ok && "error" in r.body && r.body.error.details).toEqual([
      {
        "@type": "type.googleapis.com/google.rpc.BadRequest",
        fieldViolations: [
          { field: "colour", description: 'unknown property "colour" is not allowed' },
          { field: "historyLength", description: 'must be an integer, got "two"' },
        ],
      },
    ]);
  });

  it("GetExtendedAgentCard and push-notification routes follow the card's capabilities", () => {
    const headers = { "A2A-Version": "1.0" };
    expect(checkHttpRequest("GET", "/extendedAgentCard", undefined, { card, headers })).toMatchObject({ status: 400, body: { error: { details: [{ reason: "UNSUPPORTED_OPERATION" }] } } });
    expect(checkHttpRequest("GET", "/tasks/t1/pushNotificationConfigs", undefined, { card, headers })).toMatchObject({ status: 400, body: { error: { details: [{ reason: "PUSH_NOTIFICATION_NOT_SUPPORTED" }] } } });
  });
});

describe("fieldViolations' field form", () => {
  it("is the JSON field path relative to the request message: dots, [index], quoted odd keys", () => {
    expect(fieldOf(["message", "parts", 0, "text"])).toBe("message.parts[0].text");
    expect(fieldOf(["metadata", "a.b"])).toBe('metadata["a.b"]');
  });
});

describe("a2aFetch without a server", () => {
  it("answers a request whose body was already read instead of throwing", async () => {
    const { a2aFetch } = await import("../../src/server/index.js");
    const door = a2aFetch(async () => new Response("{}"), {});
    const used = new Request("http://127.0.0.1/a2a", { method: "POST", body: text });
    await used.text();
    const res = await door(used);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Invalid JSON payload" } });
  });
});

describe("whatever arrives, the answer is a valid A2A v1.0 response (property, 300 runs each)", () => {
  it("checkJsonRpcRequest: any value or text", async () => {
    const fc = (await import("fast-check")).default;
    const { validateJsonRpcError } = await import("../../src/wire/errors.js");
    const near = fc.record({ jsonrpc: fc.constantFrom("2.0", "1.0"), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.constantFrom("SendMessage", "GetTask", "tasks/get", "x"), params: fc.anything() }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.json(), near), fc.boolean(), (body, withCard) => {
        const r = checkJsonRpcRequest(body, withCard ? { card, headers: { "A2A-Version": "1.0" } } : undefined);
        if (!r.ok) expect(validateJsonRpcError(r.response.error).ok).toBe(true);
      }),
      { numRuns: 300, seed: 19 },
    );
  });

  it("checkHttpRequest: any verb, path and body", async () => {
    const fc = (await import("fast-check")).default;
    const { validateHttpErrorBody } = await import("../../src/wire/errors.js");
    const path = fc.oneof(fc.string(), fc.constantFrom("/tasks/", "/tasks/t1", "/message:send", "/a/tasks/t1:cancel", "/tasks/t1/pushNotificationConfigs/c1", "/tasks?pageSize=x"));
    fc.assert(
      fc.property(fc.constantFrom("GET", "POST", "DELETE", "PUT", "get", ""), path, fc.oneof(fc.anything(), fc.json()), (verb, p, body) => {
        const r = checkHttpRequest(verb, p, body, { card, headers: { "A2A-Version": "1.0" } });
        if (!r.ok) expect(validateHttpErrorBody(r.body, { status: r.status }).ok).toBe(true);
      }),
      { numRuns: 300, seed: 19 },
    );
  });
});

describe("the helpers never throw (found by npm run fuzz)", () => {
  it("fieldOf, fieldViolations, versionMatches, a2aCheckOf on what they do not expect", async () => {
    const { fieldViolations, a2aCheckOf } = await import("../../src/server/index.js");
    const revoked = Proxy.revocable([], {});
    revoked.revoke();
    expect(fieldOf(42 as never)).toBe("");
    expect(fieldOf(revoked.proxy as never)).toBe("");
    expect(fieldViolations(null as never)).toEqual([]);
    expect(fieldViolations([{ path: Symbol.iterator }] as never)).toEqual([]);
    expect(versionMatches(undefined as never, "1.0")).toBe(false);
    expect(a2aCheckOf(undefined as never)).toBeUndefined();
  });
});
