/** The error forms of the A2A v1.0 bindings as TypeScript types (their JSON Schemas: schemas/v1/errors.json). */
import type { GrpcStatus } from "./codes.js";

/** What a builder puts in an error beside its code: a message, ErrorInfo metadata, BadRequest field violations. */
export interface ErrorDetails {
  /** The `message`; the error's default (section 9.5's standard message for the JSON-RPC standard errors) when absent. */
  message?: string;
  /** `google.rpc.ErrorInfo.metadata` (strings only): A2A errors only, since only they carry an ErrorInfo. */
  metadata?: Record<string, string>;
  /** A `google.rpc.BadRequest` detail: each field a dot-separated path relative to `params` (JSON-RPC) or the request (HTTP+JSON), e.g. `message.parts`. */
  fieldViolations?: readonly { field: string; description: string }[];
}

/** `google.rpc.ErrorInfo` as a ProtoJSON Any. */
export interface ErrorInfoDetail {
  "@type": string;
  reason?: string;
  domain?: string;
  metadata?: Record<string, string>;
}

/** `google.rpc.BadRequest` as a ProtoJSON Any. */
export interface BadRequestDetail {
  "@type": string;
  fieldViolations?: { field?: string; description?: string; reason?: string; localizedMessage?: { locale?: string; message?: string } }[];
}

/** A JSON-RPC error object as A2A uses it (A2A v1.0 specification, section 9.5). */
export interface JsonRpcErrorObject {
  code: number;
  message: string;
  /** Error details: ProtoJSON Any objects, each with an `@type`. */
  data?: unknown[];
}

/** An HTTP+JSON error body: google.rpc.Status as JSON (A2A v1.0 specification, section 11.6). */
export interface HttpErrorBody {
  error: {
    /** The HTTP status code. */
    code: number;
    /** The google.rpc.Code name (a string, so a body typed elsewhere fits; the validator checks the name). */
    status: GrpcStatus | (string & {});
    message: string;
    /** Error details: ProtoJSON Any objects, each with an `@type`. */
    details?: unknown[];
  };
}
