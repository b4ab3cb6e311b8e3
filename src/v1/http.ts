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

export type { HttpVerb };
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
