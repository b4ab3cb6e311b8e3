/**
 * The JSON-RPC front door for A2A v0.3 requests. A request asking for 0.3 (`A2A-Version: 0.3`, or
 * none: A2A v1.0 specification, section 3.6.2) to an agent whose card declares a 0.3 JSON-RPC
 * interface is checked as v0.3 (the v0.3 family) and refused with the v0.3 specification's errors
 * (section 8: a code and a message); it is also converted to v1.0 (toV1), which `v03: "convert"`
 * hands on, as the SDKs' compat layers do for their executors.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import type { A2ARequest } from "../generated/v0.3/types.js";
import { validateByName as v03ByName } from "../v0.3/index.js";
import type { JsonRpcId, JsonRpcRequest } from "../v1/jsonrpc.js";
import { RPC_03 } from "../versions/convert/check.js";
import { METHOD_TO_V03, METHOD_TO_V1, V03_ERROR_CODES } from "../versions/convert/tables.js";
import { toV1 } from "../versions/index.js";
import type { JsonRpcErrorResponse } from "../wire/types.js";
import type { JsonRpcCheck } from "./jsonrpc.js";
import { A2A_ERRORS, JSON_RPC_ERRORS } from "../wire/errors.js";
import type { Negotiated } from "./options.js";
import { checkCapability, checkExtensions, type CardPolicy, type Refusal } from "./policy.js";

/** A v0.3 request that passed the door. */
export type V03Pass = Negotiated & {
  /** True: pass the request on. */
  readonly ok: true;
  /** The request was read as A2A v0.3. */
  readonly protocol: "0.3";
  /** The valid v0.3 request, as sent. */
  readonly request: A2ARequest;
  /** Its A2A v1.0 form (toV1), when it has one; what `v03: "convert"` hands on. */
  readonly converted?: JsonRpcRequest;
};

/** The door's verdict on a request it read as v0.3: pass, or the v0.3 error response to send. */
export type V03Check = V03Pass | Extract<JsonRpcCheck, { ok: false }>;

/** The v0.3 error of each JSON-RPC code (v0.3 specification, section 8), by the library's names. */
const STANDARD = { ParseError: -32700, InvalidRequest: -32600, MethodNotFound: -32601, InvalidParams: -32602, InternalError: -32603 } as const;

function refuse(id: JsonRpcId, code: number, message: string, issues: readonly ValidationIssue[], notification: boolean): V03Check {
  return { ok: false, response: { jsonrpc: "2.0", id, error: { code, message } } as JsonRpcErrorResponse, issues, notification };
}

const standard = (id: JsonRpcId, name: keyof typeof STANDARD, issues: readonly ValidationIssue[], notification: boolean, message?: string): V03Check =>
  refuse(id, STANDARD[name], message ?? JSON_RPC_ERRORS[name].message, issues, notification);

/** A refusal of the card's policy in v0.3 terms: the A2A error's code when v0.3 has it, else Invalid Request (-32008 and -32009 are v1.0 only). */
function refused(id: JsonRpcId, r: Refusal, notification: boolean): V03Check {
  const code = A2A_ERRORS[r.error].jsonRpcCode;
  return refuse(id, V03_ERROR_CODES.has(code) ? code : STANDARD.InvalidRequest, r.message, [r.issue], notification);
}

/**
 * Checks `value` (the parsed body) as a v0.3 JSON-RPC request: the envelope (-32600; a notification too), the
 * method (-32601, a v1.0 name told its v0.3 one), the card's extensions and capabilities, the params (-32602),
 * and with `convert` the v1.0 form (-32602 when the valid v0.3 request has none, e.g. a message without parts).
 */
export function checkV03JsonRpc(value: unknown, id: JsonRpcId, notification: boolean, policy: CardPolicy, negotiated: Negotiated, convert: boolean): V03Check {
  const env = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const method = env?.method;
  const rpc = typeof method === "string" ? RPC_03[method] : undefined;
  if (rpc === undefined) {
    const base = v03ByName("JSONRPCRequest", value);
    if (!base.ok) return standard(id, "InvalidRequest", base.issues, notification);
    if (notification) return standard(id, "InvalidRequest", [makeIssue([], "required", 'missing required property "id": a JSON-RPC notification, and every A2A method returns a result', { property: "id" })], notification);
    const m = String(method);
    const v03 = METHOD_TO_V03[m];
    const issue = makeIssue(["method"], "enum", `unknown A2A v0.3 method ${JSON.stringify(m)}`, { allowed: Object.keys(RPC_03), ...(v03 ? { hint: `"${m}" is the A2A v1.0 name of "${v03}"` } : {}) });
    return standard(id, "MethodNotFound", [issue], notification, v03 ? `Method not found: "${m}" is the A2A v1.0 name of "${v03}"` : undefined);
  }
  const r = v03ByName(rpc[0], value);
  const issues = r.ok ? [] : r.issues;
  const envelope = issues.filter((i) => i.path[0] !== "params");
  if (envelope.length > 0) return standard(id, "InvalidRequest", envelope, notification);
  if (notification) return standard(id, "InvalidRequest", [makeIssue([], "required", 'missing required property "id": a JSON-RPC notification, and every A2A method returns a result', { property: "id" })], notification);
  const v1 = METHOD_TO_V1[method as string]!;
  const ext = checkExtensions(policy, negotiated.extensions);
  if (ext) return refused(id, ext, notification);
  const cap = checkCapability(policy, v1, v1 === "SendStreamingMessage" || v1 === "SubscribeToTask");
  if (cap) return refused(id, cap, notification);
  if (issues.length > 0) return standard(id, "InvalidParams", issues, notification);
  const up = toV1(value, { type: "JsonRpcRequest" });
  if (!up.ok && convert) return standard(id, "InvalidParams", up.issues, notification, "Invalid parameters: the request has no A2A v1.0 form");
  const pass = { ok: true as const, protocol: "0.3" as const, request: value as A2ARequest, version: negotiated.version, extensions: negotiated.extensions };
  if (!up.ok) return pass;
  return up.warnings ? { ...pass, converted: up.value as JsonRpcRequest, warnings: up.warnings } : { ...pass, converted: up.value as JsonRpcRequest };
}
