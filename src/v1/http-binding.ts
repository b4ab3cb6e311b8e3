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

interface Compiled {
  readonly route: HttpRouteOf;
  /** The matcher's source; compiled on the first match, not at import. */
  readonly source: string;
  re?: RegExp;
  readonly literal: number;
}

function compile(template: string): { source: string; params: string[]; literal: number } {
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
  return { source: `^${src}$`, params, literal };
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export function createHttpBinding<Rpc extends string, Req extends string>(rpcs: readonly RpcMeta[]): HttpBinding<Rpc, Req> {
  const compiled: Compiled[] = [];
  for (const rpc of rpcs) {
    for (const b of rpc.http) {
      const { source, params, literal } = compile(b.path);
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
      compiled.push({ route, source, literal });
    }
  }
  // Most specific first: fewer variables, then more literal text (`/tasks/{id}:cancel` before `/tasks/{id}`).
  compiled.sort((a, b) => a.route.pathParams.length - b.route.pathParams.length || b.literal - a.literal);

  function matchHttpRoute(method: string, path: string): HttpMatchOf<Rpc, Req> | undefined {
    if (typeof method !== "string" || typeof path !== "string" || path.length > 8192) return undefined;
    const verb = method.toUpperCase();
    const q = path.search(/[?#]/);
    const p = q === -1 ? path : path.slice(0, q);
    for (const c of compiled) {
      if (c.route.verb !== verb) continue;
      const m = (c.re ??= new RegExp(c.source)).exec(p);
      if (!m) continue;
      const params: Record<string, string> = {};
      let ok = true;
      c.route.pathParams.forEach((name, i) => {
        const v = decode(m[i + 1]!);
        if (v === undefined || v === "") ok = false;
        else params[name] = v;
      });
      if (ok) return { rpc: c.route.rpc, route: c.route, params } as HttpMatchOf<Rpc, Req>;
    }
    return undefined;
  }

  return { HTTP_ROUTES: compiled.map((c) => c.route) as HttpRouteOf<Rpc, Req>[], matchHttpRoute };
}
