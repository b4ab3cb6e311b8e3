/**
 * What both adapters share: the options, one request checked by the binding's door and turned into
 * what to send (or to pass on), and the agent's own responses checked. The adapters only move bytes.
 */
import { formatIssue, makeIssue, type ValidationIssue } from "../../core/issue.js";
import type { HttpRoute } from "../../v1/http.js";
import { createA2aError, createJsonRpcErrorResponse } from "../../wire/errors.js";
import { checkHttpRequest, type HttpCheck } from "../http.js";
import { checkJsonRpcRequest, type JsonRpcCheck } from "../jsonrpc.js";
import type { FrontDoorOptions, HeadersLike } from "../options.js";
import { policyOf } from "../policy.js";
import { httpResponseIssues, jsonRpcResponseIssues } from "../responses.js";
import { toV03 } from "../../versions/index.js";
import { v03HttpAnswer } from "./v03-http-answer.js";

/** What to do with the handler's own (non-streaming) responses. */
export type ResponseMode = "warn" | "error" | "off";

/** The options of `a2aExpress` and `a2aFetch`: the door's options and what the adapter does around it. */
export interface AdapterOptions extends Omit<FrontDoorOptions, "headers"> {
  /** The binding served behind the door: `"jsonrpc"` (default) or `"http"` (HTTP+JSON). */
  readonly binding?: "jsonrpc" | "http";
  /** HTTP+JSON: where the routes are mounted in the URL the adapter sees (default: the root). */
  readonly basePath?: string;
  /**
   * The handler's responses: `"warn"` reports invalid ones (`onResponseIssues`, else console.warn)
   * and sends them; `"error"` reports them and sends `InvalidAgentResponseError` instead; `"off"`
   * (default) does not read them. Streaming (`text/event-stream`) responses always pass through.
   */
  readonly responses?: ResponseMode;
  /** Called with the issues of an invalid response of the handler. */
  readonly onResponseIssues?: (
    issues: readonly ValidationIssue[],
    context: {
      /** The RPC the response answers, e.g. "GetTask". */
      readonly method: string;
    },
  ) => void;
  /**
   * A JSON-RPC request without `id` (a notification): `"answer"` (default) sends the -32600 error
   * (every A2A method returns a result); `"ignore"` sends HTTP 204 and nothing else (JSON-RPC 2.0's letter).
   */
  readonly notifications?: "answer" | "ignore";
}

/** The door's verdict on one request: pass it on, or send this. */
export type Verdict =
  | { readonly pass: true; readonly check: Extract<JsonRpcCheck | HttpCheck, { ok: true }> }
  | { readonly pass: false; readonly check: Extract<JsonRpcCheck | HttpCheck, { ok: false }>; readonly status: number; readonly headers: Record<string, string>; readonly body: string };

/** The request's RPC, for the response check. */
export const rpcOf = (check: Extract<JsonRpcCheck | HttpCheck, { ok: true }>): { method: string; route?: HttpRoute; path?: string } =>
  "protocol" in check && check.protocol === "0.3"
    ? { method: "route" in check ? check.rpc : check.request.method }
    : "route" in check
      ? { method: check.rpc, route: check.route, path: check.path }
      : { method: check.request.method };

/** What the adapter hands on instead of a v0.3 request (`v03: "convert"`), and how it turns the v1.0 answer back. */
export interface Converting {
  /** The v1.0 request (JSON-RPC) or request message (HTTP+JSON, absent when the route has no body). */
  readonly request: unknown;
  /** HTTP+JSON: the v1.0 request line, the path within the A2A routes with the query string. */
  readonly line?: { readonly method: string; readonly path: string };
  /** The handler's v1.0 answer (a whole JSON body of `status`, or one event's data with status 200) as v0.3: its status and text. */
  answer(text: string, status: number): { readonly status: number; readonly text: string };
}

export interface Door {
  readonly options: AdapterOptions;
  /** Does this request go through the door? (The JSON-RPC door reads POSTs only; the agent card and other GETs pass.) */
  handles(method: string): boolean;
  decide(method: string, url: string, headers: HeadersLike, body: unknown): Verdict;
  /**
   * `v03: "convert"` and a request read as v0.3: the v1.0 request to hand on instead of the body, and
   * `answer`, which turns the handler's v1.0 answer (a JSON-RPC response, or one event's data) into v0.3.
   */
  converting(check: Extract<JsonRpcCheck | HttpCheck, { ok: true }>): Converting | undefined;
  /** The response to send instead of the handler's (`responses: "error"`), after reporting; undefined to send the handler's. */
  review(check: Extract<JsonRpcCheck | HttpCheck, { ok: true }>, status: number, contentType: string | undefined, text: string): { status: number; headers: Record<string, string>; body: string } | undefined;
}

const JSON_RPC_HEADERS = { "Content-Type": "application/json" };

/** Every request's answer when the door's own options could not be read: fail closed, as for an invalid card. */
function unreadableOptions(http: boolean, why: string): Verdict {
  const issues = [makeIssue([], "invalid", `the front door's options could not be read (${why}), so no request is passed on`)];
  const e = createA2aError("InternalError", { message: "Internal error: the server's A2A front door is misconfigured" });
  if (http) return { pass: false, check: { ok: false, status: e.http.status, headers: e.http.headers, body: e.http.body, issues }, status: e.http.status, headers: { ...e.http.headers }, body: JSON.stringify(e.http.body) };
  const response = createJsonRpcErrorResponse(e.jsonRpc, null);
  return { pass: false, check: { ok: false, response, issues, notification: false }, status: 200, headers: { ...JSON_RPC_HEADERS }, body: JSON.stringify(response) };
}

/**
 * An event stream rewritten event by event: text in (any cut), the complete events out with each
 * `data:` line passed through `answer`; `end()` gives what is left.
 */
export function eventRewriter(answer: (data: string) => string): { push(text: string): string; end(): string } {
  let pending = "";
  const take = (last: boolean): string => {
    const cut = last ? pending.length : pending.lastIndexOf("\n\n") + 2;
    if (cut < 2 && !last) return "";
    const done = pending.slice(0, cut);
    pending = pending.slice(cut);
    return done.replace(/^data:[ ]?(.*)$/gm, (_l, data: string) => `data: ${answer(data)}`);
  };
  return {
    push: (text) => {
      pending += text;
      return take(false);
    },
    end: () => take(true),
  };
}

/** A v1.0 JSON-RPC answer (response or event) to `method` as v0.3: toV03, or a v0.3 internal error when it has no v0.3 form. */
function v03Answer(method: string, id: string | number | null, text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text; // not JSON: not ours to change
  }
  const r = toV03(parsed, { type: "JsonRpcResponse", method });
  if (r.ok) return JSON.stringify(r.value);
  const message = `Internal error: the agent's ${method} answer has no A2A v0.3 form (${r.issues.filter((i) => i.severity !== "warning")[0]?.message ?? "invalid"})`;
  return JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message } });
}

export function createDoor(options: AdapterOptions): Door {
  // Read once: a getter that throws (or answers differently later) cannot break a request, it refuses them all.
  let o: AdapterOptions;
  let unreadable: string | undefined;
  try {
    o = { ...options };
    if (o.card !== undefined) policyOf(o.card); // the card is validated once, now
  } catch {
    // What was thrown is not read: a revoked proxy or an object with a throwing getter would throw again.
    o = {};
    unreadable = "reading them threw";
  }
  const http = o.binding === "http";
  const mode = o.responses ?? "off";
  const report =
    o.onResponseIssues ??
    ((issues: readonly ValidationIssue[], c: { method: string }) => console.warn(`a2a-schemas: invalid ${c.method} response from this agent:\n  ${issues.slice(0, 10).map(formatIssue).join("\n  ")}`));

  return {
    options: o,
    handles: (method) => http || method.toUpperCase() === "POST",
    decide(method, url, headers, body) {
      if (unreadable !== undefined) return unreadableOptions(http, unreadable);
      const common = { ...(o.card !== undefined ? { card: o.card } : {}), ...(o.maxBytes !== undefined ? { maxBytes: o.maxBytes } : {}), ...(o.mode !== undefined ? { mode: o.mode } : {}), ...(o.v03 !== undefined ? { v03: o.v03 } : {}), headers };
      if (http) {
        const c = checkHttpRequest(method, url, body, { ...common, ...(o.basePath !== undefined ? { basePath: o.basePath } : {}) });
        return c.ok ? { pass: true, check: c } : { pass: false, check: c, status: c.status, headers: { ...c.headers }, body: JSON.stringify(c.body) };
      }
      const c = checkJsonRpcRequest(body, { ...common, url });
      if (c.ok) return { pass: true, check: c };
      if (c.notification && o.notifications === "ignore") return { pass: false, check: c, status: 204, headers: {}, body: "" };
      return { pass: false, check: c, status: 200, headers: { ...JSON_RPC_HEADERS }, body: JSON.stringify(c.response) };
    },
    converting(check) {
      if (o.v03 !== "convert" || !("protocol" in check) || check.protocol !== "0.3" || check.converted === undefined) return undefined;
      if ("route" in check) {
        const { method, path, body } = check.converted;
        const rpc = check.rpc;
        return { request: body, line: { method, path }, answer: (text, status) => v03HttpAnswer(rpc, status, text) };
      }
      const request = check.converted;
      return { request, answer: (text, status) => ({ status, text: v03Answer(request.method, request.id ?? null, text) }) };
    },
    review(check, status, contentType, text) {
      // A v0.3 request's answer is v0.3 (a handler that speaks it) or converted from v1.0 by the adapter: not reviewed as v1.0.
      if ("protocol" in check && check.protocol === "0.3") return undefined;
      if (mode === "off" || (contentType !== undefined && /^\s*text\/event-stream/i.test(contentType))) return undefined;
      const { method, route, path } = rpcOf(check);
      const issues = route ? httpResponseIssues(route.verb, path!, status, text) : jsonRpcResponseIssues(method, text);
      if (issues.length === 0) return undefined;
      try {
        report(issues, { method });
      } catch {
        /* a reporter's failure must not change the response */
      }
      if (mode !== "error") return undefined;
      const message = `Invalid agent response: the agent's ${method} response does not conform to the A2A v1.0 specification`;
      const e = createA2aError("InvalidAgentResponseError", { message });
      if (route) return { status: e.http.status, headers: { ...e.http.headers }, body: JSON.stringify(e.http.body) };
      const id = (check as Extract<JsonRpcCheck, { ok: true }>).request.id;
      return { status: 200, headers: { ...JSON_RPC_HEADERS }, body: JSON.stringify(createJsonRpcErrorResponse(e.jsonRpc, id)) };
    },
  };
}
