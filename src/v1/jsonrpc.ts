/**
 * The JSON-RPC 2.0 binding of A2A v1: the envelope checked by hand (it is four
 * members), `params`/`result` dispatched to the RPC's message validator.
 */
import { describeValue, makeIssue, toPointer, type PathSegment, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { capIssues } from "../core/validator.js";
import { RPCS, type MessageName } from "../generated/v1/meta.js";
import { V03_METHODS } from "./hints.js";
import { has, obj } from "./schema-walk.js";
import { validators, type TypeOf, type V1Options, type V1Validator } from "./validators.js";

type Rpc = (typeof RPCS)[number];
export type RpcName = Rpc["name"];
/** The 11 RPC names of A2AService, in proto order. */
export const RPC_NAMES: readonly RpcName[] = RPCS.map((r) => r.name);

type RpcOf<N extends RpcName> = Extract<Rpc, { name: N }>;
/** The request message of an RPC. */
export type RpcRequest<N extends RpcName> = TypeOf<RpcOf<N>["request"]>;
/** The response message of an RPC: one `StreamResponse` per event for the streaming ones, `{}` for `Empty`. */
export type RpcResult<N extends RpcName> = RpcOf<N>["streaming"] extends true
  ? TypeOf<"StreamResponse">
  : RpcOf<N>["response"] extends MessageName
    ? TypeOf<RpcOf<N>["response"]>
    : Record<string, never>;

export type JsonRpcId = string | number | null;

export type JsonRpcRequest<N extends RpcName = RpcName> = N extends RpcName
  ? { jsonrpc: "2.0"; id: JsonRpcId; method: N; params: RpcRequest<N> }
  : never;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcSuccess<N extends RpcName = RpcName> = { jsonrpc: "2.0"; id: JsonRpcId; result: RpcResult<N> };
export type JsonRpcFailure = { jsonrpc: "2.0"; id: JsonRpcId; error: JsonRpcError };
export type JsonRpcResponse<N extends RpcName = RpcName> = JsonRpcSuccess<N> | JsonRpcFailure;

const BY_NAME = new Map<string, Rpc>(RPCS.map((r) => [r.name, r]));

export function isRpcName(name: unknown): name is RpcName {
  return typeof name === "string" && BY_NAME.has(name);
}

function prefixed(prefix: PathSegment, issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((i) => {
    const path = [prefix, ...i.path];
    return { ...i, path, pointer: toPointer(path) };
  });
}

function envelope(body: unknown, allowed: readonly string[], lenient: boolean, issues: ValidationIssue[]): Record<string, unknown> | undefined {
  const o = obj(body);
  if (!o) {
    issues.push(makeIssue([], "type", `must be a JSON-RPC object, got ${describeValue(body)}`, { expected: "an object", received: describeValue(body) }));
    return undefined;
  }
  if (o.jsonrpc !== "2.0") {
    issues.push(
      has.call(o, "jsonrpc")
        ? makeIssue(["jsonrpc"], "const", `must be "2.0", got ${describeValue(o.jsonrpc)}`, { allowed: ["2.0"], received: describeValue(o.jsonrpc) })
        : makeIssue([], "required", 'missing required property "jsonrpc"', { property: "jsonrpc" }),
    );
  }
  if (!has.call(o, "id")) issues.push(makeIssue([], "required", 'missing required property "id"', { property: "id" }));
  else if (!(o.id === null || typeof o.id === "string" || (typeof o.id === "number" && Number.isFinite(o.id)))) {
    issues.push(makeIssue(["id"], "type", `must be a string, a number or null, got ${describeValue(o.id)}`, { expected: "a string, a number or null", received: describeValue(o.id) }));
  }
  if (!lenient) {
    for (const k of Object.keys(o)) {
      if (!allowed.includes(k)) issues.push(makeIssue([k], "unknown_property", `unknown property "${k}" is not allowed`, { property: k }));
    }
  }
  return o;
}

function rpcIssue(method: unknown): ValidationIssue {
  const v03 = typeof method === "string" && has.call(V03_METHODS, method) ? V03_METHODS[method] : undefined;
  if (typeof method !== "string") {
    return method === undefined
      ? makeIssue([], "required", 'missing required property "method"', { property: "method" })
      : makeIssue(["method"], "type", `must be a string, got ${describeValue(method)}`, { expected: "a string", received: describeValue(method) });
  }
  return makeIssue(["method"], "enum", `must be one of the ${RPC_NAMES.length} A2AService methods, got ${describeValue(method)}`, {
    allowed: RPC_NAMES,
    received: describeValue(method),
    ...(v03 ? { hint: `v0.3 method "${method}" is "${v03}" in v1` } : {}),
  });
}

/**
 * Checks a JSON-RPC 2.0 request and validates `params` as the request message
 * of its `method`. Absent `params` count as `{}` (so only RPCs whose request has
 * no REQUIRED field may omit them). Never throws.
 */
export function validateJsonRpcRequest(body: unknown, options?: V1Options): ValidationResult<JsonRpcRequest> {
  try {
    const lenient = options?.mode === "lenient";
    const issues: ValidationIssue[] = [];
    const o = envelope(body, ["jsonrpc", "id", "method", "params"], lenient, issues);
    if (!o) return { ok: false, issues };
    const rpc = isRpcName(o.method) ? BY_NAME.get(o.method)! : undefined;
    if (!rpc) issues.push(rpcIssue(o.method));
    let params = has.call(o, "params") ? o.params : {};
    if (rpc) {
      const v = validators[rpc.request] as V1Validator<MessageName>;
      const r = v(params, options ?? {});
      if (!r.ok) issues.push(...prefixed("params", r.issues));
      else params = r.value; // lenient mode: the canonical copy
    }
    if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
    return { ok: true, value: (lenient ? { jsonrpc: "2.0", id: o.id, method: o.method, params } : o) as unknown as JsonRpcRequest };
  } catch {
    return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated")] };
  }
}

function errorIssues(e: unknown, issues: ValidationIssue[]): void {
  const o = obj(e);
  if (!o) {
    issues.push(makeIssue(["error"], "type", `must be an object, got ${describeValue(e)}`, { expected: "an object", received: describeValue(e) }));
    return;
  }
  if (!has.call(o, "code")) issues.push(makeIssue(["error"], "required", 'missing required property "code"', { property: "code" }));
  else if (!Number.isInteger(o.code)) {
    issues.push(makeIssue(["error", "code"], "type", `must be an integer, got ${describeValue(o.code)}`, { expected: "an integer", received: describeValue(o.code) }));
  }
  if (!has.call(o, "message")) issues.push(makeIssue(["error"], "required", 'missing required property "message"', { property: "message" }));
  else if (typeof o.message !== "string") {
    issues.push(makeIssue(["error", "message"], "type", `must be a string, got ${describeValue(o.message)}`, { expected: "a string", received: describeValue(o.message) }));
  }
}

/**
 * Checks a JSON-RPC 2.0 response to `method`: either `result` (validated as the
 * RPC's response message; `StreamResponse` for each event of a streaming RPC;
 * `{}` for `Empty`) or `error` (`code` integer, `message` string, optional `data`).
 */
export function validateJsonRpcResponse<N extends RpcName>(method: N, body: unknown, options?: V1Options): ValidationResult<JsonRpcResponse<N>>;
export function validateJsonRpcResponse(method: string, body: unknown, options?: V1Options): ValidationResult<JsonRpcResponse>;
export function validateJsonRpcResponse(method: string, body: unknown, options?: V1Options): ValidationResult<JsonRpcResponse> {
  try {
    const lenient = options?.mode === "lenient";
    const rpc = isRpcName(method) ? BY_NAME.get(method)! : undefined;
    if (!rpc) return { ok: false, issues: [{ ...rpcIssue(method), path: [], pointer: "", message: `unknown method: ${rpcIssue(method).message}` }] };
    const issues: ValidationIssue[] = [];
    const o = envelope(body, ["jsonrpc", "id", "result", "error"], lenient, issues);
    if (!o) return { ok: false, issues };
    const hasResult = has.call(o, "result");
    const hasError = has.call(o, "error");
    if (hasResult === hasError) {
      issues.push(
        makeIssue([], "no_match", `exactly one of "result" and "error" must be set, but ${hasResult ? "both are" : "neither is"}`, { allowed: ["result", "error"] }),
      );
    } else if (hasError) errorIssues(o.error, issues);
    else {
      const name: string = rpc.streaming ? "StreamResponse" : rpc.response;
      if (name === "Empty") {
        const r = obj(o.result);
        if (!r) issues.push(makeIssue(["result"], "type", `must be an object ({}), got ${describeValue(o.result)}`, { expected: "{}", received: describeValue(o.result) }));
        else if (!lenient) for (const k of Object.keys(r)) issues.push(makeIssue(["result", k], "unknown_property", `unknown property "${k}" is not allowed: the result is google.protobuf.Empty`, { property: k }));
      } else {
        const v = validators[name as MessageName] as V1Validator<MessageName>;
        const r = v(o.result, options ?? {});
        if (!r.ok) issues.push(...prefixed("result", r.issues));
        else if (lenient) return { ok: true, value: { jsonrpc: "2.0", id: o.id as JsonRpcId, result: r.value } as unknown as JsonRpcResponse };
      }
    }
    if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
    return { ok: true, value: o as unknown as JsonRpcResponse };
  } catch {
    return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated")] };
  }
}
