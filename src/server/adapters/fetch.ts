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
import { type AdapterOptions, type Converting, createDoor, eventRewriter } from "./shared.js";

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
    const conv = door.converting(verdict.check);
    if (conv !== undefined) return converted(handler, request, rest, conv, door.options.basePath ?? "");
    const response = await handler(request, ...rest);
    if ((door.options.responses ?? "off") === "off") return response;
    const type = response.headers.get("content-type") ?? undefined;
    if (type !== undefined && /^\s*text\/event-stream/i.test(type)) return response;
    const instead = door.review(verdict.check, response.status, type, await response.clone().text());
    return instead ? respond<Res>(instead.status, instead.headers, instead.body) : response;
  };
}

/** The constructors of the platform's fetch API (Node 18+, Workers, Deno, Bun). */
const web = globalThis as unknown as {
  Request: new (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => unknown;
  Response: new (body: unknown, init: { status: number; headers: Record<string, string> }) => unknown;
  Headers: new (init: unknown) => { set(name: string, value: string): void; delete(name: string): void; forEach(f: (v: string, k: string) => void): void };
  TransformStream: new <I, O>(t: { transform(chunk: I, c: { enqueue(o: O): void }): void; flush(c: { enqueue(o: O): void }): void }) => unknown;
};

/**
 * `v03: "convert"`: the handler gets the v1.0 form of the v0.3 request (and `A2A-Version: 1.0`; on
 * HTTP+JSON its v1.0 request line under `basePath`); its answer goes back in v0.3, a JSON body whole,
 * an event stream event by event.
 */
async function converted<Req extends FetchRequestLike, Res extends FetchResponseLike, A extends unknown[]>(
  handler: (request: Req, ...rest: A) => Res | Promise<Res>,
  request: Req,
  rest: A,
  conv: Converting,
  basePath: string,
): Promise<Res> {
  const headers: Record<string, string> = {};
  new web.Headers(request.headers).forEach((v, k) => (headers[k] = v));
  headers["a2a-version"] = "1.0";
  delete headers["content-length"];
  const base = basePath.endsWith("/") ? basePath.slice(0, -1) : basePath;
  const url = conv.line ? new URL(base + conv.line.path, request.url).href : request.url;
  const method = conv.line?.method ?? request.method;
  if (conv.request === undefined) delete headers["content-type"];
  const init = conv.request === undefined ? { method, headers } : { method, headers, body: JSON.stringify(conv.request) };
  const v1 = new web.Request(url, init) as Req;
  const response = (await handler(v1, ...rest)) as Res & { body: unknown; headers: { forEach(f: (v: string, k: string) => void): void } };
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => (out[k] = v));
  delete out["content-length"];
  const type = response.headers.get("content-type") ?? "";
  if (!/^\s*text\/event-stream/i.test(type) || response.body === null) {
    const whole = conv.answer(await response.clone().text(), response.status);
    return new web.Response(response.status === 204 ? null : whole.text, { status: whole.status, headers: out }) as Res;
  }
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const events = eventRewriter((data) => conv.answer(data, 200).text);
  const stream = new web.TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, c) {
      const text = events.push(decoder.decode(chunk, { stream: true }));
      if (text !== "") c.enqueue(encoder.encode(text));
    },
    flush(c) {
      const text = events.push(decoder.decode()) + events.end();
      if (text !== "") c.enqueue(encoder.encode(text));
    },
  });
  const body = (response.body as { pipeThrough(t: unknown): unknown }).pipeThrough(stream);
  return new web.Response(body, { status: response.status, headers: out }) as Res;
}
