/**
 * The JSON-RPC 2.0 binding of A2A v1.0 (src/v1/jsonrpc-binding.ts over the v1.0
 * validators), typed by RPC; `{ revision: "2026-02-17" }` checks a request or
 * response of the pre-release proto instead.
 */
import type { ValidationResult } from "../core/result.js";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { neverThrows } from "../core/guard.js";
import { withStandard } from "../core/validator.js";
import { RPCS } from "../generated/v1/meta.js";
import type * as T from "../generated/v1/types.js";
import { jsonRpc as r2026 } from "./2026-02-17/bindings.js";
import type { V1Options } from "./engine.js";
import {
  createJsonRpcBinding,
  type JsonRpcBinding,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcError,
  withResponseSchemas,
  type JsonRpcResponseByMethodOf,
  type JsonRpcResponseValidatorOf,
  type RpcResponseValidatorOf,
  type JsonRpcRequestOf,
  type JsonRpcResponseOf,
  type JsonRpcSuccessOf,
  type RpcNameOf,
  type RpcRequestOf,
  type RpcResultOf,
} from "./jsonrpc-binding.js";
import { api } from "./validators.js";
import { checkJsonRpcError } from "../wire/validate.js";

export type { JsonRpcError, JsonRpcFailure, JsonRpcId };
/** The name of an A2AService RPC, e.g. "SendMessage" (the JSON-RPC `method`). */
export type RpcName = RpcNameOf<typeof RPCS>;
/** The request message of an RPC. */
export type RpcRequest<N extends RpcName> = RpcRequestOf<typeof RPCS, T.MessageTypes, N>;
/** The response message of an RPC: one `StreamResponse` per event for the streaming ones, `{}` for `Empty`. */
export type RpcResult<N extends RpcName> = RpcResultOf<typeof RPCS, T.MessageTypes, N>;
/** A JSON-RPC 2.0 request for an RPC, its `params` typed as that RPC's request message. */
export type JsonRpcRequest<N extends RpcName = RpcName> = JsonRpcRequestOf<typeof RPCS, T.MessageTypes, N>;
/** A JSON-RPC 2.0 success response for an RPC, its `result` typed as that RPC's response. */
export type JsonRpcSuccess<N extends RpcName = RpcName> = JsonRpcSuccessOf<typeof RPCS, T.MessageTypes, N>;
/** A JSON-RPC 2.0 response for an RPC: a success or an error response. */
export type JsonRpcResponse<N extends RpcName = RpcName> = JsonRpcResponseOf<typeof RPCS, T.MessageTypes, N>;

let bound: JsonRpcBinding | undefined;
/** Built on first use: the binding reads the revision's model, which a valid message never needs. */
const binding = (): JsonRpcBinding => (bound ??= createJsonRpcBinding(api, RPCS));

/** The 11 RPC names of A2AService, in proto order. */
export const RPC_NAMES: readonly RpcName[] = /* @__PURE__ */ RPCS.map((r) => r.name);

/** Type guard: is `name` the name of an A2AService RPC? Never throws. */
export function isRpcName(name: unknown): name is RpcName {
  return binding().isRpcName(name);
}

const other = (options: V1Options | undefined) => options !== undefined && options.revision !== undefined && options.revision !== api.revision;

/**
 * Checks a JSON-RPC 2.0 request and validates `params` as the request message
 * of its `method`. Absent `params` count as `{}` (so only RPCs whose request has
 * no REQUIRED field may omit them). A request without `id` (a notification) is
 * an error: every A2A method returns a result. A Standard Schema (strict, A2A v1.0). Never throws.
 */
const validateJsonRpcRequestFn: ((body: unknown, options?: V1Options) => ValidationResult<JsonRpcRequest>) & StandardSchemaV1<unknown, JsonRpcRequest> = /* @__PURE__ */ withStandard(
  (body: unknown, options?: V1Options): ValidationResult<JsonRpcRequest> =>
    (other(options) ? r2026().validateJsonRpcRequest(body, options) : binding().validateJsonRpcRequest(body, options)) as ValidationResult<JsonRpcRequest>,
);
export { validateJsonRpcRequestFn as validateJsonRpcRequest };

/** The Standard Schema of one RPC's JSON-RPC responses (from `validateJsonRpcResponse.for(method)`). */
export type RpcResponseValidator<N extends RpcName = RpcName> = RpcResponseValidatorOf<JsonRpcResponse<N>, N>;

/** Both response validators are this one function, typed two ways. */
const byMethod = /* @__PURE__ */ withResponseSchemas(
  /* @__PURE__ */ neverThrows(
    (method: string, body: unknown, options?: V1Options) =>
      (other(options) ? r2026() : binding()).validateJsonRpcResponse(method, body, options, checkJsonRpcError) as ValidationResult<JsonRpcResponse>,
    (issue): ValidationResult<JsonRpcResponse> => ({ ok: false, issues: [issue] }),
  ),
);

/**
 * Checks a JSON-RPC 2.0 response to `method`: either `result` (validated as the
 * RPC's response message; `StreamResponse` for each event of a streaming RPC;
 * `{}` for `Empty`) or `error`, a JSON-RPC error object of the A2A v1.0 specification, section 9.5
 * (see validateJsonRpcError: a standard or A2A `code`, `data` an array of `@type` objects).
 * `method` must be an RPC name (a v0.3 name such as `"tasks/get"` does not compile);
 * for a method known only at run time use {@link validateJsonRpcResponseByMethod}.
 * Two inputs, so not itself a Standard Schema: `validateJsonRpcResponse.for("GetTask")` is one, per RPC.
 */
const validateJsonRpcResponseFn: JsonRpcResponseValidatorOf<typeof RPCS, T.MessageTypes> = byMethod as never;

/**
 * `validateJsonRpcResponse` for a method known only at run time (a request read earlier, a
 * command-line argument): any string; an unknown method is an issue (code `enum`, with the
 * v1 name of a v0.3 method as a hint), not an exception. Never throws.
 * Two inputs: `validateJsonRpcResponseByMethod.for(method)` is the Standard Schema of one method's responses.
 */
export const validateJsonRpcResponseByMethod: JsonRpcResponseByMethodOf<typeof RPCS, T.MessageTypes> = byMethod as never;

export { validateJsonRpcResponseFn as validateJsonRpcResponse };
