/**
 * The front door of the HTTP+JSON binding (A2A v1.0 specification, section 11): a request line and
 * body in, either the route and its request message or the `google.rpc.Status` error response to send
 * (section 11.6, `Content-Type: application/a2a+json`). Never throws.
 */
import type { HttpErrorBody } from "../wire/types.js";
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import { unreadable } from "../core/guard.js";
import type { UrlLike } from "../wire/version-header.js";
import type { MessageTypes } from "../generated/v1/types.js";
import { HTTP_ROUTES, matchHttpRoute, type HttpRoute } from "../v1/http.js";
import type { RpcName, RpcRequest } from "../v1/jsonrpc.js";
import { validate } from "../v1/validators.js";
import { A2A_JSON_MEDIA_TYPE, createA2aError } from "../wire/errors.js";
import { type BodyInput, DEFAULT_MAX_BYTES, readBody } from "./body.js";
import { fieldViolations } from "./field-path.js";
import type { FrontDoorOptions, Negotiated } from "./options.js";
import { checkCapability, checkExtensions, checkVersion, policyOf, v03Request, type Refusal } from "./policy.js";
import { checkV03Http, type V03HttpCheck, type V03HttpPass } from "./http-v03.js";

export type { V03HttpPass };
import { queryFields } from "./query.js";

export interface HttpCheckOptions extends FrontDoorOptions {
  /** Where the A2A routes are mounted, e.g. `"/a2a/rest"` (default: the root); a path outside it is 404. */
  readonly basePath?: string;
}


/** A matched, valid request: its RPC, route, path parameters and request message. */
export type HttpCheckOk<N extends RpcName = RpcName> = N extends RpcName
  ? Negotiated & {
      /** True: pass the request on. */
      readonly ok: true;
      /** The RPC the route serves. */
      readonly rpc: N;
      /** The route matched. */
      readonly route: HttpRoute;
      /** The path within the A2A routes (`basePath` taken off), e.g. `/tasks/task-123`. */
      readonly path: string;
      /** The path variables by request field name, percent-decoded. */
      readonly params: Readonly<Record<string, string>>;
      /** The request message: path variables, query parameters (GET, DELETE) and body together. */
      readonly request: RpcRequest<N>;
    }
  : never;

/** What `checkHttpRequest` found: the route and request (v1.0, or v0.3 when the card serves it), or the error response to send. */
export type HttpCheck =
  | HttpCheckOk
  | V03HttpCheck
  | {
      /** False: send `status`, `headers` and `body`. */
      readonly ok: false;
      /** The HTTP status to send (400, 404, 405, 500). */
      readonly status: number;
      /** `Content-Type: application/a2a+json`, and `Allow` on a 405. */
      readonly headers: Readonly<Record<string, string>>;
      /** The body to send, as JSON: a `google.rpc.Status` (a v0.3 request's is `{ code, message }`, see V03HttpErrorBody). */
      readonly body: HttpErrorBody;
      /** Why, as the library's issues (paths from the request message). */
      readonly issues: readonly ValidationIssue[];
    };

type ErrorName = Parameters<typeof createA2aError>[0];
const has = Object.prototype.hasOwnProperty;

function fail(name: ErrorName, issues: readonly ValidationIssue[], details?: Parameters<typeof createA2aError>[1]): HttpCheck {
  const { status, headers, body } = createA2aError(name, details).http;
  return { ok: false, status, headers, body: body as HttpErrorBody, issues };
}

const refused = (r: Refusal): HttpCheck => fail(r.error, [r.issue], { message: r.message, ...(r.metadata ? { metadata: r.metadata } : {}) });

/** 405: the path is an A2A route, the verb is not one of it (RFC 9110, section 15.5.6: with `Allow`). */
function notAllowed(verb: string, path: string, allow: readonly string[]): HttpCheck {
  const message = `Method ${verb} is not allowed on ${path}; allowed: ${allow.join(", ")}`;
  const body: HttpErrorBody = { error: { code: 405, status: "UNIMPLEMENTED", message } };
  return { ok: false, status: 405, headers: { "Content-Type": A2A_JSON_MEDIA_TYPE, Allow: allow.join(", ") }, body, issues: [makeIssue([], "not_allowed", message, { allowed: allow })] };
}

/** `/a2a/tasks/1?x=2` under basePath `/a2a` → `/tasks/1` and `?x=2`; undefined when outside it. */
function split(url: UrlLike, basePath: string): { path: string; search: string } | undefined {
  let path: string;
  let search: string;
  if (typeof url === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    const h = url.indexOf("#");
    const u = h === -1 ? url : url.slice(0, h);
    const q = u.indexOf("?");
    path = q === -1 ? u : u.slice(0, q);
    search = q === -1 ? "" : u.slice(q);
  } else {
    const u = typeof url === "string" ? new URL(url) : url; // an object: the pathname and search of a URL
    path = u.pathname;
    search = u.search;
  }
  const base = basePath.endsWith("/") ? basePath.slice(0, -1) : basePath;
  if (base !== "") {
    if (path !== base && !path.startsWith(base + "/")) return undefined;
    path = path.slice(base.length) || "/";
  }
  return { path, search };
}

/**
 * Checks an HTTP+JSON request for an A2A v1.0 agent: the route of `method` and `url` (404 when no
 * route has the path, 405 when another verb has it), with a card `A2A-Version` (header or query
 * parameter), `A2A-Extensions` and the card's capabilities, then the request message built from the
 * path parameters, the query parameters (GET, DELETE) and the body (`body` as text, bytes or an
 * already parsed value), at most `maxBytes`. Errors are `google.rpc.Status` bodies with the
 * section 5.4 status; field violations are relative to the request message. Never throws.
 */
export function checkHttpRequest(method: string, url: UrlLike, body: BodyInput, options?: HttpCheckOptions): HttpCheck {
  try {
    return check(method, url, body, options ?? {});
  } catch (err) {
    return fail("InternalError", [unreadable(err)]);
  }
}

/** A request asking for 0.3 to an agent whose valid card declares a 0.3 HTTP+JSON interface: the v0.3 door's verdict; else undefined. */
function v03Arrival(verb: string, at: { path: string; search: string }, body: BodyInput, o: HttpCheckOptions): V03HttpCheck | undefined {
  const v03 = v03Request(o.card, "HTTP+JSON", o.headers, at.search === "" ? undefined : at.search);
  return v03 && checkV03Http(verb, at.path, at.search, body, o.maxBytes, v03.policy, v03.negotiated, o.v03 === "convert");
}

function check(method: string, url: UrlLike, body: BodyInput, o: HttpCheckOptions): HttpCheck {
  const verb = typeof method === "string" ? method.toUpperCase() : "";
  const at = split(url, o.basePath ?? "");
  const v03 = at ? v03Arrival(verb, at, body, o) : undefined;
  if (v03 !== undefined) return v03 as HttpCheck;
  const match = at ? matchHttpRoute(verb, at.path) : undefined;
  if (!at || !match) {
    const path = at?.path ?? String(url);
    const allow = at ? [...new Set(HTTP_ROUTES.filter((r) => r.verb !== verb && matchHttpRoute(r.verb, at.path)?.route === r).map((r) => r.verb))] : [];
    if (allow.length > 0) return notAllowed(verb, path, allow);
    const message = `No A2A route for ${verb} ${path}`;
    return fail("MethodNotFound", [makeIssue([], "not_allowed", message)], { message });
  }

  const policy = o.card !== undefined ? policyOf(o.card) : undefined;
  if (policy && policy.cardIssues.length > 0) {
    return fail("InternalError", [makeIssue([], "invalid", "the agent card given to the front door is not a valid A2A v1.0 AgentCard"), ...policy.cardIssues]);
  }
  const { params: negotiated, refusal } = checkVersion(policy, "HTTP+JSON", o.headers, at.search === "" ? undefined : at.search);
  if (refusal) return refused(refusal);
  const route = match.route;
  if (policy) {
    const r = checkExtensions(policy, negotiated.extensions) ?? checkCapability(policy, match.rpc, route.streaming);
    if (r) return refused(r);
  }

  // The request message: the body (or one field of it), the query (routes without a body), the path.
  let request: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  if (route.body !== undefined) {
    const read = readBody(body, o.maxBytes ?? DEFAULT_MAX_BYTES);
    if (read.kind === "too_large") return fail("InvalidRequest", [read.issue], { message: `Request payload validation error: ${read.issue.message}` });
    if (read.kind === "syntax") return fail("ParseError", [read.issue]);
    const value = read.kind === "value" ? read.value : {};
    if (route.body === "*") {
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        return fail("InvalidParams", [makeIssue([], "type", "the request body must be a JSON object")], { fieldViolations: [{ field: "", description: "the request body must be a JSON object" }] });
      }
      request = { ...(value as Record<string, unknown>) };
    } else request[route.body] = value;
  } else if (at.search !== "") {
    request = queryFields(route.request as keyof MessageTypes, new URLSearchParams(at.search));
  }
  for (const [name, value] of Object.entries(match.params)) {
    if (has.call(request, name) && request[name] !== value) {
      issues.push(makeIssue([name], "mismatch", `must be ${JSON.stringify(value)}, the value in the path, got ${JSON.stringify(request[name])}`));
    }
    request[name] = value;
  }
  const r = validate(route.request as keyof MessageTypes, request, o.mode === "lenient" ? { mode: "lenient" } : {});
  if (!r.ok) for (const i of r.issues) issues.push(i);
  if (issues.length > 0) return fail("InvalidParams", issues, { fieldViolations: fieldViolations(issues) });
  const ok = { ok: true as const, rpc: match.rpc, route, path: at.path, params: match.params, request: (r as { value: unknown }).value, ...negotiated };
  return ((r as { warnings?: readonly ValidationIssue[] }).warnings ? { ...ok, warnings: (r as { warnings: readonly ValidationIssue[] }).warnings } : ok) as HttpCheck;
}
