/**
 * The JSON-RPC 2.0 binding of A2A v0.3 (specification section 7): the ten methods, each request
 * validated as its method's request definition (`params` included), each response as the
 * method's success response or as an error response (section 8). The same API names as
 * `a2a-schemas/v1`'s binding.
 */
import { describeValue, makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { neverThrows } from "../core/guard.js";
import { capIssues, withStandard } from "../core/validator.js";
import { validators } from "../generated/v0.3/api.js";
import type * as T from "../generated/v0.3/types.js";
import { withResponseSchemas, type RpcResponseValidatorOf } from "../v1/jsonrpc-binding.js";
import { V03_METHODS } from "../v1/hints.js";
import type { V03Options, V03TypeName } from "./validators.js";

/** Per method (A2A v0.3.0 specification, section 7): its request and success-response definitions, and whether it streams. */
export const RPC_METHODS = {
  "message/send": { request: "SendMessageRequest", success: "SendMessageSuccessResponse", streaming: false },
  "message/stream": { request: "SendStreamingMessageRequest", success: "SendStreamingMessageSuccessResponse", streaming: true },
  "tasks/get": { request: "GetTaskRequest", success: "GetTaskSuccessResponse", streaming: false },
  "tasks/cancel": { request: "CancelTaskRequest", success: "CancelTaskSuccessResponse", streaming: false },
  "tasks/pushNotificationConfig/set": { request: "SetTaskPushNotificationConfigRequest", success: "SetTaskPushNotificationConfigSuccessResponse", streaming: false },
  "tasks/pushNotificationConfig/get": { request: "GetTaskPushNotificationConfigRequest", success: "GetTaskPushNotificationConfigSuccessResponse", streaming: false },
  "tasks/pushNotificationConfig/list": { request: "ListTaskPushNotificationConfigRequest", success: "ListTaskPushNotificationConfigSuccessResponse", streaming: false },
  "tasks/pushNotificationConfig/delete": { request: "DeleteTaskPushNotificationConfigRequest", success: "DeleteTaskPushNotificationConfigSuccessResponse", streaming: false },
  // Section 7.9: the resubscription stream carries the same events as message/stream.
  "tasks/resubscribe": { request: "TaskResubscriptionRequest", success: "SendStreamingMessageSuccessResponse", streaming: true },
  "agent/getAuthenticatedExtendedCard": { request: "GetAuthenticatedExtendedCardRequest", success: "GetAuthenticatedExtendedCardSuccessResponse", streaming: false },
} as const satisfies Record<string, { readonly request: V03TypeName; readonly success: V03TypeName; readonly streaming: boolean }>;

type Methods = typeof RPC_METHODS;
/** The name of a v0.3 JSON-RPC method, e.g. "message/send". */
export type RpcName = keyof Methods;
/** A JSON-RPC 2.0 request id: a string, a number, or null (JSON-RPC 2.0, section 4; a v0.3 request's id is a string or an integer). */
export type JsonRpcId = string | number | null;
/** A JSON-RPC 2.0 request for a method, its `params` typed as that method's (A2A v0.3.0 specification, section 7). */
export type JsonRpcRequest<N extends RpcName = RpcName> = N extends RpcName ? T.Registry[Methods[N]["request"]] : never;
/** The `params` of a method's request. */
export type RpcRequest<N extends RpcName> = JsonRpcRequest<N> extends { params?: infer P } ? P : never;
/** A JSON-RPC 2.0 success response for a method, its `result` typed as that method's (one stream event for the streaming methods). */
export type JsonRpcSuccess<N extends RpcName = RpcName> = N extends RpcName ? T.Registry[Methods[N]["success"]] : never;
/** The `result` of a method's success response. */
export type RpcResult<N extends RpcName> = JsonRpcSuccess<N> extends { result: infer R } ? R : never;
/** A JSON-RPC 2.0 error response (A2A v0.3.0 specification, section 8). */
export type JsonRpcFailure = T.JSONRPCErrorResponse;
/** The `error` object of an error response: a JSON-RPC standard or A2A error (section 8). */
export type JsonRpcError = T.JSONRPCErrorResponse["error"];
/** A JSON-RPC 2.0 response for a method: a success or an error response. */
export type JsonRpcResponse<N extends RpcName = RpcName> = JsonRpcSuccess<N> | JsonRpcFailure;

/** The ten v0.3 method names, in the order of section 7. */
export const RPC_NAMES: readonly RpcName[] = /* @__PURE__ */ Object.keys(RPC_METHODS) as RpcName[];

/** The error codes of the A2A v0.3.0 specification, section 8 (8.1 JSON-RPC, 8.2 A2A): code → the definition of its error object. */
export const ERROR_CODES = {
  [-32700]: "JSONParseError",
  [-32600]: "InvalidRequestError",
  [-32601]: "MethodNotFoundError",
  [-32602]: "InvalidParamsError",
  [-32603]: "InternalError",
  [-32001]: "TaskNotFoundError",
  [-32002]: "TaskNotCancelableError",
  [-32003]: "PushNotificationNotSupportedError",
  [-32004]: "UnsupportedOperationError",
  [-32005]: "ContentTypeNotSupportedError",
  [-32006]: "InvalidAgentResponseError",
  [-32007]: "AuthenticatedExtendedCardNotConfiguredError",
} as const satisfies Record<number, V03TypeName>;

const has = Object.prototype.hasOwnProperty;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** Type guard: is `name` one of the ten v0.3 method names? Never throws. */
export function isRpcName(name: unknown): name is RpcName {
  return typeof name === "string" && has.call(RPC_METHODS, name);
}

/** The v0.3 name of a v1.0 method name ("SendMessage" → "message/send"), for hints. */
const FROM_V1: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(
  Object.entries(V03_METHODS)
    .filter(([v03]) => isRpcName(v03))
    .map(([v03, v1]) => [v1, v03]),
);

/** The issue of a `method` that is absent, not a string or not a v0.3 method (with the v0.3 name of a v1.0 one). */
function methodIssue(method: unknown): ValidationIssue {
  if (method === undefined) return makeIssue([], "required", 'missing required property "method"', { property: "method" });
  if (typeof method !== "string") return makeIssue(["method"], "type", `must be a string, got ${describeValue(method)}`, { expected: "a string", received: describeValue(method) });
  const v03 = has.call(FROM_V1, method) ? FROM_V1[method] : undefined;
  return makeIssue(["method"], "enum", `must be one of the ${RPC_NAMES.length} A2A v0.3 methods, got ${describeValue(method)}`, {
    allowed: RPC_NAMES,
    received: describeValue(method),
    ...(v03 ? { hint: `"${method}" is the A2A v1.0 name of the v0.3 method "${v03}" (A2A v0.3.0 specification, section 3.5.6)` } : {}),
  });
}

/** A request without `id` is a notification, which gets no response; every A2A method returns one. */
const NOTIFICATION_HINT = 'a request without "id" is a JSON-RPC notification, which the server never answers; every A2A v0.3 method returns a result (A2A v0.3.0 specification, section 7): give an id';

const withNotificationHint = (issues: readonly ValidationIssue[]): ValidationIssue[] =>
  issues.map((i) => (i.code === "required" && i.pointer === "" && i.property === "id" ? { ...i, hint: NOTIFICATION_HINT } : i));

function requestResult(body: unknown, options?: V03Options): ValidationResult<JsonRpcRequest> {
  const method = isObject(body) ? body.method : undefined;
  if (isObject(body) && isRpcName(method)) {
    const r = validators[RPC_METHODS[method].request](body, options);
    return (r.ok ? r : { ok: false, issues: withNotificationHint(r.issues) }) as ValidationResult<JsonRpcRequest>;
  }
  // Not a v0.3 method: the envelope as any JSON-RPC request, and the method's own issue.
  const r = validators.JSONRPCRequest(body, options);
  const issues = r.ok ? [] : withNotificationHint(r.issues.filter((i) => i.pointer !== "/method" && !(i.code === "required" && i.property === "method")));
  if (isObject(body)) issues.push(methodIssue(method));
  return { ok: false, issues: capIssues(issues) };
}

/**
 * Checks a v0.3 JSON-RPC 2.0 request: the envelope, a `method` of the ten (a v1.0 name gets the
 * v0.3 name as a hint) and `params` as that method's (absent only for
 * `agent/getAuthenticatedExtendedCard`, which takes none). A request without `id` is an error.
 * Default mode tolerates unknown properties; `{ mode: "strict" }` rejects them. A Standard Schema (default mode). Never throws.
 */
const validateJsonRpcRequestFn: ((body: unknown, options?: V03Options) => ValidationResult<JsonRpcRequest>) & StandardSchemaV1<unknown, JsonRpcRequest> = /* @__PURE__ */ withStandard(
  /* @__PURE__ */ neverThrows(requestResult, (issue): ValidationResult<JsonRpcRequest> => ({ ok: false, issues: [issue] })),
);
export { validateJsonRpcRequestFn as validateJsonRpcRequest };

function responseResult(method: string, body: unknown, options?: V03Options): ValidationResult<JsonRpcResponse> {
  if (!isRpcName(method)) {
    const i = methodIssue(method);
    return { ok: false, issues: [{ ...i, path: [], pointer: "", message: `unknown method: ${i.message}` }] };
  }
  // An `error` member makes it an error response (one with `result` too is told so: section 6.11.2).
  const r = isObject(body) && has.call(body, "error") ? validators.JSONRPCErrorResponse(body, options) : validators[RPC_METHODS[method].success](body, options);
  return r as ValidationResult<JsonRpcResponse>;
}

/** The Standard Schema of one method's JSON-RPC responses (from `validateJsonRpcResponse.for(method)`). */
export type RpcResponseValidator<N extends RpcName = RpcName> = RpcResponseValidatorOf<JsonRpcResponse<N>, N, V03Options>;

/** `validateJsonRpcResponse`: typed by method, and `.for(method)`, one Standard Schema per method. */
export interface JsonRpcResponseValidator {
  <N extends RpcName>(method: N, body: unknown, options?: V03Options): ValidationResult<JsonRpcResponse<N>>;
  /** The Standard Schema of one method's responses, typed by the method (made once per method). */
  for<N extends RpcName>(method: N): RpcResponseValidator<N>;
}

/** `validateJsonRpcResponseByMethod`: any method name (an unknown one is an issue), and `.for(method)`. */
export interface JsonRpcResponseByMethod {
  (method: string, body: unknown, options?: V03Options): ValidationResult<JsonRpcResponse>;
  /** The Standard Schema of one method's responses (an unknown method gives its issue at each call). */
  for(method: string): RpcResponseValidatorOf<JsonRpcResponse, string, V03Options>;
}

/** Both response validators are this one function, typed two ways. */
const byMethod = /* @__PURE__ */ withResponseSchemas(
  /* @__PURE__ */ neverThrows(responseResult, (issue): ValidationResult<JsonRpcResponse> => ({ ok: false, issues: [issue] })),
);

/**
 * Checks a v0.3 JSON-RPC 2.0 response to `method`: a success response with the method's `result`
 * (one event of the stream for `message/stream` and `tasks/resubscribe`: Task, Message,
 * TaskStatusUpdateEvent or TaskArtifactUpdateEvent) or an error response (section 8; never both).
 * `method` must be a v0.3 method name; for one known only at run time use
 * {@link validateJsonRpcResponseByMethod}. Two inputs, so not itself a Standard Schema:
 * `validateJsonRpcResponse.for("tasks/get")` is one, per method. Never throws.
 */
const validateJsonRpcResponseFn: JsonRpcResponseValidator = byMethod as never;
export { validateJsonRpcResponseFn as validateJsonRpcResponse };

/**
 * `validateJsonRpcResponse` for a method known only at run time: any string; an unknown method is an
 * issue (code `enum`, with the v0.3 name of a v1.0 method as a hint), not an exception. Never throws.
 */
export const validateJsonRpcResponseByMethod: JsonRpcResponseByMethod = byMethod as never;
