/**
 * Read-only probes of a card's interfaces. Each sends `GetTask` for a task id that cannot exist
 * (a fresh random UUID): once with the interface's own protocol version, which must answer
 * TaskNotFoundError, and once with an `A2A-Version` no agent supports, which must answer
 * VersionNotSupportedError; each in the binding's error shape (A2A v1.0 specification: JSON-RPC
 * section 9.5, HTTP+JSON google.rpc.Status section 11.6, the table of section 5.4). `GetTask` only
 * reads: nothing a probe sends can start work on the agent.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { jsonText } from "../core/messages.js";
import { safeFetch, type SafeFetchOptions } from "../net/fetch.js";
import { validateJsonRpcResponse } from "../v1/jsonrpc.js";
import { A2A_ERRORS } from "../wire/codes.js";
import { validateHttpErrorBody } from "../wire/validate.js";
import { VERSION_HEADER } from "../wire/version-header.js";
import type { CardInterface } from "./interfaces.js";
import { CLIENT_MSG } from "./messages.js";

/** A version no agent supports: the version probe's `A2A-Version`. */
export const UNSUPPORTED_VERSION = "99.0";

/** Options of `probeInterfaces`: the safe fetch's (per request: time default 10000 ms, body default 65536 bytes; no redirects). */
export type ProbeOptions = Pick<SafeFetchOptions, "timeoutMs" | "maxBytes" | "allowPrivate" | "allowHttp" | "resolve">;

/** One probe of one interface. */
export interface ProbeCheck {
  /** The interface probed. */
  readonly interface: CardInterface;
  /** "task-not-found": GetTask on an id that cannot exist; "version": the same with an unsupported A2A-Version. */
  readonly probe: "task-not-found" | "version";
  /** True when the answer had the specification's shape and error; false when not, or when it was skipped. */
  readonly ok: boolean;
  /** True when the interface is not probed (gRPC, unknown bindings, another protocol version than 1.x). */
  readonly skipped: boolean;
  /** What was wrong (or, when skipped, a warning saying so), at the interface's place in the card. */
  readonly issues: readonly ValidationIssue[];
}

type Want = "TaskNotFoundError" | "VersionNotSupportedError";

const utf8 = new TextDecoder();

function parse(body: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(body));
  } catch {
    return undefined;
  }
}

/** Issues of a JSON-RPC answer that should be the error `want` for request `id`. */
function jsonRpcIssues(status: number, body: unknown, id: string, want: Want, what: string, at: readonly PathSegment[]): ValidationIssue[] {
  const row = A2A_ERRORS[want];
  if (body === undefined) return [makeIssue(at, "syntax", CLIENT_MSG.probeWant(what, `a JSON-RPC error response (HTTP ${status})`, "a body that is not JSON"))];
  const r = validateJsonRpcResponse("GetTask", body);
  if (!r.ok) return r.issues.map((i) => makeIssue(at, i.code, CLIENT_MSG.probeFailed(what, `${i.pointer || "(root)"}: ${i.message}`)));
  const res = r.value as { id?: unknown; error?: { code?: unknown } };
  const out: ValidationIssue[] = [];
  if (res.id !== id) out.push(makeIssue(at, "mismatch", CLIENT_MSG.probeWant(what, `id ${jsonText(id)}, the request's (JSON-RPC 2.0, section 5)`, jsonText(res.id) ?? "none")));
  if (res.error === undefined) out.push(makeIssue(at, "mismatch", CLIENT_MSG.probeWant(what, `${want} (${row.jsonRpcCode})`, "a result")));
  else if (res.error.code !== row.jsonRpcCode) out.push(makeIssue(at, "mismatch", CLIENT_MSG.probeWant(what, `${want}, code ${row.jsonRpcCode} (A2A v1.0 specification, sections 5.4 and 9.5)`, `code ${jsonText(res.error.code)}`)));
  return out;
}

/** Issues of an HTTP+JSON answer that should be the error `want`. */
function httpIssues(status: number, body: unknown, want: Want, what: string, at: readonly PathSegment[]): ValidationIssue[] {
  const row = A2A_ERRORS[want];
  if (status !== row.httpStatus) return [makeIssue(at, "mismatch", CLIENT_MSG.probeWant(what, `HTTP ${row.httpStatus} ${row.grpcStatus}, ${want} (A2A v1.0 specification, sections 5.4 and 11.6)`, `HTTP ${status}`))];
  if (body === undefined) return [makeIssue(at, "syntax", CLIENT_MSG.probeWant(what, "a google.rpc.Status body (A2A v1.0 specification, section 11.6)", "a body that is not JSON"))];
  const r = validateHttpErrorBody(body, { status });
  if (!r.ok) return r.issues.map((i) => makeIssue(at, i.code, CLIENT_MSG.probeFailed(what, `${i.pointer || "(root)"}: ${i.message}`)));
  const details = r.value.error.details ?? [];
  const reasons = details.map((d) => (d as { reason?: unknown }).reason);
  if (!reasons.includes(row.reason)) return [makeIssue(at, "mismatch", CLIENT_MSG.probeWant(what, `an ErrorInfo with reason ${jsonText(row.reason)} (A2A v1.0 specification, section 11.6)`, reasons.length ? reasons.map((x) => jsonText(x)).join(", ") : "no ErrorInfo"))];
  return [];
}

async function probeOne(it: CardInterface, probe: ProbeCheck["probe"], o: ProbeOptions): Promise<ProbeCheck> {
  const binding = it.binding.toUpperCase();
  const at = it.path;
  const version = probe === "version" ? UNSUPPORTED_VERSION : (it.protocolVersion ?? "1.0");
  const want: Want = probe === "version" ? "VersionNotSupportedError" : "TaskNotFoundError";
  const taskId = globalThis.crypto.randomUUID();
  const what = `${probe === "version" ? `GetTask with A2A-Version ${version}` : "GetTask on a task that cannot exist"} at ${it.url}`;
  const fetchOptions = {
    timeoutMs: o.timeoutMs ?? 10_000,
    maxBytes: o.maxBytes ?? 65_536,
    maxRedirects: 0, // an endpoint is where the card says, not elsewhere
    allowPrivate: o.allowPrivate === true || Array.isArray(o.allowPrivate) ? o.allowPrivate : false,
    allowHttp: o.allowHttp === true,
    ...(o.resolve ? { resolve: o.resolve } : {}),
  };
  // The probes speak A2A v1.0 (GetTask, A2A-Version); an interface for another version is not probed.
  if (it.protocolVersion !== undefined && !/^1\./.test(it.protocolVersion)) return skip(it, probe, CLIENT_MSG.probeVersion(it.protocolVersion));
  if (binding === "JSONRPC") {
    const id = `a2a-validate-probe-${taskId}`;
    const r = await safeFetch(it.url, {
      ...fetchOptions,
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", [VERSION_HEADER]: version },
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "GetTask", params: { id: taskId } }),
    });
    if (!r.ok) return { interface: it, probe, ok: false, skipped: false, issues: r.issues.map((i) => makeIssue(at, i.code, CLIENT_MSG.probeFailed(what, i.message))) };
    const issues = jsonRpcIssues(r.value.status, parse(r.value.body), id, want, what, at);
    return { interface: it, probe, ok: issues.length === 0, skipped: false, issues };
  }
  if (binding === "HTTP+JSON") {
    const url = `${it.url.replace(/\/+$/, "")}/tasks/${encodeURIComponent(taskId)}`;
    const r = await safeFetch(url, { ...fetchOptions, headers: { accept: "application/json", [VERSION_HEADER]: version } });
    if (!r.ok) return { interface: it, probe, ok: false, skipped: false, issues: r.issues.map((i) => makeIssue(at, i.code, CLIENT_MSG.probeFailed(what, i.message))) };
    const issues = httpIssues(r.value.status, parse(r.value.body), want, what, at);
    return { interface: it, probe, ok: issues.length === 0, skipped: false, issues };
  }
  return skip(it, probe, CLIENT_MSG.probeSkipped(it.binding || "unnamed"));
}

/** A probe not sent: a warning at the interface. */
function skip(it: CardInterface, probe: ProbeCheck["probe"], message: string): ProbeCheck {
  return { interface: it, probe, ok: false, skipped: true, issues: [makeIssue(it.path, "unsupported", message, { severity: "warning" })] };
}

/**
 * Probes each interface (JSON-RPC and HTTP+JSON; gRPC is reported as skipped) with two read-only
 * `GetTask` requests, through the safe fetch. Interfaces are probed one after another. Never throws.
 */
export async function probeInterfaces(interfaces: readonly CardInterface[], options: ProbeOptions = {}): Promise<ProbeCheck[]> {
  const out: ProbeCheck[] = [];
  const list = Array.isArray(interfaces) ? interfaces.filter((it): it is CardInterface => typeof it?.url === "string" && typeof it.binding === "string" && Array.isArray(it.path)) : [];
  for (const it of list) {
    for (const probe of ["task-not-found", "version"] as const) {
      try {
        const c = await probeOne(it, probe, options ?? {});
        out.push(c);
        if (c.skipped) break;
      } catch (e) {
        out.push({ interface: it, probe, ok: false, skipped: false, issues: [makeIssue(it.path, "invalid", CLIENT_MSG.probeFailed(probe, String(e)))] });
      }
    }
  }
  return out;
}
