/**
 * One safe fetch for everything this library fetches (agent cards, probes, `jku` key sets):
 * time, size and redirect limits as plain options, https unless allowed, and the SSRF guard.
 *
 * The guard runs inside the socket's own name lookup (node:http's `lookup` option): the addresses
 * judged are the ones the socket then connects to, so no second resolution can swap in another
 * (DNS rebinding). An address literal is judged before the request (Node does no lookup for it),
 * and every redirect goes through both again. Never throws: a failure is an issue.
 */
import type * as Http from "node:http";
import type { LookupFunction } from "node:net";
import { makeIssue, type IssueCode, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { thrownReason } from "../core/guard.js";
import { addressRefusal, canonicalAddress, classifyAddress, ipVersion, isMetadataHostName, type AddressKind, type PrivateAllowance } from "./address.js";
import { NET_MSG } from "./messages.js";

/** One address a host name resolves to. */
export interface ResolvedAddress {
  /** The IP address. */
  readonly address: string;
  /** 4 or 6. */
  readonly family: number;
}

/** Resolves a host name to every address it has (default: the system resolver, `dns.lookup` with `all`). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** Limits and permissions of one fetch; every member is optional. */
export interface SafeFetchOptions {
  /** "GET" (default) or "POST". */
  readonly method?: "GET" | "POST";
  /** Request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Request body (POST). */
  readonly body?: string | Uint8Array;
  /** Time limit for the whole exchange (every redirect, the headers and the body), in ms; default 10000. */
  readonly timeoutMs?: number;
  /** Largest body read, in bytes; default 1048576. Reading stops at the limit. */
  readonly maxBytes?: number;
  /** Redirects followed; default 5, 0 refuses any. */
  readonly maxRedirects?: number;
  /**
   * Permits loopback, private, link-local, unique-local, CGNAT and other non-public addresses (never cloud
   * metadata), and plain http to them: `true` for all of them, or a list of the addresses permitted
   * (`["127.0.0.1"]`: the agent on this machine, while every other non-public address stays refused).
   */
  readonly allowPrivate?: boolean | readonly string[];
  /** Permits plain http to any address the guard allows. */
  readonly allowHttp?: boolean;
  /** The name resolver (tests inject one); the guard judges whatever it returns. */
  readonly resolve?: Resolver;
  /** Aborts the fetch. */
  readonly signal?: AbortSignal;
}

/** What came back: the last response of the redirect chain, its body read under the size limit. */
export interface SafeResponse {
  /** The URL that answered (after redirects). */
  readonly url: string;
  /** Its HTTP status (never a followed redirect). */
  readonly status: number;
  /** Response headers, names lowercase, repeated ones joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The body's bytes. */
  readonly body: Uint8Array;
  /** The address the socket connected to. */
  readonly address: string;
  /** Every URL before `url`, in order. */
  readonly redirects: readonly string[];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

interface Limits {
  readonly method: "GET" | "POST";
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly allowPrivate: PrivateAllowance;
  readonly allowHttp: boolean;
  readonly resolve: Resolver;
  readonly signal: AbortSignal | undefined;
}

// Node's modules are loaded on the first fetch, so the entries that carry this file (the signature
// module's jku) still load in a browser or an edge runtime; there a fetch is a \`network\` issue.
const systemResolver: Resolver = async (host) => (await import("node:dns/promises")).lookup(host, { all: true, verbatim: true });
let nodeHttp: Promise<{ readonly http: typeof Http; readonly https: typeof import("node:https") }> | undefined;
const loadHttp = () => (nodeHttp ??= Promise.all([import("node:http"), import("node:https")]).then(([http, https]) => ({ http, https })));

function readOptions(o: SafeFetchOptions | undefined): Limits {
  const num = (v: unknown, d: number): number => (typeof v === "number" && v >= 0 && Number.isFinite(v) ? v : d);
  const headers: Record<string, string> = {};
  if (o?.headers) for (const [k, v] of Object.entries(o.headers)) if (typeof v === "string") headers[k.toLowerCase()] = v;
  return {
    method: o?.method === "POST" ? "POST" : "GET",
    headers,
    body: typeof o?.body === "string" || o?.body instanceof Uint8Array ? o.body : undefined,
    timeoutMs: num(o?.timeoutMs, 10_000),
    maxBytes: num(o?.maxBytes, 1_048_576),
    maxRedirects: Math.floor(num(o?.maxRedirects, 5)),
    allowPrivate: allowanceOf(o?.allowPrivate),
    allowHttp: o?.allowHttp === true,
    resolve: typeof o?.resolve === "function" ? o.resolve : systemResolver,
    signal: o?.signal,
  };
}

/** `allowPrivate` as given: true, a list of address literals (anything else in it ignored), or false. */
export function allowanceOf(v: unknown): PrivateAllowance {
  if (v === true) return true;
  if (!Array.isArray(v)) return false;
  return new Set(v.slice(0, 1000).filter((x): x is string => typeof x === "string" && ipVersion(x) !== 0).map(canonicalAddress));
}

/** An error carrying the issue it stands for, so a lookup refusal reaches the result intact. */
class Refused extends Error {
  constructor(readonly issue: ValidationIssue) {
    super(issue.message);
  }
}

const fail = (code: IssueCode, message: string, extra?: { hint?: string; received?: string }): ValidationIssue => makeIssue([], code, message, extra);

function bare(host: string): string {
  return host.startsWith("[") ? host.slice(1, -1) : host;
}

/** The checks a URL passes before any request: scheme, credentials, metadata names, address literals. */
export function checkTarget(raw: string, allowPrivate: PrivateAllowance, allowHttp: boolean): URL | ValidationIssue {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return fail("format", NET_MSG.badUrl(raw));
  }
  if ((u.protocol !== "https:" && u.protocol !== "http:") || u.username !== "" || u.password !== "") return fail("format", NET_MSG.badUrl(raw));
  if (u.protocol === "http:" && !allowHttp && !allowPrivate) return fail("insecure_url", NET_MSG.scheme(u.href));
  const host = bare(u.hostname);
  if (isMetadataHostName(host)) return fail("blocked_address", NET_MSG.metadataName(host));
  if (ipVersion(host) !== 0) {
    const kind = addressRefusal(host, allowPrivate);
    if (kind) return fail("blocked_address", NET_MSG.address(host, host, kind, allowPrivate));
    if (u.protocol === "http:" && !allowHttp && classifyAddress(host) === undefined) return fail("insecure_url", NET_MSG.httpPublic(u.href, host));
  }
  return u;
}

/** The socket's lookup: resolves, then refuses the whole name if any address it gives is refused. */
function guardedLookup(u: URL, limits: Limits): LookupFunction {
  const httpNeedsPrivate = u.protocol === "http:" && !limits.allowHttp;
  return (hostname, options, callback) => {
    const done = callback as (err: Error | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;
    limits.resolve(hostname).then(
      (found) => {
        const list = Array.isArray(found) ? found.filter((a) => a && typeof a.address === "string") : [];
        if (list.length === 0) return done(new Refused(fail("network", NET_MSG.noAddress(hostname, "no address"))), "");
        for (const a of list) {
          const kind: AddressKind | undefined = addressRefusal(a.address, limits.allowPrivate);
          if (kind) return done(new Refused(fail("blocked_address", NET_MSG.address(hostname, a.address, kind, limits.allowPrivate))), "");
          if (httpNeedsPrivate && classifyAddress(a.address) === undefined) return done(new Refused(fail("insecure_url", NET_MSG.httpPublic(u.href, a.address))), "");
        }
        const norm = list.map((a) => ({ address: a.address, family: a.family === 6 || ipVersion(a.address) === 6 ? 6 : 4 }));
        if ((options as { all?: boolean }).all) done(null, norm);
        else done(null, norm[0]!.address, norm[0]!.family);
      },
      (e: unknown) => done(new Refused(fail("network", NET_MSG.noAddress(hostname, thrownReason(e)))), ""),
    );
  };
}

type Hop =
  | { readonly kind: "response"; readonly status: number; readonly headers: Record<string, string>; readonly body: Uint8Array; readonly address: string }
  | { readonly kind: "redirect"; readonly status: number; readonly location: string | undefined }
  | { readonly kind: "issue"; readonly issue: ValidationIssue };

function headersOf(res: Http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

/** One request and its body; `stop` lets the overall deadline end it. */
async function hop(u: URL, method: "GET" | "POST", body: string | Uint8Array | undefined, limits: Limits, register: (stop: (issue: ValidationIssue) => void) => void): Promise<Hop> {
  const { http, https } = await loadHttp();
  return new Promise<Hop>((resolve) => {
    let settled = false;
    const finish = (h: Hop): void => {
      if (settled) return;
      settled = true;
      resolve(h);
    };
    const mod = u.protocol === "https:" ? https : http;
    const headers: Record<string, string> = { ...limits.headers };
    if (body !== undefined) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
    let req: Http.ClientRequest;
    try {
      req = mod.request({
        protocol: u.protocol,
        hostname: bare(u.hostname),
        port: u.port === "" ? undefined : Number(u.port),
        path: u.pathname + u.search,
        method,
        headers,
        agent: false, // a fresh socket, looked up (and judged) for this request alone
        lookup: guardedLookup(u, limits),
      });
    } catch (e) {
      finish({ kind: "issue", issue: fail("network", NET_MSG.network(u.href, thrownReason(e))) });
      return;
    }
    register((issue) => {
      finish({ kind: "issue", issue });
      req.destroy();
    });
    req.on("error", (e) => finish({ kind: "issue", issue: e instanceof Refused ? e.issue : fail("network", NET_MSG.network(u.href, thrownReason(e))) }));
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      const address = res.socket?.remoteAddress ?? req.socket?.remoteAddress ?? "";
      if (REDIRECTS.has(status)) {
        res.destroy();
        finish({ kind: "redirect", status, location: typeof res.headers.location === "string" ? res.headers.location : undefined });
        return;
      }
      const declared = Number(res.headers["content-length"] ?? "NaN");
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        res.destroy();
        finish({ kind: "issue", issue: fail("too_large", NET_MSG.declared(u.href, declared, limits.maxBytes)) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > limits.maxBytes) {
          res.destroy(); // stop reading: nothing past the limit is buffered
          finish({ kind: "issue", issue: fail("too_large", NET_MSG.tooLarge(u.href, limits.maxBytes)) });
          return;
        }
        chunks.push(c);
      });
      res.on("error", (e) => finish({ kind: "issue", issue: fail("network", NET_MSG.network(u.href, thrownReason(e))) }));
      res.on("end", () => {
        finish({ kind: "response", status, headers: headersOf(res), body: new Uint8Array(Buffer.concat(chunks, size)), address });
      });
    });
    req.end(body);
  });
}

/**
 * Fetches `url` under the limits and the SSRF guard. Any HTTP status is a result (a 404 too); an
 * issue means nothing usable came back: a refused address or scheme (`blocked_address`,
 * `insecure_url`), a limit (`timeout`, `too_large`, `too_many_redirects`), or the network (`network`).
 */
export async function safeFetch(url: string, options?: SafeFetchOptions): Promise<ValidationResult<SafeResponse>> {
  let limits: Limits;
  try {
    limits = readOptions(options);
  } catch (e) {
    return { ok: false, issues: [fail("invalid", `options could not be read: ${thrownReason(e)}`)] };
  }
  const chain: string[] = [];
  let stop: ((issue: ValidationIssue) => void) | undefined;
  let ended: ValidationIssue | undefined;
  const end = (issue: ValidationIssue): void => {
    ended ??= issue;
    stop?.(issue);
  };
  const timer = setTimeout(() => end(fail("timeout", NET_MSG.timeout(url, limits.timeoutMs))), limits.timeoutMs);
  const onAbort = (): void => end(fail("network", NET_MSG.aborted(url)));
  if (limits.signal?.aborted) onAbort();
  limits.signal?.addEventListener("abort", onAbort, { once: true });
  const withChain = (issue: ValidationIssue): ValidationResult<SafeResponse> => ({ ok: false, issues: [chain.length > 0 && !issue.hint ? { ...issue, hint: NET_MSG.redirectHint(chain) } : issue] });
  try {
    let current = url;
    let method = limits.method;
    let body = limits.body;
    for (;;) {
      if (ended) return withChain(ended);
      const target = checkTarget(current, limits.allowPrivate, limits.allowHttp);
      if (!(target instanceof URL)) return withChain(target);
      const h = await hop(target, method, body, limits, (s) => {
        stop = s;
        if (ended) s(ended);
      });
      stop = undefined;
      if (h.kind === "issue") return withChain(h.issue);
      if (h.kind === "response") return { ok: true, value: { url: target.href, status: h.status, headers: h.headers, body: h.body, address: h.address, redirects: chain } };
      let next: string;
      try {
        next = new URL(h.location ?? "", target).href;
        if (h.location === undefined) throw new Error("no Location");
      } catch {
        return withChain(fail("network", NET_MSG.badLocation(target.href)));
      }
      if (limits.maxRedirects === 0) return withChain(fail("too_many_redirects", NET_MSG.noRedirects(target.href, next)));
      chain.push(target.href);
      if (chain.length > limits.maxRedirects) return withChain(fail("too_many_redirects", NET_MSG.redirects(url, limits.maxRedirects)));
      // 303, and 301/302 after a POST, continue as GET without a body (RFC 9110, section 15.4).
      if (h.status === 303 || (method === "POST" && (h.status === 301 || h.status === 302))) {
        method = "GET";
        body = undefined;
      }
      current = next;
    }
  } catch (e) {
    return withChain(fail("network", NET_MSG.network(url, thrownReason(e))));
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener("abort", onAbort);
  }
}
