/**
 * The front door speaks A2A v0.3 too (issue 20, item 5): to an agent whose card declares a 0.3
 * JSON-RPC interface, a request with `A2A-Version: 0.3` or none (A2A v1.0 specification, section
 * 3.6.2) is checked as v0.3 and refused with v0.3 errors; with `v03: "convert"` it reaches a
 * v1.0-only handler converted, and the answer goes back in v0.3. Driven by the A2A JS SDK's own
 * v0.3 compat client against its own server, on 127.0.0.1.
 */
import express from "express";
import { createServer, type Server } from "node:http";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultServerCallContextBuilder, JsonRpcTransportHandler, UnauthenticatedUser } from "@a2a-js/sdk/server";
import { a2aExpress, a2aFetch, checkJsonRpcRequest } from "../../src/server/index.js";
import type { AgentCard } from "../../src/generated/v1/types.js";
import { cardFor, close, listen, REQUIRED_EXTENSION, sdkHandler, withV03 as withV03To } from "./agent.js";
import { expectTraffic } from "./traffic.js";

let server: Server;
let base: string;

const withV03 = (card: AgentCard): AgentCard => withV03To(card, "JSONRPC");

beforeAll(async () => {
  const app = express();
  server = createServer(app);
  base = await listen(server);
  for (const [prefix, v03] of [
    ["/pass", "pass"],
    ["/convert", "convert"],
  ] as const) {
    const card = withV03(cardFor(base, { prefix }));
    // "pass": the SDK's handler speaks 0.3 itself (legacyCompat); "convert": a v1.0-only handler.
    const sdk = { requestHandler: sdkHandler(card), userBuilder: UserBuilder.noAuthentication, ...(v03 === "pass" ? { legacyCompat: { enabled: true } } : {}) };
    app.use(`${prefix}/jsonrpc`, a2aExpress({ card, v03 }), jsonRpcHandler(sdk as never));
  }
});

afterAll(() => close(server));

const post = (path: string, body: unknown, headers: Record<string, string> = {}): Promise<any> =>
  fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } }).then((r) => r.json());

const v03Send = (role: string) => ({ jsonrpc: "2.0", id: "q-1", method: "message/send", params: { message: { kind: "message", messageId: "m-1", role, parts: [{ kind: "text", text: "hello" }] } } });

describe("a v0.3 request to an agent that declares a 0.3 interface", () => {
  it.each(["/pass", "/convert"])("the SDK's v0.3 client works through the door (%s)", async (prefix) => {
    await expectTraffic(new LegacyJsonRpcTransport({ endpoint: `${base}${prefix}/jsonrpc` }) as never);
  });

  it.each(["/pass", "/convert"])("is refused with the v0.3 errors (%s)", async (prefix) => {
    expect(await post(`${prefix}/jsonrpc`, v03Send("ROLE_USER"))).toEqual({ jsonrpc: "2.0", id: "q-1", error: { code: -32602, message: "Invalid parameters" } });
    expect(await post(`${prefix}/jsonrpc`, { ...v03Send("user"), method: "SendMessage" }, { "A2A-Version": "0.3" })).toEqual({
      jsonrpc: "2.0",
      id: "q-1",
      error: { code: -32601, message: 'Method not found: "SendMessage" is the A2A v1.0 name of "message/send"' },
    });
    expect(await post(`${prefix}/jsonrpc`, { ...v03Send("user"), jsonrpc: "1.0" })).toEqual({ jsonrpc: "2.0", id: "q-1", error: { code: -32600, message: "Request payload validation error" } });
  });

  it("a v1.0 request (A2A-Version: 1.0) still goes the v1.0 way", async () => {
    const r = await post("/convert/jsonrpc", { jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "hello" }] } } }, { "A2A-Version": "1.0" });
    expect(r.result.task.status.state).toBe("TASK_STATE_COMPLETED");
  });

  it("the check itself: the v0.3 request, its v1.0 form, and what was lost", () => {
    const card = withV03(cardFor("http://127.0.0.1:1"));
    const body = { ...v03Send("user"), params: { ...v03Send("user").params, metadata: { a: 1 }, configuration: { blocking: true, pushNotificationConfig: { url: "https://h.example.com/", authentication: { schemes: ["Bearer", "Basic"] } } } } };
    const c = checkJsonRpcRequest(JSON.stringify(body), { card, v03: "convert" });
    expect(c).toMatchObject({ ok: true, protocol: "0.3", version: "0.3", request: body, converted: { method: "SendMessage", params: { configuration: { returnImmediately: false } } } });
    expect(c.ok && c.warnings?.map((w) => w.pointer)).toEqual(["/params/configuration/pushNotificationConfig/authentication/schemes/1"]);
    // A required extension: declared in A2A-Extensions or, as v0.3 named it, X-A2A-Extensions; the refusal in v0.3 terms.
    const strict = withV03(cardFor("http://127.0.0.1:1", { requiredExtension: true }));
    const refused = checkJsonRpcRequest(JSON.stringify(v03Send("user")), { card: strict });
    expect(!refused.ok && refused.response.error).toEqual({ code: -32600, message: `Extension support required: the request must declare ${REQUIRED_EXTENSION} in A2A-Extensions` });
    expect(checkJsonRpcRequest(JSON.stringify(v03Send("user")), { card: strict, headers: { "x-a2a-extensions": REQUIRED_EXTENSION } })).toMatchObject({ ok: true, extensions: [REQUIRED_EXTENSION] });
    // Without a 0.3 interface on the card, an absent A2A-Version is refused as before.
    const v1Only = checkJsonRpcRequest(JSON.stringify(body), { card: cardFor("http://127.0.0.1:1") });
    expect(v1Only.ok).toBe(false);
    expect(!v1Only.ok && v1Only.response.error.code).toBe(-32009);
  });
});

describe("the fetch wrapper with v03: \"convert\" in front of a v1.0-only fetch handler", () => {
  it("the SDK's v0.3 client works through it (no network: the client's fetch is the wrapped handler)", async () => {
    const card = withV03(cardFor("http://127.0.0.1:1", { prefix: "/fetch" }));
    const transport = new JsonRpcTransportHandler(sdkHandler(card));
    const v1Only = async (req: Request): Promise<Response> => {
      const version = req.headers.get("A2A-Version") ?? undefined;
      const context = defaultServerCallContextBuilder({ extensions: undefined, user: new UnauthenticatedUser(), headers: Object.fromEntries(req.headers), requestedVersion: version });
      const out = await transport.handle((await req.json()) as Record<string, unknown>, context);
      if (out && typeof (out as AsyncGenerator)[Symbol.asyncIterator] === "function") {
        const enc = new TextEncoder();
        const body = new ReadableStream({
          async start(c) {
            for await (const r of out as AsyncGenerator) c.enqueue(enc.encode(`data: ${JSON.stringify(r)}\n\n`));
            c.close();
          },
        });
        return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
      }
      return Response.json(out);
    };
    const wrapped = a2aFetch(v1Only, { card, v03: "convert" });
    const endpoint = "http://127.0.0.1:1/fetch/jsonrpc";
    await expectTraffic(new LegacyJsonRpcTransport({ endpoint, fetchImpl: (url: string, init: RequestInit) => wrapped(new Request(url, init)) } as never) as never);
  });
});
