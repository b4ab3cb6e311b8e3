/**
 * `a2a-schemas/v1/server`: the front door of an A2A v1.0 agent. `checkJsonRpcRequest` and
 * `checkHttpRequest` check a request (with the agent's own card: versions, required extensions,
 * capabilities) and give either the request or the specification's error response to send;
 * `a2aExpress` and `a2aFetch` put that in front of an Express or a fetch-style handler (the A2A
 * JS SDK's, Hono's, a Worker's). Framework-neutral and never throwing; loads neither zod nor Ajv's compiler.
 */
export { checkJsonRpcRequest, type JsonRpcCheck, type JsonRpcCheckOptions, type V03Pass } from "./jsonrpc.js";
export { checkHttpRequest, type HttpCheck, type HttpCheckOk, type HttpCheckOptions } from "./http.js";
export type { V03HttpCheck, V03HttpPass, V03HttpErrorBody, V03HttpConverted } from "./http-v03.js";
export type { HttpErrorBody, JsonRpcErrorResponse } from "../wire/types.js";
export type { FrontDoorOptions, Negotiated, HeadersLike } from "./options.js";
export { DEFAULT_MAX_BYTES, type BodyInput } from "./body.js";
export { fieldOf, fieldViolations } from "./field-path.js";
export { jsonRpcResponseIssues, httpResponseIssues } from "./responses.js";
export type { AdapterOptions, ResponseMode } from "./adapters/shared.js";
export { a2aExpress, a2aCheckOf, type ExpressMiddleware, type NodeRequestLike, type NodeResponseLike, type CheckedRequest } from "./adapters/express.js";
export { a2aFetch, a2aCheckOfRequest, type FetchRequestLike, type FetchResponseLike } from "./adapters/fetch.js";
export type { ByteChunk, ByteReaderLike, ByteStreamLike } from "../core/bytes.js";
export {
  readRequestedVersion,
  readRequestedExtensions,
  parseProtocolVersion,
  versionMatches,
  VERSION_HEADER,
  EXTENSIONS_HEADER,
  type ProtocolVersion,
  type RequestedVersion,
  type UrlLike,
} from "../wire/version-header.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
