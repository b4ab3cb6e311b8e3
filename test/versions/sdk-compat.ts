/**
 * `@a2a-js/sdk`'s own v0.3 ↔ v1.0 conversions, driven through its public compat classes (the
 * translate functions are not exported): the v0.3 JSON-RPC server handler turns v0.3 requests
 * into the v1.0 requests its handler gets and v1.0 results into v0.3 results; the v0.3 client
 * transport turns v1.0 requests into the v0.3 requests it sends and v0.3 results into v1.0 ones.
 * No network: the client's fetch is a function here. The SDK's core objects are written as
 * v1.0 JSON by the SDK's own `toJSON`.
 */
import * as sdk from "@a2a-js/sdk";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import { LegacyJsonRpcTransport, parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";

type Obj = Record<string, any>;
const codec = sdk as unknown as Record<string, { toJSON(v: unknown): unknown; fromJSON(v: unknown): unknown }>;
const json = (name: string, v: unknown): unknown => JSON.parse(JSON.stringify(codec[name]!.toJSON(v)));

/** The v0.3 method and the v1.0 handler call of each request type. */
const SERVER_CALLS: Record<string, [string, string, string]> = {
  SendMessageRequest: ["message/send", "sendMessage", "SendMessageRequest"],
  GetTaskRequest: ["tasks/get", "getTask", "GetTaskRequest"],
  CancelTaskRequest: ["tasks/cancel", "cancelTask", "CancelTaskRequest"],
  SubscribeToTaskRequest: ["tasks/resubscribe", "resubscribe", "SubscribeToTaskRequest"],
  TaskPushNotificationConfig: ["tasks/pushNotificationConfig/set", "createTaskPushNotificationConfig", "TaskPushNotificationConfig"],
  GetTaskPushNotificationConfigRequest: ["tasks/pushNotificationConfig/get", "getTaskPushNotificationConfig", "GetTaskPushNotificationConfigRequest"],
  ListTaskPushNotificationConfigsRequest: ["tasks/pushNotificationConfig/list", "listTaskPushNotificationConfigs", "ListTaskPushNotificationConfigsRequest"],
  DeleteTaskPushNotificationConfigRequest: ["tasks/pushNotificationConfig/delete", "deleteTaskPushNotificationConfig", "DeleteTaskPushNotificationConfigRequest"],
};

const card = { name: "x", capabilities: { streaming: true, pushNotifications: true } };

/** A v1.0 request handler that records the request of `call` and answers with `answer`. */
function handler(call: string, answer: () => unknown, seen: { request?: unknown }): Obj {
  return new Proxy(
    {},
    {
      get: (_t, prop) => {
        if (prop === "getAgentCard") return async () => card;
        if (prop === call) {
          if (call === "sendMessageStream" || call === "resubscribe")
            return (req: unknown) => {
              seen.request = req;
              return (async function* () {
                yield answer();
              })();
            };
          return async (req: unknown) => {
            seen.request = req;
            return answer();
          };
        }
        return undefined;
      },
    },
  );
}

/** v0.3 → v1.0 by the SDK: a request's params (through the server handler), a card (the client's card parser), a result (the client transport). */
export async function sdkToV1(type: string, doc: unknown): Promise<unknown> {
  if (type === "AgentCard") return json("AgentCard", parseLegacyAgentCard(doc as never));
  const server = SERVER_CALLS[type];
  if (server !== undefined) {
    const seen: { request?: unknown } = {};
    const [method, call, v1] = server;
    const empty = call === "deleteTaskPushNotificationConfig" ? undefined : call === "listTaskPushNotificationConfigs" ? { configs: [] } : {};
    const h = new LegacyJsonRpcTransportHandler(handler(call, () => empty, seen) as never);
    const out = (await h.handle({ jsonrpc: "2.0", id: 1, method, params: doc }, {} as never)) as Obj;
    if (Symbol.asyncIterator in out) {
      try {
        for await (const _ of out as AsyncIterable<unknown>);
      } catch {
        /* the stub's answer is no event: only the request it got matters */
      }
    }
    if (seen.request === undefined) throw new Error(`sdk: ${JSON.stringify(out)}`);
    return json(v1, seen.request);
  }
  return await clientResult(type, doc);
}

const ok = (body: unknown): Response => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

/** A v0.3 result through the v0.3 client transport, as v1.0 JSON. */
async function clientResult(type: string, doc: unknown): Promise<unknown> {
  const sse = type === "StreamResponse" || type === "TaskStatusUpdateEvent" || type === "TaskArtifactUpdateEvent";
  const t = new LegacyJsonRpcTransport({
    endpoint: "http://127.0.0.1:1/",
    fetchImpl: async (_u: unknown, init: any) => {
      const id = JSON.parse(init.body).id;
      if (!sse) return ok({ jsonrpc: "2.0", id, result: doc });
      return new Response(`data: ${JSON.stringify({ jsonrpc: "2.0", id, result: doc })}\n\n`, { status: 200, headers: { "content-type": "text/event-stream" } });
    },
  } as never) as unknown as Obj;
  switch (type) {
    case "Task":
      return json("Task", await t.getTask({ id: "t", tenant: "" }));
    case "Message":
    case "SendMessageResponse": {
      const r = await t.sendMessage({ tenant: "", message: { messageId: "m", role: 1, parts: [], contextId: "", taskId: "", extensions: [], referenceTaskIds: [] } });
      const msg = "messageId" in r;
      if (type === "Message") return json("Message", r);
      return msg ? { message: json("Message", r) } : { task: json("Task", r) };
    }
    case "TaskPushNotificationConfig":
      return json("TaskPushNotificationConfig", await t.getTaskPushNotificationConfig({ tenant: "", taskId: "t", id: "c" }));
    case "ListTaskPushNotificationConfigsResponse":
      return json("ListTaskPushNotificationConfigsResponse", await t.listTaskPushNotificationConfig({ tenant: "", taskId: "t", pageSize: 0, pageToken: "" }));
    case "StreamResponse":
    case "TaskStatusUpdateEvent":
    case "TaskArtifactUpdateEvent": {
      for await (const ev of t.resubscribeTask({ tenant: "", id: "t" })) {
        const r = json("StreamResponse", ev) as Obj;
        return type === "StreamResponse" ? r : (r.statusUpdate ?? r.artifactUpdate);
      }
      throw new Error("sdk: no event");
    }
    default:
      throw new Error(`no SDK path for ${type}`);
  }
}

/** The v0.3 result type the SDK's server gives for a v1.0 object, and the handler call that returns it. */
const RESULT_CALLS: Record<string, [string, string, string]> = {
  Task: ["tasks/get", "getTask", "Task"],
  Message: ["message/send", "sendMessage", "Message"],
  TaskPushNotificationConfig: ["tasks/pushNotificationConfig/get", "getTaskPushNotificationConfig", "TaskPushNotificationConfig"],
  ListTaskPushNotificationConfigsResponse: ["tasks/pushNotificationConfig/list", "listTaskPushNotificationConfigs", "ListTaskPushNotificationConfigsResponse"],
  AgentCard: ["agent/getAuthenticatedExtendedCard", "getAuthenticatedExtendedAgentCard", "AgentCard"],
};

const PARAMS: Record<string, unknown> = {
  "tasks/get": { id: "t" },
  "message/send": { message: { kind: "message", messageId: "m", role: "user", parts: [] } },
  "message/stream": { message: { kind: "message", messageId: "m", role: "user", parts: [] } },
  "tasks/pushNotificationConfig/get": { id: "t", pushNotificationConfigId: "c" },
  "tasks/pushNotificationConfig/list": { id: "t" },
  "agent/getAuthenticatedExtendedCard": undefined,
};

/** v1.0 → v0.3 by the SDK: a result (through the server handler) or a request's params (through the client transport). */
export async function sdkToV03(type: string, doc: unknown): Promise<unknown> {
  const d = doc as Obj;
  if (type === "SendMessageResponse") return sdkToV03(d.task !== undefined ? "Task" : "Message", d.task ?? d.message);
  if (type === "StreamResponse" || type === "TaskStatusUpdateEvent" || type === "TaskArtifactUpdateEvent") {
    const wrapped = type === "StreamResponse" ? d : type === "TaskStatusUpdateEvent" ? { statusUpdate: d } : { artifactUpdate: d };
    const core = codec.StreamResponse!.fromJSON(wrapped);
    const h = new LegacyJsonRpcTransportHandler(handler("sendMessageStream", () => core, {}) as never);
    const out = (await h.handle({ jsonrpc: "2.0", id: 1, method: "message/stream", params: PARAMS["message/stream"] }, {} as never)) as AsyncIterable<Obj>;
    for await (const ev of out) return ev.result ?? Promise.reject(new Error(`sdk: ${JSON.stringify(ev)}`));
  }
  const result = RESULT_CALLS[type];
  if (result !== undefined) {
    const [method, call, v1] = result;
    const core = codec[v1]!.fromJSON(doc);
    const h = new LegacyJsonRpcTransportHandler(handler(call, () => core, {}) as never);
    const params = PARAMS[method];
    const out = (await h.handle({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) }, {} as never)) as Obj;
    if (out.error !== undefined) throw new Error(`sdk: ${JSON.stringify(out.error)}`);
    return out.result;
  }
  return await clientRequest(type, doc);
}

/** A v1.0 request through the v0.3 client transport: the params it sends. */
async function clientRequest(type: string, doc: unknown): Promise<unknown> {
  let sent: Obj | undefined;
  const t = new LegacyJsonRpcTransport({
    endpoint: "http://127.0.0.1:1/",
    fetchImpl: async (_u: unknown, init: any) => {
      sent = JSON.parse(init.body);
      return ok({ jsonrpc: "2.0", id: sent!.id, error: { code: -32603, message: "stop" } });
    },
  } as never) as unknown as Obj;
  const calls: Record<string, [string, string]> = {
    SendMessageRequest: ["sendMessage", "SendMessageRequest"],
    GetTaskRequest: ["getTask", "GetTaskRequest"],
    CancelTaskRequest: ["cancelTask", "CancelTaskRequest"],
    TaskPushNotificationConfig: ["createTaskPushNotificationConfig", "TaskPushNotificationConfig"],
    GetTaskPushNotificationConfigRequest: ["getTaskPushNotificationConfig", "GetTaskPushNotificationConfigRequest"],
    ListTaskPushNotificationConfigsRequest: ["listTaskPushNotificationConfig", "ListTaskPushNotificationConfigsRequest"],
    DeleteTaskPushNotificationConfigRequest: ["deleteTaskPushNotificationConfig", "DeleteTaskPushNotificationConfigRequest"],
    GetExtendedAgentCardRequest: ["getExtendedAgentCard", "GetExtendedAgentCardRequest"],
  };
  if (type === "SubscribeToTaskRequest") {
    try {
      for await (const _ of t.resubscribeTask(codec.SubscribeToTaskRequest!.fromJSON(doc)));
    } catch {
      /* the answer is an error; the request was sent */
    }
    return sent?.params;
  }
  const c = calls[type];
  if (c === undefined) throw new Error(`no SDK path for ${type}`);
  try {
    await t[c[0]](codec[c[1]]!.fromJSON(doc));
  } catch {
    /* the answer is an error; the request was sent */
  }
  return sent?.params;
}

/** The types each direction of the SDK covers. */
export const SDK_TO_V1_TYPES: ReadonlySet<string> = new Set([...Object.keys(SERVER_CALLS), "AgentCard", "Task", "Message", "SendMessageResponse", "TaskPushNotificationConfig", "ListTaskPushNotificationConfigsResponse", "StreamResponse", "TaskStatusUpdateEvent", "TaskArtifactUpdateEvent"]);
export const SDK_TO_V03_TYPES: ReadonlySet<string> = new Set(["SendMessageResponse", "StreamResponse", "TaskStatusUpdateEvent", "TaskArtifactUpdateEvent", ...Object.keys(RESULT_CALLS), "SendMessageRequest", "GetTaskRequest", "CancelTaskRequest", "SubscribeToTaskRequest", "GetTaskPushNotificationConfigRequest", "ListTaskPushNotificationConfigsRequest", "DeleteTaskPushNotificationConfigRequest", "GetExtendedAgentCardRequest"]);
