// TEMPORARY stand-in for src/wire/errors.ts (helper "wire"), deleted at the merge. Same API.
export type A2aErrorName =
  | "TaskNotFoundError" | "TaskNotCancelableError" | "PushNotificationNotSupportedError" | "UnsupportedOperationError"
  | "ContentTypeNotSupportedError" | "InvalidAgentResponseError" | "ExtendedAgentCardNotConfiguredError"
  | "ExtensionSupportRequiredError" | "VersionNotSupportedError";
type Std = "ParseError" | "InvalidRequest" | "MethodNotFound" | "InvalidParams" | "InternalError";
const T: Record<string, [number, string, number, string]> = {
  TaskNotFoundError: [-32001, "NOT_FOUND", 404, "Task not found"],
  TaskNotCancelableError: [-32002, "FAILED_PRECONDITION", 400, "Task cannot be canceled"],
  PushNotificationNotSupportedError: [-32003, "FAILED_PRECONDITION", 400, "Push notifications are not supported"],
  UnsupportedOperationError: [-32004, "FAILED_PRECONDITION", 400, "This operation is not supported"],
  ContentTypeNotSupportedError: [-32005, "INVALID_ARGUMENT", 400, "Incompatible content types"],
  InvalidAgentResponseError: [-32006, "INTERNAL", 500, "Invalid agent response"],
  ExtendedAgentCardNotConfiguredError: [-32007, "FAILED_PRECONDITION", 400, "Extended agent card not configured"],
  ExtensionSupportRequiredError: [-32008, "FAILED_PRECONDITION", 400, "Extension support required"],
  VersionNotSupportedError: [-32009, "FAILED_PRECONDITION", 400, "Version not supported"],
  ParseError: [-32700, "INVALID_ARGUMENT", 400, "Invalid JSON payload"],
  InvalidRequest: [-32600, "INVALID_ARGUMENT", 400, "Request payload validation error"],
  MethodNotFound: [-32601, "NOT_FOUND", 404, "Method not found"],
  InvalidParams: [-32602, "INVALID_ARGUMENT", 400, "Invalid parameters"],
  InternalError: [-32603, "INTERNAL", 500, "Internal error"],
};
export function createA2aError(
  name: A2aErrorName | Std,
  details?: { message?: string; metadata?: Record<string, string>; fieldViolations?: readonly { field: string; description: string }[] },
) {
  const [code, status, http, msg] = T[name]!;
  const data: unknown[] = [];
  if (name.endsWith("Error") && name !== "InternalError") {
    const reason = name.slice(0, -5).replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
    data.push({ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "a2a-protocol.org", ...(details?.metadata ? { metadata: details.metadata } : {}) });
  }
  if (details?.fieldViolations) data.push({ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: details.fieldViolations });
  const message = details?.message ?? msg;
  return {
    jsonRpc: { code, message, ...(data.length ? { data } : {}) },
    http: { status: http, headers: { "Content-Type": "application/a2a+json" }, body: { error: { code: http, status, message, ...(data.length ? { details: data } : {}) } } },
  };
}
export function createJsonRpcErrorResponse(id: string | number | null, error: { code: number; message: string; data?: unknown[] }) {
  return { jsonrpc: "2.0" as const, id, error };
}
export function validateJsonRpcError(input: unknown) { return { ok: true as const, value: input }; }
export function validateHttpErrorBody(input: unknown, _options?: { status?: number }) { return { ok: true as const, value: input }; }
