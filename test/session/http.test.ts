import { describe, expect, it } from "vitest";
import { ENDPOINTS, findEndpoint, validateHttpRequest, validateHttpResponse, validateStreamEvent } from "../../src/session/index.js";

const session = { id: "s1", created_at: "2025-12-09T15:30:00Z", status: "active" };
const message = { id: "m1", role: "agent", content: "hi", created_at: "2025-12-09T15:30:00Z" };
const card = { name: "Echo", description: "Echoes", version: "1", api: { type: "a2a", url: "https://a.example" }, auth: {} };
const error = { error: { code: "not_found", message: "No session" } };
const codes = (r: ReturnType<typeof validateHttpRequest>) => (r.ok ? [] : r.issues.map((i) => `${i.pointer} ${i.code}`));

describe("endpoint table", () => {
  it("lists the seven endpoints of the A2A Protocol JSON Specification", () => {
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`)).toEqual([
      "GET /card",
      "POST /sessions",
      "GET /sessions/{sessionId}",
      "DELETE /sessions/{sessionId}",
      "POST /sessions/{sessionId}/messages",
      "GET /sessions/{sessionId}/messages",
      "GET /sessions/{sessionId}/stream",
    ]);
    expect(ENDPOINTS.filter((e) => e.stream).map((e) => e.path)).toEqual(["/sessions/{sessionId}/stream"]);
  });

  it("matches paths with a decoded session id, a query string, a trailing slash and a base path", () => {
    const f = findEndpoint("get", "/a2a/sessions/a%2Fb/messages/?limit=5", "/a2a/");
    expect("endpoint" in f && [f.endpoint.path, f.params.sessionId]).toEqual(["/sessions/{sessionId}/messages", "a/b"]);
    expect("issues" in findEndpoint("GET", "/sessions//messages")).toBe(true);
    expect("issues" in findEndpoint("GET", "/sessions/%E0%A4%A/messages")).toBe(true);
    expect("issues" in findEndpoint("GET", "/other/sessions", "/a2a")).toBe(true);
  });
});

describe("validateHttpRequest", () => {
  it("checks each body against its endpoint's schema, with issues under /body", () => {
    expect(validateHttpRequest({ method: "POST", path: "/sessions/s1/messages", body: { role: "user", content: "hi" } }).ok).toBe(true);
    expect(codes(validateHttpRequest({ method: "POST", path: "/sessions/s1/messages", body: { role: "agent", content: "hi" } }))).toEqual(["/body/role enum"]);
    expect(codes(validateHttpRequest({ method: "POST", path: "/sessions/s1/messages" }))).toEqual(["/body type"]);
    expect(codes(validateHttpRequest({ method: "POST", path: "/sessions", body: { metadata: 1 } }))).toEqual(["/body/metadata type"]);
  });

  it("accepts POST /sessions without a body, since every field is optional", () => {
    const r = validateHttpRequest({ method: "POST", path: "/sessions" });
    expect(r.ok && r.value.bodyType).toBe("CreateSessionRequest");
  });

  it("applies the mode to the body", () => {
    const input = { method: "POST", path: "/sessions/s1/messages", body: { role: "user", content: "hi", x: 1 } };
    expect(validateHttpRequest(input).ok).toBe(true);
    expect(codes(validateHttpRequest(input, { mode: "strict" }))).toEqual(["/body/x unknown_property"]);
  });

  it("rejects a body on GET and DELETE, unknown paths and wrong methods", () => {
    expect(codes(validateHttpRequest({ method: "GET", path: "/card", body: {} }))).toEqual(["/body not_allowed"]);
    expect(validateHttpRequest({ method: "DELETE", path: "/sessions/s1", body: "" }).ok).toBe(true);
    expect(codes(validateHttpRequest({ method: "GET", path: "/tasks" }))).toEqual(["/path no_match"]);
    const r = validateHttpRequest({ method: "PUT", path: "/sessions/s1" });
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code, i.allowed])).toEqual([["/method", "enum", ["GET", "DELETE"]]]);
  });

  it("reports a malformed exchange instead of throwing", () => {
    for (const bad of [undefined, null, "GET /card", [], { method: 1, path: "/card" }, { path: "/card" }]) {
      expect(validateHttpRequest(bad).ok).toBe(false);
    }
    expect(codes(validateHttpRequest({ path: "/card" }))).toEqual([" required"]);
    const hostile = new Proxy({}, { get() { throw new Error("boom"); }, has() { throw new Error("boom"); }, getOwnPropertyDescriptor() { throw new Error("boom"); } });
    expect(codes(validateHttpRequest(hostile))).toEqual([" invalid"]);
    expect(validateHttpRequest({ method: "GET", path: "/card" }, null as never).ok).toBe(false);
  });
});

describe("validateHttpResponse", () => {
  it("picks the success schema of each endpoint", () => {
    const ok = (method: string, path: string, status: number, body?: unknown) => validateHttpResponse({ method, path, status, body });
    expect(ok("GET", "/card", 200, card).ok).toBe(true);
    expect(ok("POST", "/sessions", 201, { session }).ok).toBe(true);
    expect(ok("GET", "/sessions/s1", 200, { session }).ok).toBe(true);
    expect(ok("DELETE", "/sessions/s1", 200, { session: { ...session, status: "completed" } }).ok).toBe(true);
    expect(ok("DELETE", "/sessions/s1", 204).ok).toBe(true);
    expect(ok("POST", "/sessions/s1/messages", 200, { message }).ok).toBe(true);
    expect(ok("GET", "/sessions/s1/messages", 200, { messages: [message] }).ok).toBe(true);
    expect(ok("GET", "/sessions/s1/stream", 200, { message }).ok).toBe(true);
    expect(ok("GET", "/sessions/s1/stream", 200, { session }).ok).toBe(true);
    expect(ok("GET", "/card", 302).ok).toBe(true);
  });

  it("reports bodies that do not fit, under /body", () => {
    const r = (method: string, path: string, status: number, body?: unknown) => codes(validateHttpResponse({ method, path, status, body }));
    expect(r("GET", "/card", 200, { ...card, api: { type: "rest", url: "https://a.example" } })).toEqual(["/body/api/type enum"]);
    expect(r("GET", "/sessions/s1", 200, session)).toEqual(["/body required"]);
    expect(r("DELETE", "/sessions/s1", 204, { session })).toEqual(["/body not_allowed"]);
    expect(r("GET", "/sessions/s1/messages", 204)).toEqual(["/status enum"]);
    expect(r("GET", "/sessions/s1/stream", 200, { hello: 1 })).toEqual(["/body required"]);
    expect(r("GET", "/card", 99)).toEqual(["/status type"]);
    expect(r("GET", "/card", 200.5)).toEqual(["/status type"]);
  });

  it("checks every 4xx and 5xx body against ErrorResponse", () => {
    for (const status of [400, 401, 404, 429, 500, 503]) {
      expect(validateHttpResponse({ method: "POST", path: "/sessions/s1/messages", status, body: error }).ok).toBe(true);
      expect(codes(validateHttpResponse({ method: "GET", path: "/card", status, body: { message: "x" } }))).toEqual(["/body required"]);
    }
  });
});

describe("validateStreamEvent", () => {
  it("takes { message } or { session }", () => {
    expect(validateStreamEvent({ message }).ok).toBe(true);
    expect(validateStreamEvent({ session }).ok).toBe(true);
    expect(validateStreamEvent([]).ok).toBe(false);
    expect(validateStreamEvent({ message: { ...message, extra: 1 } }, { mode: "strict" }).ok).toBe(false);
  });
});
