/**
 * `a2a-schemas/v1/2026-02-17`: A2A v1 as the A2A repository's proto of
 * 2026-02-17 defines it (46 messages; three weeks before the v1.0 release):
 * validators in strict and lenient mode, the JSON-RPC and HTTP+JSON bindings,
 * hints, types. Same engine as `a2a-schemas/v1` (A2A v1.0); builders are v1.0 only.
 */
export type * from "../../generated/v1/2026-02-17/types.js";
export * from "../../generated/v1/2026-02-17/api.js";
export { MESSAGE_NAMES, ENUMS, REVISION, type MessageName } from "../../generated/v1/2026-02-17/meta.js";
export { validate, validateByName, is, assertValid, validators, type TypeOf, type Validated, type V1Validator } from "./validators.js";
export type { V1Mode, V1Options } from "../engine.js";
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
export { HTTP_ROUTES, matchHttpRoute, type HttpRoute, type HttpMatch, type HttpVerb } from "./http.js";
export { V03_METHODS } from "../hints.js";
export { formats, lenientFormats, isStrictTimestamp, isLenientTimestamp, isStrictBase64, isLenientBase64 } from "../formats.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../../core/index.js";
export { ValidationError, formatIssue } from "../../core/index.js";
