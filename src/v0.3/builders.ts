/**
 * Builders for the v0.3 shapes people write by hand. Each checks its arguments first (a missing,
 * unknown or misplaced one is reported by the name the caller writes, src/core/arguments.ts), and
 * its output in strict mode before it is returned (so it is valid in both modes): a bad argument
 * throws a ValidationError naming the argument, never yields an invalid document. The `kind`
 * discriminators are filled in. An optional option given as `undefined` is the same as leaving it
 * out. An id, where a builder takes one, is its last argument (or a member of its last).
 */
import { buildJsonRpcResponse } from "../core/jsonrpc-response-builder.js";
import { arg, required, withArguments, type ArgumentSpec, type BuilderSpec, type ParamSpec } from "../core/arguments.js";
import { describeValue, makeIssue } from "../core/issue.js";
import { argumentMessages } from "../core/messages.js";
import { compact, ValidationError, type UndefinedOptional } from "../core/validator.js";
import { AGENT_CARD_ARGUMENTS } from "./agent-card-arguments.js";
import type * as T from "../generated/v0.3/types.js";
import { validateAgentCard, validateDataPart, validateFilePart, validateMessage, validateTask, validateTaskArtifactUpdateEvent, validateTaskStatusUpdateEvent, validateTextPart } from "../generated/v0.3/api.js";
import { toBase64 } from "../core/bytes.js";
import { validateJsonRpcRequest, validateJsonRpcResponse, type JsonRpcError, type JsonRpcFailure, type JsonRpcId, type JsonRpcRequest, type JsonRpcSuccess, type RpcName, type RpcRequest, type RpcResult } from "./jsonrpc.js";
import type { V03Validator } from "./validators.js";

// Each builder names its own validator, so a bundler keeps only the validators of the builders used.
function checked<D, S>(validate: V03Validator<D, S>, value: unknown): S {
  const r = validate(value, { mode: "strict" });
  if (!r.ok) throw new ValidationError(validate.typeName, r.issues);
  return r.value;
}

/** Free-form metadata (a JSON object). */
export type Metadata = { [key: string]: unknown };

/** Optional fields of every part. */
export interface PartOptions {
  /** Free-form metadata of the part. */
  metadata?: Metadata | undefined;
}

const partOptions: ParamSpec = { name: "options", members: [arg("metadata")] };
const TEXT_PART: BuilderSpec = { name: "createTextPart", params: [required("text"), partOptions] };
const DATA_PART: BuilderSpec = { name: "createDataPart", params: [required("data"), partOptions] };

/** A text part `{ kind: "text", text }` (A2A v0.3.0 specification, section 6.5.1). Throws a ValidationError naming the argument on a bad one. */
export function createTextPart(text: string, options: PartOptions = {}): T.TextPart {
  return withArguments(TEXT_PART, "TextPart", [text, options], () => checked(validateTextPart, compact({ kind: "text", text, ...options })));
}

/** A data part `{ kind: "data", data }` (section 6.5.3); `data` is a JSON object. */
export function createDataPart(data: Metadata, options: PartOptions = {}): T.DataPart {
  return withArguments(DATA_PART, "DataPart", [data, options], () => checked(validateDataPart, compact({ kind: "data", data, ...options })));
}

/** By reference or by value, never both (the other member may be left out or given as undefined). */
export type FileSource =
  | {
      /** Where the file is: by reference (FileWithUri.uri). */
      uri: string;
      /** Absent (or undefined) with `uri`. */
      bytes?: undefined;
    }
  | {
      /** The file's bytes: by value (FileWithBytes.bytes, Base64). */
      bytes: Uint8Array;
      /** Absent (or undefined) with `bytes`. */
      uri?: undefined;
    };

/** Optional fields of a file part. */
export interface FilePartOptions extends PartOptions {
  /** The MIME type of the file, e.g. `application/pdf`. */
  mimeType?: string | undefined;
  /** A name for the file, e.g. `report.pdf`. */
  name?: string | undefined;
}

const FILE_PART: BuilderSpec = {
  name: "createFilePart",
  params: [
    { name: "source", required: true, members: [arg("uri", ["file", "uri"]), arg("bytes", ["file", "bytes"])], exactlyOne: ["uri", "bytes"] },
    { name: "options", members: [arg("mimeType", ["file", "mimeType"]), arg("name", ["file", "name"]), arg("metadata")] },
  ],
};

/** A file part (section 6.5.2) by reference (`uri`) or by value (`bytes`, sent as Base64). Throws a ValidationError naming the argument on a bad one. */
export function createFilePart(source: FileSource, options: FilePartOptions = {}): T.FilePart {
  return withArguments(FILE_PART, "FilePart", [source, options], () => {
    const bytes = (source as { bytes?: unknown }).bytes;
    // Only real bytes are encoded: an object claiming a length of 2^32 would loop for minutes.
    if (source.uri === undefined && !(bytes instanceof Uint8Array)) {
      const got = describeValue(bytes);
      throw new ValidationError("FilePart", [makeIssue(["bytes"], "type", argumentMessages.wrongType("createFilePart", "bytes", "a Uint8Array", got), { expected: "a Uint8Array", received: got })]);
    }
    const { mimeType, name, metadata } = options;
    const file = compact({ ...(source.uri !== undefined ? { uri: source.uri } : { bytes: toBase64(bytes as Uint8Array) }), mimeType, name });
    return checked(validateFilePart, compact({ kind: "file", file, metadata }));
  });
}

/** What `createMessage` takes: role and parts, and the optional fields of a v0.3 Message. */
export interface MessageInit {
  /** Who sends it: "user" (the client) or "agent". */
  role: "user" | "agent";
  /** The content. */
  parts: T.Part[];
  /** Defaults to `crypto.randomUUID()`. */
  messageId?: string | undefined;
  /** The context (conversation) the message belongs to. */
  contextId?: string | undefined;
  /** The task the message belongs to. */
  taskId?: string | undefined;
  /** Free-form metadata. */
  metadata?: Metadata | undefined;
  /** URIs of the extensions the message uses. */
  extensions?: string[] | undefined;
  /** Ids of tasks the message refers to. */
  referenceTaskIds?: string[] | undefined;
}

const MESSAGE: BuilderSpec = {
  name: "createMessage",
  params: [
    {
      name: "init",
      required: true,
      members: [required("role"), required("parts"), arg("messageId"), arg("contextId"), arg("taskId"), arg("metadata"), arg("extensions"), arg("referenceTaskIds")],
    },
  ],
};

/** A v0.3 Message (`kind: "message"`); `messageId` defaults to a new UUID. Throws a ValidationError naming the argument on a bad one. */
export function createMessage(init: MessageInit): T.Message {
  return withArguments(MESSAGE, "Message", [init], () => checked(validateMessage, compact({ kind: "message", ...init, messageId: init.messageId ?? crypto.randomUUID() })));
}

/** A task status: its state, and an optional message and timestamp. */
export interface StatusInit {
  /** The task state, e.g. "working" (section 6.3). */
  state: T.TaskState;
  /** A message that goes with the status, e.g. a question for the user. */
  message?: T.Message | undefined;
  /** Defaults to now, as ISO 8601 UTC with milliseconds. */
  timestamp?: string | undefined;
}

const status = (init: StatusInit): T.TaskStatus => compact({ state: init.state, message: init.message, timestamp: init.timestamp ?? new Date().toISOString() });

/** What `createTask` takes: the status fields, and the other fields of a v0.3 Task. */
export interface TaskInit extends StatusInit {
  /** Defaults to `crypto.randomUUID()`. */
  id?: string | undefined;
  /** The context the task belongs to (REQUIRED in v0.3; section 6.1). */
  contextId: string;
  /** Outputs of the task so far. */
  artifacts?: T.Artifact[] | undefined;
  /** The messages exchanged so far. */
  history?: T.Message[] | undefined;
  /** Free-form metadata. */
  metadata?: Metadata | undefined;
}

/** The members of a status: they land in the built value's `status`. */
const statusMembers: readonly ArgumentSpec[] = [required("state", ["status", "state"]), arg("message", ["status", "message"]), arg("timestamp", ["status", "timestamp"])];
const TASK: BuilderSpec = {
  name: "createTask",
  params: [{ name: "init", required: true, members: [...statusMembers, arg("id"), required("contextId"), arg("artifacts"), arg("history"), arg("metadata")] }],
};

/** A v0.3 Task (`kind: "task"`) with its status (timestamp defaults to now); `id` defaults to a new UUID. Throws a ValidationError naming the argument on a bad one. */
export function createTask(init: TaskInit): T.Task {
  return withArguments(TASK, "Task", [init], () => {
    const { state, message, timestamp, id, ...rest } = init;
    return checked(validateTask, compact({ kind: "task", id: id ?? crypto.randomUUID(), ...rest, status: status({ state, message, timestamp } as StatusInit) }));
  });
}

/** What `createTaskStatusUpdateEvent` takes: the task, its context, the new status and whether it is the last event. */
export interface StatusUpdateInit extends StatusInit {
  /** The id of the task whose status changed. */
  taskId: string;
  /** The context of that task. */
  contextId: string;
  /** True on the last event of the stream (section 7.2.2); defaults to false. */
  final?: boolean | undefined;
  /** Free-form metadata of the event. */
  metadata?: Metadata | undefined;
}

const STATUS_UPDATE: BuilderSpec = {
  name: "createTaskStatusUpdateEvent",
  params: [{ name: "init", required: true, members: [required("taskId"), required("contextId"), ...statusMembers, arg("final"), arg("metadata")] }],
};

/** A TaskStatusUpdateEvent (`kind: "status-update"`, section 7.2.2); `final` defaults to false. Throws a ValidationError naming the argument on a bad one. */
export function createTaskStatusUpdateEvent(init: StatusUpdateInit): T.TaskStatusUpdateEvent {
  return withArguments(STATUS_UPDATE, "TaskStatusUpdateEvent", [init], () => {
    const { state, message, timestamp, final, ...rest } = init;
    return checked(validateTaskStatusUpdateEvent, compact({ kind: "status-update", ...rest, final: final ?? false, status: status({ state, message, timestamp } as StatusInit) }));
  });
}

/** What `createTaskArtifactUpdateEvent` takes: the task, its context and the artifact (or chunk). */
export interface ArtifactUpdateInit {
  /** The id of the task the artifact belongs to. */
  taskId: string;
  /** The context of that task. */
  contextId: string;
  /** The artifact, or a chunk of it. */
  artifact: T.Artifact;
  /** True when this chunk is appended to an artifact sent before. */
  append?: boolean | undefined;
  /** True on the last chunk of the artifact. */
  lastChunk?: boolean | undefined;
  /** Free-form metadata of the event. */
  metadata?: Metadata | undefined;
}

const ARTIFACT_UPDATE: BuilderSpec = {
  name: "createTaskArtifactUpdateEvent",
  params: [{ name: "init", required: true, members: [required("taskId"), required("contextId"), required("artifact"), arg("append"), arg("lastChunk"), arg("metadata")] }],
};

/** A TaskArtifactUpdateEvent (`kind: "artifact-update"`, section 7.2.3). Throws a ValidationError naming the argument on a bad one. */
export function createTaskArtifactUpdateEvent(init: ArtifactUpdateInit): T.TaskArtifactUpdateEvent {
  return withArguments(ARTIFACT_UPDATE, "TaskArtifactUpdateEvent", [init], () => checked(validateTaskArtifactUpdateEvent, compact({ kind: "artifact-update", ...init })));
}

/** The AgentCard's fields (each optional one may be given as undefined); `capabilities` defaults to `{}`, `protocolVersion` to "0.3.0". */
export type AgentCardInit = UndefinedOptional<Omit<T.AgentCard, "capabilities" | "protocolVersion">> & {
  /** The agent's capabilities; defaults to `{}`. */
  capabilities?: T.AgentCapabilities | undefined;
  /** The A2A version the agent speaks; defaults to "0.3.0". */
  protocolVersion?: string | undefined;
};

const AGENT_CARD: BuilderSpec = { name: "createAgentCard", params: [{ name: "init", required: true, members: AGENT_CARD_ARGUMENTS }] };

/** A v0.3 agent card (section 5.5); `capabilities` defaults to `{}` and `protocolVersion` to "0.3.0". Throws a ValidationError naming the argument on a bad one. */
export function createAgentCard(init: AgentCardInit): T.AgentCard {
  return withArguments(AGENT_CARD, "AgentCard", [init], () =>
    checked(validateAgentCard, compact({ ...init, protocolVersion: init.protocolVersion ?? "0.3.0", capabilities: init.capabilities ?? {} })),
  );
}

/** The one method without params (section 7.10: `params?: never`). */
const NO_PARAMS = "agent/getAuthenticatedExtendedCard";
const RPC_REQUEST: BuilderSpec = { name: "createJsonRpcRequest", params: [required("method"), { ...required("params"), object: true }, arg("id")] };
const RPC_REQUEST_NO_PARAMS: BuilderSpec = { name: "createJsonRpcRequest", params: [required("method"), arg("params"), arg("id")] };

/**
 * A v0.3 JSON-RPC request for `method` (section 7), its params typed as that method's. `id`, the
 * last argument, defaults to a UUID; `params` is undefined for `agent/getAuthenticatedExtendedCard`
 * (and reported there if given).
 */
export function createJsonRpcRequest<N extends RpcName>(method: N, params: RpcRequest<N>, id: string | number = crypto.randomUUID()): JsonRpcRequest<N> {
  return withArguments(method === NO_PARAMS ? RPC_REQUEST_NO_PARAMS : RPC_REQUEST, "JSON-RPC request", [method, params, id], () => {
    const body = compact({ jsonrpc: "2.0" as const, id, method, params });
    const r = validateJsonRpcRequest(body, { mode: "strict" });
    if (!r.ok) throw new ValidationError(`JSON-RPC ${method} request`, r.issues);
    return body as unknown as JsonRpcRequest<N>;
  });
}

/** The outcome of a JSON-RPC call: `result` or `error`, never both. */
export type JsonRpcOutcome<N extends RpcName> =
  | {
      /** The method's result: a success response. */
      result: RpcResult<N>;
      /** Absent (or undefined) with `result`. */
      error?: undefined;
    }
  | {
      /** The error (section 8): an error response. */
      error: JsonRpcError;
      /** Absent (or undefined) with `error`. */
      result?: undefined;
    };

/**
 * A v0.3 JSON-RPC success response for `method` (its result typed as the method's), or an error
 * response, answering the request `id` (the last argument, as in createJsonRpcRequest). Exactly one
 * of `result` and `error` (`null` is a result: tasks/pushNotificationConfig/delete): both is a
 * compile error, and a run-time error.
 */
export function createJsonRpcResponse<N extends RpcName>(method: N, outcome: { result: RpcResult<N>; error?: undefined }, id: JsonRpcId): JsonRpcSuccess<N>;
export function createJsonRpcResponse<N extends RpcName>(method: N, outcome: { error: JsonRpcError; result?: undefined }, id: JsonRpcId): JsonRpcFailure;
export function createJsonRpcResponse<N extends RpcName>(method: N, outcome: JsonRpcOutcome<N>, id: JsonRpcId): JsonRpcSuccess<N> | JsonRpcFailure;
export function createJsonRpcResponse(method: RpcName, outcome: { result?: unknown; error?: JsonRpcError | undefined }, id: JsonRpcId): JsonRpcSuccess | JsonRpcFailure {
  return buildJsonRpcResponse(method, outcome, id, (m, b) => validateJsonRpcResponse(m, b, { mode: "strict" }));
}
