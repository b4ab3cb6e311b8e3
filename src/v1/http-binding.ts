/**
 * The HTTP+JSON binding of one protocol revision as data: one route per
 * google.api.http binding of its proto (with and without `{tenant}`), and a
 * matcher from (verb, path) to the RPC. src/v1/http.ts (1.0) and the older
 * revisions' entries instantiate it.
 */
import { jsonNameOf } from "./names.js";
import type { RpcMeta } from "./schema-walk.js";

/** The HTTP methods of the HTTP+JSON binding. */
export type HttpVerb = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HttpRouteOf<Rpc extends string = string, Req extends string = string> {
  readonly rpc: Rpc;
  readonly verb: HttpVerb;
  /** The proto's path template, e.g. `/{tenant}/tasks/{id=*}:cancel`. */
  readonly template: string;
  /** Whether the template starts with `{tenant}`. */
  readonly tenant: boolean;
  /** The request message the route fills. */
  readonly request: Req;
  /** The response message (`Empty` for DeleteTaskPushNotificationConfig). */
  readonly response: string;
  /** Server-sent events of `StreamResponse` rather than one response. */
  readonly streaming: boolean;
  /** `"*"`: the whole request is the body; a field name (camelCase): that field is; undefined: no body. */
  readonly body?: string;
  /** Path variables as request field names (camelCase), in template order. */
  readonly pathParams: readonly string[];
}

export interface HttpMatchOf<Rpc extends string = string, Req extends string = string> {
  readonly rpc: Rpc;
  readonly route: HttpRouteOf<Rpc, Req>;
  /** Path variables by request field name (camelCase), percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

export interface HttpBinding<Rpc extends string = string, Req extends string = string> {
  /** Every route, most specific first. */
  readonly HTTP_ROUTES: readonly HttpRouteOf<Rpc, Req>[];
  /** Finds the RPC for an HTTP request line; `path` may carry a query string (ignored). Never throws. */
  matchHttpRoute(method: string, path: string): HttpMatchOf<Rpc, Req> | undefined;
}

/** A template's path variables (request field names, camelCase) and the length of its literal text. */
function parseTemplate(template: string): { params: string[]; literal: number } {
  const params: string[] = [];
  let literal = 0;
  // `{name}` and `{name=*}` match one path segment; everything else is literal.
  const re = /\{([a-z_][a-z0-9_]*)(?:=\*)?\}/g;
  let last = 0;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    literal += m.index - last;
    params.push(jsonNameOf(m[1]!));
    last = m.index + m[0].length;
  }
  return { params, literal: literal + template.length - last };
}

/** The matcher of a template: each variable one path segment, the rest literal. */
function matcher(template: string): RegExp {
  const escape = (lit: string) => lit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts = template.split(/\{[a-z_][a-z0-9_]*(?:=\*)?\}/);
  return new RegExp(`^${parts.map(escape).join("([^/]+)")}$`);
}

/**
 * Every route of a revision's RPCs (each google.api.http binding), most specific first: fewer
 * variables, then more literal text (`/tasks/{id}:cancel` before `/tasks/{id}`). Run by the
 * generator: the routes are data in each revision's generated meta.ts.
 */
export function httpRoutes(rpcs: readonly RpcMeta[]): HttpRouteOf[] {
  const routes: Array<{ route: HttpRouteOf; literal: number }> = [];
  for (const rpc of rpcs) {
    for (const b of rpc.http) {
      const { params, literal } = parseTemplate(b.path);
      const body = b.body !== undefined ? (b.body === "*" ? "*" : jsonNameOf(b.body)) : undefined;
      const route: HttpRouteOf = {
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
      routes.push({ route, literal });
    }
  }
  routes.sort((a, b) => a.route.pathParams.length - b.route.pathParams.length || b.literal - a.literal);
  return routes.map((r) => r.route);
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The binding over a revision's generated routes; each route's matcher is compiled on its first use. */
export function createHttpBinding<Rpc extends string, Req extends string>(routes: readonly HttpRouteOf<Rpc, Req>[]): HttpBinding<Rpc, Req> {
  const matchers: Array<RegExp | undefined> = [];

  function matchHttpRoute(method: string, path: string): HttpMatchOf<Rpc, Req> | undefined {
    if (typeof method !== "string" || typeof path !== "string" || path.length > 8192) return undefined;
    const verb = method.toUpperCase();
    const q = path.search(/[?#]/);
    const p = q === -1 ? path : path.slice(0, q);
    for (let r = 0; r < routes.length; r++) {
      const route = routes[r]!;
      if (route.verb !== verb) continue;
      const m = (matchers[r] ??= matcher(route.template)).exec(p);
      if (!m) continue;
      const params: Record<string, string> = {};
      let ok = true;
      route.pathParams.forEach((name, i) => {
        const v = decode(m[i + 1]!);
        if (v === undefined || v === "") ok = false;
        else params[name] = v;
      });
      if (ok) return { rpc: route.rpc, route, params } as HttpMatchOf<Rpc, Req>;
    }
    return undefined;
  }

  return { HTTP_ROUTES: routes, matchHttpRoute };
}
