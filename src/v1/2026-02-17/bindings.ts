/** The JSON-RPC and HTTP+JSON bindings of revision 2026-02-17 (the same factories as v1.0's). */
import { HTTP_ROUTES, RPCS, type MessageName, type RpcName } from "../../generated/v1/2026-02-17/meta.js";
import { createHttpBinding } from "../http-binding.js";
import { createJsonRpcBinding, type JsonRpcBinding } from "../jsonrpc-binding.js";
import { api } from "./validators.js";

let rpc: JsonRpcBinding | undefined;
/** The JSON-RPC binding, built on first use (it reads the revision's model). */
export function jsonRpc(): JsonRpcBinding {
  return (rpc ??= createJsonRpcBinding(api, RPCS));
}
export const http = /* @__PURE__ */ createHttpBinding<RpcName, MessageName>(HTTP_ROUTES);
