/**
 * Express / Connect middleware: the front door in front of a handler such as the A2A JS SDK's
 * `jsonRpcHandler` or `restHandler`. An invalid request is answered here; a valid one goes on with
 * its body parsed on `req.body` (and marked read, so a body parser downstream, the SDK's
 * `express.json()` included, keeps it instead of reading a drained stream) and the check on `req.a2a`.
 * The types are structural: the declarations need neither Express's nor Node's.
 */
import type { JsonRpcCheck } from "../jsonrpc.js";
import type { HttpCheck } from "../http.js";
import { concatBytes } from "../../core/bytes.js";
import { DEFAULT_MAX_BYTES } from "../body.js";
import { type AdapterOptions, type Converting, createDoor, eventRewriter } from "./shared.js";

/** The request as Connect and Express give it (a Node IncomingMessage). */
export interface NodeRequestLike {
  /** The HTTP method. */
  method?: string | undefined;
  /** The path and query, relative to where the middleware is mounted. */
  url?: string | undefined;
  /** The headers, names in lower case. */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The parsed body: set by a body parser before the door, or by the door for what follows. */
  body?: unknown;
  /** Whether the body stream was read to its end (by a parser before the door). */
  readonly readableEnded?: boolean;
  /** Listens to the body stream ("data", "end", "error"). */
  on(event: string, listener: (...args: any[]) => void): unknown;
  /** Stops listening. */
  removeListener(event: string, listener: (...args: any[]) => void): unknown;
  /** Stops the flow of the body stream. */
  pause?(): unknown;
}

/** The response as Connect and Express give it (a Node ServerResponse). */
export interface NodeResponseLike {
  /** The status to send. */
  statusCode: number;
  /** Whether the headers are out. */
  readonly headersSent: boolean;
  /** Sets a header. */
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  /** Reads a header set so far. */
  getHeader(name: string): string | number | readonly string[] | undefined;
  /** Removes a header set so far. */
  removeHeader(name: string): unknown;
  /** Writes a chunk of the body. */
  write: (...args: any[]) => boolean;
  /** Ends the response, with a last chunk. */
  end: (...args: any[]) => unknown;
}

/** A request that passed the door: the check is on `req.a2a`. */
export type CheckedRequest<R extends NodeRequestLike = NodeRequestLike> = R & {
  /** The check the request passed. */
  a2a: Extract<JsonRpcCheck | HttpCheck, { ok: true }>;
};

/** The check a request passed, or undefined when the door did not handle it. */
export function a2aCheckOf(req: NodeRequestLike): Extract<JsonRpcCheck | HttpCheck, { ok: true }> | undefined {
  try {
    return (req as Partial<CheckedRequest> | undefined)?.a2a;
  } catch {
    return undefined;
  }
}

/** Connect/Express middleware: `(req, res, next)`. */
export type ExpressMiddleware = (req: NodeRequestLike, res: NodeResponseLike, next: (err?: unknown) => void) => void;

let encoder: InstanceType<typeof TextEncoder> | undefined;
const bytesOf = (chunk: unknown, encoding?: unknown): Uint8Array =>
  chunk instanceof Uint8Array ? chunk : (encoder ??= new TextEncoder()).encode(typeof chunk === "string" ? chunk : String(chunk ?? ""));

/** Reads the body, at most `max` + 1 bytes (one past the cap is enough to refuse it). */
function readStream(req: NodeRequestLike, max: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const done = (err?: unknown) => {
      req.removeListener("data", onData);
      req.removeListener("end", onEnd);
      req.removeListener("error", done);
      if (err !== undefined) reject(err);
      else resolve(concatBytes(chunks));
    };
    const onData = (c: unknown) => {
      const b = bytesOf(c);
      chunks.push(b);
      size += b.byteLength;
      if (size > max) {
        req.pause?.();
        done();
      }
    };
    const onEnd = () => done();
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", done);
  });
}

function send(res: NodeResponseLike, status: number, headers: Record<string, string>, body: string, end: (...a: any[]) => unknown = res.end): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  const bytes = bytesOf(body);
  res.setHeader("Content-Length", bytes.byteLength);
  end.call(res, bytes);
}

/**
 * The front door as Express/Connect middleware. Place it before the handler and before any body
 * parser: `app.use("/a2a", a2aExpress({ card }), jsonRpcHandler(...))`. (After `express.json()` it
 * checks the parsed `req.body`, but a body that is not JSON never reaches it: that parser answers it.)
 */
export function a2aExpress(options: AdapterOptions = {}): ExpressMiddleware {
  const door = createDoor(options);
  const max = door.options.maxBytes ?? DEFAULT_MAX_BYTES;
  return (req, res, next) => {
    const method = req.method ?? "GET";
    if (!door.handles(method)) return next();
    // Read before (express.json() and the like): body-parser 1 marks `_body`, 2 leaves the stream ended.
    const parsed = (req as { _body?: unknown })._body === true || req.readableEnded === true;
    const reading: Promise<unknown> = parsed || method === "GET" || method === "HEAD" || method === "DELETE" ? Promise.resolve(parsed ? req.body : undefined) : readStream(req, max);
    reading.then(
      (body) => {
        const verdict = door.decide(method, req.url ?? "/", req.headers, body);
        if (!verdict.pass) {
          if (verdict.status === 413 || verdict.check.issues.some((i) => i.code === "too_large")) res.setHeader("Connection", "close");
          return send(res, verdict.status, verdict.headers, verdict.body);
        }
        if (!parsed && body instanceof Uint8Array) {
          // The stream is drained: hand the parsed body on, marked read (body-parser 1 reads `_body`; 2 sees the stream finished).
          // A strict JSON-RPC check's request is the parsed body itself; otherwise it is parsed again.
          const c = verdict.check;
          req.body = !("route" in c) && door.options.mode !== "lenient" ? c.request : body.byteLength === 0 ? undefined : JSON.parse(new TextDecoder().decode(body));
          (req as { _body?: boolean })._body = true;
        }
        (req as CheckedRequest).a2a = verdict.check;
        const conv = door.converting(verdict.check);
        if (conv !== undefined) {
          req.body = conv.request;
          (req as { _body?: boolean })._body = true;
          if (conv.line) {
            // HTTP+JSON: the v1.0 request line, under the same mount point (a router behind routes on req.url).
            const base = door.options.basePath ?? "";
            req.method = conv.line.method;
            req.url = (base.endsWith("/") ? base.slice(0, -1) : base) + conv.line.path;
          }
          // What follows gets a v1.0 request: say so, or a handler that serves both reads it as 0.3 again.
          (req.headers as Record<string, string>)["a2a-version"] = "1.0";
          translate(res, conv.answer);
          return next();
        }
        if (door.options.responses !== undefined && door.options.responses !== "off") watch(res, (status, type, text) => door.review(verdict.check, status, type, text));
        next();
      },
      (err) => next(err),
    );
  };
}

/**
 * Holds a non-streaming response until its end to review it; a `text/event-stream` response (or one
 * whose headers are already out) is let through from its first write.
 */
function watch(res: NodeResponseLike, review: (status: number, contentType: string | undefined, text: string) => { status: number; headers: Record<string, string>; body: string } | undefined): void {
  const write = res.write;
  const end = res.end;
  const chunks: Uint8Array[] = [];
  let through = false;
  const restore = () => {
    res.write = write;
    res.end = end;
  };
  const streaming = () => {
    const t = res.getHeader("content-type");
    return res.headersSent || (typeof t === "string" && /^\s*text\/event-stream/i.test(t));
  };
  res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (through || streaming()) {
      through = true;
      restore();
      if (chunks.length > 0) write.call(res, concatBytes(chunks.splice(0)));
      return write.apply(res, arguments as unknown as unknown[]);
    }
    chunks.push(bytesOf(chunk, encoding));
    const callback = typeof encoding === "function" ? encoding : cb;
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return true;
  };
  res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
    restore();
    if (through || streaming()) return end.apply(res, arguments as unknown as unknown[]);
    const type = res.getHeader("content-type");
    const contentType = typeof type === "string" ? type : undefined;
    const hasChunk = chunk !== undefined && chunk !== null && typeof chunk !== "function";
    if (chunks.length === 0) {
      // The usual case (res.json, res.send): the whole body in one end(); it goes out as given, in one write.
      const text = !hasChunk ? "" : typeof chunk === "string" ? chunk : new TextDecoder().decode(bytesOf(chunk));
      const instead = review(res.statusCode, contentType, text);
      if (!instead) return end.apply(res, arguments as unknown as unknown[]);
      res.removeHeader("ETag");
      send(res, instead.status, instead.headers, instead.body, end);
      const callback = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : cb;
      if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
      return res;
    }
    if (hasChunk) chunks.push(bytesOf(chunk, encoding));
    const callback = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : cb;
    const bytes = concatBytes(chunks);
    const instead = review(res.statusCode, contentType, new TextDecoder().decode(bytes));
    if (instead) {
      res.removeHeader("ETag");
      send(res, instead.status, instead.headers, instead.body, end);
    } else end.call(res, bytes);
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return res;
  };
}

/**
 * `v03: "convert"`: the handler answers in v1.0; the client asked in v0.3. A JSON answer is held to
 * its end and converted whole; an event stream is converted event by event (each `data:` line).
 */
function translate(res: NodeResponseLike, answer: Converting["answer"]): void {
  const write = res.write;
  const end = res.end;
  const chunks: Uint8Array[] = [];
  const decoder = new TextDecoder();
  const events = eventRewriter((data) => answer(data, 200).text);
  const streaming = () => {
    const t = res.getHeader("content-type");
    return typeof t === "string" && /^\s*text\/event-stream/i.test(t);
  };
  res.write = function (chunk: unknown, encoding?: unknown, cb?: unknown) {
    const bytes = bytesOf(chunk, encoding);
    const callback = typeof encoding === "function" ? encoding : cb;
    if (streaming()) {
      const out = events.push(decoder.decode(bytes, { stream: true }));
      if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
      return out === "" ? true : write.call(res, out);
    }
    chunks.push(bytes);
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return true;
  };
  res.end = function (chunk?: unknown, encoding?: unknown, cb?: unknown) {
    res.write = write;
    res.end = end;
    const hasChunk = chunk !== undefined && chunk !== null && typeof chunk !== "function";
    const callback = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : cb;
    if (streaming()) {
      const out = events.push((hasChunk ? decoder.decode(bytesOf(chunk, encoding)) : "") + decoder.decode()) + events.end();
      end.call(res, out);
    } else {
      if (hasChunk) chunks.push(bytesOf(chunk, encoding));
      const text = new TextDecoder().decode(concatBytes(chunks));
      const headers: Record<string, string> = {};
      const type = res.getHeader("content-type");
      if (typeof type === "string") headers["Content-Type"] = type;
      res.removeHeader("ETag");
      const whole = text === "" ? { status: res.statusCode, text } : answer(text, res.statusCode);
      send(res, whole.status, headers, whole.text, end);
    }
    if (typeof callback === "function") queueMicrotask(() => (callback as () => void)());
    return res;
  };
}
