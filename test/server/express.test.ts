/**
 * The Express middleware in front of the A2A JS SDK's own handlers (jsonRpcHandler, restHandler) on
 * 127.0.0.1: the bad-request table answered as the specification says (sections 9.5 and 11.6), the
 * SDK's client unchanged for valid traffic with response validation on and silent, and an agent's
 * own invalid response caught.
 */
import express from "express";
import { createServer, type Server } from "node:http";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a2aCheckOf, a2aExpress, type AdapterOptions } from "../../src/server/index.js";
import type { ValidationIssue } from "../../src/core/issue.js";
import { cardFor, close, listen, sdkHandler } from "./agent.js";
import { tableSuite } from "./table.js";
import { clientTraffic } from "./traffic.js";

let server: Server;
let base: string;
const reported: Array<{ method: string; issues: readonly ValidationIssue[] }> = [];
const seen: string[] = [];

beforeAll(async () => {
  const app = express();
  server = createServer(app);
  base = await listen(server);
  const guard = (options: AdapterOptions) => a2aExpress({ ...options, responses: "error", onResponseIssues: (issues, c) => reported.push({ method: c.method, issues }) });
  for (const [prefix, o] of [
    ["/a2a", {}],
    ["/strict", { streaming: false, requiredExtension: true }],
  ] as const) {
    const card = cardFor(base, { ...o, prefix });
    const handler = sdkHandler(card);
    const sdk = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
    const record: express.RequestHandler = (req, _res, next) => {
      const c = a2aCheckOf(req);
      if (c) seen.push("route" in c ? c.rpc : c.request.method);
      next();
    };
    if (prefix === "/a2a") app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
    app.use(`${prefix}/jsonrpc`, guard({ card }), record, jsonRpcHandler(sdk));
    app.use(`${prefix}/rest`, guard({ card, binding: "http" }), record, restHandler(sdk));
  }
  // Behind express.json() (the door checks the parsed body), and a door that keeps to JSON-RPC 2.0 on notifications.
  const open = cardFor(base, { prefix: "/parsed" });
  app.use("/parsed/jsonrpc", express.json(), guard({ card: open, notifications: "ignore" }), (req, res) => res.json({ jsonrpc: "2.0", id: (req.body as { id: number }).id, result: { message: { messageId: "r", role: "ROLE_AGENT", parts: [{ text: "ok" }] } } }));
  // An agent whose own answer is not an A2A v1.0 response.
  const card = cardFor(base, { prefix: "/broken" });
  app.use("/broken/jsonrpc", guard({ card }), (req, res) => res.json({ jsonrpc: "2.0", id: (req.body as { id: number }).id, result: { id: "t", status: { state: "completed" } } }));
});

afterAll(() => close(server));

const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });

tableSuite("the bad-request table through the Express middleware, in front of the SDK", () => base);

describe("the routes and the size cap through the Express middleware", () => {
  it("a path that is no A2A route is 404", async () => {
    const res = await fetch(`${base}/a2a/rest/tasks/task-1/history`, { headers: { "A2A-Version": "1.0" } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 404, status: "NOT_FOUND", message: "No A2A route for GET /tasks/task-1/history" } });
  });

  it("a wrong verb on an A2A path is 405 with Allow", async () => {
    const res = await fetch(`${base}/a2a/rest/tasks/task-1`, { method: "PUT", headers: { "A2A-Version": "1.0" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toEqual({ error: { code: 405, status: "UNIMPLEMENTED", message: "Method PUT is not allowed on /tasks/task-1; allowed: GET" } });
  });

  it("a request over the size cap is refused before it is parsed", async () => {
    const res = await post("/a2a/jsonrpc", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "x".repeat(1_100_000) }] } } }), { "A2A-Version": "1.0" });
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Request payload validation error: the request body must be at most 1048576 bytes" } });
  });
});

describe("behind express.json(), notifications ignored", () => {
  it("checks the body a parser before it read, and passes a valid one on", async () => {
    const bad = await post("/parsed/jsonrpc", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "SendMessage", params: { message: { messageId: "m", role: "ROLE_USER", parts: [] } } }), { "A2A-Version": "1.0" });
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32602);
    const good = await post("/parsed/jsonrpc", JSON.stringify({ jsonrpc: "2.0", id: 3, method: "SendMessage", params: { message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "hi" }] } } }), { "A2A-Version": "1.0" });
    expect(await good.json()).toMatchObject({ id: 3, result: { message: { messageId: "r" } } });
  });

  it('a notification gets HTTP 204 and no body with notifications: "ignore"', async () => {
    const res = await post("/parsed/jsonrpc", JSON.stringify({ jsonrpc: "2.0", method: "GetTask", params: { id: "t" } }), { "A2A-Version": "1.0" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
  });
});

describe("valid traffic: the SDK's own client through the middleware", () => {
  it.each(["JSONRPC", "HTTP+JSON"] as const)("%s: send, stream, get, cancel; every response valid", async (transport) => {
    seen.length = 0;
    reported.length = 0;
    await clientTraffic(base, transport);
    // Each call passed the door (its check on the request) and no response of the agent had an issue.
    expect(seen).toEqual(["SendMessage", "SendStreamingMessage", "SendMessage", "GetTask", "CancelTask"]);
    expect(reported).toEqual([]);
  });

  it("an agent's own invalid response is reported and replaced by InvalidAgentResponseError", async () => {
    reported.length = 0;
    const res = await post("/broken/jsonrpc", JSON.stringify({ jsonrpc: "2.0", id: 5, method: "GetTask", params: { id: "t" } }), { "A2A-Version": "1.0" });
    const body = (await res.json()) as { id: number; error: { code: number; data: Array<{ reason: string }> } };
    expect(body.id).toBe(5);
    expect(body.error.code).toBe(-32006);
    expect(body.error.data[0]!.reason).toBe("INVALID_AGENT_RESPONSE");
    expect(reported).toHaveLength(1);
    expect(reported[0]!.method).toBe("GetTask");
    expect(reported[0]!.issues.map((i) => i.pointer)).toContain("/result/status/state");
  });
});
