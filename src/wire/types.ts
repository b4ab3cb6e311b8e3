/** The error forms of the A2A v1.0 bindings as TypeScript types (their JSON Schemas: schemas/v1/errors.json). */
import type { GrpcStatus } from "./codes.js";

/** What a builder puts in an error beside its code: a message, ErrorInfo metadata, BadRequest field violations. */
export interface ErrorDetails {
  /** The `message`; the error's default (section 9.5's standard message for the JSON-RPC standard errors) when absent. */
  message?: string;
  /** `google.rpc.ErrorInfo.metadata` (strings only): A2A errors only, since only they carry an ErrorInfo. */
  metadata?: Record<string, string>;
  /** A `google.rpc.BadRequest` detail: each field a dot-separated path relative to `params` (JSON-RPC) or the request (HTTP+JSON), e.g. `message.parts`. */
  fieldViolations?: readonly FieldViolationInput[];
}

/** A field in error, as a builder takes it. */
export interface FieldViolationInput {
  /** A dot-separated path relative to `params` (JSON-RPC) or the request message (HTTP+JSON), e.g. `message.parts`. */
  field: string;
  /** Why the field is wrong, for humans. */
  description: string;
}

/** `google.rpc.BadRequest.FieldViolation` as JSON. */
export interface FieldViolation {
  /** A dot-separated path to the field. */
  field?: string;
  /** Why the field is wrong, for humans. */
  description?: string;
  /** A machine-readable reason (UPPER_SNAKE_CASE). */
  reason?: string;
  /** The description in another language. */
  localizedMessage?: {
    /** A BCP 47 language tag. */
    locale?: string;
    /** The message in that language. */
    message?: string;
  };
}

/** `google.rpc.ErrorInfo` as a ProtoJSON Any. */
export interface ErrorInfoDetail {
  /** The type URL, `type.googleapis.com/google.rpc.ErrorInfo`. */
  "@type": string;
  /** The error's reason, e.g. `TASK_NOT_FOUND` (section 5.4). */
  reason?: string;
  /** Who defines the reason: `a2a-protocol.org` for the A2A errors. */
  domain?: string;
  /** Details of this occurrence, e.g. `{ taskId }`. */
  metadata?: Record<string, string>;
}

/** `google.rpc.BadRequest` as a ProtoJSON Any. */
export interface BadRequestDetail {
  /** The type URL, `type.googleapis.com/google.rpc.BadRequest`. */
  "@type": string;
  /** One entry per field in error: its dot-separated path, and why. */
  fieldViolations?: FieldViolation[];
}

/** A JSON-RPC error object as A2A uses it (A2A v1.0 specification, section 9.5). */
export interface JsonRpcErrorObject {
  /** A JSON-RPC standard code (section 9.5) or an A2A code (section 5.4). */
  code: number;
  /** For humans. */
  message: string;
  /** Error details: ProtoJSON Any objects, each with an `@type`. */
  data?: unknown[];
}

/** An HTTP+JSON error body: google.rpc.Status as JSON (A2A v1.0 specification, section 11.6). */
export interface HttpErrorBody {
  /** The error (google.rpc.Status). */
  error: {
    /** The HTTP status code. */
    code: number;
    /** The google.rpc.Code name (a string, so a body typed elsewhere fits; the validator checks the name). */
    status: GrpcStatus | (string & {});
    /** For humans. */
    message: string;
    /** Error details: ProtoJSON Any objects, each with an `@type`. */
    details?: unknown[];
  };
}

/** A JSON-RPC error response (JSON-RPC 2.0, section 5; A2A v1.0 specification, section 9.5). */
export interface JsonRpcErrorResponse {
  /** Always "2.0". */
  jsonrpc: "2.0";
  /** The request's id when it could be read, else null. */
  id: string | number | null;
  /** What went wrong. */
  error: JsonRpcErrorObject;
}
