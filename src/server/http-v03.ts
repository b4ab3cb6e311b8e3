/**
 * The HTTP+JSON front door for A2A v0.3 requests. A request asking for 0.3 (`A2A-Version: 0.3`, or
 * none: A2A v1.0 specification, section 3.6.2) to an agent whose card declares a 0.3 HTTP+JSON
 * interface is matched against the v0.3 routes (v0.3 specification, section 3.5.6) and its body
 * checked as v0.3. Errors are `{ code, message }` with the JSON-RPC code and the HTTP status the
 * A2A JS SDK's v0.3 REST handler answers with (section 3.2.3 asks only for "a consistent JSON
 * format"). With `convert`, the v1.0 request line and body (httpRouteToV1, toV1) come with it.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import { HTTP_ROUTES, matchHttpRoute, validateHttpRequest, type HttpRoute } from "../v0.3/http.js";
import type { RpcName } from "../v0.3/jsonrpc.js";
import { METHOD_TO_V1, V03_ERROR_CODES } from "../versions/convert/tables.js";
import { httpRouteToV1 } from "../versions/convert/http.js";
import { toV1, type ConvertType } from "../versions/convert/index.js";
import { A2A_ERRORS } from "../wire/errors.js";
import { type BodyInput, DEFAULT_MAX_BYTES, readBody } from "./body.js";
import type { Negotiated } from "./options.js";
import { checkCapability, checkExtensions, type CardPolicy, type Refusal } from "./policy.js";

/** A v0.3 HTTP+JSON error body: the JSON-RPC error object without `jsonrpc` and `id`, as the A2A JS SDK's v0.3 REST handler sends. */
export interface V03HttpErrorBody {
  /** The JSON-RPC error code (v0.3 specification, section 8). */
  readonly code: number;
  /** What went wrong. */
  readonly message: string;
}

/** The v1.0 request line and body a v0.3 HTTP+JSON request converts to. */
export interface V03HttpConverted {
  /** The HTTP method, e.g. "GET" (v0.3 subscribes with POST, v1.0 with GET). */
  readonly method: string;
  /** The path within the A2A routes, with the request's query string, e.g. "/tasks/t-1". */
  readonly path: string;
  /** The body to send (the v1.0 request message), absent for a route without one. */
  readonly body?: unknown;
}

/** A v0.3 HTTP+JSON request that passed the door. */
export type V03HttpPass = Negotiated & {
  /** True: pass the request on. */
  readonly ok: true;
  /** The request was read as A2A v0.3. */
  readonly protocol: "0.3";
  /** The v1.0 RPC the route serves, e.g. "SendMessage". */
  readonly rpc: string;
  /** The v0.3 route matched. */
  readonly route: HttpRoute;
  /** The path within the A2A routes, e.g. `/v1/tasks/task-123`. */
  readonly path: string;
  /** The path variables by name, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The valid v0.3 body as sent (absent when the route has none). */
  readonly request: unknown;
  /** Its A2A v1.0 form, when it has one; what `v03: "convert"` hands on. */
  readonly converted?: V03HttpConverted;
};

/** The door's verdict on an HTTP+JSON request it read as v0.3. */
export type V03HttpCheck =
  | V03HttpPass
  | {
      /** False: send `status`, `headers` and `body`. */
      readonly ok: false;
      /** The request was read as A2A v0.3: `body` is v0.3's `{ code, message }`, not a `google.rpc.Status`. */
      readonly protocol: "0.3";
      /** The HTTP status to send. */
      readonly status: number;
      /** `Content-Type: application/json`, and `Allow` on a 405. */
      readonly headers: Readonly<Record<string, string>>;
      /** The body to send, as JSON. */
      readonly body: V03HttpErrorBody;
      /** Why, as the library's issues (paths from the body). */
      readonly issues: readonly ValidationIssue[];
    };

/** The HTTP status of each v0.3 error code, as the A2A JS SDK's v0.3 REST handler maps them. */
const STATUS: Readonly<Record<number, number>> = { [-32700]: 400, [-32600]: 400, [-32601]: 501, [-32602]: 400, [-32603]: 500, [-32001]: 404, [-32002]: 400, [-32003]: 400, [-32004]: 400, [-32005]: 400, [-32006]: 500, [-32007]: 400 };

/** The HTTP status a v0.3 error of `code` is sent with. */
export const v03HttpStatus = (code: number): number => STATUS[code] ?? 500;

const JSON_HEADERS = { "Content-Type": "application/json" };

function fail(code: number, message: string, issues: readonly ValidationIssue[], status = v03HttpStatus(code), headers: Record<string, string> = JSON_HEADERS): V03HttpCheck {
  return { ok: false, protocol: "0.3", status, headers, body: { code, message }, issues };
}

/** A refusal of the card's policy: the A2A error's code when v0.3 has it, else Invalid Request. */
function refused(r: Refusal): V03HttpCheck {
  const code = A2A_ERRORS[r.error].jsonRpcCode;
  return fail(V03_ERROR_CODES.has(code) ? code : -32600, r.message, [r.issue]);
}

/** The body of a v0.3 route as the v1.0 route wants it: toV1 of the request message; cancel's `{ name }` has no v1.0 counterpart beside the path. */
function bodyToV1(type: string | undefined, rpc: string, body: unknown): { ok: true; body?: unknown; warnings?: readonly ValidationIssue[] } | { ok: false; issues: readonly ValidationIssue[] } {
  if (type === undefined) return { ok: true };
  if (rpc === "CancelTask") return { ok: true, body: {} };
  // Setting push configuration: section 7.5's REST tab wraps it (`{ config }`), the proto sends it bare; both are read.
  const o = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : undefined;
  const bare = rpc === "CreateTaskPushNotificationConfig" && o && Object.prototype.hasOwnProperty.call(o, "config") && !Object.prototype.hasOwnProperty.call(o, "pushNotificationConfig") ? o.config : body;
  const r = toV1(bare ?? {}, { type: type as ConvertType });
  if (!r.ok) return r;
  return r.warnings ? { ok: true, body: r.value, warnings: r.warnings } : { ok: true, body: r.value };
}

/**
 * Checks an HTTP+JSON request as v0.3: the route (404 when no v0.3 route has the path, 405 when
 * another verb has it), the card's extensions and capabilities, the body (-32700 not JSON, -32602
 * not the route's), and with `convert` its v1.0 form (-32602 when the valid v0.3 body has none).
 */
export function checkV03Http(verb: string, path: string, search: string, body: BodyInput, maxBytes: number | undefined, policy: CardPolicy, negotiated: Negotiated, convert: boolean): V03HttpCheck {
  const match = matchHttpRoute(verb, path);
  if (!match) {
    const allow = [...new Set(HTTP_ROUTES.filter((r) => r.verb !== verb && matchHttpRoute(r.verb, path)?.route === r).map((r) => r.verb))];
    if (allow.length > 0) {
      const message = `Method ${verb} is not allowed on ${path}; allowed: ${allow.join(", ")}`;
      return fail(-32601, message, [makeIssue([], "not_allowed", message, { allowed: allow })], 405, { ...JSON_HEADERS, Allow: allow.join(", ") });
    }
    const message = `Method not found: no A2A v0.3 route for ${verb} ${path}`;
    return fail(-32601, message, [makeIssue([], "not_allowed", message)], 404);
  }
  const rpc = METHOD_TO_V1[match.rpc as RpcName]!;
  const ext = checkExtensions(policy, negotiated.extensions);
  if (ext) return refused(ext);
  const cap = checkCapability(policy, rpc, match.route.streaming);
  if (cap) return refused(cap);

  let value: unknown;
  if (match.route.request !== "Empty" || verb === "POST") {
    const read = readBody(body, maxBytes ?? DEFAULT_MAX_BYTES);
    if (read.kind === "too_large") return fail(-32600, `Request payload validation error: ${read.issue.message}`, [read.issue], 413);
    if (read.kind === "syntax") return fail(-32700, "Invalid JSON payload.", [read.issue]);
    value = read.kind === "value" ? read.value : undefined;
  }
  const r = validateHttpRequest({ method: verb, path, ...(value !== undefined ? { body: value } : {}) });
  if (!r.ok) return fail(-32602, "Invalid parameters", r.issues.map((i) => (i.path[0] === "body" ? { ...i, path: i.path.slice(1), pointer: i.pointer.slice(5) } : i)));
  const pass = { ok: true as const, protocol: "0.3" as const, rpc, route: match.route, path, params: match.params, request: value, version: negotiated.version, extensions: negotiated.extensions };
  const line = httpRouteToV1(verb, path + search);
  if (!line.ok) return convert ? fail(-32602, "Invalid parameters: the request has no A2A v1.0 form", line.issues) : pass;
  const up = bodyToV1(line.value.type, rpc, value);
  if (!up.ok) return convert ? fail(-32602, "Invalid parameters: the request has no A2A v1.0 form", up.issues) : pass;
  const converted: V03HttpConverted = up.body === undefined ? { method: line.value.method, path: line.value.path } : { method: line.value.method, path: line.value.path, body: up.body };
  return up.warnings ? { ...pass, converted, warnings: up.warnings } : { ...pass, converted };
}
