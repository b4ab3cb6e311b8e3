/**
 * The HTTP+JSON binding of A2A v1.0 as data (src/v1/http-binding.ts over the
 * v1.0 proto's google.api.http options); `{ revision: "2026-02-17" }` matches
 * against the pre-release proto's routes instead.
 */
import { HTTP_ROUTES as ROUTES, type MessageName } from "../generated/v1/meta.js";
import { http as r2026 } from "./2026-02-17/bindings.js";
import { createHttpBinding, type HttpMatchOf, type HttpRouteOf, type HttpVerb } from "./http-binding.js";
import type { RpcName } from "./jsonrpc.js";
import type { RevisionId } from "./schema-walk.js";
import { withStandard } from "../core/validator.js";
import { neverThrows, unreadableResult } from "../core/guard.js";
import type { ValidationResult } from "../core/result.js";
import type { V1Options } from "./engine.js";
import { createHttpResponseValidator, type HttpResponseInput, type HttpResponseMatchOf } from "./http-response.js";
import { api } from "./validators.js";

export type { HttpVerb, HttpResponseInput };
/** What `validateHttpResponse` found valid: the route it answers, the path variables, the status and the body. */
export type HttpResponseMatch = HttpResponseMatchOf<RpcName, MessageName>;
/** One HTTP+JSON route of A2AService: verb, path template, RPC, request and response messages. */
export type HttpRoute = HttpRouteOf<RpcName, MessageName>;
/** What `matchHttpRoute` found: the RPC, its route and the path variables. */
export type HttpMatch = HttpMatchOf<RpcName, MessageName>;

const binding = /* @__PURE__ */ createHttpBinding<RpcName, MessageName>(ROUTES);

/** Every HTTP+JSON route of A2AService (22: each RPC with and without `{tenant}`), most specific first. */
export const HTTP_ROUTES: readonly HttpRoute[] = ROUTES;

/**
 * Finds the RPC for an HTTP request line. `path` may carry a query string (ignored).
 * Returns undefined when no route matches. Never throws.
 */
export function matchHttpRoute(method: string, path: string, options?: { readonly revision?: RevisionId }): HttpMatch | undefined {
  if (options?.revision === "2026-02-17") return r2026.matchHttpRoute(method, path) as unknown as HttpMatch | undefined;
  return binding.matchHttpRoute(method, path);
}

const checkResponse = /* @__PURE__ */ createHttpResponseValidator(
  (method, path, options) => matchHttpRoute(method, path, options?.revision === "2026-02-17" ? { revision: "2026-02-17" } : undefined),
  (name, input, options) => api.validate(name, input, options),
);

/**
 * Checks an HTTP+JSON response of A2A v1: `{ method, path, status, body }` (the request line it
 * answers, its status and parsed JSON body). A 2xx body is the route's response message (`{}` or
 * nothing for Empty; one event's StreamResponse for a streaming route); a 4xx or 5xx body is
 * google.rpc.Status JSON (A2A v1.0 specification, section 11.6; see validateHttpErrorBody) whose
 * `error.code` is the status. Standard Schema over `(input)`. Never throws.
 */
const validateHttpResponseFn = /* @__PURE__ */ withStandard(
  /* @__PURE__ */ neverThrows((input: HttpResponseInput | unknown, options?: V1Options): ValidationResult<HttpResponseMatch> => checkResponse(input, options) as ValidationResult<HttpResponseMatch>, unreadableResult),
);
export { validateHttpResponseFn as validateHttpResponse };
