/**
 * Validators of the A2A v1.0 error responses: the shapes compiled from schemas/v1/errors.json,
 * the cross-field rules from src/wire/rules.ts. Each is a Standard Schema.
 */
import { standardProps, createValidator, type Validator } from "../core/validator.js";
import { makeIssue, withHint, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { unreadable } from "../core/guard.js";
import * as first from "../generated/wire/first.js";
import * as full from "../generated/wire/full.js";
import * as jsonSchema from "../generated/wire/json-schema.js";
import { withJsonSchema, type WithJsonSchema } from "../core/json-schema.js";
import { httpErrorRules, httpStatusIssues, jsonRpcErrorRules } from "./rules.js";
import { MSG } from "./messages.js";
import type { HttpErrorBody, JsonRpcErrorObject } from "./types.js";

/** Hints on the detail list's commonest mistakes: not an array (a string or an object, as several SDKs send) and an element without `@type`. */
function hinted<T>(r: ValidationResult<T>, list: readonly string[]): ValidationResult<T> {
  if (r.ok) return r;
  const n = list.length;
  const at = (i: ValidationIssue, extra: number) => i.path.length === n + extra && list.every((seg, k) => i.path[k] === seg);
  let changed = false;
  const issues = r.issues.map((i) => {
    const hint = at(i, 0) && i.code === "type" ? MSG.detailsHint : at(i, 1) && (i.code === "type" || (i.code === "required" && i.property === "@type")) ? MSG.detailHint : undefined;
    if (hint === undefined) return i;
    changed = true;
    return withHint(i, hint);
  });
  return changed ? { ok: false, issues } : r;
}

const jsonRpcShape: Validator<JsonRpcErrorObject> = /* @__PURE__ */ createValidator<JsonRpcErrorObject>({
  name: "JsonRpcError",
  first: first.JsonRpcError,
  full: full.JsonRpcError,
  rules: jsonRpcErrorRules,
});
const DATA = ["data"];
const DETAILS = ["error", "details"];

const httpBody: Validator<HttpErrorBody> = /* @__PURE__ */ createValidator<HttpErrorBody>({
  name: "HttpErrorBody",
  first: first.HttpErrorBody,
  full: full.HttpErrorBody,
  rules: (b) => httpErrorRules(b),
});

const jsonRpcErrorFn = (input: unknown): ValidationResult<JsonRpcErrorObject> => hinted(jsonRpcShape(input), DATA);

/**
 * Validates a JSON-RPC error object (the `error` member of a response) against the A2A v1.0
 * specification, section 9.5: `code` an integer, a standard or A2A code (an application-defined
 * code outside the reserved ranges is a warning), `message` a string, `data` an array of ProtoJSON
 * Any objects each with an `@type` (google.rpc.ErrorInfo and google.rpc.BadRequest checked as
 * such); an A2A code without its ErrorInfo (domain "a2a-protocol.org") is a warning, since 9.5 says
 * SHOULD. A Standard Schema. Never throws.
 */
const jsonRpcError: WithJsonSchema<Validator<JsonRpcErrorObject>> = /* @__PURE__ */ withJsonSchema(
  /* @__PURE__ */ Object.assign(jsonRpcErrorFn, {
    typeName: "JsonRpcError",
    check: jsonRpcShape.check,
    "~standard": /* @__PURE__ */ standardProps(jsonRpcErrorFn),
  }),
  jsonSchema.JsonRpcError,
);

export { jsonRpcError as validateJsonRpcError };

/** Is an issue of the JSON-RPC 2.0 error object itself (section 5.1): not an object, `code` not an integer, `message` not a string. */
const isBase = (i: ValidationIssue): boolean => i.path.length === 0 ? i.code !== "too_many_issues" : (i.path[0] === "code" || i.path[0] === "message") && i.path.length === 1 && i.code !== "enum";

/**
 * The error object as a tolerant receiver reads it (the bindings' lenient mode): JSON-RPC 2.0's
 * rules are errors, section 9.5's (`data` an array of `@type` objects, the code's range and
 * reason, no other members) are warnings, since JSON-RPC 2.0 lets `data` be any value.
 */
export function validateJsonRpcErrorLenient(input: unknown): ValidationResult<JsonRpcErrorObject> {
  const r = jsonRpcError(input);
  if (r.ok) return r;
  const base = r.issues.filter(isBase);
  if (base.length > 0) return { ok: false, issues: base };
  return { ok: true, value: input as JsonRpcErrorObject, warnings: r.issues.map((i) => (i.severity === "warning" ? i : { ...i, severity: "warning" as const })) };
}

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
  if (status === undefined) return hinted(httpBody(input), DETAILS);
  if (!Number.isInteger(status)) return { ok: false, issues: [makeIssue([], "invalid", MSG.statusOption, { received: String(status) })] };
  const r = hinted(httpBody(input), DETAILS);
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
const httpErrorBody: WithJsonSchema<HttpErrorBodyValidator> = /* @__PURE__ */ withJsonSchema(
  /* @__PURE__ */ Object.assign(withStatus, {
    typeName: "HttpErrorBody",
    check: httpBody.check,
    "~standard": /* @__PURE__ */ standardProps((input: unknown) => withStatus(input)),
  }) as HttpErrorBodyValidator,
  jsonSchema.HttpErrorBody,
);

export { httpErrorBody as validateHttpErrorBody };

/** The `error` member of a JSON-RPC response, as the v1 bindings check it: strictly, or (lenient) as a tolerant receiver. */
export const checkJsonRpcError = (error: unknown, lenient: boolean): ValidationResult<JsonRpcErrorObject> => (lenient ? validateJsonRpcErrorLenient(error) : jsonRpcError(error));
