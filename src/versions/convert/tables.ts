/**
 * The name tables between A2A v0.3 and v1.0 (v0.3 specification sections 6.3 and 7;
 * A2A v1.0 specification sections 4.1.3, 4.1.5 and 9.4), as the SDKs' compat layers map them.
 */
import { V03_METHODS } from "../../v1/hints.js";

/** v0.3 task state → v1.0 enum name. `unknown` has no v1.0 counterpart (TASK_STATE_UNSPECIFIED is not a valid state). */
export const STATE_TO_V1: Readonly<Record<string, string>> = {
  submitted: "TASK_STATE_SUBMITTED",
  working: "TASK_STATE_WORKING",
  "input-required": "TASK_STATE_INPUT_REQUIRED",
  completed: "TASK_STATE_COMPLETED",
  canceled: "TASK_STATE_CANCELED",
  failed: "TASK_STATE_FAILED",
  rejected: "TASK_STATE_REJECTED",
  "auth-required": "TASK_STATE_AUTH_REQUIRED",
  unknown: "TASK_STATE_UNSPECIFIED",
};

/** v1.0 task state → v0.3. */
export const STATE_TO_V03: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(Object.entries(STATE_TO_V1).map(([a, b]) => [b, a]));

/**
 * v0.3 states after which a status update is the last of its stream (`final: true`): the terminal
 * states and the interrupted ones (A2A v1.0 specification, section 3.1.6: the stream ends there too).
 */
export const FINAL_STATES: ReadonlySet<string> = /* @__PURE__ */ new Set(["completed", "canceled", "failed", "rejected", "input-required", "auth-required"]);

/** v0.3 role → v1.0. */
export const ROLE_TO_V1: Readonly<Record<string, string>> = { user: "ROLE_USER", agent: "ROLE_AGENT" };
/** v1.0 role → v0.3. */
export const ROLE_TO_V03: Readonly<Record<string, string>> = { ROLE_USER: "user", ROLE_AGENT: "agent" };

/** v0.3 JSON-RPC method → v1.0 RPC name (the v1 family's hint table, less `tasks/list`, which v0.3's JSON-RPC binding has not). */
export const METHOD_TO_V1: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(Object.entries(V03_METHODS).filter(([m]) => m !== "tasks/list"));

/** v1.0 RPC name → v0.3 method (ListTasks has none). */
export const METHOD_TO_V03: Readonly<Record<string, string>> = /* @__PURE__ */ Object.fromEntries(Object.entries(METHOD_TO_V1).map(([a, b]) => [b, a]));

/** The v1.0 request message of each RPC (the type its params are converted as). */
export const REQUEST_OF: Readonly<Record<string, string>> = {
  SendMessage: "SendMessageRequest",
  SendStreamingMessage: "SendMessageRequest",
  GetTask: "GetTaskRequest",
  CancelTask: "CancelTaskRequest",
  SubscribeToTask: "SubscribeToTaskRequest",
  CreateTaskPushNotificationConfig: "TaskPushNotificationConfig",
  GetTaskPushNotificationConfig: "GetTaskPushNotificationConfigRequest",
  ListTaskPushNotificationConfigs: "ListTaskPushNotificationConfigsRequest",
  DeleteTaskPushNotificationConfig: "DeleteTaskPushNotificationConfigRequest",
  GetExtendedAgentCard: "GetExtendedAgentCardRequest",
  ListTasks: "ListTasksRequest",
};

/** The v1.0 response message of each RPC (one StreamResponse per event for the streaming ones; Empty for delete). */
export const RESPONSE_OF: Readonly<Record<string, string>> = {
  SendMessage: "SendMessageResponse",
  SendStreamingMessage: "StreamResponse",
  GetTask: "Task",
  CancelTask: "Task",
  SubscribeToTask: "StreamResponse",
  CreateTaskPushNotificationConfig: "TaskPushNotificationConfig",
  GetTaskPushNotificationConfig: "TaskPushNotificationConfig",
  ListTaskPushNotificationConfigs: "ListTaskPushNotificationConfigsResponse",
  DeleteTaskPushNotificationConfig: "Empty",
  GetExtendedAgentCard: "AgentCard",
  ListTasks: "ListTasksResponse",
};

/** The A2A error codes both versions share (v0.3 specification section 8.2; A2A v1.0 section 5.4). -32008 and -32009 are v1.0 only. */
export const V03_ERROR_CODES: ReadonlySet<number> = /* @__PURE__ */ new Set([-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003, -32004, -32005, -32006, -32007]);
