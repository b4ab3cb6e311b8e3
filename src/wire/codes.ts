/**
 * The error tables of A2A v1.0 as data: the A2A errors (specification, sections 3.3.2
 * and 5.4), the JSON-RPC standard errors (section 9.5) and google.rpc.Code with its HTTP
 * status (google/rpc/code.proto), which the HTTP+JSON binding (section 11.6) uses.
 */

/** The A2A-specific errors, exactly the table of the A2A v1.0 specification, section 5.4. */
export type A2aErrorName =
  | "TaskNotFoundError"
  | "TaskNotCancelableError"
  | "PushNotificationNotSupportedError"
  | "UnsupportedOperationError"
  | "ContentTypeNotSupportedError"
  | "InvalidAgentResponseError"
  | "ExtendedAgentCardNotConfiguredError"
  | "ExtensionSupportRequiredError"
  | "VersionNotSupportedError";

/** The JSON-RPC 2.0 standard errors of section 9.5 (there named JSONParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError). */
export type JsonRpcStandardErrorName = "ParseError" | "InvalidRequest" | "MethodNotFound" | "InvalidParams" | "InternalError";

/** A google.rpc.Code name other than OK: the `status` of an HTTP+JSON error body. */
export type GrpcStatus =
  | "CANCELLED"
  | "UNKNOWN"
  | "INVALID_ARGUMENT"
  | "DEADLINE_EXCEEDED"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "PERMISSION_DENIED"
  | "UNAUTHENTICATED"
  | "RESOURCE_EXHAUSTED"
  | "FAILED_PRECONDITION"
  | "ABORTED"
  | "OUT_OF_RANGE"
  | "UNIMPLEMENTED"
  | "INTERNAL"
  | "UNAVAILABLE"
  | "DATA_LOSS";

/** One row of section 5.4: an A2A error in each binding. */
export interface A2aErrorInfo {
  /** The error's name in the section 5.4 table, e.g. "TaskNotFoundError". */
  readonly name: A2aErrorName;
  /** The JSON-RPC `error.code`, -32001 to -32009. */
  readonly jsonRpcCode: number;
  /** The gRPC status, also the HTTP+JSON body's `error.status`. */
  readonly grpcStatus: GrpcStatus;
  /** The HTTP status, also the HTTP+JSON body's `error.code`. */
  readonly httpStatus: number;
  /** `google.rpc.ErrorInfo.reason`: the name in UPPER_SNAKE_CASE without "Error" (sections 10.6, 11.6). */
  readonly reason: string;
  /** A default `message` (the builders' when none is given). */
  readonly message: string;
}

/** One row of the JSON-RPC standard errors (section 9.5), with its HTTP+JSON form. */
export interface JsonRpcStandardErrorInfo {
  /** The library's name of the error, e.g. "ParseError". */
  readonly name: JsonRpcStandardErrorName;
  /** The name in the section 9.5 table, e.g. "JSONParseError". */
  readonly specName: string;
  /** The JSON-RPC `error.code`, -32700 to -32603. */
  readonly jsonRpcCode: number;
  /** The section 9.5 "Standard Message". */
  readonly message: string;
  /** The HTTP+JSON binding's equivalent (sections 3.3.2 and 11.6). */
  readonly grpcStatus: GrpcStatus;
  /** The HTTP status of the HTTP+JSON equivalent. */
  readonly httpStatus: number;
}

/** The ErrorInfo `domain` of every A2A error (sections 10.6 and 11.6). */
export const A2A_ERROR_DOMAIN = "a2a-protocol.org";
/** The `@type` of google.rpc.ErrorInfo and google.rpc.BadRequest details (sections 9.5 and 11.6). */
export const ERROR_INFO_TYPE = "type.googleapis.com/google.rpc.ErrorInfo";
/** The `@type` of google.rpc.BadRequest details (sections 9.5 and 11.6). */
export const BAD_REQUEST_TYPE = "type.googleapis.com/google.rpc.BadRequest";
/** The media type of HTTP+JSON responses (section 11.6's example; section 14.1). */
export const A2A_JSON_MEDIA_TYPE = "application/a2a+json";

const row = (name: A2aErrorName, jsonRpcCode: number, grpcStatus: GrpcStatus, httpStatus: number, reason: string, message: string): A2aErrorInfo =>
  Object.freeze({ name, jsonRpcCode, grpcStatus, httpStatus, reason, message });

/** The A2A errors of section 5.4 by name. */
export const A2A_ERRORS: Readonly<Record<A2aErrorName, A2aErrorInfo>> = /* @__PURE__ */ Object.freeze({
  TaskNotFoundError: /* @__PURE__ */ row("TaskNotFoundError", -32001, "NOT_FOUND", 404, "TASK_NOT_FOUND", "Task not found"),
  TaskNotCancelableError: /* @__PURE__ */ row("TaskNotCancelableError", -32002, "FAILED_PRECONDITION", 400, "TASK_NOT_CANCELABLE", "Task cannot be canceled"),
  PushNotificationNotSupportedError: /* @__PURE__ */ row("PushNotificationNotSupportedError", -32003, "FAILED_PRECONDITION", 400, "PUSH_NOTIFICATION_NOT_SUPPORTED", "Push Notification is not supported"),
  UnsupportedOperationError: /* @__PURE__ */ row("UnsupportedOperationError", -32004, "FAILED_PRECONDITION", 400, "UNSUPPORTED_OPERATION", "This operation is not supported"),
  ContentTypeNotSupportedError: /* @__PURE__ */ row("ContentTypeNotSupportedError", -32005, "INVALID_ARGUMENT", 400, "CONTENT_TYPE_NOT_SUPPORTED", "Incompatible content types"),
  InvalidAgentResponseError: /* @__PURE__ */ row("InvalidAgentResponseError", -32006, "INTERNAL", 500, "INVALID_AGENT_RESPONSE", "Invalid agent response"),
  ExtendedAgentCardNotConfiguredError: /* @__PURE__ */ row("ExtendedAgentCardNotConfiguredError", -32007, "FAILED_PRECONDITION", 400, "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "Extended agent card is not configured"),
  ExtensionSupportRequiredError: /* @__PURE__ */ row("ExtensionSupportRequiredError", -32008, "FAILED_PRECONDITION", 400, "EXTENSION_SUPPORT_REQUIRED", "A required extension is not supported by the client"),
  VersionNotSupportedError: /* @__PURE__ */ row("VersionNotSupportedError", -32009, "FAILED_PRECONDITION", 400, "VERSION_NOT_SUPPORTED", "This A2A protocol version is not supported"),
});

const std = (name: JsonRpcStandardErrorName, specName: string, jsonRpcCode: number, message: string, grpcStatus: GrpcStatus, httpStatus: number): JsonRpcStandardErrorInfo =>
  Object.freeze({ name, specName, jsonRpcCode, message, grpcStatus, httpStatus });

/**
 * The JSON-RPC standard errors of section 9.5 by name, with their HTTP+JSON equivalents: a bad
 * payload or bad parameters are 400 INVALID_ARGUMENT (section 3.3.2, "Validation Errors"), an
 * unknown method is the HTTP binding's unknown route, 404 NOT_FOUND, and an internal error is
 * 500 INTERNAL (section 3.3.2, "System Errors").
 */
export const JSON_RPC_ERRORS: Readonly<Record<JsonRpcStandardErrorName, JsonRpcStandardErrorInfo>> = /* @__PURE__ */ Object.freeze({
  ParseError: /* @__PURE__ */ std("ParseError", "JSONParseError", -32700, "Invalid JSON payload", "INVALID_ARGUMENT", 400),
  InvalidRequest: /* @__PURE__ */ std("InvalidRequest", "InvalidRequestError", -32600, "Request payload validation error", "INVALID_ARGUMENT", 400),
  MethodNotFound: /* @__PURE__ */ std("MethodNotFound", "MethodNotFoundError", -32601, "Method not found", "NOT_FOUND", 404),
  InvalidParams: /* @__PURE__ */ std("InvalidParams", "InvalidParamsError", -32602, "Invalid parameters", "INVALID_ARGUMENT", 400),
  InternalError: /* @__PURE__ */ std("InternalError", "InternalError", -32603, "Internal error", "INTERNAL", 500),
});

/** The HTTP status of each google.rpc.Code (the "HTTP Mapping" of google/rpc/code.proto). */
export const HTTP_STATUS_OF_GRPC: Readonly<Record<GrpcStatus, number>> = /* @__PURE__ */ Object.freeze({
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  UNAUTHENTICATED: 401,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
});
