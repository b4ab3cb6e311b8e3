/**
 * The HTTP+JSON binding as data: one route per google.api.http binding of the
 * proto (with and without `{tenant}`), and a matcher from (verb, path) to the RPC.
 */
import { RPCS, type MessageName } from "../generated/v1/meta.js";
import { jsonNameOf } from "./names.js";
import type { RpcName } from "./jsonrpc.js";

export type HttpVerb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HttpRoute {
  readonly rpc: RpcName;
  readonly verb: HttpVerb;
  /** The proto's path template, e.g. `/{tenant}/tasks/{id=*}:cancel`. */
  readonly template: string;
  /** Whether the template starts with `{tenant}`. */
  readonly tenant: boolean;
  /** The request message the route fills. */
  readonly request: MessageName;
  /** The response message (`Empty` for DeleteTaskPushNotificationConfig). */
  readonly response: string;
  /** Server-sent events of `StreamResponse` rather than one response. */
  readonly streaming: boolean;
  /** `"*"`: the whole request is the body; a field name (camelCase): that field is; undefined: no body. */
  readonly body?: string;
  /** Path variables as request field names (camelCase), in template order. */
  readonly pathParams: readonly string[];
}

interface Compiled {
  readonly route: HttpRoute;
  readonly re: RegExp;
  readonly literal: number;
}

function compile(template: string): { re: RegExp; params: string[]; literal: number } {
  const params: string[] = [];
  let literal = 0;
  let src = "";
  // `{name}` and `{name=*}` match one path segment; everything else is literal.
  const re = /\{([a-z_][a-z0-9_]*)(?:=\*)?\}/g;
  let last = 0;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    const lit = template.slice(last, m.index);
    literal += lit.length;
    src += lit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "([^/]+)";
    params.push(jsonNameOf(m[1]!));
    last = m.index + m[0].length;
  }
  const tail = template.slice(last);
  literal += tail.length;
  src += tail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return { re: new RegExp(`^${src}$`), params, literal };
}

const COMPILED: Compiled[] = [];
for (const rpc of RPCS) {
  for (const b of rpc.http) {
    const { re, params, literal } = compile(b.path);
    const body = "body" in b ? (b.body === "*" ? "*" : jsonNameOf(b.body)) : undefined;
    const route: HttpRoute = {
      rpc: rpc.name,
      verb: b.verb.toUpperCase() as HttpVerb,
      template: b.path,
      tenant: b.path.startsWith("/{tenant}"),
      request: rpc.request,
      response: rpc.response,
      streaming: rpc.streaming,
      ...(body !== undefined ? { body } : {}),
      pathParams: params,
    };
    COMPILED.push({ route, re, literal });
  }
}
// Most specific first: fewer variables, then more literal text (`/tasks/{id}:cancel` before `/tasks/{id}`).
COMPILED.sort((a, b) => a.route.pathParams.length - b.route.pathParams.length || b.literal - a.literal);

/** Every HTTP+JSON route of A2AService (22: each RPC with and without `{tenant}`), most specific first. */
export const HTTP_ROUTES: readonly HttpRoute[] = COMPILED.map((c) => c.route);

export interface HttpMatch {
  readonly rpc: RpcName;
  readonly route: HttpRoute;
  /** Path variables by request field name (camelCase), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/**
 * Finds the RPC for an HTTP request line. `path` may carry a query string (ignored).
 * Returns undefined when no route matches. Never throws.
 */
export function matchHttpRoute(method: string, path: string): HttpMatch | undefined {
  if (typeof method !== "string" || typeof path !== "string" || path.length > 8192) return undefined;
  const verb = method.toUpperCase();
  const q = path.search(/[?#]/);
  const p = q === -1 ? path : path.slice(0, q);
  for (const c of COMPILED) {
    if (c.route.verb !== verb) continue;
    const m = c.re.exec(p);
    if (!m) continue;
    const params: Record<string, string> = {};
    let ok = true;
    c.route.pathParams.forEach((name, i) => {
      const v = decode(m[i + 1]!);
      if (v === undefined || v === "") ok = false;
      else params[name] = v;
    });
    if (ok) return { rpc: c.route.rpc, route: c.route, params };
  }
  return undefined;
}
