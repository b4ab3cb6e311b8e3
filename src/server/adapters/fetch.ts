/**
 * The front door around a fetch-style handler, `(request, ...rest) => Response`: Hono's `app.fetch`,
 * Cloudflare Workers, Bun, Deno, Next route handlers. An invalid request is answered here; a valid
 * one is passed on as the same Request object, its body unread (the door reads a clone), and its
 * check is `a2aCheckOfRequest(request)`. The types are structural (no DOM or Node types needed);
 * at run time the global `Response` builds the door's own answers.
 */
import type { HttpCheck } from "../http.js";
import type { JsonRpcCheck } from "../jsonrpc.js";
import { readCapped, type ByteStreamLike } from "../../core/bytes.js";
import { DEFAULT_MAX_BYTES } from "../body.js";
import { type AdapterOptions, createDoor } from "./shared.js";

/** The parts of a fetch `Request` the door reads. */
export interface FetchRequestLike {
  /** The HTTP method. */
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  /** The headers. */
  readonly headers: {
    /** A header's value, or null. */
    get(name: string): string | null;
  };
  /** The body stream, or null. */
  readonly body: ByteStreamLike | null;
  /** A copy whose body can be read on its own. */
  clone(): FetchRequestLike;
}

/** The parts of a fetch `Response` the door reads. */
export interface FetchResponseLike {
  /** The HTTP status. */
  readonly status: number;
  /** The headers. */
  readonly headers: {
    /** A header's value, or null. */
    get(name: string): string | null;
  };
  /** A copy whose body can be read on its own. */
  clone(): {
    /** The body as text. */
    text(): Promise<string>;
  };
}

type Ok = Extract<JsonRpcCheck | HttpCheck, { ok: true }>;
const checks = new WeakMap<object, Ok>();

/** The check a request passed the door with, or undefined when the door did not handle it. */
export function a2aCheckOfRequest(request: object): Ok | undefined {
  return checks.get(request);
}

/** The body of a clone of `request`, at most `max` bytes and the chunk past them (enough to refuse it). */
async function readClone(request: FetchRequestLike, max: number): Promise<Uint8Array | undefined> {
  const body = request.clone().body;
  return body === null ? undefined : (await readCapped(body, max)).bytes;
}

const respond = <R>(status: number, headers: Record<string, string>, body: string): R => {
  const Res = (globalThis as unknown as { Response: new (body: string | null, init: { status: number; headers: Record<string, string> }) => R }).Response;
  return new Res(status === 204 ? null : body, { status, headers });
};

/**
 * Wraps a fetch-style handler in the front door: `serve({ fetch: a2aFetch(app.fetch, { card }) })`.
 * With `responses: "warn" | "error"`, the handler's non-streaming responses are checked too.
 */
export function a2aFetch<Req extends FetchRequestLike, Res extends FetchResponseLike, A extends unknown[]>(
  handler: (request: Req, ...rest: A) => Res | Promise<Res>,
  options: AdapterOptions = {},
): (request: Req, ...rest: A) => Promise<Res> {
  const door = createDoor(options);
  const max = door.options.maxBytes ?? DEFAULT_MAX_BYTES;
  return async (request: Req, ...rest: A): Promise<Res> => {
    const method = request.method;
    if (!door.handles(method)) return handler(request, ...rest);
    // A body that cannot be read to its end (a used Request, an aborted upload) is an incomplete one: not JSON.
    const body = method === "GET" || method === "HEAD" || method === "DELETE" ? undefined : await readClone(request, max).catch(() => new Uint8Array(0));
    const headers = request.headers;
    const verdict = door.decide(method, request.url, headers, body);
    if (!verdict.pass) return respond<Res>(verdict.status, verdict.headers, verdict.body);
    checks.set(request, verdict.check);
    const response = await handler(request, ...rest);
    if ((door.options.responses ?? "off") === "off") return response;
    const type = response.headers.get("content-type") ?? undefined;
    if (type !== undefined && /^\s*text\/event-stream/i.test(type)) return response;
    const instead = door.review(verdict.check, response.status, type, await response.clone().text());
    return instead ? respond<Res>(instead.status, instead.headers, instead.body) : response;
  };
}
