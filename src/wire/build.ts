/**
 * Builders of A2A v1.0 error responses: one call gives an error's JSON-RPC error object
 * (section 9.5) and its HTTP+JSON response (section 11.6), each validated before it is returned.
 */
import { arg, required, withArguments, type BuilderSpec } from "../core/arguments.js";
import { checked, ownCopy, ValidationError } from "../core/validator.js";
import { makeIssue } from "../core/issue.js";
import { A2A_ERROR_DOMAIN, A2A_ERRORS, A2A_JSON_MEDIA_TYPE, BAD_REQUEST_TYPE, ERROR_INFO_TYPE, JSON_RPC_ERRORS, type A2aErrorName, type JsonRpcStandardErrorName } from "./codes.js";
import { MSG } from "./messages.js";
import type { ErrorDetails, HttpErrorBody, JsonRpcErrorObject, JsonRpcErrorResponse } from "./types.js";
import { validateHttpErrorBody, validateJsonRpcError } from "./validate.js";

const has = Object.prototype.hasOwnProperty;

const A2A_ERROR: BuilderSpec = { name: "createA2aError", params: [required("name"), { name: "details", members: [arg("message"), arg("metadata"), arg("fieldViolations")] }] };
// The error is validated on its own: its issues' paths start inside it. An id is the last argument, as in every builder.
const ERROR_RESPONSE: BuilderSpec = { name: "createJsonRpcErrorResponse", params: [{ name: "error", required: true, object: true, at: [] }, required("id")] };

/** Both bindings' forms of one error. */
export interface A2aErrorForms {
  /** The JSON-RPC `error` member (section 9.5); wrap it with {@link createJsonRpcErrorResponse}. */
  jsonRpc: JsonRpcErrorObject;
  /** The HTTP+JSON response (section 11.6): status, headers (`Content-Type: application/a2a+json`) and body. */
  http: {
    /** The HTTP status (section 5.4's, or the standard error's equivalent). */
    status: number;
    /** `Content-Type: application/a2a+json`. */
    headers: Record<string, string>;
    /** The google.rpc.Status body. */
    body: HttpErrorBody;
  };
}

/**
 * The JSON-RPC and HTTP+JSON forms of an A2A error (section 5.4) or a JSON-RPC standard error
 * (section 9.5), from one call. An A2A error carries a google.rpc.ErrorInfo (its reason, domain
 * "a2a-protocol.org", `details.metadata`); `details.fieldViolations` become a google.rpc.BadRequest.
 * The message defaults to the error's (section 9.5's standard message for the standard errors).
 * Throws a ValidationError on a bad argument (an unknown name, metadata on a standard error,
 * anything that would not validate).
 */
export function createA2aError(name: A2aErrorName | JsonRpcStandardErrorName, details?: ErrorDetails): A2aErrorForms {
  return withArguments(A2A_ERROR, "A2aError", [name, details], () => {
    const a2a = typeof name === "string" && has.call(A2A_ERRORS, name) ? A2A_ERRORS[name as A2aErrorName] : undefined;
    const std = typeof name === "string" && has.call(JSON_RPC_ERRORS, name) ? JSON_RPC_ERRORS[name as JsonRpcStandardErrorName] : undefined;
    const row = a2a ?? std;
    if (!row) throw new ValidationError("A2aError", [makeIssue(["name"], "enum", MSG.unknownName, { allowed: [...Object.keys(A2A_ERRORS), ...Object.keys(JSON_RPC_ERRORS)] })]);
    const d: ErrorDetails = details ?? {};
    const { message = row.message, metadata, fieldViolations } = d;
    if (metadata !== undefined && !a2a) throw new ValidationError("A2aError", [makeIssue(["metadata"], "not_allowed", MSG.metadataNeedsA2a(row.name))]);
    const list: Record<string, unknown>[] = [];
    if (a2a) list.push({ "@type": ERROR_INFO_TYPE, reason: a2a.reason, domain: A2A_ERROR_DOMAIN, ...(metadata !== undefined ? { metadata: ownCopy(metadata) } : {}) });
    if (fieldViolations !== undefined) {
      const violations = Array.isArray(fieldViolations) ? fieldViolations.map((v) => (v !== null && typeof v === "object" ? { field: v.field, description: v.description } : v)) : fieldViolations;
      list.push({ "@type": BAD_REQUEST_TYPE, fieldViolations: violations });
    }
    const jsonRpc = checked(validateJsonRpcError, { code: row.jsonRpcCode, message, ...(list.length > 0 ? { data: list } : {}) });
    const body = checked(validateHttpErrorBody, { error: { code: row.httpStatus, status: row.grpcStatus, message, ...(list.length > 0 ? { details: structuredClone(list) } : {}) } });
    return { jsonRpc, http: { status: row.httpStatus, headers: { "Content-Type": A2A_JSON_MEDIA_TYPE }, body } };
  });
}

/** A JSON-RPC 2.0 error response: `{ jsonrpc: "2.0", id, error }`; `id`, the last argument, is the request's id, or null when it could not be read. */
export function createJsonRpcErrorResponse(error: JsonRpcErrorObject, id: string | number | null): JsonRpcErrorResponse {
  return withArguments(ERROR_RESPONSE, "JsonRpcErrorResponse", [error, id], () => {
    if (!(id === null || typeof id === "string" || (typeof id === "number" && Number.isFinite(id)))) {
      throw new ValidationError("JsonRpcErrorResponse", [makeIssue(["id"], "type", "must be a string, a number or null", { expected: "a string, a number or null" })]);
    }
    return { jsonrpc: "2.0" as const, id, error: checked(validateJsonRpcError, error) };
  });
}
