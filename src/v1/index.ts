/**
 * `a2a-schemas/v1`: A2A v1.0 (package lf.a2a.v1, the protocol as released):
 * validators for all 44 messages in strict and lenient mode, the JSON-RPC and
 * HTTP+JSON bindings, hints (v0.3 forms, revision differences), builders and
 * types. `validate(typeName, input, { revision: "2026-02-17" })` and the
 * bindings' `revision` option check the pre-release proto instead (its typed
 * entry is `a2a-schemas/v1/2026-02-17`). Loads neither zod nor the Ajv compiler.
 */
export type * from "../generated/v1/types.js";
export * from "../generated/v1/api.js";
export { MESSAGE_NAMES, ENUMS, REVISION, type MessageName } from "../generated/v1/meta.js";
export {
  validate,
  validateByName,
  is,
  assertValid,
  validators,
  REVISIONS,
  type RevisionId,
  type MessageName2026,
  type V1Mode,
  type V1Options,
  type V1Validator,
  type TypeOf,
  type Validated,
} from "./validators.js";
export {
  validateJsonRpcRequest,
  validateJsonRpcResponse,
  validateJsonRpcResponseByMethod,
  isRpcName,
  RPC_NAMES,
  type RpcName,
  type RpcRequest,
  type RpcResult,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcSuccess,
  type JsonRpcFailure,
  type JsonRpcError,
  type RpcResponseValidator,
} from "./jsonrpc.js";
export * from "../wire/errors.js";
export { HTTP_ROUTES, matchHttpRoute, validateHttpResponse, type HttpRoute, type HttpMatch, type HttpVerb, type HttpResponseInput, type HttpResponseMatch } from "./http.js";
export { V03_METHODS } from "./hints.js";
export * from "./builders.js";
export { formats, lenientFormats, isStrictTimestamp, isLenientTimestamp, isStrictBase64, isLenientBase64 } from "./formats.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
export { ValidationError, formatIssue } from "../core/index.js";
