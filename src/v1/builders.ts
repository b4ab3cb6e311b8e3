/**
 * Builders for the v1 shapes people write by hand. Each checks its arguments first (a missing,
 * unknown or misplaced one is reported by the name the caller writes, src/core/arguments.ts), and
 * its output in strict mode before it is returned, so a bad argument throws a ValidationError naming
 * the argument, never yields an invalid message. An optional option given as `undefined` is the
 * same as leaving it out (the types say so, for callers that compile with
 * `exactOptionalPropertyTypes`). An id, where a builder takes one, is its last argument (or a
 * member of its last, the options).
 */
import { toBase64 } from "../core/bytes.js";
import { AGENT_CARD_ARGUMENTS } from "./agent-card-arguments.js";
import { buildJsonRpcResponse } from "../core/jsonrpc-response-builder.js";
import { arg, required, withArguments, type ArgumentSpec, type BuilderSpec, type ParamSpec } from "../core/arguments.js";
import { describeValue, makeIssue } from "../core/issue.js";
import { argumentMessages } from "../core/messages.js";
import { compact, ValidationError, type UndefinedOptional } from "../core/validator.js";
import type * as T from "../generated/v1/types.js";
import type { JsonRpcError, JsonRpcId, JsonRpcFailure, JsonRpcRequest, JsonRpcSuccess, RpcName, RpcRequest, RpcResult } from "./jsonrpc.js";
import { validateJsonRpcRequest, validateJsonRpcResponse } from "./jsonrpc.js";
import { validateAgentCard, validateMessage, validatePart, validateTask, validateTaskArtifactUpdateEvent, validateTaskStatusUpdateEvent } from "../generated/v1/api.js";
import type { TypeOf, V1Validator } from "./validators.js";
import type { MessageName } from "../generated/v1/meta.js";

// Each builder names its own validator, so a bundler keeps only the validators of the builders used.
function checked<K extends MessageName>(validate: V1Validator<K>, value: unknown): TypeOf<K> {
  const r = validate(value);
  if (!r.ok) throw new ValidationError(validate.typeName, r.issues);
  return r.value;
}

/** Optional fields of a Part made by createTextPart, createDataPart or createFilePart. */
export interface PartOptions {
  /** The media type of the content, e.g. `text/plain` (Part.mediaType). */
  mediaType?: string | undefined;
  /** A file name for the content (Part.filename). */
  filename?: string | undefined;
  /** Free-form metadata of the part (Part.metadata). */
  metadata?: T.Struct | undefined;
}

const partOptions: ParamSpec = { name: "options", members: [arg("mediaType"), arg("filename"), arg("metadata")] };
const TEXT_PART: BuilderSpec = { name: "createTextPart", params: [required("text"), partOptions] };
const DATA_PART: BuilderSpec = { name: "createDataPart", params: [required("data"), partOptions] };
const FILE_PART: BuilderSpec = {
  name: "createFilePart",
  params: [{ name: "source", required: true, members: [arg("url"), arg("bytes", ["raw"])], exactlyOne: ["url", "bytes"] }, partOptions],
};

/** A text part (A2A v1.0 Part with `text`). Throws a ValidationError naming the argument on a bad one. */
export function createTextPart(text: string, options: PartOptions = {}): T.Part {
  return withArguments(TEXT_PART, "Part", [text, options], () => {
    return checked(validatePart, compact({ text, ...options }));
  });
}

/** A data part; `mediaType` defaults to `application/json` (also when given as undefined). */
export function createDataPart(data: unknown, options: PartOptions = {}): T.Part {
  return withArguments(DATA_PART, "Part", [data, options], () => {
    return checked(validatePart, compact({ data, mediaType: "application/json", ...compact(options) }));
  });
}

export { toBase64 } from "../core/bytes.js";

/** By reference or by value, never both (the other member may be left out or given as undefined). */
export type FileSource =
  | {
      /** Where the file is: by reference (Part.url). */
      url: string;
      /** Absent (or undefined) with `url`. */
      bytes?: undefined;
    }
  | {
      /** The file's bytes: by value (Part.raw, Base64). */
      bytes: Uint8Array;
      /** Absent (or undefined) with `bytes`. */
      url?: undefined;
    };

/** A file part by reference (`url`) or by value (`bytes`, sent as Base64 `raw`). */
export function createFilePart(source: FileSource, options: PartOptions = {}): T.Part {
  return withArguments(FILE_PART, "Part", [source, options], () => {
    const bytes = (source as { bytes?: unknown }).bytes;
    // Only real bytes are encoded: an object claiming a length of 2^32 would loop for minutes.
    if (source.url === undefined && !(bytes instanceof Uint8Array)) {
      const got = describeValue(bytes);
      throw new ValidationError("Part", [makeIssue(["bytes"], "type", argumentMessages.wrongType("createFilePart", "bytes", "a Uint8Array", got), { expected: "a Uint8Array", received: got })]);
    }
    const content = source.url !== undefined ? { url: source.url } : { raw: toBase64(bytes as Uint8Array) };
    return checked(validatePart, compact({ ...content, ...options }));
  });
}

/** What `createMessage` takes: role and parts, and the optional fields of a v1 Message. */
export interface MessageInit {
  /** Who sends it: ROLE_USER (the client) or ROLE_AGENT. */
  role: "ROLE_USER" | "ROLE_AGENT";
  /** The content; at least one part (REQUIRED arrays are non-empty). */
  parts: T.Part[];
  /** Defaults to `crypto.randomUUID()`. */
  messageId?: string | undefined;
  /** The context (conversation) the message belongs to. */
  contextId?: string | undefined;
  /** The task the message belongs to. */
  taskId?: string | undefined;
  /** Free-form metadata. */
  metadata?: T.Struct | undefined;
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

/** A v1 Message; `messageId` defaults to a new UUID. Throws a ValidationError naming the argument on a bad one. */
export function createMessage(init: MessageInit): T.Message {
  return withArguments(MESSAGE, "Message", [init], () => {
    return checked(validateMessage, compact({ ...init, messageId: init.messageId ?? crypto.randomUUID() }));
  });
}

/** A task status: its state, and an optional message and timestamp. */
export interface StatusInit {
  /** The task state (any but TASK_STATE_UNSPECIFIED). */
  state: Exclude<T.TaskState, "TASK_STATE_UNSPECIFIED">;
  /** A message that goes with the status, e.g. a question for the user. */
  message?: T.Message | undefined;
  /** Defaults to now, as RFC 3339 UTC with milliseconds. */
  timestamp?: string | undefined;
}

function status(init: StatusInit): T.TaskStatus {
  return compact({ state: init.state, message: init.message, timestamp: init.timestamp ?? new Date().toISOString() });
}

/** What `createTask` takes: the status fields, and the optional fields of a v1 Task. */
export interface TaskInit extends StatusInit {
  /** Defaults to `crypto.randomUUID()`. */
  id?: string | undefined;
  /** Optional in A2A v1.0 (REQUIRED in revision 2026-02-17). */
  contextId?: string | undefined;
  /** Outputs of the task so far. */
  artifacts?: T.Artifact[] | undefined;
  /** The messages exchanged so far. */
  history?: T.Message[] | undefined;
  /** Free-form metadata. */
  metadata?: T.Struct | undefined;
}

/** The members of a status: they land in the built value's `status`. */
const statusMembers: readonly ArgumentSpec[] = [required("state", ["status", "state"]), arg("message", ["status", "message"]), arg("timestamp", ["status", "timestamp"])];
const TASK: BuilderSpec = {
  name: "createTask",
  params: [{ name: "init", required: true, members: [...statusMembers, arg("id"), arg("contextId"), arg("artifacts"), arg("history"), arg("metadata")] }],
};

/** A v1 Task with its status (timestamp defaults to now); `id` defaults to a new UUID. Throws a ValidationError naming the argument on a bad one. */
export function createTask(init: TaskInit): T.Task {
  return withArguments(TASK, "Task", [init], () => {
    const { state, message, timestamp, id, ...rest } = init;
    return checked(validateTask, compact({ id: id ?? crypto.randomUUID(), ...rest, status: status({ state, message, timestamp } as StatusInit) }));
  });
}

/** What `createTaskStatusUpdateEvent` takes: the task, its context and the new status. */
export interface StatusUpdateInit extends StatusInit {
  /** The id of the task whose status changed. */
  taskId: string;
  /** The context of that task. */
  contextId: string;
  /** Free-form metadata of the event. */
  metadata?: T.Struct | undefined;
}

const STATUS_UPDATE: BuilderSpec = {
  name: "createTaskStatusUpdateEvent",
  params: [{ name: "init", required: true, members: [required("taskId"), required("contextId"), ...statusMembers, arg("metadata")] }],
};

/** A TaskStatusUpdateEvent (a streaming or push update of a task's status). Throws a ValidationError naming the argument on a bad one. */
export function createTaskStatusUpdateEvent(init: StatusUpdateInit): T.TaskStatusUpdateEvent {
  return withArguments(STATUS_UPDATE, "TaskStatusUpdateEvent", [init], () => {
    const { state, message, timestamp, ...rest } = init;
    return checked(validateTaskStatusUpdateEvent, compact({ ...rest, status: status({ state, message, timestamp } as StatusInit) }));
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
  metadata?: T.Struct | undefined;
}

const ARTIFACT_UPDATE: BuilderSpec = {
  name: "createTaskArtifactUpdateEvent",
  params: [{ name: "init", required: true, members: [required("taskId"), required("contextId"), required("artifact"), arg("append"), arg("lastChunk"), arg("metadata")] }],
};

/** A TaskArtifactUpdateEvent (a streaming or push delivery of an artifact or chunk). Throws a ValidationError naming the argument on a bad one. */
export function createTaskArtifactUpdateEvent(init: ArtifactUpdateInit): T.TaskArtifactUpdateEvent {
  return withArguments(ARTIFACT_UPDATE, "TaskArtifactUpdateEvent", [init], () => {
    return checked(validateTaskArtifactUpdateEvent, compact({ ...init }));
  });
}

const AGENT_CARD: BuilderSpec = { name: "createAgentCard", params: [{ name: "init", required: true, members: AGENT_CARD_ARGUMENTS }] };

/** The AgentCard's fields (each optional one may be given as undefined), `capabilities` optional. */
export type AgentCardInit = UndefinedOptional<Omit<T.AgentCard, "capabilities">> & {
  /** The agent's capabilities; defaults to `{}`. */
  capabilities?: T.AgentCapabilities | undefined;
};

/**
 * An agent card; `capabilities` defaults to `{}`. `skills` is REQUIRED and must hold at least one
 * skill (A2A v1.0 specification, section 5.7: REQUIRED arrays are non-empty).
 */
export function createAgentCard(init: AgentCardInit): T.AgentCard {
  return withArguments(AGENT_CARD, "AgentCard", [init], () => {
    return checked(validateAgentCard, compact({ ...init, capabilities: init.capabilities ?? {} }));
  });
}

const RPC_REQUEST: BuilderSpec = { name: "createJsonRpcRequest", params: [required("method"), { ...required("params"), object: true }, arg("id")] };

/** A JSON-RPC request for `method`, its params typed as that RPC's request message. `id`, the last argument, defaults to a UUID. */
export function createJsonRpcRequest<N extends RpcName>(method: N, params: RpcRequest<N>, id: JsonRpcId = crypto.randomUUID()): JsonRpcRequest<N> {
  return withArguments(RPC_REQUEST, "JSON-RPC request", [method, params, id], () => {
    const body = { jsonrpc: "2.0" as const, id, method, params };
    const r = validateJsonRpcRequest(body);
    if (!r.ok) throw new ValidationError(`JSON-RPC ${method} request`, r.issues);
    return body as unknown as JsonRpcRequest<N>;
  });
}

/** The outcome of a JSON-RPC call: `result` or `error`, never both (the other may be left out or given as undefined). */
export type JsonRpcOutcome<N extends RpcName> =
  | {
      /** The RPC's response: a success response. */
      result: RpcResult<N>;
      /** Absent (or undefined) with `result`. */
      error?: undefined;
    }
  | {
      /** The error: an error response. */
      error: JsonRpcError;
      /** Absent (or undefined) with `error`. */
      result?: undefined;
    };

/**
 * A JSON-RPC success response for `method` (its result typed as the RPC's response), or an error
 * response, answering the request `id` (the last argument, as in createJsonRpcRequest). Exactly
 * one of `result` and `error`: both is a compile error, and a run-time error.
 */
export function createJsonRpcResponse<N extends RpcName>(method: N, outcome: { result: RpcResult<N>; error?: undefined }, id: JsonRpcId): JsonRpcSuccess<N>;
export function createJsonRpcResponse<N extends RpcName>(method: N, outcome: { error: JsonRpcError; result?: undefined }, id: JsonRpcId): JsonRpcFailure;
export function createJsonRpcResponse<N extends RpcName>(method: N, outcome: JsonRpcOutcome<N>, id: JsonRpcId): JsonRpcSuccess<N> | JsonRpcFailure;
export function createJsonRpcResponse(method: RpcName, outcome: JsonRpcOutcome<RpcName>, id: JsonRpcId): JsonRpcSuccess | JsonRpcFailure {
  return buildJsonRpcResponse(method, outcome, id, validateJsonRpcResponse);
}
