/**
 * Validation of an HTTP+JSON response of A2A v1 (the request line it answers, its status and
 * JSON body): a success body as the route's response message, an error body as google.rpc.Status
 * (A2A v1.0 specification, section 11.6, src/wire/). Built over a revision's route matcher and
 * by-name validator, so every revision shares it.
 */
import { describeValue, makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { capIssues } from "../core/validator.js";
import { validateHttpErrorBody } from "../wire/validate.js";
import type { V1Options } from "./engine.js";
import type { HttpMatchOf, HttpRouteOf } from "./http-binding.js";
import { prefixed } from "./jsonrpc-binding.js";
import { has, obj } from "./schema-walk.js";

/** An HTTP+JSON response to check: the request line it answers, its status and its parsed JSON body (for a streaming route, one event's data). */
export interface HttpResponseInput {
  /** The request's HTTP method, e.g. "GET". */
  readonly method: string;
  /** The request's path (a query string is ignored), e.g. "/tasks/task-123". */
  readonly path: string;
  /** The response's HTTP status. */
  readonly status: number;
  /** The parsed JSON body; absent for an empty body. */
  readonly body?: unknown;
}

/** What a valid response answered: the route, its path variables, the status and the checked body. */
export interface HttpResponseMatchOf<Rpc extends string = string, Req extends string = string> extends HttpMatchOf<Rpc, Req> {
  readonly status: number;
  /** The body as validated: the input's, or in lenient mode the canonical copy of a success body. */
  readonly body: unknown;
}

type Match = (method: string, path: string, options?: V1Options) => HttpMatchOf | undefined;
type ByName = (typeName: string, input: unknown, options?: V1Options) => ValidationResult<unknown>;

/** The success body of a route: `{}` (or nothing) for Empty, else the response message (StreamResponse per event for a streaming route). */
function successIssues(route: HttpRouteOf, body: unknown, options: V1Options | undefined, byName: ByName): ValidationResult<unknown> {
  if (!route.streaming && route.response === "Empty") {
    if (body === undefined) return { ok: true, value: body };
    const o = obj(body);
    if (!o) return { ok: false, issues: [makeIssue(["body"], "type", `must be an object ({}), got ${describeValue(body)}`, { expected: "{}", received: describeValue(body) })] };
    const extra = Object.keys(o).map((k) => makeIssue(["body", k], "unknown_property", `unknown property "${k}" is not allowed: the response is google.protobuf.Empty`, { property: k }));
    return extra.length > 0 && options?.mode !== "lenient" ? { ok: false, issues: extra } : { ok: true, value: body };
  }
  const r = byName(route.streaming ? "StreamResponse" : route.response, body, options);
  if (!r.ok) return { ok: false, issues: prefixed("body", r.issues) };
  return r.warnings ? { ok: true, value: r.value, warnings: prefixed("body", r.warnings) } : r;
}

/** `validateHttpResponse(input, options?)` over a revision's route matcher and by-name validator. Never throws. */
export function createHttpResponseValidator(match: Match, byName: ByName): (input: unknown, options?: V1Options) => ValidationResult<HttpResponseMatchOf> {
  return (input, options) => {
    const o = obj(input);
    if (!o) return { ok: false, issues: [makeIssue([], "type", `must be an object { method, path, status, body }, got ${describeValue(input)}`, { expected: "an object", received: describeValue(input) })] };
    const issues: ValidationIssue[] = [];
    const need = (key: string, ok: (v: unknown) => boolean, expected: string) => {
      if (!has.call(o, key)) issues.push(makeIssue([], "required", `missing required property "${key}"`, { property: key }));
      else if (!ok(o[key])) issues.push(makeIssue([key], "type", `must be ${expected}, got ${describeValue(o[key])}`, { expected, received: describeValue(o[key]) }));
    };
    need("method", (v) => typeof v === "string", "a string");
    need("path", (v) => typeof v === "string", "a string");
    need("status", (v) => Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599, "an HTTP status (an integer from 100 to 599)");
    if (issues.length > 0) return { ok: false, issues };
    const status = o.status as number;
    const m = match(o.method as string, o.path as string, options);
    if (!m) return { ok: false, issues: [makeIssue(["path"], "no_match", `no A2A HTTP+JSON route matches ${describeValue(o.method)} ${describeValue(o.path)}`)] };
    const body = o.body;
    let r: ValidationResult<unknown>;
    if (status >= 400) {
      const e = validateHttpErrorBody(body, { status });
      r = e.ok ? (e.warnings ? { ok: true, value: body, warnings: prefixed("body", e.warnings) } : { ok: true, value: body }) : { ok: false, issues: prefixed("body", e.issues) };
    } else if (status >= 200 && status < 300) r = successIssues(m.route, body, options, byName);
    else r = { ok: false, issues: [makeIssue(["status"], "enum", `must be a success (2xx) or an error (4xx, 5xx) status, got ${status}`, { received: String(status) })] };
    if (!r.ok) return { ok: false, issues: capIssues([...r.issues]) };
    const value = { rpc: m.rpc, route: m.route, params: m.params, status, body: r.value };
    return r.warnings ? { ok: true, value, warnings: r.warnings } : { ok: true, value };
  };
}
