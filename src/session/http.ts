/**
 * The REST endpoints of the "A2A Protocol JSON Specification" (§API Endpoints)
 * as data, and validators for a whole HTTP exchange that pick the body schema
 * from the method, path and status. Where the specification names an endpoint
 * but no body, the decisions are in docs/conformance.md (session section) and
 * repeated on each endpoint's `note`.
 */
import { describeValue, makeIssue, toPointer, type PathSegment, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { neverThrows, unreadable, unreadableResult } from "../core/guard.js";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { capIssues, withStandard } from "../core/validator.js";
import { listValues } from "../core/messages.js";
import type * as T from "../generated/session/types.js";
import {
  validateAgentCard,
  validateCreateSessionRequest,
  validateCreateSessionResponse,
  validateErrorResponse,
  validateGetSessionMessagesResponse,
  validateSendMessageRequest,
  validateSendMessageResponse,
} from "../generated/session/api.js";
import type { SessionOptions } from "./validators.js";

/** A body schema by name; `StreamEvent` is one server-sent event's `data`, parsed. */
export type BodyType =
  | "AgentCard"
  | "CreateSessionRequest"
  | "CreateSessionResponse"
  | "SendMessageRequest"
  | "SendMessageResponse"
  | "GetSessionMessagesResponse"
  | "ErrorResponse"
  | "StreamEvent";

/** The HTTP methods of the session endpoints. */
export type HttpMethod = "GET" | "POST" | "DELETE";

/** One endpoint of the A2A Protocol JSON Specification, §API Endpoints: method, path and body schemas. */
export interface Endpoint {
  /** The HTTP method. */
  readonly method: HttpMethod;
  /** Path template relative to the agent card's `api.url`, as the specification writes it. */
  readonly path: string;
  /** The specification's one-line description of the endpoint. */
  readonly summary: string;
  /** The request body's schema, or null when the request has no body. */
  readonly request: BodyType | null;
  /** True when an absent request body counts as `{}` (every field of the body is optional). */
  readonly requestBodyOptional: boolean;
  /** Success statuses and their body schema; null means no body (204). */
  readonly responses: Readonly<Record<number, BodyType | null>>;
  /** The response is a server-sent event stream; `StreamEvent` is the schema of each event. */
  readonly stream: boolean;
  /** Why the bodies are what they are, where the specification leaves them open. */
  readonly note?: string;
}

/** A2A Protocol JSON Specification, §API Endpoints. Every 4xx and 5xx response of every endpoint carries an ErrorResponse. */
export const ENDPOINTS: readonly Endpoint[] = [
  {
    method: "GET",
    path: "/card",
    summary: "Get the agent card",
    request: null,
    requestBodyOptional: false,
    responses: { 200: "AgentCard" },
    stream: false,
  },
  {
    method: "POST",
    path: "/sessions",
    summary: "Create a new session",
    request: "CreateSessionRequest",
    requestBodyOptional: true,
    responses: { 200: "CreateSessionResponse", 201: "CreateSessionResponse" },
    stream: false,
    note: "Every field of CreateSessionRequest is optional, so an absent body counts as {}.",
  },
  {
    method: "GET",
    path: "/sessions/{sessionId}",
    summary: "Get session details",
    request: null,
    requestBodyOptional: false,
    responses: { 200: "CreateSessionResponse" },
    stream: false,
    note: "The specification defines no body: it is { session }, the same body as POST /sessions, as SendMessageResponse wraps { message }.",
  },
  {
    method: "DELETE",
    path: "/sessions/{sessionId}",
    summary: "End a session",
    request: null,
    requestBodyOptional: false,
    responses: { 200: "CreateSessionResponse", 204: null },
    stream: false,
    note: "The specification defines no body: 200 returns the ended session as { session }, 204 returns nothing.",
  },
  {
    method: "POST",
    path: "/sessions/{sessionId}/messages",
    summary: "Send a message",
    request: "SendMessageRequest",
    requestBodyOptional: false,
    responses: { 200: "SendMessageResponse", 201: "SendMessageResponse" },
    stream: false,
  },
  {
    method: "GET",
    path: "/sessions/{sessionId}/messages",
    summary: "Get session messages",
    request: null,
    requestBodyOptional: false,
    responses: { 200: "GetSessionMessagesResponse" },
    stream: false,
  },
  {
    method: "GET",
    path: "/sessions/{sessionId}/stream",
    summary: "SSE stream for real-time updates (optional)",
    request: null,
    requestBodyOptional: false,
    responses: { 200: "StreamEvent" },
    stream: true,
    note: "The specification defines no event: each event's data is { message } (a new message, as SendMessageResponse) or { session } (a status change, as CreateSessionResponse).",
  },
];

/** One server-sent event's data on the stream endpoint (a decision: the specification defines none). */
export type StreamEvent = T.SendMessageResponse | T.CreateSessionResponse;

/** An HTTP request to check: method, path and parsed JSON body. */
export interface HttpRequestInput {
  /** The HTTP method, e.g. "POST". */
  readonly method: string;
  /** The path after the agent's base URL, e.g. `/sessions/abc/messages`; a query string is ignored. */
  readonly path: string;
  /** The parsed JSON body; `undefined` (or `null`, or `""`) for none. */
  readonly body?: unknown;
}

/** An HTTP response to check: the request it answers (method and path), its status and parsed JSON body. */
export interface HttpResponseInput extends HttpRequestInput {
  /** The HTTP status code. */
  readonly status: number;
}

/** Options of `validateHttpRequest` and `validateHttpResponse`: the mode and an optional base path. */
export interface HttpOptions extends SessionOptions {
  /**
   * A prefix to remove from the path first, e.g. `/a2a` when the card's
   * `api.url` is `https://agent.example.com/a2a`.
   */
  readonly basePath?: string;
}

/** What a valid HTTP request or response matched: the endpoint, its path parameters and the checked body. */
export interface HttpMatch {
  /** The endpoint the method and path matched. */
  readonly endpoint: Endpoint;
  /** Path parameters, percent-decoded (`sessionId`). */
  readonly params: Readonly<Record<string, string>>;
  /** The schema the body was checked against, or null when there is none. */
  readonly bodyType: BodyType | null;
  /** The body as validated (`undefined` when there is none). */
  readonly body: unknown;
}

const has = Object.prototype.hasOwnProperty;

function own(o: object, key: string): unknown {
  return has.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || body === "";
}

/** Validates the event data of the stream endpoint: `{ message }` or `{ session }`. */
export const validateStreamEvent: ((input: unknown, options?: SessionOptions) => ValidationResult<StreamEvent>) & StandardSchemaV1<unknown, StreamEvent> = /* @__PURE__ */ withStandard(
  /* @__PURE__ */ neverThrows(streamEvent, unreadableResult),
);

function streamEvent(input: unknown, options?: SessionOptions): ValidationResult<StreamEvent> {
  if (input !== null && typeof input === "object" && !Array.isArray(input)) {
    if (has.call(input, "message")) return validateSendMessageResponse(input, options);
    if (has.call(input, "session")) return validateCreateSessionResponse(input, options);
    return {
      ok: false,
      issues: [makeIssue([], "required", 'missing required property "message" or "session"', { property: "message" })],
    };
  }
  const got = describeValue(input);
  return { ok: false, issues: [makeIssue([], "type", `must be an object, got ${got}`, { expected: "an object", received: got })] };
}

function bodyValidator(t: BodyType): (input: unknown, options?: SessionOptions) => ValidationResult<unknown> {
  switch (t) {
    case "AgentCard":
      return validateAgentCard;
    case "CreateSessionRequest":
      return validateCreateSessionRequest;
    case "CreateSessionResponse":
      return validateCreateSessionResponse;
    case "SendMessageRequest":
      return validateSendMessageRequest;
    case "SendMessageResponse":
      return validateSendMessageResponse;
    case "GetSessionMessagesResponse":
      return validateGetSessionMessagesResponse;
    case "ErrorResponse":
      return validateErrorResponse;
    case "StreamEvent":
      return validateStreamEvent;
  }
}

/** Moves a body issue under `/body`. */
function underBody(i: ValidationIssue): ValidationIssue {
  const path: PathSegment[] = ["body", ...i.path];
  return { ...i, path, pointer: toPointer(path) };
}

function checkBody(t: BodyType, body: unknown, options: SessionOptions): ValidationIssue[] {
  const r = bodyValidator(t)(body, options);
  return r.ok ? [] : r.issues.map(underBody);
}

function pathSegments(raw: string, basePath: string | undefined): string[] | undefined {
  let p = raw;
  const cut = p.search(/[?#]/);
  if (cut !== -1) p = p.slice(0, cut);
  if (basePath !== undefined && basePath !== "" && basePath !== "/") {
    const base = basePath.endsWith("/") ? basePath.slice(0, -1) : basePath;
    if (p !== base && !p.startsWith(base + "/")) return undefined;
    p = p.slice(base.length);
  }
  if (!p.startsWith("/")) return undefined;
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p.slice(1).split("/");
}

function matchTemplate(template: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = template.slice(1).split("/");
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const t = parts[i]!;
    const s = segments[i]!;
    if (t.startsWith("{")) {
      if (s === "") return undefined;
      let value: string;
      try {
        value = decodeURIComponent(s);
      } catch {
        return undefined; // a malformed escape is not a session id
      }
      params[t.slice(1, -1)] = value;
    } else if (t !== s) return undefined;
  }
  return params;
}

type Located = { endpoint: Endpoint; params: Record<string, string> } | { issues: ValidationIssue[] };

/** Finds the endpoint for a method and path, or says why there is none. */
export function findEndpoint(method: string, path: string, basePath?: string): Located {
  const segments = pathSegments(path, basePath);
  const templates = ENDPOINTS.filter((e, i, all) => all.findIndex((o) => o.path === e.path) === i);
  const hits = segments === undefined ? [] : templates.flatMap((e) => {
    const params = matchTemplate(e.path, segments);
    return params ? [{ path: e.path, params }] : [];
  });
  if (hits.length === 0) {
    const list = ENDPOINTS.map((e) => `${e.method} ${e.path}`).join(", ");
    const got = describeValue(path);
    return {
      issues: [
        makeIssue(["path"], "no_match", `must be one of the session endpoints (${list}), got ${got}${basePath ? ` under ${JSON.stringify(basePath)}` : ""}`, {
          received: got,
          allowed: ENDPOINTS.map((e) => e.path),
        }),
      ],
    };
  }
  const { path: template, params } = hits[0]!;
  const m = method.toUpperCase();
  const endpoint = ENDPOINTS.find((e) => e.path === template && e.method === m);
  if (endpoint === undefined) {
    const allowed = ENDPOINTS.filter((e) => e.path === template).map((e) => e.method);
    const got = describeValue(method);
    return { issues: [makeIssue(["method"], "enum", `must be one of ${listValues(allowed)} for ${template}, got ${got}`, { allowed, received: got })] };
  }
  return { endpoint, params };
}

function readInput(input: unknown, withStatus: boolean): { method: string; path: string; body: unknown; status: number } | ValidationIssue[] {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    const got = describeValue(input);
    return [makeIssue([], "type", `must be an object with method, path${withStatus ? ", status" : ""} and body, got ${got}`, { expected: "an object", received: got })];
  }
  const issues: ValidationIssue[] = [];
  const method = own(input, "method");
  const path = own(input, "path");
  const status = own(input, "status");
  for (const [k, v] of [["method", method], ["path", path]] as const) {
    if (typeof v !== "string") {
      const got = describeValue(v);
      issues.push(v === undefined ? makeIssue([], "required", `missing required property "${k}"`, { property: k }) : makeIssue([k], "type", `must be a string, got ${got}`, { expected: "a string", received: got }));
    }
  }
  if (withStatus && !(typeof status === "number" && Number.isInteger(status) && status >= 100 && status <= 599)) {
    const got = describeValue(status);
    issues.push(
      status === undefined
        ? makeIssue([], "required", 'missing required property "status"', { property: "status" })
        : makeIssue(["status"], "type", `must be an HTTP status code (an integer from 100 to 599), got ${got}`, { expected: "an integer from 100 to 599", received: got }),
    );
  }
  if (issues.length > 0) return issues;
  return { method: method as string, path: path as string, body: own(input, "body"), status: status as number };
}

function run<T>(f: () => ValidationResult<T>): ValidationResult<T> {
  try {
    return f();
  } catch (err) {
    // Bodies are checked by validators that never throw; this guards odd inputs (getters, proxies).
    return { ok: false, issues: [unreadable(err)] };
  }
}

/** validateHttpRequest's body. */
function httpRequest(input: HttpRequestInput | unknown, options: HttpOptions = {}): ValidationResult<HttpMatch> {
  return run(() => {
    const r = readInput(input, false);
    if (Array.isArray(r)) return { ok: false, issues: r };
    const found = findEndpoint(r.method, r.path, options.basePath);
    if ("issues" in found) return { ok: false, issues: found.issues };
    const { endpoint, params } = found;
    let issues: ValidationIssue[] = [];
    if (endpoint.request === null) {
      if (!isEmptyBody(r.body)) issues.push(makeIssue(["body"], "not_allowed", `must be absent: ${endpoint.method} ${endpoint.path} has no request body`, { received: describeValue(r.body) }));
    } else if (!(endpoint.requestBodyOptional && isEmptyBody(r.body))) {
      issues = checkBody(endpoint.request, r.body, options);
    }
    if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
    return { ok: true, value: { endpoint, params, bodyType: endpoint.request, body: r.body } };
  });
}

/** validateHttpResponse's body. */
function httpResponse(input: HttpResponseInput | unknown, options: HttpOptions = {}): ValidationResult<HttpMatch> {
  return run(() => {
    const r = readInput(input, true);
    if (Array.isArray(r)) return { ok: false, issues: r };
    const found = findEndpoint(r.method, r.path, options.basePath);
    if ("issues" in found) return { ok: false, issues: found.issues };
    const { endpoint, params } = found;
    let bodyType: BodyType | null = null;
    let issues: ValidationIssue[] = [];
    if (r.status >= 400) {
      bodyType = "ErrorResponse";
    } else if (r.status >= 200 && r.status < 300) {
      if (!has.call(endpoint.responses, r.status)) {
        const allowed = Object.keys(endpoint.responses).map(Number);
        return {
          ok: false,
          issues: [
            makeIssue(["status"], "enum", `must be one of ${listValues(allowed)} or an error status (400 to 599) for ${endpoint.method} ${endpoint.path}, got ${r.status}`, {
              allowed,
              received: String(r.status),
            }),
          ],
        };
      }
      bodyType = endpoint.responses[r.status] ?? null;
      if (bodyType === null && !isEmptyBody(r.body)) {
        issues.push(makeIssue(["body"], "not_allowed", `must be absent for status ${r.status}`, { received: describeValue(r.body) }));
      }
    }
    if (bodyType !== null) issues = checkBody(bodyType, r.body, options);
    if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
    return { ok: true, value: { endpoint, params, bodyType, body: r.body } };
  });
}

/**
 * Validates a request: finds the endpoint from `method` and `path`, then checks
 * the body against its schema (issues under `/body`). A GET or DELETE must not
 * carry a body. A Standard Schema (default mode). Never throws.
 */
const validateHttpRequestFn: ((input: HttpRequestInput | unknown, options?: HttpOptions) => ValidationResult<HttpMatch>) & StandardSchemaV1<unknown, HttpMatch> = /* @__PURE__ */ withStandard(httpRequest);

/**
 * Validates a response: 2xx bodies against the endpoint's success schema, 4xx
 * and 5xx against ErrorResponse, 1xx and 3xx carry no A2A body and are not
 * checked. For the stream endpoint, `body` is one event's parsed `data`. A Standard Schema
 * (default mode). Never throws.
 */
const validateHttpResponseFn: ((input: HttpResponseInput | unknown, options?: HttpOptions) => ValidationResult<HttpMatch>) & StandardSchemaV1<unknown, HttpMatch> = /* @__PURE__ */ withStandard(httpResponse);

export { validateHttpRequestFn as validateHttpRequest, validateHttpResponseFn as validateHttpResponse };
