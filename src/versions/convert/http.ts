/**
 * HTTP+JSON request lines between A2A v0.3 (v0.3 specification, section 3.5.6: `/v1/...` routes)
 * and v1.0 (the proto's google.api.http routes): the route of the same RPC, its path variables
 * carried, the query string kept. The bodies are the RPC's request messages: convert them with
 * toV1/toV03 and the route's `type`.
 */
import { makeIssue, type ValidationIssue } from "../../core/issue.js";
import type { ValidationResult } from "../../core/result.js";
import { matchHttpRoute } from "../../v1/http.js";
import { SAY } from "./messages.js";
import { REQUEST_OF } from "./tables.js";

/** A request line in the other version, with what its body is. */
export interface ConvertedRoute {
  /** The HTTP method. */
  readonly method: string;
  /** The path, with the query string of the input. */
  readonly path: string;
  /** The v1.0 RPC the route serves, e.g. "SendMessage". */
  readonly rpc: string;
  /** The `type` to convert the body with (toV1/toV03), when the route has a body. */
  readonly type?: string;
}

type Route = readonly [verb: string, pattern: RegExp, rpc: string];

/** The v0.3 routes, the path variables captured in the order task id, config id. */
const V03: readonly Route[] = [
  ["POST", /^\/v1\/message:send$/, "SendMessage"],
  ["POST", /^\/v1\/message:stream$/, "SendStreamingMessage"],
  ["GET", /^\/v1\/tasks$/, "ListTasks"],
  ["POST", /^\/v1\/tasks\/([^/:]+):cancel$/, "CancelTask"],
  ["POST", /^\/v1\/tasks\/([^/:]+):subscribe$/, "SubscribeToTask"],
  ["GET", /^\/v1\/tasks\/([^/:]+)$/, "GetTask"],
  ["POST", /^\/v1\/tasks\/([^/:]+)\/pushNotificationConfigs$/, "CreateTaskPushNotificationConfig"],
  ["GET", /^\/v1\/tasks\/([^/:]+)\/pushNotificationConfigs$/, "ListTaskPushNotificationConfigs"],
  ["GET", /^\/v1\/tasks\/([^/:]+)\/pushNotificationConfigs\/([^/:]+)$/, "GetTaskPushNotificationConfig"],
  ["DELETE", /^\/v1\/tasks\/([^/:]+)\/pushNotificationConfigs\/([^/:]+)$/, "DeleteTaskPushNotificationConfig"],
  ["GET", /^\/v1\/card$/, "GetExtendedAgentCard"],
];

/** Each RPC's request line in both versions, from the task id `t` and the config id `c`. */
const LINES: Readonly<Record<string, readonly [v03: (t: string, c: string) => readonly [string, string], v1: (t: string, c: string) => readonly [string, string]]>> = {
  SendMessage: [() => ["POST", "/v1/message:send"], () => ["POST", "/message:send"]],
  SendStreamingMessage: [() => ["POST", "/v1/message:stream"], () => ["POST", "/message:stream"]],
  ListTasks: [() => ["GET", "/v1/tasks"], () => ["GET", "/tasks"]],
  CancelTask: [(t) => ["POST", `/v1/tasks/${t}:cancel`], (t) => ["POST", `/tasks/${t}:cancel`]],
  // v0.3 subscribes with POST, v1.0 with GET.
  SubscribeToTask: [(t) => ["POST", `/v1/tasks/${t}:subscribe`], (t) => ["GET", `/tasks/${t}:subscribe`]],
  GetTask: [(t) => ["GET", `/v1/tasks/${t}`], (t) => ["GET", `/tasks/${t}`]],
  CreateTaskPushNotificationConfig: [(t) => ["POST", `/v1/tasks/${t}/pushNotificationConfigs`], (t) => ["POST", `/tasks/${t}/pushNotificationConfigs`]],
  ListTaskPushNotificationConfigs: [(t) => ["GET", `/v1/tasks/${t}/pushNotificationConfigs`], (t) => ["GET", `/tasks/${t}/pushNotificationConfigs`]],
  GetTaskPushNotificationConfig: [(t, c) => ["GET", `/v1/tasks/${t}/pushNotificationConfigs/${c}`], (t, c) => ["GET", `/tasks/${t}/pushNotificationConfigs/${c}`]],
  DeleteTaskPushNotificationConfig: [(t, c) => ["DELETE", `/v1/tasks/${t}/pushNotificationConfigs/${c}`], (t, c) => ["DELETE", `/tasks/${t}/pushNotificationConfigs/${c}`]],
  GetExtendedAgentCard: [() => ["GET", "/v1/card"], () => ["GET", "/extendedAgentCard"]],
};

/** The RPCs whose HTTP request has a body (the others carry everything in the path and query). */
const WITH_BODY: ReadonlySet<string> = new Set(["SendMessage", "SendStreamingMessage", "CancelTask", "CreateTaskPushNotificationConfig"]);

function split(path: string): [string, string] {
  const q = path.indexOf("?");
  return q < 0 ? [path, ""] : [path.slice(0, q), path.slice(q)];
}

function line(rpc: string, to: 0 | 1, t: string, c: string, query: string, warnings: readonly ValidationIssue[]): ValidationResult<ConvertedRoute> {
  const [method, path] = LINES[rpc]![to](t, c);
  const value: ConvertedRoute = WITH_BODY.has(rpc) ? { method, path: path + query, rpc, type: REQUEST_OF[rpc]! } : { method, path: path + query, rpc };
  return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
}

const noRoute = (version: string, method: string, path: string): ValidationResult<never> => ({ ok: false, issues: [makeIssue([], "no_match", SAY.noRoute(version, method, path))] });

/** The v1.0 request line of a v0.3 HTTP+JSON request line (`path` may carry a query string). Never throws. */
export function httpRouteToV1(method: string, path: string): ValidationResult<ConvertedRoute> {
  if (typeof method !== "string" || typeof path !== "string") return noRoute("v0.3", String(method), String(path));
  const [bare, query] = split(path);
  const verb = method.toUpperCase();
  for (const [v, pattern, rpc] of V03) {
    if (v !== verb) continue;
    const m = pattern.exec(bare);
    if (m !== null) return line(rpc, 1, m[1] ?? "", m[2] ?? "", query, []);
  }
  return noRoute("v0.3", method, path);
}

/** The v0.3 request line of a v1.0 HTTP+JSON request line; a tenant in the path is a `lossy` warning (v0.3 has none). Never throws. */
export function httpRouteToV03(method: string, path: string): ValidationResult<ConvertedRoute> {
  if (typeof method !== "string" || typeof path !== "string") return noRoute("v1.0", String(method), String(path));
  const [bare, query] = split(path);
  const m = matchHttpRoute(method.toUpperCase(), bare);
  if (m === undefined) return noRoute("v1.0", method, path);
  const p = m.params as Readonly<Record<string, string>>;
  const warnings = p.tenant !== undefined ? [makeIssue(["tenant"], "lossy", SAY.tenant(p.tenant), { severity: "warning" })] : [];
  const task = m.rpc === "GetTask" || m.rpc === "CancelTask" || m.rpc === "SubscribeToTask" ? p.id : p.taskId;
  return line(m.rpc, 0, task ?? "", m.rpc.endsWith("TaskPushNotificationConfig") ? (p.id ?? "") : "", query, warnings);
}
