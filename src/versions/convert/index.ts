/**
 * `toV1` and `toV03`: conversion between A2A v0.3 and v1.0 as the official SDKs' compat layers do
 * it, for every object, request and response of both bindings and for agent cards. The input is
 * validated in its own version first (bad input gets that validator's issues), the output in the
 * target version; every step that loses something is a warning (code `lossy`) at the input path
 * of what was lost. The input is never changed: the output shares no object with it.
 */
import { neverThrows, unreadableResult } from "../../core/guard.js";
import { makeIssue, type ValidationIssue } from "../../core/issue.js";
import { capIssues } from "../../core/validator.js";
import type { ValidationResult } from "../../core/result.js";
import type * as V03 from "../../generated/v0.3/types.js";
import type * as V1 from "../../generated/v1/types.js";
import type { JsonRpcError, JsonRpcRequest, JsonRpcResponse } from "../../v1/jsonrpc.js";
import { CARD_TYPES } from "./card.js";
import { checkV03, checkV1, toV03Method } from "./check.js";
import { Ctx, isObj, type Obj } from "./context.js";
import { errorToV03, errorToV1, requestEnvelope, responseEnvelope, type Convert } from "./jsonrpc.js";
import { SAY } from "./messages.js";
import { artifactToV03, artifactToV1, messageToV03, messageToV1, partToV03, partToV1 } from "./parts.js";
import { REQUEST_TYPES } from "./requests.js";
import { METHOD_TO_V03, METHOD_TO_V1, REQUEST_OF, RESPONSE_OF } from "./tables.js";
import { TASK_TYPES } from "./tasks.js";

/** The object converters, by v1.0 message name: [to v1.0, to v0.3]. */
const OBJECTS: Readonly<Record<string, readonly [Convert, Convert]>> = {
  Message: [messageToV1, messageToV03],
  Part: [partToV1, partToV03],
  Artifact: [artifactToV1, artifactToV03],
  ...TASK_TYPES,
  ...REQUEST_TYPES,
  ...CARD_TYPES,
};

/** The v1.0 message names `toV1`/`toV03` convert (a v0.3 document is named by its v1.0 counterpart: MessageSendParams is "SendMessageRequest"). */
export type ConvertObjectType =
  | "Message"
  | "Part"
  | "Artifact"
  | "Task"
  | "TaskStatus"
  | "TaskStatusUpdateEvent"
  | "TaskArtifactUpdateEvent"
  | "StreamResponse"
  | "SendMessageResponse"
  | "SendMessageRequest"
  | "GetTaskRequest"
  | "CancelTaskRequest"
  | "SubscribeToTaskRequest"
  | "TaskPushNotificationConfig"
  | "GetTaskPushNotificationConfigRequest"
  | "DeleteTaskPushNotificationConfigRequest"
  | "ListTaskPushNotificationConfigsRequest"
  | "ListTaskPushNotificationConfigsResponse"
  | "GetExtendedAgentCardRequest"
  | "AgentCard"
  | "SecurityScheme";

/** What a document is: an object type, or a JSON-RPC envelope (a request names its method; a response needs `method`). */
export type ConvertType = ConvertObjectType | "JsonRpcRequest" | "JsonRpcResponse" | "JsonRpcError";

/** Every type `toV1` and `toV03` accept. */
export const CONVERT_TYPES: readonly ConvertType[] = /* @__PURE__ */ [...Object.keys(OBJECTS), "JsonRpcRequest", "JsonRpcResponse", "JsonRpcError"] as ConvertType[];

/** How to read the input. */
export interface ConvertOptions {
  /** What the document is; detected when absent (cards, messages, tasks, events and JSON-RPC envelopes), required for the other types. */
  readonly type?: ConvertType;
  /** For a JSON-RPC response: the method of its request, in either version (`"message/send"` or `"SendMessage"`). */
  readonly method?: string;
}

/** The v0.3 `kind`s and what they are. */
const KIND_TYPE: Readonly<Record<string, ConvertType>> = { message: "Message", task: "Task", "status-update": "TaskStatusUpdateEvent", "artifact-update": "TaskArtifactUpdateEvent" };

/** A v0.3 document's type when it says so itself. */
function detectV03(d: unknown): ConvertType | undefined {
  if (!isObj(d)) return undefined;
  if ("jsonrpc" in d) return "method" in d ? "JsonRpcRequest" : "JsonRpcResponse";
  if (typeof d.kind === "string") return KIND_TYPE[d.kind];
  if ("url" in d && "skills" in d) return "AgentCard";
  return undefined;
}

/** A v1.0 document's type when its members say so. */
function detectV1(d: unknown): ConvertType | undefined {
  if (!isObj(d)) return undefined;
  if ("jsonrpc" in d) return "method" in d ? "JsonRpcRequest" : "JsonRpcResponse";
  if ("supportedInterfaces" in d) return "AgentCard";
  const k = Object.keys(d);
  if (k.length === 1 && (k[0] === "task" || k[0] === "message" || k[0] === "statusUpdate" || k[0] === "artifactUpdate")) return "StreamResponse";
  if ("messageId" in d && "role" in d) return "Message";
  if ("status" in d && "id" in d) return "Task";
  if ("status" in d && "taskId" in d) return "TaskStatusUpdateEvent";
  if ("artifact" in d && "taskId" in d) return "TaskArtifactUpdateEvent";
  return undefined;
}

const problem = (path: (string | number)[], code: ValidationIssue["code"], message: string): ValidationResult<never> => ({ ok: false, issues: [makeIssue(path, code, message)] });

/** Converts a validated document; `up` is the direction (to v1.0). The JSON-RPC envelopes map their method first. */
function convert(doc: unknown, type: ConvertType, up: boolean, method: string | undefined, ctx: Ctx): unknown {
  const d = doc as Obj;
  const err = up ? errorToV1 : errorToV03;
  switch (type) {
    case "JsonRpcError":
      return err(d, null, ctx);
    case "JsonRpcRequest": {
      const m = d.method as string;
      const v1 = up ? METHOD_TO_V1[m]! : m;
      // v0.3's agent/getAuthenticatedExtendedCard has no params (v0.3 specification, section 7.10).
      const conv = !up && v1 === "GetExtendedAgentCard" ? undefined : OBJECTS[REQUEST_OF[v1]!]![up ? 0 : 1];
      return requestEnvelope(d, null, ctx, up ? v1 : METHOD_TO_V03[m]!, conv);
    }
    case "JsonRpcResponse": {
      const v1 = METHOD_TO_V1[method!] ?? method!;
      const res = RESPONSE_OF[v1]!;
      // Delete answers null in v0.3 and Empty ({}) in v1.0.
      const result: Convert = res === "Empty" ? () => (up ? {} : null) : OBJECTS[res]![up ? 0 : 1];
      return responseEnvelope(d, null, ctx, result, err);
    }
    default:
      return OBJECTS[type]![up ? 0 : 1](d, null, ctx);
  }
}

/** Says what stands in the way of converting `doc` as `type`, if anything (an unknown type, a method with no counterpart). */
function precheck(doc: unknown, type: ConvertType | undefined, up: boolean, method: string | undefined): ValidationResult<never> | undefined {
  if (type === undefined) return problem([], "required", SAY.noType);
  if (!(CONVERT_TYPES as readonly string[]).includes(type)) return problem([], "enum", SAY.unknownType(String(type)));
  if (type === "JsonRpcResponse") {
    if (method === undefined) return problem([], "required", SAY.needMethod);
    if (METHOD_TO_V1[method] === undefined && METHOD_TO_V03[method] === undefined) return method === "ListTasks" ? problem([], "unsupported", SAY.noMethod) : problem([], "enum", SAY.unknownMethod(method));
  }
  if (type === "JsonRpcRequest" && isObj(doc) && !up && doc.method === "ListTasks") return problem(["method"], "unsupported", SAY.noMethod);
  return undefined;
}

/** Runs one conversion: precheck, the source check, the conversion, the target check. */
function run(doc: unknown, options: ConvertOptions | undefined, up: boolean): ValidationResult<unknown> {
  const type = options?.type ?? (up ? detectV03(doc) : detectV1(doc));
  const method = options?.method;
  const stop = precheck(doc, type, up, method);
  if (stop !== undefined) return stop;
  const t = type!;
  const source = up ? checkV03(t, doc, method === undefined ? undefined : toV03Method(method)) : checkV1(t, doc, method === undefined ? undefined : (METHOD_TO_V1[method] ?? method));
  // A list of documents gives each element's issues: capped like every validator's list.
  if (!source.ok) return { ok: false, issues: capIssues([...source.issues]) };
  const ctx = new Ctx();
  const out = convert(doc, t, up, method, ctx);
  const target = up ? checkV1(t, out, method === undefined ? undefined : (METHOD_TO_V1[method] ?? method)) : checkV03(t, out, method === undefined ? undefined : toV03Method(method));
  const warnings = target.ok && target.warnings !== undefined ? [...ctx.warnings, ...target.warnings] : ctx.warnings;
  if (!target.ok) return { ok: false, issues: capIssues([...ctx.warnings, ...target.issues.map((i) => ({ ...i, hint: i.hint ?? (up ? SAY.inV1Output : SAY.inV03Output) }))]) };
  return warnings.length > 0 ? { ok: true, value: out, warnings: capIssues([...warnings]) } : { ok: true, value: out };
}

/** The v0.3 type of each convertible document, by the name `toV1`/`toV03` know it as. */
export interface V03Types {
  /** A v0.3 Message (`kind: "message"`). */
  Message: V03.Message;
  /** A v0.3 Part (`kind`-discriminated). */
  Part: V03.Part;
  /** A v0.3 Artifact. */
  Artifact: V03.Artifact;
  /** A v0.3 Task (`kind: "task"`). */
  Task: V03.Task;
  /** A v0.3 TaskStatus. */
  TaskStatus: V03.TaskStatus;
  /** A v0.3 status update (`kind: "status-update"`, with `final`). */
  TaskStatusUpdateEvent: V03.TaskStatusUpdateEvent;
  /** A v0.3 artifact update (`kind: "artifact-update"`). */
  TaskArtifactUpdateEvent: V03.TaskArtifactUpdateEvent;
  /** One v0.3 streaming result: a Message, Task or update, by `kind`. */
  StreamResponse: V03.Message | V03.Task | V03.TaskStatusUpdateEvent | V03.TaskArtifactUpdateEvent;
  /** A v0.3 message/send result: a Message or a Task. */
  SendMessageResponse: V03.Message | V03.Task;
  /** v0.3 MessageSendParams. */
  SendMessageRequest: V03.MessageSendParams;
  /** v0.3 TaskQueryParams. */
  GetTaskRequest: V03.TaskQueryParams;
  /** v0.3 TaskIdParams (tasks/cancel). */
  CancelTaskRequest: V03.TaskIdParams;
  /** v0.3 TaskIdParams (tasks/resubscribe). */
  SubscribeToTaskRequest: V03.TaskIdParams;
  /** v0.3 TaskPushNotificationConfig (the nested form). */
  TaskPushNotificationConfig: V03.TaskPushNotificationConfig;
  /** v0.3 GetTaskPushNotificationConfigParams. */
  GetTaskPushNotificationConfigRequest: V03.GetTaskPushNotificationConfigParams;
  /** v0.3 DeleteTaskPushNotificationConfigParams. */
  DeleteTaskPushNotificationConfigRequest: V03.DeleteTaskPushNotificationConfigParams;
  /** v0.3 ListTaskPushNotificationConfigParams. */
  ListTaskPushNotificationConfigsRequest: V03.ListTaskPushNotificationConfigParams;
  /** The v0.3 list result: a bare array of configs. */
  ListTaskPushNotificationConfigsResponse: V03.TaskPushNotificationConfig[];
  /** agent/getAuthenticatedExtendedCard takes no params: `{}`. */
  GetExtendedAgentCardRequest: Record<string, never>;
  /** A v0.3 AgentCard. */
  AgentCard: V03.AgentCard;
  /** A v0.3 SecurityScheme (`type`-discriminated). */
  SecurityScheme: V03.SecurityScheme;
  /** A v0.3 JSON-RPC request. */
  JsonRpcRequest: V03.A2ARequest;
  /** A v0.3 JSON-RPC response. */
  JsonRpcResponse: V03.JSONRPCResponse;
  /** A v0.3 JSON-RPC error object. */
  JsonRpcError: V03.JSONRPCError;
}

/** The v1.0 type of each convertible document. */
export type V1Types = { [K in ConvertObjectType]: V1.MessageTypes[K] } & {
  /** A v1.0 JSON-RPC request. */
  JsonRpcRequest: JsonRpcRequest;
  /** A v1.0 JSON-RPC response. */
  JsonRpcResponse: JsonRpcResponse;
  /** A v1.0 JSON-RPC error object. */
  JsonRpcError: JsonRpcError;
};

/** The options naming the document as `T`. */
type Named<T extends ConvertType> = ConvertOptions & { readonly type: T };

/**
 * Converts an A2A v0.3 document to v1.0: `options.type` names it (by its v1.0 message name, or
 * `"JsonRpcRequest"` / `"JsonRpcResponse"` with `options.method`), or it is detected. The input
 * is validated as v0.3 first, the output as v1.0 (strict); what has no v1.0 counterpart is a
 * warning naming it. Never throws, never changes the input.
 */
export function toV1<T extends ConvertType>(doc: unknown, options: Named<T>): ValidationResult<V1Types[T]>;
export function toV1(doc: unknown, options?: ConvertOptions): ValidationResult<unknown>;
export function toV1(doc: unknown, options?: ConvertOptions): ValidationResult<unknown> {
  return guarded(doc, options, true);
}

/**
 * Converts an A2A v1.0 document to v0.3: `options.type` names it (a v1.0 message name, or
 * `"JsonRpcRequest"` / `"JsonRpcResponse"` with `options.method`), or it is detected. The input
 * is validated as v1.0 (strict) first, the output as v0.3; what has no v0.3 counterpart is a
 * warning naming it (ListTasks has none at all: an `unsupported` issue). Never throws, never changes the input.
 */
export function toV03<T extends ConvertType>(doc: unknown, options: Named<T>): ValidationResult<V03Types[T]>;
export function toV03(doc: unknown, options?: ConvertOptions): ValidationResult<unknown>;
export function toV03(doc: unknown, options?: ConvertOptions): ValidationResult<unknown> {
  return guarded(doc, options, false);
}

const guarded: (doc: unknown, options: ConvertOptions | undefined, up: boolean) => ValidationResult<unknown> = /* @__PURE__ */ neverThrows(run, unreadableResult);

export { isV03Version } from "./card.js";
export { httpRouteToV03, httpRouteToV1, type ConvertedRoute } from "./http.js";
