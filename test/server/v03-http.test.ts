/**
 * The HTTP+JSON front door speaks A2A v0.3 too (issue 20, item 5): to an agent whose card declares
 * a 0.3 HTTP+JSON interface, a request with `A2A-Version: 0.3` or none (A2A v1.0 specification,
 * section 3.6.2) is matched against the v0.3 routes and its body checked as v0.3; refusals are the
 * `{ code, message }` bodies of the A2A JS SDK's v0.3 REST handler. With `v03: "convert"` the
 * request reaches the SDK's v1.0-only REST handler converted (request line and body) and the answer
 * goes back in v0.3, JSON whole and event streams event by event. On 127.0.0.1 only.
 */
import express from "express";
import { createServer, type Server } from "node:http";
import { LegacyRestTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { a2aExpress, a2aFetch, checkHttpRequest, checkJsonRpcRequest, type NodeRequestLike } from "../../src/server/index.js";
import { validateHttpResponse } from "../../src/v0.3/http.js";
import { v03HttpAnswer } from "../../src/server/adapters/v03-http-answer.js";
import type { AgentCard } from "../../src/generated/v1/types.js";
import { cardFor, close, listen, REQUIRED_EXTENSION, sdkHandler, withV03 as withV03To } from "./agent.js";

let server: Server;
let base: string;

const withV03 = (card: AgentCard): AgentCard => withV03To(card, "HTTP+JSON");

beforeAll(async () => {
  const app = express();
  server = createServer(app);
  base = await listen(server);
  const card = withV03(cardFor(base, { prefix: "/convert" }));
  const sdk = { requestHandler: sdkHandler(card), userBuilder: UserBuilder.noAuthentication };
  app.use("/convert/rest", a2aExpress({ binding: "http", card, v03: "convert" }), restHandler(sdk));
  // "pass": the request goes on as sent; this handler shows what it got.
  app.use("/pass/rest", a2aExpress({ binding: "http", card: withV03(cardFor(base, { prefix: "/pass" })) }), (req: NodeRequestLike & { a2a?: unknown }, res: express.Response) => {
    res.json({ url: (req as { url?: string }).url, body: req.body, check: req.a2a });
  });
  // The fetch wrapper's handler forwards here: the SDK's v1.0 REST handler with no door.
  app.use("/plain/rest", restHandler({ requestHandler: sdkHandler(cardFor(base, { prefix: "/plain" })), userBuilder: UserBuilder.noAuthentication }));
});

afterAll(() => close(server));

type Answer = { status: number; type: string | null; body: any };
type Send = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;

const overHttp: Send = async (method, path, body, headers = {}) => {
  const r = await fetch(`${base}${path}`, { method, headers: { "Content-Type": "application/json", ...headers }, ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, type: r.headers.get("content-type"), body: text === "" ? undefined : /event-stream/.test(r.headers.get("content-type") ?? "") ? text : JSON.parse(text) };
};

/** The fetch wrapper (convert) in front of a v1.0-only fetch handler that forwards to the SDK's REST handler. */
const wrapped = a2aFetch(
  async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = url.pathname.replace(/^\/fetch\/rest/, "/plain/rest");
    const init: RequestInit = { method: req.method, headers: req.headers, ...(req.method === "GET" || req.method === "DELETE" ? {} : { body: await req.text() }) };
    return fetch(`${base}${path}${url.search}`, init);
  },
  { binding: "http", basePath: "/fetch/rest", v03: "convert", card: withV03(cardFor("http://127.0.0.1:1", { prefix: "/fetch" })) },
);
const overFetch: Send = async (method, path, body, headers = {}) => {
  const r = await wrapped(new Request(`http://127.0.0.1:1${path.replace(/^\/convert\/rest/, "/fetch/rest")}`, { method, headers: { "Content-Type": "application/json", ...headers }, ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }) }));
  const text = await r.text();
  return { status: r.status, type: r.headers.get("content-type"), body: text === "" ? undefined : /event-stream/.test(r.headers.get("content-type") ?? "") ? text : JSON.parse(text) };
};

const v03Message = (text: string, role = "user") => ({ message: { kind: "message", messageId: crypto.randomUUID(), role, parts: [{ kind: "text", text }] } });

/** Each event's data of an event stream. */
const events = (text: string): unknown[] => text.split("\n").filter((l) => l.startsWith("data:")).map((l) => JSON.parse(l.slice(5)));

/** An answer is the v0.3 route's response (validateHttpResponse of the v0.3 family). */
function expectV03(method: string, path: string, a: Answer): void {
  const bodies = typeof a.body === "string" ? events(a.body) : [a.body];
  for (const body of bodies) {
    const r = validateHttpResponse({ method, path, status: a.status, body });
    expect(r.ok ? [] : r.issues).toEqual([]);
  }
}

describe.each([
  ["Express", overHttp],
  ["fetch", overFetch],
] as const)("v03: \"convert\" through the %s adapter, to the SDK's v1.0-only REST handler", (_name, send) => {
  it("send, stream, get and cancel answer in v0.3", async () => {
    const sent = await send("POST", "/convert/rest/v1/message:send", v03Message("hello"));
    expect(sent.status).toBeLessThan(300);
    expectV03("POST", "/v1/message:send", sent);
    expect(sent.body.task).toMatchObject({ kind: "task", status: { state: "completed" }, artifacts: [{ artifactId: "a1", parts: [{ kind: "text", text: "hello back" }] }] });

    const streamed = await send("POST", "/convert/rest/v1/message:stream", v03Message("hello"));
    expect(streamed.type).toMatch(/^text\/event-stream/);
    expectV03("POST", "/v1/message:stream", streamed);
    expect(events(streamed.body).map((e) => Object.keys(e as object)[0])).toEqual(["task", "artifactUpdate", "statusUpdate"]);
    expect(events(streamed.body)[2]).toMatchObject({ statusUpdate: { kind: "status-update", status: { state: "completed" }, final: true } });

    const waiting = await send("POST", "/convert/rest/v1/message:send", v03Message("wait"));
    const id = waiting.body.task.id as string;
    expect(waiting.body.task.status.state).toBe("input-required");
    const got = await send("GET", `/convert/rest/v1/tasks/${id}`);
    expectV03("GET", `/v1/tasks/${id}`, got);
    expect(got.body).toMatchObject({ kind: "task", id });
    const canceled = await send("POST", `/convert/rest/v1/tasks/${id}:cancel`, { name: `tasks/${id}` });
    expectV03("POST", `/v1/tasks/${id}:cancel`, canceled);
    expect(canceled.body).toMatchObject({ kind: "task", id, status: { state: "canceled" } });
  });

  it("the handler's v1.0 errors go back as v0.3 { code, message }", async () => {
    const missing = await send("GET", "/convert/rest/v1/tasks/no-such-task");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: -32001, message: expect.any(String) });
  });

  it("bad requests are refused with the v0.3 REST errors", async () => {
    // The v0.3 proto's JSON (ROLE_USER, no kind) is not the v0.3 specification's JSON objects.
    const proto = await send("POST", "/convert/rest/v1/message:send", { message: { messageId: "m", role: "ROLE_USER", content: [{ text: "hi" }] } });
    expect(proto).toMatchObject({ status: 400, type: expect.stringMatching(/^application\/json/), body: { code: -32602, message: "Invalid parameters" } });
    expect(await send("POST", "/convert/rest/v1/message:send", "{not json")).toMatchObject({ status: 400, body: { code: -32700, message: "Invalid JSON payload." } });
    expect(await send("GET", "/convert/rest/v1/nothing")).toMatchObject({ status: 404, body: { code: -32601 } });
    expect(await send("GET", "/convert/rest/v1/message:send")).toMatchObject({ status: 405, body: { code: -32601 } });
    // A v1.0 request (A2A-Version: 1.0) still goes the v1.0 way, refused in v1.0's google.rpc.Status.
    const v1 = await send("POST", "/convert/rest/message:send", { message: { messageId: "m", role: "ROLE_USER", parts: [] } }, { "A2A-Version": "1.0" });
    expect(v1).toMatchObject({ status: 400, body: { error: { status: "INVALID_ARGUMENT" } } });
  });
});

describe("v03: \"pass\" and the check itself", () => {
  it("an error event inside a v1.0 event stream goes back as v0.3 { code, message }", () => {
    const status = { error: { code: 404, status: "NOT_FOUND", message: "Task not found", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "TASK_NOT_FOUND", domain: "a2a-protocol.org" }] } };
    expect(JSON.parse(v03HttpAnswer("SubscribeToTask", 200, JSON.stringify(status)).text)).toEqual({ code: -32001, message: "Task not found" });
    expect(JSON.parse(v03HttpAnswer("SendStreamingMessage", 200, JSON.stringify({ error: { code: 500, status: "INTERNAL", message: "boom" } })).text)).toEqual({ code: -32603, message: "boom" });
  });

  it("passes the v0.3 request on as sent", async () => {
    const body = v03Message("hello");
    const r = await overHttp("POST", "/pass/rest/v1/message:send", body);
    expect(r.body).toMatchObject({ url: "/v1/message:send", body, check: { ok: true, protocol: "0.3", rpc: "SendMessage", request: body, version: "0.3" } });
  });

  it("checkHttpRequest: the route, the v1.0 request line and body, and the card's refusals in v0.3 terms", () => {
    const card = withV03(cardFor("http://127.0.0.1:1"));
    const body = v03Message("hello");
    const c = checkHttpRequest("POST", "/v1/message:send?x=1", JSON.stringify(body), { card, v03: "convert" });
    expect(c).toMatchObject({ ok: true, protocol: "0.3", rpc: "SendMessage", path: "/v1/message:send", request: body, converted: { method: "POST", path: "/message:send?x=1", body: { message: { role: "ROLE_USER", parts: [{ text: "hello" }] } } } });
    expect(checkHttpRequest("POST", "/v1/tasks/t-1:subscribe", undefined, { card, v03: "convert" })).toMatchObject({ ok: true, converted: { method: "GET", path: "/tasks/t-1:subscribe" } });
    // Setting push configuration: bare (the proto) or wrapped in { config } (section 7.5's REST tab), one v1.0 body.
    const push = { ...card, capabilities: { ...card.capabilities, pushNotifications: true } };
    const config = { taskId: "t-1", pushNotificationConfig: { id: "c-1", url: "https://hooks.example.com/a2a" } };
    const v1Config = { taskId: "t-1", id: "c-1", url: "https://hooks.example.com/a2a" };
    for (const sent of [config, { config }]) {
      expect(checkHttpRequest("POST", "/v1/tasks/t-1/pushNotificationConfigs", JSON.stringify(sent), { card: push, v03: "convert" })).toMatchObject({ ok: true, converted: { method: "POST", path: "/tasks/t-1/pushNotificationConfigs", body: v1Config } });
    }
    const strict = withV03(cardFor("http://127.0.0.1:1", { requiredExtension: true }));
    const refused = checkHttpRequest("POST", "/v1/message:send", JSON.stringify(body), { card: strict });
    expect(refused).toMatchObject({ ok: false, status: 400, body: { code: -32600, message: `Extension support required: the request must declare ${REQUIRED_EXTENSION} in A2A-Extensions` } });
    expect(checkHttpRequest("POST", "/v1/message:send", JSON.stringify(body), { card: strict, headers: { "x-a2a-extensions": REQUIRED_EXTENSION } })).toMatchObject({ ok: true, extensions: [REQUIRED_EXTENSION] });
    const noStream = withV03(cardFor("http://127.0.0.1:1", { streaming: false }));
    expect(checkHttpRequest("POST", "/v1/message:stream", JSON.stringify(body), { card: noStream })).toMatchObject({ ok: false, status: 400, body: { code: -32004 } });
    // A hybrid card declares its 0.3 interfaces in v0.3's own fields: url + preferredTransport, additionalInterfaces.
    const hybrid = { ...cardFor("http://127.0.0.1:1"), url: "http://127.0.0.1:1/a2a/rest", preferredTransport: "HTTP+JSON", protocolVersion: "0.3.0", additionalInterfaces: [{ url: "http://127.0.0.1:1/a2a/jsonrpc", transport: "JSONRPC" }] };
    expect(checkHttpRequest("POST", "/v1/message:send", JSON.stringify(body), { card: hybrid as AgentCard })).toMatchObject({ ok: true, protocol: "0.3" });
    const rpc = { jsonrpc: "2.0", id: 1, method: "message/send", params: body };
    expect(checkJsonRpcRequest(JSON.stringify(rpc), { card: hybrid as AgentCard })).toMatchObject({ ok: true, protocol: "0.3" });
    expect(checkJsonRpcRequest(JSON.stringify(rpc), { card: { ...hybrid, protocolVersion: "1.0" } as AgentCard })).toMatchObject({ ok: false, response: { error: { code: -32009 } } });
    // Without a 0.3 HTTP+JSON interface on the card, an absent A2A-Version is refused as before.
    const v1Only = checkHttpRequest("POST", "/v1/message:send", JSON.stringify(body), { card: cardFor("http://127.0.0.1:1") });
    expect(v1Only).toMatchObject({ ok: false, body: { error: { details: [{ reason: "VERSION_NOT_SUPPORTED" }] } } });
  });

  it("the SDK's v0.3 REST client speaks the v0.3 proto's JSON, which the door refuses (400, -32602)", async () => {
    const transport = new LegacyRestTransport({ endpoint: `${base}/convert/rest` });
    const message = { messageId: "m-1", role: 1, parts: [{ content: { $case: "text", value: "hello" }, metadata: undefined, filename: "", mediaType: "" }], contextId: "", taskId: "", metadata: undefined, extensions: [], referenceTaskIds: [] };
    await expect(transport.sendMessage({ message } as never)).rejects.toThrow(/Invalid parameters/);
  });
});
