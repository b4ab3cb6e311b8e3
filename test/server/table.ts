/**
 * The bad-request table of issue 19: each row a request an A2A v1.0 agent must refuse, and the
 * response the A2A v1.0 specification gives it, shaped as the examples of sections 9.5 (JSON-RPC)
 * and 11.6 (HTTP+JSON). Both adapters' tests send every row to the real SDK server behind them.
 */
import { describe, expect, it } from "vitest";
import { validateHttpResponse, validateJsonRpcResponseByMethod } from "../../src/v1/index.js";

export const V1 = { "A2A-Version": "1.0" };
const ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";
const BAD_REQUEST = "type.googleapis.com/google.rpc.BadRequest";

const message = (m: Record<string, unknown> = {}) => ({ messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hello" }], ...m });
const rpc = (method: string, params: unknown, id: number | string = 1) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
const info = (reason: string, metadata: Record<string, string>) => ({ "@type": ERROR_INFO, reason, domain: "a2a-protocol.org", metadata });
const violation = (field: string, description: string) => ({ "@type": BAD_REQUEST, fieldViolations: [{ field, description }] });

export interface Row {
  readonly name: string;
  /** The agent: "open" (streaming, no required extension) or "strict" (no streaming, a required extension). */
  readonly agent: "open" | "strict";
  readonly headers: Record<string, string>;
  readonly jsonRpc: { readonly body: string; readonly response: unknown };
  /** The HTTP+JSON form, where the row has one. */
  readonly http?: { readonly method: string; readonly path: string; readonly body?: string; readonly status: number; readonly response: unknown };
}

export const REQUIRED = "https://example.com/extensions/required/v1";

export const ROWS: readonly Row[] = [
  {
    name: "not JSON",
    agent: "open",
    headers: V1,
    jsonRpc: { body: '{"jsonrpc": "2.0", "id": 1, "method": ', response: { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Invalid JSON payload" } } },
    http: { method: "POST", path: "/message:send", body: '{"message": ', status: 400, response: { error: { code: 400, status: "INVALID_ARGUMENT", message: "Invalid JSON payload" } } },
  },
  {
    name: "no jsonrpc member",
    agent: "open",
    headers: V1,
    jsonRpc: {
      body: JSON.stringify({ id: 7, method: "SendMessage", params: { message: message() } }),
      response: { jsonrpc: "2.0", id: 7, error: { code: -32600, message: "Request payload validation error", data: [violation("jsonrpc", 'missing required property "jsonrpc"')] } },
    },
  },
  {
    name: "the v0.3 method message/send",
    agent: "open",
    headers: V1,
    jsonRpc: { body: rpc("message/send", { message: message() }, "r-3"), response: { jsonrpc: "2.0", id: "r-3", error: { code: -32601, message: 'Method not found: "message/send" is the A2A v0.3 name of "SendMessage"' } } },
    // No HTTP+JSON form: v0.3's `/v1/message:send` is v1.0's `/{tenant}/message:send` with tenant "v1".
  },
  {
    name: "parts: []",
    agent: "open",
    headers: V1,
    jsonRpc: {
      body: rpc("SendMessage", { message: message({ parts: [] }) }),
      response: { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid parameters", data: [violation("message.parts", "must have at least 1 item, got 0")] } },
    },
    http: {
      method: "POST",
      path: "/message:send",
      body: JSON.stringify({ message: message({ parts: [] }) }),
      status: 400,
      response: { error: { code: 400, status: "INVALID_ARGUMENT", message: "Invalid parameters", details: [violation("message.parts", "must have at least 1 item, got 0")] } },
    },
  },
  {
    name: 'role: "user"',
    agent: "open",
    headers: V1,
    jsonRpc: {
      body: rpc("SendMessage", { message: message({ role: "user" }) }),
      response: {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32602, message: "Invalid parameters", data: [violation("message.role", 'must be one of "ROLE_USER", "ROLE_AGENT", got "user" (hint: v0.3 role "user" is ROLE_USER in v1)')] },
      },
    },
    http: {
      method: "POST",
      path: "/message:send",
      body: JSON.stringify({ message: message({ role: "user" }) }),
      status: 400,
      response: {
        error: { code: 400, status: "INVALID_ARGUMENT", message: "Invalid parameters", details: [violation("message.role", 'must be one of "ROLE_USER", "ROLE_AGENT", got "user" (hint: v0.3 role "user" is ROLE_USER in v1)')] },
      },
    },
  },
  {
    name: "A2A-Version: 9.9",
    agent: "open",
    headers: { "A2A-Version": "9.9" },
    jsonRpc: {
      body: rpc("GetTask", { id: "task-1" }),
      response: {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32009, message: "Version not supported: the request gives A2A-Version 9.9; this agent serves 1.0", data: [info("VERSION_NOT_SUPPORTED", { requestedVersion: "9.9", supportedVersions: "1.0" })] },
      },
    },
    http: {
      method: "GET",
      path: "/tasks/task-1",
      status: 400,
      response: {
        error: {
          code: 400,
          status: "FAILED_PRECONDITION",
          message: "Version not supported: the request gives A2A-Version 9.9; this agent serves 1.0",
          details: [info("VERSION_NOT_SUPPORTED", { requestedVersion: "9.9", supportedVersions: "1.0" })],
        },
      },
    },
  },
  {
    name: "a missing required extension",
    agent: "strict",
    headers: V1,
    jsonRpc: {
      body: rpc("SendMessage", { message: message() }),
      response: {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32008, message: `Extension support required: the request must declare ${REQUIRED} in A2A-Extensions`, data: [info("EXTENSION_SUPPORT_REQUIRED", { extensions: REQUIRED })] },
      },
    },
    http: {
      method: "POST",
      path: "/message:send",
      body: JSON.stringify({ message: message() }),
      status: 400,
      response: {
        error: {
          code: 400,
          status: "FAILED_PRECONDITION",
          message: `Extension support required: the request must declare ${REQUIRED} in A2A-Extensions`,
          details: [info("EXTENSION_SUPPORT_REQUIRED", { extensions: REQUIRED })],
        },
      },
    },
  },
  {
    name: "SendStreamingMessage to a card without streaming",
    agent: "strict",
    headers: { ...V1, "A2A-Extensions": REQUIRED },
    jsonRpc: {
      body: rpc("SendStreamingMessage", { message: message() }),
      response: {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32004, message: "SendStreamingMessage is not supported: the agent card's capabilities.streaming is not true", data: [info("UNSUPPORTED_OPERATION", { method: "SendStreamingMessage" })] },
      },
    },
    http: {
      method: "POST",
      path: "/message:stream",
      body: JSON.stringify({ message: message() }),
      status: 400,
      response: {
        error: {
          code: 400,
          status: "FAILED_PRECONDITION",
          message: "SendStreamingMessage is not supported: the agent card's capabilities.streaming is not true",
          details: [info("UNSUPPORTED_OPERATION", { method: "SendStreamingMessage" })],
        },
      },
    },
  },
];

/**
 * Sends every row to the server at `base()` (the "open" agent under /a2a, the "strict" one under
 * /strict, each with /jsonrpc and /rest) and expects the row's response to the letter, itself a
 * valid A2A v1.0 error response (sections 9.5 and 11.6).
 */
export function tableSuite(title: string, base: () => string): void {
  const at = (row: Row, binding: "jsonrpc" | "rest") => `${base()}/${row.agent === "open" ? "a2a" : "strict"}/${binding}`;
  describe(title, () => {
    it.each(ROWS.map((r) => [r.name, r] as const))("JSON-RPC: %s", async (_, row) => {
      const res = await fetch(at(row, "jsonrpc"), { method: "POST", body: row.jsonRpc.body, headers: { "Content-Type": "application/json", ...row.headers } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await res.json();
      expect(body).toEqual(row.jsonRpc.response);
      expect(validateJsonRpcResponseByMethod("SendMessage", body).ok).toBe(true);
    });

    it.each(ROWS.filter((r) => r.http).map((r) => [r.name, r] as const))("HTTP+JSON: %s", async (_, row) => {
      const h = row.http!;
      const res = await fetch(`${at(row, "rest")}${h.path}`, { method: h.method, headers: { "Content-Type": "application/a2a+json", ...row.headers }, ...(h.body !== undefined ? { body: h.body } : {}) });
      expect(res.status).toBe(h.status);
      expect(res.headers.get("content-type")).toBe("application/a2a+json");
      const body = await res.json();
      expect(body).toEqual(h.response);
      expect(validateHttpResponse({ method: "POST", path: "/message:send", status: h.status, body }).ok).toBe(true);
    });
  });
}
