/**
 * The validators a conversion runs: the input in its own version first, the output in the
 * target version after. Each document type is named by its v1.0 message name; this file says
 * which v0.3 definition (v0.3 specification, JSON Schema `a2a.json`) checks the same document.
 */
import { makeIssue, type ValidationIssue } from "../../core/issue.js";
import type { ValidationResult } from "../../core/result.js";
import { validateByName as v03ByName } from "../../v0.3/index.js";
import { validateByName as v1ByName, validateJsonRpcRequest, validateJsonRpcResponseByMethod, validateJsonRpcError } from "../../v1/index.js";
import { isObj } from "./context.js";
import { SAY } from "./messages.js";
import { METHOD_TO_V03 } from "./tables.js";

/** The v0.3 definition of each object type (by its v1.0 name) whose v0.3 form has one. */
const V03_DEFINITION: Readonly<Record<string, string>> = {
  SendMessageRequest: "MessageSendParams",
  GetTaskRequest: "TaskQueryParams",
  CancelTaskRequest: "TaskIdParams",
  SubscribeToTaskRequest: "TaskIdParams",
  GetTaskPushNotificationConfigRequest: "GetTaskPushNotificationConfigParams",
  DeleteTaskPushNotificationConfigRequest: "DeleteTaskPushNotificationConfigParams",
  ListTaskPushNotificationConfigsRequest: "ListTaskPushNotificationConfigParams",
  SendMessageConfiguration: "MessageSendConfiguration",
};

/** The v0.3 object of each `kind` (a streaming event or a send result). */
const BY_KIND: Readonly<Record<string, string>> = { message: "Message", task: "Task", "status-update": "TaskStatusUpdateEvent", "artifact-update": "TaskArtifactUpdateEvent" };

/** The v0.3 JSON-RPC request and response definitions of each method. */
export const RPC_03: Readonly<Record<string, readonly [string, string]>> = {
  "message/send": ["SendMessageRequest", "SendMessageResponse"],
  "message/stream": ["SendStreamingMessageRequest", "SendStreamingMessageResponse"],
  "tasks/get": ["GetTaskRequest", "GetTaskResponse"],
  "tasks/cancel": ["CancelTaskRequest", "CancelTaskResponse"],
  "tasks/resubscribe": ["TaskResubscriptionRequest", "SendStreamingMessageResponse"],
  "tasks/pushNotificationConfig/set": ["SetTaskPushNotificationConfigRequest", "SetTaskPushNotificationConfigResponse"],
  "tasks/pushNotificationConfig/get": ["GetTaskPushNotificationConfigRequest", "GetTaskPushNotificationConfigResponse"],
  "tasks/pushNotificationConfig/list": ["ListTaskPushNotificationConfigRequest", "ListTaskPushNotificationConfigResponse"],
  "tasks/pushNotificationConfig/delete": ["DeleteTaskPushNotificationConfigRequest", "DeleteTaskPushNotificationConfigResponse"],
  "agent/getAuthenticatedExtendedCard": ["GetAuthenticatedExtendedCardRequest", "GetAuthenticatedExtendedCardResponse"],
};

type R = ValidationResult<unknown>;
const fail = (message: string): R => ({ ok: false, issues: [makeIssue([], "invalid", message)] });

/** Validates each element of a v0.3 array as `definition`, the issues' paths starting at its index. */
function eachOf(definition: string, doc: unknown): R {
  if (!Array.isArray(doc)) return { ok: false, issues: [makeIssue([], "type", SAY.notArray)] };
  const issues: ValidationIssue[] = [];
  doc.forEach((d, i) => {
    const r = v03ByName(definition, d);
    if (!r.ok) for (const x of r.issues) issues.push(makeIssue([i, ...x.path], x.code, x.message, { ...x, path: undefined, pointer: undefined, code: undefined, message: undefined } as never));
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: doc };
}

/** Validates a v0.3 document of `type` (a v1.0 name, or JsonRpcRequest/JsonRpcResponse/JsonRpcError with the v0.3 `method`). */
export function checkV03(type: string, doc: unknown, method03?: string): R {
  switch (type) {
    case "JsonRpcRequest": {
      const m = isObj(doc) ? doc.method : undefined;
      const rpc = typeof m === "string" ? RPC_03[m] : undefined;
      return rpc === undefined ? v03ByName("A2ARequest", doc) : v03ByName(rpc[0], doc);
    }
    case "JsonRpcResponse": {
      const rpc = method03 === undefined ? undefined : RPC_03[method03];
      return rpc === undefined ? fail(SAY.unknownMethod(String(method03))) : v03ByName(rpc[1], doc);
    }
    case "JsonRpcError":
      return v03ByName("JSONRPCError", doc);
    case "StreamResponse":
    case "SendMessageResponse": {
      const allowed = type === "StreamResponse" ? Object.keys(BY_KIND) : ["message", "task"];
      const kind = isObj(doc) && allowed.includes(doc.kind as string) ? BY_KIND[doc.kind as string] : undefined;
      if (kind === undefined) return { ok: false, issues: [makeIssue(isObj(doc) ? ["kind"] : [], "enum", SAY.kind(allowed), { allowed })] };
      return v03ByName(kind, doc);
    }
    case "ListTaskPushNotificationConfigsResponse":
      return eachOf("TaskPushNotificationConfig", doc);
    case "GetExtendedAgentCardRequest":
      // v0.3 has no params here: any object stands for "none" (its members are said dropped).
      return isObj(doc) ? { ok: true, value: doc } : { ok: false, issues: [makeIssue([], "type", SAY.notObject)] };
    default:
      return v03ByName(V03_DEFINITION[type] ?? type, doc);
  }
}

/** Validates a v1.0 document of `type` (strict, A2A v1.0); JSON-RPC responses need the v1.0 `method`. */
export function checkV1(type: string, doc: unknown, method1?: string): R {
  switch (type) {
    case "JsonRpcRequest":
      return validateJsonRpcRequest(doc);
    case "JsonRpcResponse":
      return validateJsonRpcResponseByMethod(method1 ?? "", doc);
    case "JsonRpcError":
      return validateJsonRpcError(doc);
    default:
      return v1ByName(type, doc);
  }
}

/** The v0.3 method of a v1.0 RPC name, or the name itself when it is one already. */
export const toV03Method = (m: string): string | undefined => (RPC_03[m] !== undefined ? m : METHOD_TO_V03[m]);
