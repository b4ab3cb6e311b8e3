/** The HTTP+JSON routes of revision 2026-02-17. */
import type { MessageName } from "../../generated/v1/2026-02-17/meta.js";
import type { HttpMatchOf, HttpRouteOf, HttpVerb } from "../http-binding.js";
import { http } from "./bindings.js";
import type { RpcName } from "./jsonrpc.js";

export type { HttpVerb };
/** One HTTP+JSON route of A2AService in revision 2026-02-17: verb, path template, RPC, request and response messages. */
export type HttpRoute = HttpRouteOf<RpcName, MessageName>;
/** What `matchHttpRoute` found: the RPC, its route and the path variables. */
export type HttpMatch = HttpMatchOf<RpcName, MessageName>;

/** Every HTTP+JSON route of A2AService in revision 2026-02-17 (22), most specific first. */
export { HTTP_ROUTES } from "../../generated/v1/2026-02-17/meta.js";

/** Finds the RPC for an HTTP request line (a query string is ignored). Never throws. */
export function matchHttpRoute(method: string, path: string): HttpMatch | undefined {
  return http.matchHttpRoute(method, path) as HttpMatch | undefined;
}
