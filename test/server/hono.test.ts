/**
 * The fetch wrapper around a Hono app (served by @hono/node-server on 127.0.0.1) whose routes hand
 * requests to the A2A JS SDK's own transport handler (JSON-RPC) and request handler (HTTP+JSON): the
 * bad-request table answered as the specification says, the SDK's client unchanged for valid traffic
 * with response validation on and silent, the body still readable by the app.
 */
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Server } from "node:http";
import { GetTaskRequest, SendMessageRequest, SendMessageResponse, Task } from "@a2a-js/sdk";
import { agentCardHandler } from "@a2a-js/sdk/server/express";
import { defaultServerCallContextBuilder, JsonRpcTransportHandler, UnauthenticatedUser, type DefaultRequestHandler } from "@a2a-js/sdk/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a2aCheckOfRequest, a2aFetch, type AdapterOptions } from "../../src/server/index.js";
import type { ValidationIssue } from "../../src/core/issue.js";
import type { AgentCard } from "../../src/generated/v1/types.js";
import { cardFor, close, sdkHandler } from "./agent.js";
import { tableSuite } from "./table.js";
import { clientTraffic } from "./traffic.js";

let server: ServerType;
let base: string;
const reported: Array<{ method: string; issues: readonly ValidationIssue[] }> = [];
const seen: string[] = [];

const context = (headers: Headers) =>
  defaultServerCallContextBuilder({ extensions: undefined, user: new UnauthenticatedUser(), headers: Object.fromEntries(headers), requestedVersion: headers.get("A2A-Version") ?? undefined });

/** The agent's Hono app: JSON-RPC through the SDK's transport handler; two HTTP+JSON routes through its request handler. */
function agentApp(prefix: string, card: AgentCard, handler: DefaultRequestHandler): Hono {
  const app = new Hono();
  const transport = new JsonRpcTransportHandler(handler);
  app.use("*", async (c, next) => {
    const check = a2aCheckOfRequest(c.req.raw);
    if (check) seen.push("route" in check ? check.rpc : check.request.method);
    await next();
  });
  app.get("/.well-known/agent-card.json", (c) => c.json(card));
  app.post(`${prefix}/jsonrpc`, async (c) => {
    const out = await transport.handle(await c.req.json(), context(c.req.raw.headers));
    if (out && typeof (out as AsyncGenerator)[Symbol.asyncIterator] === "function") {
      return streamSSE(c, async (s) => {
        for await (const r of out as AsyncGenerator) await s.writeSSE({ data: JSON.stringify(r) });
      });
    }
    return c.json(out as object);
  });
  app.post(`${prefix}/rest/message:send`, async (c) => {
    const r = await handler.sendMessage(SendMessageRequest.fromJSON(await c.req.json()), context(c.req.raw.headers));
    const payload = "status" in r ? { $case: "task", value: r } : { $case: "message", value: r };
    return c.json(SendMessageResponse.toJSON({ payload } as never) as object, 200, { "Content-Type": "application/a2a+json" });
  });
  app.get(`${prefix}/rest/tasks/:id`, async (c) => {
    const t = await handler.getTask(GetTaskRequest.fromJSON({ id: c.req.param("id") }), context(c.req.raw.headers));
    return c.json(Task.toJSON(t) as object, 200, { "Content-Type": "application/a2a+json" });
  });
  return app;
}

beforeAll(async () => {
  // The port first (the card names it), then the app.
  let fetchOf: (r: Request) => Promise<Response> = async () => new Response("starting", { status: 503 });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: (r: Request) => fetchOf(r), hostname: "127.0.0.1", port: 0 }, (info) => resolve(info.port));
  });
  base = `http://127.0.0.1:${port}`;
  const wrap = (app: Hono, options: AdapterOptions) =>
    a2aFetch(app.fetch, { ...options, responses: "error", onResponseIssues: (issues, c) => reported.push({ method: c.method, issues }) });
  const doors = new Map<string, (r: Request) => Promise<Response>>();
  for (const [prefix, o] of [
    ["/a2a", {}],
    ["/strict", { streaming: false, requiredExtension: true }],
  ] as const) {
    const card = cardFor(base, { ...o, prefix });
    const app = agentApp(prefix, card, sdkHandler(card));
    doors.set(`${prefix}/jsonrpc`, wrap(app, { card }));
    doors.set(`${prefix}/rest`, wrap(app, { card, binding: "http", basePath: `${prefix}/rest` }));
    if (prefix === "/a2a") doors.set("/.well-known", app.fetch as (r: Request) => Promise<Response>);
  }
  fetchOf = (r) => {
    const path = new URL(r.url).pathname;
    for (const [p, f] of doors) if (path.startsWith(p)) return f(r);
    return Promise.resolve(new Response("no", { status: 404 }));
  };
});

afterAll(() => (server ? close(server as Server) : undefined));

tableSuite("the bad-request table through the fetch wrapper, Hono in front of the SDK", () => base);

describe("valid traffic through the fetch wrapper", () => {
  it("JSON-RPC: the SDK's client sends, streams, gets and cancels unchanged; every response valid", async () => {
    seen.length = 0;
    reported.length = 0;
    await clientTraffic(base, "JSONRPC");
    expect(seen).toEqual(["SendMessage", "SendStreamingMessage", "SendMessage", "GetTask", "CancelTask"]);
    expect(reported).toEqual([]);
  });

  it("HTTP+JSON: a send and a get reach the SDK's request handler, the body unread by the door", async () => {
    seen.length = 0;
    reported.length = 0;
    const headers = { "Content-Type": "application/a2a+json", "A2A-Version": "1.0" };
    const sent = await fetch(`${base}/a2a/rest/message:send`, { method: "POST", headers, body: JSON.stringify({ message: { messageId: "m-9", role: "ROLE_USER", parts: [{ text: "hello" }] } }) });
    expect(sent.status).toBe(200);
    const { task } = (await sent.json()) as { task: { id: string; status: { state: string } } };
    expect(task.status.state).toBe("TASK_STATE_COMPLETED");
    const got = await fetch(`${base}/a2a/rest/tasks/${task.id}?historyLength=1`, { headers });
    expect(((await got.json()) as { id: string }).id).toBe(task.id);
    expect(seen).toEqual(["SendMessage", "GetTask"]);
    expect(reported).toEqual([]);
  });
});
