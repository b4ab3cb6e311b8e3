/** The options both doors take, and the shared shape of their answers. */
import type { ValidationIssue } from "../core/issue.js";
import type { AgentCard } from "../generated/v1/types.js";
import type { HeadersLike } from "../wire/version-header.js";

export type { HeadersLike };

export interface FrontDoorOptions {
  /**
   * The agent's own v1.0 card. From it the door enforces the `protocolVersion` of its interfaces
   * against `A2A-Version`, required extensions against `A2A-Extensions`, and the capabilities
   * (streaming, push notifications, the extended card). Without it only the messages are checked.
   */
  readonly card?: AgentCard;
  /** The request's headers (`A2A-Version`, `A2A-Extensions`): a fetch `Headers` or Node's header record. */
  readonly headers?: HeadersLike;
  /** The largest body read, in bytes (default 1 MiB). */
  readonly maxBytes?: number;
  /** `"lenient"` reads messages as a proto3 JSON parser does (the request is then its canonical copy); default strict. */
  readonly mode?: "strict" | "lenient";
  /**
   * Requests in A2A v0.3, which the door reads as such when the card declares a 0.3 interface of the binding (in
   * `supportedInterfaces`, or a hybrid card's `url` + `preferredTransport` and `additionalInterfaces`) and the
   * request asks for 0.3 (`A2A-Version: 0.3`, or none: A2A v1.0 specification, section 3.6.2); refused with v0.3's
   * errors (JSON-RPC: the v0.3 specification's; HTTP+JSON: `{ code, message }` as the A2A JS SDK's v0.3 REST handler).
   * `"pass"` (default) hands the v0.3 request on as sent (to a handler that speaks 0.3, such as the A2A JS SDK's);
   * `"convert"` hands on its A2A v1.0 form (toV1; on HTTP+JSON the v1.0 request line too) and, in the adapters,
   * converts the handler's v1.0 answer back to v0.3, as the SDKs' compat layers do for their executors.
   */
  readonly v03?: "pass" | "convert";
}

/** What the request asked for in its service parameters (A2A v1.0 specification, section 3.2.6). */
export interface Negotiated {
  /** The requested protocol version, `Major.Minor` (`"0.3"` when `A2A-Version` is empty or absent). */
  readonly version: string;
  /** The extension URIs of `A2A-Extensions`. */
  readonly extensions: readonly string[];
  /** Warnings of a valid request (lenient mode), if any. */
  readonly warnings?: readonly ValidationIssue[];
}
