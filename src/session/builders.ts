/**
 * Builders for the session family. Ids come from crypto.randomUUID(), timestamps
 * from Date#toISOString(). Every builder checks its arguments first (reported by
 * the names the caller writes, src/core/arguments.ts), validates what it made in
 * strict mode (what you emit should have no unknown properties) and throws a
 * ValidationError on a bad argument, so it can only return a valid document.
 * An optional option given as `undefined` is the same as leaving it out (the
 * types say so, for callers that compile with `exactOptionalPropertyTypes`).
 */
import { arg, required, withArguments, type ArgumentSpec, type BuilderSpec } from "../core/arguments.js";
import { makeIssue } from "../core/issue.js";
import { compact, listCopy, ValidationError } from "../core/validator.js";
import type * as S from "../generated/session/strict-types.js";
import { artifactKind, BASE64_PREFIX } from "./rules.js";
import * as v from "../generated/session/api.js";
import type { SessionValidator } from "./validators.js";

type Metadata = Record<string, unknown>;

function strictly<D, St>(validator: SessionValidator<D, St>, value: unknown): St {
  const r = validator(value, { mode: "strict" });
  if (!r.ok) throw new ValidationError(validator.typeName, r.issues);
  return r.value;
}


/** A builder of one options argument. */
const spec = (name: string, members: readonly ArgumentSpec[], optional = false): BuilderSpec => ({ name, params: [{ name: "options", required: !optional, members }] });
/** A builder of one document argument, which lands at `at` in what it builds. */
const documentSpec = (name: string, param: string, at: readonly string[]): BuilderSpec => ({ name, params: [{ name: param, required: true, object: true, at }] });
const MESSAGE_MEMBERS = [arg("inReplyTo", ["in_reply_to"]), arg("metadata"), arg("artifacts")];

const AGENT_CARD = spec("createAgentCard", [
  required("name"),
  required("description"),
  required("version"),
  required("apiUrl", ["api", "url"]),
  arg("apiVersion", ["api", "version"]),
  arg("auth"),
  arg("capabilities"),
  arg("contact"),
  arg("pricing"),
]);
const SESSION = spec("createSession", [arg("id"), arg("status"), arg("metadata")], true);
const UPDATE_SESSION: BuilderSpec = { name: "updateSession", params: [{ name: "session", required: true, object: true, at: [] }, { name: "options", required: true, members: [arg("status"), arg("metadata")] }] };
const ARTIFACT = spec("createArtifact", [arg("id"), required("type"), required("data"), arg("name"), arg("description")]);
const MESSAGE = spec("createMessage", [arg("id"), required("role"), required("content"), ...MESSAGE_MEMBERS]);
const MESSAGE_FROM_REQUEST: BuilderSpec = { name: "createMessageFromRequest", params: [{ name: "request", required: true, object: true, at: [] }, { name: "options", members: [arg("id")] }] };
const CREATE_SESSION_REQUEST = spec("createCreateSessionRequest", [arg("metadata")], true);
const CREATE_SESSION_RESPONSE = documentSpec("createCreateSessionResponse", "session", ["session"]);
const SEND_MESSAGE_REQUEST = spec("createSendMessageRequest", [arg("role"), required("content"), ...MESSAGE_MEMBERS]);
const SEND_MESSAGE_RESPONSE = documentSpec("createSendMessageResponse", "message", ["message"]);
const SESSION_MESSAGES = spec("createGetSessionMessagesResponse", [required("messages"), arg("nextCursor", ["pagination", "next_cursor"]), arg("prevCursor", ["pagination", "prev_cursor"])]);
const ERROR_RESPONSE = spec("createErrorResponse", [required("code", ["error", "code"]), required("message", ["error", "message"]), arg("details", ["error", "details"])]);

const id = (): string => globalThis.crypto.randomUUID();
const now = (): string => new Date().toISOString();

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Standard, padded Base64 of some bytes; no Buffer or btoa, so it runs anywhere. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + B64[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + "==";
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + B64[(n >> 6) & 63]! + "=";
  }
  return out;
}

/** Builds a session-family AgentCard (A2A Protocol JSON Specification, §Agent Card), valid in strict mode. Throws a ValidationError on a bad argument. */
export function createAgentCard(o: {
  readonly name: string;
  readonly description: string;
  readonly version: string;
  /** The base URL of the agent's API (`api.url`). */
  readonly apiUrl: string;
  /** The A2A protocol version the agent implements (`api.version`). */
  readonly apiVersion?: string | undefined;
  /** Defaults to `{ type: "none" }`. */
  readonly auth?: S.AgentCard["auth"] | undefined;
  readonly capabilities?: S.AgentCard["capabilities"] | undefined;
  readonly contact?: S.AgentCard["contact"] | undefined;
  readonly pricing?: S.AgentCard["pricing"] | undefined;
}): S.AgentCard {
  return withArguments(AGENT_CARD, "AgentCard", [o], () => {
    return strictly(
      v.validateAgentCard,
      compact({
        name: o.name,
        description: o.description,
        version: o.version,
        api: compact({ type: "a2a", url: o.apiUrl, version: o.apiVersion }),
        auth: o.auth ?? { type: "none" },
        capabilities: o.capabilities,
        contact: o.contact,
        pricing: o.pricing,
      }),
    );
  });
}

/** Builds a new Session with a fresh id (unless given), status "active" by default, and created_at now. Throws a ValidationError on a bad argument. */
export function createSession(
  o: { readonly id?: string | undefined; readonly status?: S.Session["status"] | undefined; readonly metadata?: Metadata | undefined } = {},
): S.Session {
  return withArguments(SESSION, "Session", [o], () => {
    return strictly(v.validateSession, compact({ id: o.id ?? id(), created_at: now(), status: o.status ?? "active", metadata: o.metadata }));
  });
}

/** The same session with a new status and `updated_at` set to now. */
export function updateSession(session: S.Session, o: { readonly status?: S.Session["status"] | undefined; readonly metadata?: Metadata | undefined }): S.Session {
  return withArguments(UPDATE_SESSION, "Session", [session, o], () => {
    return strictly(v.validateSession, compact({ ...session, status: o.status ?? session.status, metadata: o.metadata ?? session.metadata, updated_at: now() }));
  });
}

/** Bytes for a binary artifact: encoded to the A2A Protocol JSON Specification's `base64:` form. */
export type ArtifactBytes = Uint8Array | ArrayBuffer;

/** What `createArtifact` takes: type, data, and optional id, name and description. */
export interface ArtifactOptions {
  /** The artifact id; defaults to a new UUID. */
  readonly id?: string | undefined;
  /** MIME type or custom type. */
  readonly type: string;
  /**
   * The content: a string for text/*, any JSON value for application/json, an
   * absolute URL for url/reference; for binary types (image/*, audio/*, video/*,
   * application/octet-stream, application/pdf) bytes, which are encoded to
   * `base64:<Base64>`, or a string already in that form.
   */
  readonly data: unknown;
  /** A display name, e.g. a file name. */
  readonly name?: string | undefined;
  /** What the artifact is. */
  readonly description?: string | undefined;
}

/** Builds an Artifact (A2A Protocol JSON Specification, §Artifact); bytes are encoded to the `base64:` form. Throws a ValidationError on a bad argument. */
export function createArtifact(o: ArtifactOptions): S.Artifact {
  return withArguments(ARTIFACT, "Artifact", [o], () => {
    let data = o.data;
    if (data instanceof Uint8Array || data instanceof ArrayBuffer) {
      const kind = artifactKind(o.type);
      if (kind !== "binary") {
        throw new ValidationError("Artifact", [
          makeIssue(["data"], "type", `bytes are only for binary types (image/*, audio/*, video/*, application/octet-stream, application/pdf), not ${JSON.stringify(o.type)}`),
        ]);
      }
      data = BASE64_PREFIX + encodeBase64(data instanceof Uint8Array ? data : new Uint8Array(data));
    }
    return strictly(v.validateArtifact, compact({ id: o.id ?? id(), type: o.type, data, name: o.name, description: o.description }));
  });
}

/** What `createMessage` takes: role, content, and optional id, reply target, metadata and artifacts. */
export interface MessageOptions {
  /** The message id; defaults to a new UUID. */
  readonly id?: string | undefined;
  /** Who sent it: user, agent or system. */
  readonly role: S.Message["role"];
  /** The message text. */
  readonly content: string;
  /** The message this answers, or its id. */
  readonly inReplyTo?:
    | string
    | {
        /** The id of the message this answers. */
        readonly id: string;
      }
    | undefined;
  /** Free-form extra information. */
  readonly metadata?: Metadata | undefined;
  /** Artifacts attached to the message. */
  readonly artifacts?: readonly S.Artifact[] | undefined;
}

function replyId(r: string | { readonly id: string } | undefined): string | undefined {
  return r === undefined || typeof r === "string" ? r : r.id;
}

/** Builds a Message (A2A Protocol JSON Specification, §Message) with a fresh id (unless given) and created_at now. Throws a ValidationError on a bad argument. */
export function createMessage(o: MessageOptions): S.Message {
  return withArguments(MESSAGE, "Message", [o], () => {
    return strictly(
      v.validateMessage,
      compact({
        id: o.id ?? id(),
        role: o.role,
        content: o.content,
        created_at: now(),
        in_reply_to: replyId(o.inReplyTo),
        metadata: o.metadata,
        artifacts: o.artifacts === undefined ? undefined : listCopy(o.artifacts),
      }),
    );
  });
}

/** What a server stores for a received SendMessageRequest: the same fields plus an id and created_at. */
export function createMessageFromRequest(request: S.SendMessageRequest, o: { readonly id?: string | undefined } = {}): S.Message {
  return withArguments(MESSAGE_FROM_REQUEST, "Message", [request, o], () => {
    return strictly(v.validateMessage, compact({ ...request, id: o.id ?? id(), created_at: now() }));
  });
}

/** Builds the body of POST /sessions (§Create Session Request). Throws a ValidationError on a bad argument. */
export function createCreateSessionRequest(o: { readonly metadata?: Metadata | undefined } = {}): S.CreateSessionRequest {
  return withArguments(CREATE_SESSION_REQUEST, "CreateSessionRequest", [o], () => {
    return strictly(v.validateCreateSessionRequest, compact({ metadata: o.metadata }));
  });
}

/** Builds the body `{ session }` of a successful POST /sessions (§Create Session Response). Throws a ValidationError on a bad argument. */
export function createCreateSessionResponse(session: S.Session): S.CreateSessionResponse {
  return withArguments(CREATE_SESSION_RESPONSE, "CreateSessionResponse", [session], () => {
    return strictly(v.validateCreateSessionResponse, { session });
  });
}

/** Builds the body of POST /sessions/{sessionId}/messages (§Send Message Request). Throws a ValidationError on a bad argument. */
export function createSendMessageRequest(o: {
  /** Defaults to "user"; only user and system may send (A2A Protocol JSON Specification, §Send Message Request). */
  readonly role?: S.SendMessageRequest["role"] | undefined;
  readonly content: string;
  readonly inReplyTo?: string | { readonly id: string } | undefined;
  readonly metadata?: Metadata | undefined;
  readonly artifacts?: readonly S.Artifact[] | undefined;
}): S.SendMessageRequest {
  return withArguments(SEND_MESSAGE_REQUEST, "SendMessageRequest", [o], () => {
    return strictly(
      v.validateSendMessageRequest,
      compact({
        role: o.role ?? "user",
        content: o.content,
        in_reply_to: replyId(o.inReplyTo),
        metadata: o.metadata,
        artifacts: o.artifacts === undefined ? undefined : listCopy(o.artifacts),
      }),
    );
  });
}

/** Builds the body `{ message }` of a successful POST /sessions/{sessionId}/messages (§Send Message Response). Throws a ValidationError on a bad argument. */
export function createSendMessageResponse(message: S.Message): S.SendMessageResponse {
  return withArguments(SEND_MESSAGE_RESPONSE, "SendMessageResponse", [message], () => {
    return strictly(v.validateSendMessageResponse, { message });
  });
}

/** Builds the body of GET /sessions/{sessionId}/messages: the messages and optional paging cursors. Throws a ValidationError on a bad argument. */
export function createGetSessionMessagesResponse(o: {
  readonly messages: readonly S.Message[];
  readonly nextCursor?: string | undefined;
  readonly prevCursor?: string | undefined;
}): S.GetSessionMessagesResponse {
  return withArguments(SESSION_MESSAGES, "GetSessionMessagesResponse", [o], () => {
    const pagination = compact({ next_cursor: o.nextCursor, prev_cursor: o.prevCursor });
    return strictly(
      v.validateGetSessionMessagesResponse,
      compact({ messages: listCopy(o.messages), pagination: Object.keys(pagination).length > 0 ? pagination : undefined }),
    );
  });
}

/** Builds an ErrorResponse body (A2A Protocol JSON Specification, §Error Response): code, message and optional details. Throws a ValidationError on a bad argument. */
export function createErrorResponse(o: { readonly code: string; readonly message: string; readonly details?: Metadata | undefined }): S.ErrorResponse {
  return withArguments(ERROR_RESPONSE, "ErrorResponse", [o], () => {
    return strictly(v.validateErrorResponse, { error: compact({ code: o.code, message: o.message, details: o.details }) });
  });
}
