/**
 * Builders for the v1 shapes people write by hand. Each output is checked in
 * strict mode before it is returned, so a bad argument throws a ValidationError
 * naming the field, never yields an invalid message.
 */
import { makeIssue } from "../core/issue.js";
import { build as building, compact, optionsOf, ValidationError } from "../core/validator.js";
import type * as T from "../generated/v1/types.js";
import type { JsonRpcError, JsonRpcId, JsonRpcFailure, JsonRpcRequest, JsonRpcSuccess, RpcName, RpcRequest, RpcResult } from "./jsonrpc.js";
import { validateJsonRpcRequest, validateJsonRpcResponse } from "./jsonrpc.js";
import { validators, type TypeOf } from "./validators.js";
import type { MessageName } from "../generated/v1/meta.js";

function checked<K extends MessageName>(name: K, value: unknown): TypeOf<K> {
  const r = validators[name](value);
  if (!r.ok) throw new ValidationError(name, r.issues);
  return r.value;
}

export interface PartOptions {
  mediaType?: string;
  filename?: string;
  metadata?: T.Struct;
}

export function createTextPart(text: string, options: PartOptions = {}): T.Part {
  return building("Part", () => {
    return checked("Part", compact({ text, ...optionsOf("Part", options) }));
  });
}

export function createDataPart(data: unknown, options: PartOptions = {}): T.Part {
  return building("Part", () => {
    return checked("Part", compact({ data, mediaType: "application/json", ...optionsOf("Part", options) }));
  });
}

/** Standard, padded Base64 of bytes, without Buffer (works in browsers and workers). */
export function toBase64(bytes: Uint8Array): string {
  let bin = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

export type FileSource = { url: string; bytes?: never } | { bytes: Uint8Array; url?: never };

/** A file part by reference (`url`) or by value (`bytes`, sent as Base64 `raw`). */
export function createFilePart(source: FileSource, options: PartOptions = {}): T.Part {
  return building("Part", () => {
    const src = optionsOf("Part", source);
    const bytes = (src as { bytes?: unknown }).bytes;
    // Only real bytes are encoded: an object claiming a length of 2^32 would loop for minutes.
    if (!("url" in src && src.url !== undefined) && !(bytes instanceof Uint8Array)) {
      throw new ValidationError("Part", [makeIssue(["bytes"], "type", "bytes must be a Uint8Array", { expected: "a Uint8Array" })]);
    }
    const content = "url" in src && src.url !== undefined ? { url: src.url } : { raw: toBase64(bytes as Uint8Array) };
    return checked("Part", compact({ ...content, ...optionsOf("Part", options) }));
  });
}

export interface MessageInit {
  role: "ROLE_USER" | "ROLE_AGENT";
  parts: T.Part[];
  /** Defaults to `crypto.randomUUID()`. */
  messageId?: string;
  contextId?: string;
  taskId?: string;
  metadata?: T.Struct;
  extensions?: string[];
  referenceTaskIds?: string[];
}

export function createMessage(init: MessageInit): T.Message {
  return building("Message", () => {
    return checked("Message", compact({ ...optionsOf("Message", init), messageId: init.messageId ?? crypto.randomUUID() }));
  });
}

export interface StatusInit {
  state: Exclude<T.TaskState, "TASK_STATE_UNSPECIFIED">;
  message?: T.Message;
  /** Defaults to now, as RFC 3339 UTC with milliseconds. */
  timestamp?: string;
}

function status(init: StatusInit): T.TaskStatus {
  return compact({ state: init.state, message: init.message, timestamp: init.timestamp ?? new Date().toISOString() });
}

export interface TaskInit extends StatusInit {
  /** Defaults to `crypto.randomUUID()`. */
  id?: string;
  /** Optional in A2A v1.0 (REQUIRED in revision 2026-02-17). */
  contextId?: string;
  artifacts?: T.Artifact[];
  history?: T.Message[];
  metadata?: T.Struct;
}

export function createTask(init: TaskInit): T.Task {
  return building("Task", () => {
    const { state, message, timestamp, id, ...rest } = optionsOf("Task", init);
    return checked("Task", compact({ id: id ?? crypto.randomUUID(), ...rest, status: status({ state, message, timestamp } as StatusInit) }));
  });
}

export interface StatusUpdateInit extends StatusInit {
  taskId: string;
  contextId: string;
  metadata?: T.Struct;
}

export function createTaskStatusUpdateEvent(init: StatusUpdateInit): T.TaskStatusUpdateEvent {
  return building("TaskStatusUpdateEvent", () => {
    const { state, message, timestamp, ...rest } = optionsOf("TaskStatusUpdateEvent", init);
    return checked("TaskStatusUpdateEvent", compact({ ...rest, status: status({ state, message, timestamp } as StatusInit) }));
  });
}

export interface ArtifactUpdateInit {
  taskId: string;
  contextId: string;
  artifact: T.Artifact;
  append?: boolean;
  lastChunk?: boolean;
  metadata?: T.Struct;
}

export function createTaskArtifactUpdateEvent(init: ArtifactUpdateInit): T.TaskArtifactUpdateEvent {
  return building("TaskArtifactUpdateEvent", () => {
    return checked("TaskArtifactUpdateEvent", compact({ ...optionsOf("TaskArtifactUpdateEvent", init) }));
  });
}

export type AgentCardInit = Omit<T.AgentCard, "capabilities"> & {
  capabilities?: T.AgentCapabilities;
};

/**
 * An agent card; `capabilities` defaults to `{}`. `skills` is REQUIRED and must hold at least one
 * skill (A2A v1.0 specification, section 5.7: REQUIRED arrays are non-empty).
 */
export function createAgentCard(init: AgentCardInit): T.AgentCard {
  return building("AgentCard", () => {
    return checked("AgentCard", compact({ ...optionsOf("AgentCard", init), capabilities: init.capabilities ?? {} }));
  });
}

/** A JSON-RPC request for `method`, its params typed as that RPC's request message. `id` defaults to a UUID. */
export function createJsonRpcRequest<N extends RpcName>(method: N, params: RpcRequest<N>, id: JsonRpcId = crypto.randomUUID()): JsonRpcRequest<N> {
  return building("JSON-RPC request", () => {
    const body = { jsonrpc: "2.0" as const, id, method, params };
    const r = validateJsonRpcRequest(body);
    if (!r.ok) throw new ValidationError(`JSON-RPC ${method} request`, r.issues);
    return body as unknown as JsonRpcRequest<N>;
  });
}

/** A JSON-RPC success response for `method` (its result typed as the RPC's response), or an error response. */
export function createJsonRpcResponse<N extends RpcName>(method: N, id: JsonRpcId, outcome: { result: RpcResult<N> }): JsonRpcSuccess<N>;
export function createJsonRpcResponse<N extends RpcName>(method: N, id: JsonRpcId, outcome: { error: JsonRpcError }): JsonRpcFailure;
export function createJsonRpcResponse(method: RpcName, id: JsonRpcId, outcome: { result: unknown } | { error: JsonRpcError }): JsonRpcSuccess | JsonRpcFailure {
  return building("JSON-RPC response", () => {
    const body = "error" in outcome ? { jsonrpc: "2.0" as const, id, error: compact({ ...optionsOf("JSON-RPC error", outcome.error) }) } : { jsonrpc: "2.0" as const, id, result: outcome.result };
    const r = validateJsonRpcResponse(method, body);
    if (!r.ok) throw new ValidationError(`JSON-RPC ${method} response`, r.issues);
    return body as JsonRpcSuccess | JsonRpcFailure;
  });
}
