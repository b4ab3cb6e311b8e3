/** The JSON-RPC 2.0 binding of revision 2026-02-17, typed by RPC. */
import type { ValidationResult } from "../../core/result.js";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { neverThrows } from "../../core/guard.js";
import { withStandard } from "../../core/validator.js";
import { RPCS } from "../../generated/v1/2026-02-17/meta.js";
import type * as T from "../../generated/v1/2026-02-17/types.js";
import type { V1Options } from "../engine.js";
import { withResponseSchemas, type JsonRpcResponseByMethodOf, type JsonRpcResponseValidatorOf, type RpcResponseValidatorOf } from "../jsonrpc-binding.js";
import type { JsonRpcError, JsonRpcFailure, JsonRpcId, JsonRpcRequestOf, JsonRpcResponseOf, JsonRpcSuccessOf, RpcNameOf, RpcRequestOf, RpcResultOf } from "../jsonrpc-binding.js";
import { jsonRpc } from "./bindings.js";
import { checkJsonRpcError } from "../../wire/validate.js";

export type { JsonRpcError, JsonRpcFailure, JsonRpcId };
/** The name of an A2AService RPC of revision 2026-02-17 (the JSON-RPC `method`). */
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

/** The 11 RPC names of A2AService in revision 2026-02-17, in proto order. */
export const RPC_NAMES: readonly RpcName[] = /* @__PURE__ */ RPCS.map((r) => r.name);

/** Type guard: is `name` the name of an A2AService RPC of revision 2026-02-17? Never throws. */
export function isRpcName(name: unknown): name is RpcName {
  return jsonRpc().isRpcName(name);
}

/** Checks a JSON-RPC 2.0 request of revision 2026-02-17 and validates `params` as its RPC's request message. A Standard Schema (strict). Never throws. */
const validateJsonRpcRequestFn: ((body: unknown, options?: V1Options) => ValidationResult<JsonRpcRequest>) & StandardSchemaV1<unknown, JsonRpcRequest> = /* @__PURE__ */ withStandard(
  (body: unknown, options?: V1Options): ValidationResult<JsonRpcRequest> => jsonRpc().validateJsonRpcRequest(body, options) as ValidationResult<JsonRpcRequest>,
);

/** The Standard Schema of one RPC's JSON-RPC responses (from `validateJsonRpcResponse.for(method)`). */
export type RpcResponseValidator<N extends RpcName = RpcName> = RpcResponseValidatorOf<JsonRpcResponse<N>, N>;

/** Both response validators are this one function, typed two ways. */
const byMethod = /* @__PURE__ */ withResponseSchemas(
  /* @__PURE__ */ neverThrows(
    (method: string, body: unknown, options?: V1Options) => jsonRpc().validateJsonRpcResponse(method, body, options, checkJsonRpcError) as ValidationResult<JsonRpcResponse>,
    (issue): ValidationResult<JsonRpcResponse> => ({ ok: false, issues: [issue] }),
  ),
);

/**
 * Checks a JSON-RPC 2.0 response to `method` (an RPC name of revision 2026-02-17). Never throws.
 * Two inputs, so not itself a Standard Schema: `validateJsonRpcResponse.for("GetTask")` is one, per RPC.
 */
const validateJsonRpcResponseFn: JsonRpcResponseValidatorOf<typeof RPCS, T.MessageTypes> = byMethod as never;

/**
 * `validateJsonRpcResponse` for a method known only at run time: any string; an unknown method is an issue. Never throws.
 * Two inputs: `validateJsonRpcResponseByMethod.for(method)` is the Standard Schema of one method's responses.
 */
export const validateJsonRpcResponseByMethod: JsonRpcResponseByMethodOf<typeof RPCS, T.MessageTypes> = byMethod as never;

export { validateJsonRpcRequestFn as validateJsonRpcRequest, validateJsonRpcResponseFn as validateJsonRpcResponse };
