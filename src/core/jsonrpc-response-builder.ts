/**
 * The one implementation of every family's `createJsonRpcResponse(method, outcome, id)`: its
 * arguments (exactly one of `result` and `error`, the id last) and the body it builds. Each family
 * declares its own types and passes its response validator.
 */
import { isPlainObject } from "./argument-search.js";
import { arg, required, withArguments, type BuilderSpec } from "./arguments.js";
import type { ValidationResult } from "./result.js";
import { argumentMessages } from "./messages.js";
import { compact, ValidationError } from "./validator.js";

const RPC_RESPONSE: BuilderSpec = {
  name: "createJsonRpcResponse",
  params: [
    required("method"),
    { name: "outcome", required: true, members: [arg("result"), arg("error")], exactlyOne: ["result", "error"], hint: argumentMessages.idLast("createJsonRpcResponse(method, outcome, id)") },
    required("id"),
  ],
};

/** A JSON-RPC response body for `method` from `outcome`, checked by the family's `validate` (a ValidationError naming the argument if not valid). */
export function buildJsonRpcResponse<M extends string, R>(
  method: M,
  outcome: { result?: unknown; error?: unknown },
  id: unknown,
  validate: (method: M, body: unknown) => ValidationResult<unknown>,
): R {
  return withArguments(RPC_RESPONSE, "JSON-RPC response", [method, outcome, id], () => {
    const { error, result } = outcome;
    // `null` is a result (v0.3 tasks/pushNotificationConfig/delete): only undefined is absent. An error
    // that is not an object is left for validation to report, never spread into keys.
    const body = error !== undefined ? { jsonrpc: "2.0" as const, id, error: isPlainObject(error) ? compact({ ...error }) : error } : { jsonrpc: "2.0" as const, id, result };
    const r = validate(method, body);
    if (!r.ok) throw new ValidationError(`JSON-RPC ${method} response`, r.issues);
    return body as R;
  });
}
