/**
 * A2A exchanges in a HAR 1.2 capture (W3C Web Performance WG, "HTTP Archive (HAR) format" 1.2):
 * each entry's bodies are handed to the functions a server or client would call (the front door
 * for requests, the response validators for answers, the stream reader for event streams, the
 * CLI's own detection for agent cards). One report per body, its issues at line:col inside that
 * body, the entry named by index, method and URL. Entries that carry no A2A exchange are counted.
 */
import { checkHttpRequest } from "../server/http.js";
import { checkJsonRpcRequest } from "../server/jsonrpc.js";
import { matchHttpRoute, validateHttpResponse } from "../v1/http.js";
import { isRpcName, validateJsonRpcResponseByMethod } from "../v1/jsonrpc.js";
import { readA2aStream } from "../v1/stream.js";
import { validateJsonRpcError } from "../wire/validate.js";
import type { ValidationIssue } from "../core/issue.js";
import { checker } from "./check.js";
import type { Locator } from "./positions.js";
import type { CheckContext, CliIssue, Families, Mode } from "./registry.js";
import type { HarEntryPlace } from "./report.js";
import { streamIssuesPlaced, type EventPlace } from "./stream-place.js";
import { syntaxProblem } from "./syntax.js";

/** An issue with its place inside its body (1-based line and column). */
export type BodyIssue = CliIssue & { readonly line: number; readonly column: number };

/** One body's verdict: what it is and its issues, placed. */
export interface HarDocument {
  readonly entry: HarEntryPlace;
  readonly family: string | null;
  readonly type: string | null;
  readonly mode: string | undefined;
  readonly issues: readonly BodyIssue[];
}

/** What the entries of one capture share: options, and the HTTP+JSON base URLs its agent cards name. */
export interface HarContext {
  readonly families: Families;
  readonly family: string | undefined;
  readonly mode: Mode | undefined;
  readonly ctx: CheckContext;
  readonly maxBytes: number;
  readonly locator: () => Promise<Locator>;
  /** HTTP+JSON interface URLs (origin + path, no trailing slash) from the cards seen so far. */
  readonly bases: Set<string>;
}

const CARD_PATH = "/.well-known/agent-card.json";
const has = Object.prototype.hasOwnProperty;
const obj = (v: unknown): Record<string, unknown> | undefined => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const issue = (path: (string | number)[], code: string, message: string, extra: Partial<CliIssue> = {}): CliIssue => ({
  path,
  pointer: path.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join(""),
  code,
  message,
  ...extra,
});
const at1 = (i: CliIssue): BodyIssue => ({ ...i, line: 1, column: 1 });

/** A body as captured: its text (base64 decoded), or why it cannot be read. */
type Body = { readonly text: string | undefined; readonly mime: string; readonly problem?: CliIssue };

const utf8 = new TextDecoder("utf-8", { fatal: true });
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** `postData` or `content`: `text`, decoded when `encoding` is "base64" (HAR 1.2, section "content"). */
export function bodyOf(holder: unknown, where: string): Body {
  const h = obj(holder);
  const mime = typeof h?.mimeType === "string" ? h.mimeType.toLowerCase() : "";
  if (h === undefined || typeof h.text !== "string") return { text: undefined, mime };
  const encoding = h.encoding;
  if (encoding === undefined || encoding === "") return { text: h.text, mime };
  if (encoding !== "base64") return { text: undefined, mime, problem: issue([], "invalid_har", `the ${where} is encoded as ${JSON.stringify(encoding)}, which is not base64: it cannot be read`) };
  // Buffer.from skips what is not base64: checked first, so a broken body is not read as another one.
  const b64 = h.text.replace(/[\r\n]/g, "");
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) return { text: undefined, mime, problem: issue([], "invalid_base64", `the ${where} says encoding "base64" but its text is not base64`) };
  try {
    return { text: utf8.decode(Buffer.from(b64, "base64")), mime };
  } catch {
    return { text: undefined, mime, problem: issue([], "invalid_utf8", `the ${where}, base64 decoded, is not valid UTF-8 (JSON text must be)`) };
  }
}

const isEventStream = (mime: string): boolean => mime.split(";")[0]!.trim() === "text/event-stream";

/** JSON.parse, or the syntax issue placed in the body. */
function parseBody(text: string): { value: unknown } | BodyIssue {
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    const p = syntaxProblem(text, err);
    return { path: [], pointer: "", code: "invalid_json", message: `is not valid JSON: at ${p.line}:${p.column}, ${p.message}`, line: p.line, column: p.column };
  }
}

/** Issues given line:col in `text` (momoa, only when there are issues); `strip` path segments are not in the body (e.g. "body"). */
async function placed(h: HarContext, text: string | undefined, issues: readonly (CliIssue | ValidationIssue)[], strip = 0): Promise<BodyIssue[]> {
  const list = issues.map((i) => (strip > 0 && i.path.length >= strip ? { ...i, path: i.path.slice(strip), pointer: i.pointer.split("/").slice(strip + 1).reduce((p, s) => `${p}/${s}`, "") } : i)) as CliIssue[];
  if (list.length === 0) return [];
  if (text === undefined) return list.map(at1);
  const at = (await h.locator()).locate(text, list);
  return list.map((i, n) => ({ ...i, line: at[n]?.line ?? 1, column: at[n]?.column ?? 1 }));
}

/** The path of an HTTP+JSON request within the A2A routes, from a card's interface URL or, without one, the shortest base a route matches. */
function routeOf(h: HarContext, verb: string, url: URL): { basePath: string; path: string } | undefined {
  const full = url.pathname;
  for (const b of h.bases) {
    const u = new URL(b);
    if (u.origin !== url.origin) continue;
    const base = u.pathname.replace(/\/$/, "");
    if (full.startsWith(base + "/") && matchHttpRoute(verb, full.slice(base.length))) return { basePath: base, path: full.slice(base.length) };
  }
  // No card names it: prefer a route without {tenant} (a tenant route matches any one extra segment).
  let tenant: { basePath: string; path: string } | undefined;
  for (let k = 0; k !== -1; k = full.indexOf("/", k + 1)) {
    const path = full.slice(k);
    const m = matchHttpRoute(verb, path);
    if (m === undefined) continue;
    if (!m.route.tenant) return { basePath: full.slice(0, k), path };
    tenant ??= { basePath: full.slice(0, k), path };
  }
  return tenant;
}

/** The entry's documents, or the reason it is not an A2A exchange (counted, not reported). */
export async function checkEntry(h: HarContext, entry: unknown, place: Omit<HarEntryPlace, "method" | "url" | "part">): Promise<HarDocument[] | "skipped"> {
  const e = obj(entry);
  const req = obj(e?.request);
  const res = obj(e?.response);
  const method = typeof req?.method === "string" ? req.method.toUpperCase() : undefined;
  const rawUrl = typeof req?.url === "string" ? req.url : undefined;
  let url: URL | undefined;
  try {
    url = rawUrl === undefined ? undefined : new URL(rawUrl);
  } catch {
    url = undefined;
  }
  const where = (part: "request" | "response"): HarEntryPlace => ({ ...place, method: method ?? "", url: rawUrl ?? "", part });
  if (!e || !req || !res || method === undefined || url === undefined || typeof res.status !== "number") {
    const what = !e ? "is not an object" : !req || method === undefined || url === undefined ? "has no request with a method and an absolute url" : "has no response with a numeric status";
    return [{ entry: where("request"), family: null, type: "HAR entry", mode: undefined, issues: [at1(issue([], "invalid_har", `the entry ${what} (HAR 1.2, section "entries")`))] }];
  }
  const status = res.status;
  const reqBody = bodyOf(req.postData, "request body");
  const resBody = bodyOf(res.content, "response body");

  if (url.pathname.endsWith(CARD_PATH)) return [await cardDocument(h, where("response"), status, resBody)];

  const parsedReq = reqBody.text === undefined || reqBody.text.trim() === "" ? undefined : parseBody(reqBody.text);
  const envelope = parsedReq && "value" in parsedReq ? obj(parsedReq.value) : undefined;
  if (envelope !== undefined && has.call(envelope, "jsonrpc")) return jsonRpcExchange(h, where, envelope, reqBody, resBody, status);

  const route = routeOf(h, method, url);
  if (route === undefined) return "skipped";
  return httpExchange(h, where, method, url, route, reqBody, parsedReq, resBody, status);
}

async function cardDocument(h: HarContext, place: HarEntryPlace, status: number, body: Body): Promise<HarDocument> {
  const doc = (issues: BodyIssue[], family: string | null = "v1", type: string | null = "AgentCard", mode?: string): HarDocument => ({ entry: place, family, type, mode, issues });
  if (body.problem) return doc([at1(body.problem)]);
  if (status < 200 || status >= 300) return doc([at1(issue([], "invalid", `the agent card was not served: HTTP status ${status}`, { severity: "warning" }))]);
  if (body.text === undefined) return doc([at1(issue([], "not_captured", "the response body was not captured: the agent card cannot be checked", { severity: "warning" }))]);
  const p = parseBody(body.text);
  if (!("value" in p)) return doc([p]);
  const c = checker(h.families, { family: h.family, type: "AgentCard" }, h.ctx, []);
  const check = await (await c)(p.value);
  // Its HTTP+JSON interfaces tell where the routes of later entries are mounted.
  const ifaces = obj(p.value)?.supportedInterfaces;
  if (Array.isArray(ifaces)) for (const i of ifaces) if (obj(i)?.protocolBinding === "HTTP+JSON" && typeof obj(i)!.url === "string") addBase(h, obj(i)!.url as string);
  return doc(await placed(h, body.text, check.issues), check.family, check.type, check.mode);
}

function addBase(h: HarContext, url: string): void {
  try {
    const u = new URL(url);
    h.bases.add(u.origin + u.pathname.replace(/\/$/, ""));
  } catch {
    // not a URL: the card's own check says so
  }
}

const notCaptured = (what: string): BodyIssue => at1(issue([], "not_captured", `the ${what} was not captured: it cannot be checked`, { severity: "warning" }));

async function jsonRpcExchange(h: HarContext, where: (p: "request" | "response") => HarEntryPlace, envelope: Record<string, unknown>, reqBody: Body, resBody: Body, status: number): Promise<HarDocument[]> {
  const rpc = typeof envelope.method === "string" ? envelope.method : "JSON-RPC";
  const lenient = h.mode === "lenient";
  const door = checkJsonRpcRequest(envelope, { maxBytes: h.maxBytes, ...(lenient ? { mode: "lenient" as const } : {}) });
  const reqIssues = door.ok ? (door.warnings ?? []) : door.issues;
  const docs: HarDocument[] = [{ entry: where("request"), family: "v1", type: `${rpc} request`, mode: lenient ? "lenient" : "strict", issues: await placed(h, reqBody.text, reqIssues) }];
  const id = envelope.id;
  const response = (issues: BodyIssue[], type = `${rpc} response`): HarDocument => ({ entry: where("response"), family: "v1", type, mode: lenient ? "lenient" : "strict", issues });
  if (resBody.problem) return [...docs, response([at1(resBody.problem)])];
  if (resBody.text === undefined) return [...docs, response([notCaptured("response body")])];
  if (isEventStream(resBody.mime) && status >= 200 && status < 300) {
    const method = rpc === "SubscribeToTask" ? "SubscribeToTask" : "SendStreamingMessage";
    const requestId = typeof id === "string" || typeof id === "number" || id === null ? id : undefined;
    return [...docs, response(await streamIssues(h, resBody.text, { binding: "jsonrpc", method, requestId }), `${rpc} stream`)];
  }
  const p = parseBody(resBody.text);
  if (!("value" in p)) return [...docs, response([p])];
  const value = p.value;
  let issues: (CliIssue | ValidationIssue)[];
  if (isRpcName(rpc)) {
    const r = validateJsonRpcResponseByMethod(rpc, value, lenient ? { mode: "lenient" } : undefined);
    issues = r.ok ? [...(r.warnings ?? [])] : [...r.issues];
  } else {
    // No A2A method: only an error (-32601) answers it.
    const err = obj(value)?.error;
    const r = err === undefined ? undefined : validateJsonRpcError(err);
    issues = r === undefined ? [issue([], "required", `the request's method ${JSON.stringify(rpc)} is no A2A method: only a JSON-RPC error answers it`, { property: "error" })] : r.ok ? [] : r.issues.map((i) => ({ ...i, path: ["error", ...i.path], pointer: "/error" + i.pointer }));
  }
  // The pair: a response answers its request's id (JSON-RPC 2.0, section 5); null only when the request's id could not be read.
  const rid = obj(value)?.id;
  const readable = typeof id === "string" || typeof id === "number" || id === null;
  if (readable && obj(value) !== undefined && has.call(obj(value), "id") && rid !== id) {
    issues.push(issue(["id"], "mismatch", `the response's id ${JSON.stringify(rid)} is not its request's id ${JSON.stringify(id)} (JSON-RPC 2.0, section 5)`, { expected: JSON.stringify(id), received: JSON.stringify(rid) }));
  }
  return [...docs, response(await placed(h, resBody.text, issues))];
}

async function httpExchange(
  h: HarContext,
  where: (p: "request" | "response") => HarEntryPlace,
  verb: string,
  url: URL,
  route: { basePath: string; path: string },
  reqBody: Body,
  parsedReq: { value: unknown } | BodyIssue | undefined,
  resBody: Body,
  status: number,
): Promise<HarDocument[]> {
  const lenient = h.mode === "lenient";
  const mode = lenient ? "lenient" : "strict";
  const m = matchHttpRoute(verb, route.path)!;
  const rpc = m.rpc;
  let reqIssues: BodyIssue[];
  if (reqBody.problem) reqIssues = [at1(reqBody.problem)];
  else if (parsedReq !== undefined && !("value" in parsedReq)) reqIssues = [parsedReq];
  else {
    const body = parsedReq === undefined ? undefined : parsedReq.value;
    const door = checkHttpRequest(verb, url.pathname + url.search, body, { basePath: route.basePath, maxBytes: h.maxBytes, ...(lenient ? { mode: "lenient" as const } : {}) });
    reqIssues = await placed(h, reqBody.text, door.ok ? (door.warnings ?? []) : door.issues);
  }
  const docs: HarDocument[] = [{ entry: where("request"), family: "v1", type: `${rpc} request`, mode, issues: reqIssues }];
  const response = (issues: BodyIssue[], type = `${rpc} response`): HarDocument => ({ entry: where("response"), family: "v1", type, mode, issues });
  if (resBody.problem) return [...docs, response([at1(resBody.problem)])];
  if (isEventStream(resBody.mime) && status >= 200 && status < 300) {
    if (resBody.text === undefined) return [...docs, response([notCaptured("response body")], `${rpc} stream`)];
    const method = rpc === "SubscribeToTask" ? "SubscribeToTask" : "SendStreamingMessage";
    return [...docs, response(await streamIssues(h, resBody.text, { binding: "http", method }), `${rpc} stream`)];
  }
  let body: unknown;
  if (resBody.text !== undefined && resBody.text.trim() !== "") {
    const p = parseBody(resBody.text);
    if (!("value" in p)) return [...docs, response([p])];
    body = p.value;
  } else if (resBody.text === undefined && status !== 204) return [...docs, response([notCaptured("response body")])];
  const r = validateHttpResponse({ method: verb, path: route.path, status, ...(body !== undefined ? { body } : {}) }, lenient ? { mode: "lenient" } : undefined);
  const issues = r.ok ? (r.warnings ?? []) : r.issues;
  // Issue paths start with "body": the document is the body.
  const inBody = issues.filter((i) => i.path[0] === "body");
  const other = issues.filter((i) => i.path[0] !== "body").map((i) => at1(i as CliIssue));
  return [...docs, response([...other, ...(await placed(h, resBody.text, inBody, 1))])];
}

/** An event-stream body through the stream reader: each issue at its event's line:col in the body. */
async function streamIssues(h: HarContext, text: string, o: { binding: "jsonrpc" | "http"; method: "SendStreamingMessage" | "SubscribeToTask"; requestId?: string | number | null }): Promise<BodyIssue[]> {
  const reader = readA2aStream(text, { ...o, ...(h.mode === "lenient" ? { validation: { mode: "lenient" as const } } : {}), maxStreamBytes: Math.max(h.maxBytes, 1) });
  const events = new Map<number, EventPlace>();
  const issues: ValidationIssue[] = [];
  for await (const r of reader) {
    if (r.event) events.set(r.index, { offset: r.event.offset, data: r.event.data });
    issues.push(...(r.ok ? (r.warnings ?? []) : r.issues));
  }
  const v = await reader.verdict();
  // The stream-wide issues (path []) come only with the verdict.
  for (const i of v.ok ? (v.warnings ?? []) : v.issues) if (i.path.length === 0) issues.push(i);
  return streamIssuesPlaced(text, events, issues, await h.locator());
}

