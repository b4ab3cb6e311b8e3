/**
 * The HTTP+JSON binding of A2A v0.3 as data: the routes of the v0.3.0 specification (section
 * 3.5.6 and each method's REST tab in section 7; the proto's google.api.http options where they
 * differ are matched too), a matcher from (verb, path) to the method, and validation of request
 * and response bodies as the specification's JSON objects. The same API names as `a2a-schemas/v1`.
 */
import { describeValue, makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { neverThrows, unreadableResult } from "../core/guard.js";
import { capIssues, withStandard } from "../core/validator.js";
import { validators } from "../generated/v0.3/api.js";
import { createHttpBinding, type HttpRouteOf, type HttpVerb } from "../v1/http-binding.js";
import { prefixed } from "../v1/jsonrpc-binding.js";
import type { RpcName } from "./jsonrpc.js";
import type { V03Options } from "./validators.js";

export type { HttpVerb };

/**
 * What a route's body holds: a definition of the v0.3 schema; `Cancel` the `{ name? }` of the
 * cancel and subscribe routes; `SendResult` one of `message`/`task`, `StreamEvent` one of
 * `message`/`task`/`statusUpdate`/`artifactUpdate` (section 7.1 and 7.2, REST); `Empty` nothing.
 */
export type HttpBodyType = "MessageSendParams" | "TaskPushNotificationConfig" | "Task" | "AgentCard" | "TaskPushNotificationConfig[]" | "Cancel" | "SendResult" | "StreamEvent" | "Empty";

/** One HTTP+JSON route of A2A v0.3: verb, path template, the JSON-RPC method it stands for, request and response bodies. */
export interface HttpRoute extends HttpRouteOf<RpcName, HttpBodyType> {
  /** What the response body (each event's, for a streaming route) holds. */
  readonly response: HttpBodyType;
}

/** What `matchHttpRoute` found: the method, its route and the path variables. */
export interface HttpMatch {
  /** The JSON-RPC method the route stands for, e.g. "tasks/get". */
  readonly rpc: RpcName;
  /** The route. */
  readonly route: HttpRoute;
  /** Path variables by name (`id`, `configId`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

const route = (rpc: RpcName, verb: HttpVerb, template: string, request: HttpBodyType, response: HttpBodyType, streaming = false): HttpRoute => {
  const pathParams = [...template.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
  return { rpc, verb, template, tenant: false, request, response, streaming, ...(request === "Empty" ? {} : { body: "*" }), pathParams };
};

/**
 * Every route, most specific first. Where the specification's table (section 3.5.6) and the
 * proto's annotations differ, both are routes: `tasks/resubscribe` is `POST …:subscribe` in the
 * table and `GET …:subscribe` in the proto.
 */
export const HTTP_ROUTES: readonly HttpRoute[] = [
  route("agent/getAuthenticatedExtendedCard", "GET", "/v1/card", "Empty", "AgentCard"),
  route("message/send", "POST", "/v1/message:send", "MessageSendParams", "SendResult"),
  route("message/stream", "POST", "/v1/message:stream", "MessageSendParams", "StreamEvent", true),
  route("tasks/cancel", "POST", "/v1/tasks/{id}:cancel", "Cancel", "Task"),
  route("tasks/resubscribe", "POST", "/v1/tasks/{id}:subscribe", "Cancel", "StreamEvent", true),
  route("tasks/resubscribe", "GET", "/v1/tasks/{id}:subscribe", "Empty", "StreamEvent", true),
  route("tasks/pushNotificationConfig/set", "POST", "/v1/tasks/{id}/pushNotificationConfigs", "TaskPushNotificationConfig", "TaskPushNotificationConfig"),
  route("tasks/pushNotificationConfig/list", "GET", "/v1/tasks/{id}/pushNotificationConfigs", "Empty", "TaskPushNotificationConfig[]"),
  route("tasks/get", "GET", "/v1/tasks/{id}", "Empty", "Task"),
  route("tasks/pushNotificationConfig/get", "GET", "/v1/tasks/{id}/pushNotificationConfigs/{config_id}", "Empty", "TaskPushNotificationConfig"),
  route("tasks/pushNotificationConfig/delete", "DELETE", "/v1/tasks/{id}/pushNotificationConfigs/{config_id}", "Empty", "Empty"),
];

const binding = /* @__PURE__ */ createHttpBinding<RpcName, HttpBodyType>(HTTP_ROUTES);

/** Finds the v0.3 method of an HTTP request line. `path` may carry a query string (ignored). Undefined when no route matches. Never throws. */
export function matchHttpRoute(method: string, path: string): HttpMatch | undefined {
  try {
    return binding.matchHttpRoute(method, path) as HttpMatch | undefined;
  } catch {
    return undefined;
  }
}

const has = Object.prototype.hasOwnProperty;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
type Checked = ValidationResult<unknown>;

/** A body that is one of `keys`, each validated as its definition. */
function oneOf(body: unknown, keys: Readonly<Record<string, "Message" | "Task" | "TaskStatusUpdateEvent" | "TaskArtifactUpdateEvent">>, options?: V03Options): Checked {
  if (!isObject(body)) return { ok: false, issues: [makeIssue([], "type", `must be an object, got ${describeValue(body)}`, { expected: "an object", received: describeValue(body) })] };
  const present = Object.keys(keys).filter((k) => has.call(body, k));
  if (present.length !== 1) {
    return { ok: false, issues: [makeIssue([], "no_match", `exactly one of ${Object.keys(keys).map((k) => `"${k}"`).join(", ")} must be set, but ${present.length === 0 ? "none is" : `${present.length} are`}`, { allowed: Object.keys(keys) })] };
  }
  const key = present[0]!;
  const issues: ValidationIssue[] = [];
  if (options?.mode === "strict") for (const k of Object.keys(body)) if (k !== key) issues.push(makeIssue([k], "unknown_property", `unknown property "${k}" is not allowed`, { property: k }));
  const r = validators[keys[key]!](body[key], options);
  if (!r.ok) for (const i of r.issues) issues.push({ ...i, path: [key, ...i.path], pointer: `/${key}${i.pointer}` });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: body };
}

const SEND_RESULT = { message: "Message", task: "Task" } as const;
const STREAM_EVENT = { message: "Message", task: "Task", statusUpdate: "TaskStatusUpdateEvent", artifactUpdate: "TaskArtifactUpdateEvent" } as const;

/** A body as its type says (issues at pointers within the body). */
function checkBody(type: HttpBodyType, body: unknown, options?: V03Options): Checked {
  switch (type) {
    case "Empty":
      if (body === undefined || (isObject(body) && (Object.keys(body).length === 0 || options?.mode !== "strict"))) return { ok: true, value: body };
      return { ok: false, issues: [makeIssue([], isObject(body) ? "unknown_property" : "type", `must be empty (no body, or {}), got ${describeValue(body)}`, { expected: "no body" })] };
    case "Cancel":
      // `{ name }` in the specification's REST tab (sections 7.4 and 7.9): the task's resource name, optional beside the path.
      if (body === undefined) return { ok: true, value: body };
      if (!isObject(body)) return { ok: false, issues: [makeIssue([], "type", `must be an object, got ${describeValue(body)}`, { expected: "an object", received: describeValue(body) })] };
      if (has.call(body, "name") && typeof body.name !== "string") return { ok: false, issues: [makeIssue(["name"], "type", `must be a string, got ${describeValue(body.name)}`, { expected: "a string", received: describeValue(body.name) })] };
      if (options?.mode === "strict") {
        const extra = Object.keys(body).filter((k) => k !== "name");
        if (extra.length > 0) return { ok: false, issues: extra.map((k) => makeIssue([k], "unknown_property", `unknown property "${k}" is not allowed`, { property: k })) };
      }
      return { ok: true, value: body };
    case "SendResult":
      return oneOf(body, SEND_RESULT, options);
    case "StreamEvent":
      return oneOf(body, STREAM_EVENT, options);
    case "TaskPushNotificationConfig[]": {
      if (!Array.isArray(body)) return { ok: false, issues: [makeIssue([], "type", `must be an array, got ${describeValue(body)}`, { expected: "an array", received: describeValue(body) })] };
      const issues: ValidationIssue[] = [];
      body.forEach((item, n) => {
        const r = validators.TaskPushNotificationConfig(item, options);
        if (!r.ok) for (const i of r.issues) issues.push({ ...i, path: [n, ...i.path], pointer: `/${n}${i.pointer}` });
      });
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: body };
    }
    case "TaskPushNotificationConfig":
      // Section 7.5's REST tab wraps it (`{ config }`); the proto's `body: "config"` sends it bare. Either is read.
      if (isObject(body) && has.call(body, "config") && !has.call(body, "pushNotificationConfig")) {
        const r = validators.TaskPushNotificationConfig(body.config, options);
        return r.ok ? { ok: true, value: body } : { ok: false, issues: r.issues.map((i) => ({ ...i, path: ["config", ...i.path], pointer: `/config${i.pointer}` })) };
      }
      return validators.TaskPushNotificationConfig(body, options);
    default:
      return validators[type](body, options);
  }
}

/** An HTTP+JSON request to check: its request line and parsed JSON body (absent for an empty body). */
export interface HttpRequestInput {
  /** The HTTP method, e.g. "POST". */
  readonly method: string;
  /** The path (a query string is ignored), e.g. "/v1/message:send". */
  readonly path: string;
  /** The parsed JSON body; absent for an empty body. */
  readonly body?: unknown;
}

/** An HTTP+JSON response to check: the request line it answers, its status and parsed JSON body (for a streaming route, one event's data). */
export interface HttpResponseInput extends HttpRequestInput {
  /** The response's HTTP status. */
  readonly status: number;
}

/** What `validateHttpRequest` found valid: the route, its path variables and the body. */
export interface HttpRequestMatch extends HttpMatch {
  /** The body as given. */
  readonly body: unknown;
}

/** What `validateHttpResponse` found valid: the route it answers, the path variables, the status and the body. */
export interface HttpResponseMatch extends HttpRequestMatch {
  /** The response's HTTP status. */
  readonly status: number;
}

/** The request line of an input, or the issues of a malformed one. */
function requestLine(input: unknown, withStatus: boolean): { m: HttpMatch; o: Record<string, unknown> } | ValidationIssue[] {
  if (!isObject(input)) return [makeIssue([], "type", `must be an object { method, path${withStatus ? ", status" : ""}, body }, got ${describeValue(input)}`, { expected: "an object", received: describeValue(input) })];
  const issues: ValidationIssue[] = [];
  const need = (key: string, ok: (v: unknown) => boolean, expected: string) => {
    if (!has.call(input, key)) issues.push(makeIssue([], "required", `missing required property "${key}"`, { property: key }));
    else if (!ok(input[key])) issues.push(makeIssue([key], "type", `must be ${expected}, got ${describeValue(input[key])}`, { expected, received: describeValue(input[key]) }));
  };
  need("method", (v) => typeof v === "string", "a string");
  need("path", (v) => typeof v === "string", "a string");
  if (withStatus) need("status", (v) => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599, "an HTTP status (an integer from 100 to 599)");
  if (issues.length > 0) return issues;
  const m = matchHttpRoute(input.method as string, input.path as string);
  if (!m) return [makeIssue(["path"], "no_match", `no A2A v0.3 HTTP+JSON route matches ${describeValue(input.method)} ${describeValue(input.path)}`)];
  return { m, o: input };
}

function requestResult(input: unknown, options?: V03Options): ValidationResult<HttpRequestMatch> {
  const line = requestLine(input, false);
  if (Array.isArray(line)) return { ok: false, issues: line };
  const r = checkBody(line.m.route.request, line.o.body, options);
  if (!r.ok) return { ok: false, issues: capIssues(prefixed("body", r.issues)) };
  return { ok: true, value: { ...line.m, body: line.o.body } };
}

function responseResult(input: unknown, options?: V03Options): ValidationResult<HttpResponseMatch> {
  const line = requestLine(input, true);
  if (Array.isArray(line)) return { ok: false, issues: line };
  const status = line.o.status as number;
  const body = line.o.body;
  // Section 3.2.3 asks for "a consistent JSON format" for errors without defining one: an error body is not checked.
  if (status >= 400) return { ok: true, value: { ...line.m, status, body } };
  if (status < 200 || status >= 300) return { ok: false, issues: [makeIssue(["status"], "enum", `must be a success (2xx) or an error (4xx, 5xx) status, got ${status}`, { received: String(status) })] };
  const r = checkBody(line.m.route.response, body, options);
  if (!r.ok) return { ok: false, issues: capIssues(prefixed("body", r.issues)) };
  return { ok: true, value: { ...line.m, status, body } };
}

/**
 * Checks an HTTP+JSON request of A2A v0.3: `{ method, path, body }`. The route gives the method;
 * the body is that method's (MessageSendParams for `message:send` and `message:stream`, a
 * TaskPushNotificationConfig, bare or as `{ config }`, for setting push configuration; none for
 * the GET and DELETE routes). Standard Schema over `(input)`. Never throws.
 */
const validateHttpRequestFn = /* @__PURE__ */ withStandard(/* @__PURE__ */ neverThrows(requestResult, unreadableResult));
export { validateHttpRequestFn as validateHttpRequest };

/**
 * Checks an HTTP+JSON response of A2A v0.3: `{ method, path, status, body }`. A 2xx body is the
 * route's response (`{ message }` or `{ task }` for `message:send`; one of `message`, `task`,
 * `statusUpdate`, `artifactUpdate` per event of a stream; a Task, a TaskPushNotificationConfig,
 * a list of them, the AgentCard, or nothing); a 4xx or 5xx body is not checked (section 3.2.3
 * defines no error format). Standard Schema over `(input)`. Never throws.
 */
const validateHttpResponseFn = /* @__PURE__ */ withStandard(/* @__PURE__ */ neverThrows(responseResult, unreadableResult));
export { validateHttpResponseFn as validateHttpResponse };
