/**
 * Errors of A2A v1.0 as validated, buildable types: the tables (sections 5.4 and 9.5), the
 * builders of both bindings' forms, and the validators of the JSON-RPC error object (section
 * 9.5) and the HTTP+JSON error body (section 11.6). Exported from `a2a-schemas/v1`.
 */
export {
  A2A_ERRORS,
  JSON_RPC_ERRORS,
  HTTP_STATUS_OF_GRPC,
  A2A_ERROR_DOMAIN,
  ERROR_INFO_TYPE,
  BAD_REQUEST_TYPE,
  A2A_JSON_MEDIA_TYPE,
  type A2aErrorName,
  type A2aErrorInfo,
  type JsonRpcStandardErrorName,
  type JsonRpcStandardErrorInfo,
  type GrpcStatus,
} from "./codes.js";
export type { ErrorDetails, ErrorInfoDetail, BadRequestDetail, FieldViolation, FieldViolationInput, JsonRpcErrorObject, JsonRpcErrorResponse, HttpErrorBody } from "./types.js";
export { createA2aError, createJsonRpcErrorResponse, type A2aErrorForms } from "./build.js";
export { validateJsonRpcError, validateHttpErrorBody, type HttpErrorBodyOptions, type HttpErrorBodyValidator } from "./validate.js";
