/**
 * The front door of the JSON-RPC binding (A2A v1.0 specification, section 9): a body in, either
 * the valid request or the complete JSON-RPC error response to send (section 9.5). Never throws.
 */
import type { JsonRpcErrorResponse } from "../wire/types.js";
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import { unreadable } from "../core/guard.js";
import type { UrlLike } from "../wire/version-header.js";
import { RPCS } from "../generated/v1/meta.js";
import { V03_METHODS } from "../v1/hints.js";
import { validateJsonRpcRequest, type JsonRpcId, type JsonRpcRequest } from "../v1/jsonrpc.js";
import { createA2aError, createJsonRpcErrorResponse } from "../wire/errors.js";
import { type BodyInput, DEFAULT_MAX_BYTES, readBody } from "./body.js";
import { fieldViolations } from "./field-path.js";
import type { FrontDoorOptions, Negotiated } from "./options.js";
import { checkCapability, checkExtensions, checkVersion, policyOf, v03Request, type Refusal } from "./policy.js";
import { checkV03JsonRpc, type V03Pass } from "./v03.js";

export type { V03Pass };

export interface JsonRpcCheckOptions extends FrontDoorOptions {
  /** The request URL, for an `A2A-Version` query parameter (section 3.6.1); the header wins. */
  readonly url?: UrlLike;
}


/** What `checkJsonRpcRequest` found: the valid request, or the error response to send. */
export type JsonRpcCheck =
  | (Negotiated & {
      /** True: pass the request on. */
      readonly ok: true;
      /** The request was read as A2A v1.0 (absent: the same). */
      readonly protocol?: "1.0";
      /** The valid request; `request.method` narrows `request.params` to that RPC's request message. */
      readonly request: JsonRpcRequest;
    })
  | V03Pass
  | {
      /** False: send `response`. */
      readonly ok: false;
      /** The complete error response to send (HTTP 200, `Content-Type: application/json`), its `id` the request's when it could be read, else null. */
      readonly response: JsonRpcErrorResponse;
      /** Why, as the library's issues (paths from the request object: `params.message.parts`). */
      readonly issues: readonly ValidationIssue[];
      /**
       * The request had no `id`: a JSON-RPC notification, which JSON-RPC 2.0 never answers. Every A2A
       * method returns a result, so the door refuses it like any invalid request (`-32600`, id null);
       * a server that keeps to JSON-RPC 2.0's letter sends nothing (HTTP 204) when this is true.
       */
      readonly notification: boolean;
    };

const has = Object.prototype.hasOwnProperty;
const STREAMING = new Map<string, boolean>(RPCS.map((r) => [r.name, r.streaming]));
type ErrorName = Parameters<typeof createA2aError>[0];

const isId = (v: unknown): v is JsonRpcId => v === null || typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

function fail(id: JsonRpcId, name: ErrorName, issues: readonly ValidationIssue[], notification: boolean, details?: Parameters<typeof createA2aError>[1]): JsonRpcCheck {
  const error = createA2aError(name, details).jsonRpc;
  return { ok: false, response: createJsonRpcErrorResponse(error, id) as JsonRpcErrorResponse, issues, notification };
}

const refused = (id: JsonRpcId, r: Refusal, notification: boolean): JsonRpcCheck =>
  fail(id, r.error, [r.issue], notification, { message: r.message, ...(r.metadata ? { metadata: r.metadata } : {}) });

/**
 * Checks a JSON-RPC request for an A2A v1.0 agent: `body` as text, bytes or an already parsed value,
 * at most `maxBytes`; the envelope; with a card, `A2A-Version`, `A2A-Extensions` and the card's
 * capabilities; the method; the params as the method's request message. The first failing step
 * answers, in that order: -32700 (not JSON), -32600 (not a request, or a notification),
 * the section 5.4 error of a card check, -32601 (unknown method; a v0.3 name gets the v1.0 one),
 * -32602 (params, with a `google.rpc.BadRequest` whose fields are relative to `params`). Never throws.
 */
export function checkJsonRpcRequest(body: BodyInput, options?: JsonRpcCheckOptions): JsonRpcCheck {
  try {
    return check(body, options ?? {});
  } catch (err) {
    return fail(null, "InternalError", [unreadable(err)], false);
  }
}

/** A request asking for 0.3 to an agent whose valid card declares a 0.3 JSON-RPC interface: the v0.3 door's verdict; else undefined. */
function v03Arrival(value: unknown, id: JsonRpcId, notification: boolean, o: JsonRpcCheckOptions): JsonRpcCheck | undefined {
  const v03 = v03Request(o.card, "JSONRPC", o.headers, o.url);
  return v03 && checkV03JsonRpc(value, id, notification, v03.policy, v03.negotiated, o.v03 === "convert");
}

function check(body: BodyInput, o: JsonRpcCheckOptions): JsonRpcCheck {
  const read = readBody(body, o.maxBytes ?? DEFAULT_MAX_BYTES);
  if (read.kind === "too_large") return fail(null, "InvalidRequest", [read.issue], false, { message: `Request payload validation error: ${read.issue.message}` });
  if (read.kind !== "value") return fail(null, "ParseError", [read.kind === "syntax" ? read.issue : makeIssue([], "syntax", "the request body is empty")], false);
  const value = read.value;
  const env = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const notification = env !== undefined && !has.call(env, "id");
  const id = env !== undefined && isId(env.id) ? env.id : null;
  const v03 = v03Arrival(value, id, notification, o);
  if (v03 !== undefined) return v03;
  const r = validateJsonRpcRequest(value, o.mode === "lenient" ? { mode: "lenient" } : undefined);

  let method: ValidationIssue[] = [];
  let params: ValidationIssue[] = [];
  if (!r.ok) {
    const envelope: ValidationIssue[] = [];
    for (const i of r.issues) {
      const head = i.path[0];
      if (head === "params" || (i.code === "too_many_issues" && envelope.length === 0)) params.push(i);
      else if (head === "method" && i.code === "enum") method.push(i);
      else envelope.push(i);
    }
    if (envelope.length > 0) return fail(id, "InvalidRequest", envelope, notification, { fieldViolations: fieldViolations(envelope) });
  }

  const policy = o.card !== undefined ? policyOf(o.card) : undefined;
  if (policy && policy.cardIssues.length > 0) {
    return fail(id, "InternalError", [makeIssue([], "invalid", "the agent card given to the front door is not a valid A2A v1.0 AgentCard"), ...policy.cardIssues], notification);
  }
  const { params: negotiated, refusal } = checkVersion(policy, "JSONRPC", o.headers, o.url);
  if (refusal) return refused(id, refusal, notification);

  if (method.length > 0) {
    const name = env!.method as string;
    const v1 = has.call(V03_METHODS, name) ? V03_METHODS[name] : undefined;
    const message = v1 ? `Method not found: "${name}" is the A2A v0.3 name of "${v1}"` : "Method not found";
    return fail(id, "MethodNotFound", method, notification, { message });
  }
  if (policy) {
    const ext = checkExtensions(policy, negotiated.extensions);
    if (ext) return refused(id, ext, notification);
    const rpc = env!.method as string;
    const cap = checkCapability(policy, rpc, STREAMING.get(rpc) === true);
    if (cap) return refused(id, cap, notification);
  }
  if (!r.ok) return fail(id, "InvalidParams", params, notification, { fieldViolations: fieldViolations(params, ["params"]) });
  // Member by member, no spread: this is the path every valid request takes.
  return r.warnings
    ? { ok: true, request: r.value, version: negotiated.version, extensions: negotiated.extensions, warnings: r.warnings }
    : { ok: true, request: r.value, version: negotiated.version, extensions: negotiated.extensions };
}
