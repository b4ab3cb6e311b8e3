/**
 * Validators of the A2A v1.0 error responses: the shapes compiled from schemas/v1/errors.json,
 * the cross-field rules from src/wire/rules.ts. Each is a Standard Schema.
 */
import { standardProps, createValidator, type Validator } from "../core/validator.js";
import { makeIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { unreadable } from "../core/guard.js";
import * as first from "../generated/wire/first.js";
import * as full from "../generated/wire/full.js";
import { httpErrorRules, httpStatusIssues, jsonRpcErrorRules } from "./rules.js";
import { MSG } from "./messages.js";
import type { HttpErrorBody, JsonRpcErrorObject } from "./types.js";

/**
 * Validates a JSON-RPC error object (the `error` member of a response) against the A2A v1.0
 * specification, section 9.5: `code` an integer, a standard or A2A code (an application-defined
 * code outside the reserved ranges is a warning), `message` a string, `data` an array of ProtoJSON
 * Any objects each with an `@type` (google.rpc.ErrorInfo and google.rpc.BadRequest checked as
 * such); an A2A code without its ErrorInfo (domain "a2a-protocol.org") is a warning, since 9.5 says
 * SHOULD. Never throws.
 */
const jsonRpcError: Validator<JsonRpcErrorObject> = /* @__PURE__ */ createValidator<JsonRpcErrorObject>({
  name: "JsonRpcError",
  first: first.JsonRpcError,
  full: full.JsonRpcError,
  rules: jsonRpcErrorRules,
});

const httpBody: Validator<HttpErrorBody> = /* @__PURE__ */ createValidator<HttpErrorBody>({
  name: "HttpErrorBody",
  first: first.HttpErrorBody,
  full: full.HttpErrorBody,
  rules: (b) => httpErrorRules(b),
});

export { jsonRpcError as validateJsonRpcError };

/** Options of {@link validateHttpErrorBody}. */
export interface HttpErrorBodyOptions {
  /** The response's HTTP status: when given, `error.code` must equal it. */
  readonly status?: number;
}

/** validateHttpErrorBody: `(input, options?)`, and Standard Schema over `(input)`. */
export interface HttpErrorBodyValidator extends Validator<HttpErrorBody> {
  (input: unknown, options?: HttpErrorBodyOptions): ValidationResult<HttpErrorBody>;
}

function withStatus(input: unknown, options?: HttpErrorBodyOptions): ValidationResult<HttpErrorBody> {
  let status: unknown;
  try {
    status = options?.status;
  } catch (err) {
    return { ok: false, issues: [unreadable(err)] };
  }
  if (status === undefined) return httpBody(input);
  if (!Number.isInteger(status)) return { ok: false, issues: [makeIssue([], "invalid", MSG.statusOption, { received: String(status) })] };
  const r = httpBody(input);
  if (!r.ok) return r;
  const extra = httpStatusIssues(r.value, status as number);
  return extra.length === 0 ? r : { ok: false, issues: extra };
}

/**
 * Validates an HTTP+JSON error body against the A2A v1.0 specification, section 11.6:
 * google.rpc.Status as JSON under `error` (`code` the HTTP status, `status` the google.rpc.Code
 * whose HTTP status that is, `message`, `details` as ProtoJSON Any objects); an ErrorInfo of domain
 * "a2a-protocol.org" names a known A2A error whose status and code (section 5.4) the body has. With
 * `{ status }`, the response's HTTP status must equal `error.code`. Never throws.
 */
const httpErrorBody: HttpErrorBodyValidator = /* @__PURE__ */ Object.assign(withStatus, {
  typeName: "HttpErrorBody",
  check: httpBody.check,
  "~standard": standardProps(httpBody),
});

export { httpErrorBody as validateHttpErrorBody };
