/**
 * `a2a-schemas/v0.3`: A2A v0.3.0, from its official JSON Schema (repaired where it does not
 * compile in Ajv strict mode or contradicts the specification text): a validator, guard and
 * assert for each of its 93 definitions, in default mode (unknown properties allowed, as
 * published) or `{ mode: "strict" }` (none: a v1.0 or hybrid document is told apart), and the
 * types of both modes. Loads neither zod nor the Ajv compiler.
 */
export type * from "../generated/v0.3/types.js";
/** Every strict-mode type by definition name: `StrictRegistry["AgentCard"]` is a card with no unknown properties. */
export type { Registry as StrictRegistry } from "../generated/v0.3/strict-types.js";
export * from "../generated/v0.3/api.js";
export { validate, validateByName, V03_TYPE_NAMES } from "./by-name.js";
export type { V03Assert, V03Guard, V03Mode, V03Options, V03StrictOptions, V03TypeName, V03Validator } from "./validators.js";
export {
  validateJsonRpcRequest,
  validateJsonRpcResponse,
  validateJsonRpcResponseByMethod,
  isRpcName,
  RPC_NAMES,
  RPC_METHODS,
  ERROR_CODES,
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
  type JsonRpcResponseValidator,
  type JsonRpcResponseByMethod,
} from "./jsonrpc.js";
export {
  HTTP_ROUTES,
  matchHttpRoute,
  validateHttpRequest,
  validateHttpResponse,
  type HttpBodyType,
  type HttpMatch,
  type HttpRequestInput,
  type HttpRequestMatch,
  type HttpResponseInput,
  type HttpResponseMatch,
  type HttpRoute,
  type HttpVerb,
} from "./http.js";
export * from "./builders.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
export { ValidationError, isValidationError, formatIssue } from "../core/index.js";
