/** Type-level checks: z.infer equals the generated types; builder misuse does not compile. */
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type * as T from "../../src/v1/index.js";
import {
  createFilePart,
  createJsonRpcRequest,
  createJsonRpcResponse,
  createMessage,
  createTask,
  createTextPart,
  validate,
  validateJsonRpcRequest,
  validateTask,
} from "../../src/v1/index.js";
import * as Z from "../../src/v1/zod.js";
import type * as O from "../../src/v1/2026-02-17/index.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";
import * as Z2026 from "../../src/v1/2026-02-17/zod.js";

describe("z.infer equals the generated types", () => {
  it("for messages with oneofs, enums and nesting", () => {
    expectTypeOf<z.infer<typeof Z.PartSchema>>().toEqualTypeOf<T.Part>();
    expectTypeOf<z.infer<typeof Z.TaskSchema>>().toEqualTypeOf<T.Task>();
    expectTypeOf<z.infer<typeof Z.MessageSchema>>().toEqualTypeOf<T.Message>();
    expectTypeOf<z.infer<typeof Z.AgentCardSchema>>().toEqualTypeOf<T.AgentCard>();
    expectTypeOf<z.infer<typeof Z.SecuritySchemeSchema>>().toEqualTypeOf<T.SecurityScheme>();
    expectTypeOf<z.infer<typeof Z.OAuthFlowsSchema>>().toEqualTypeOf<T.OAuthFlows>();
    expectTypeOf<z.infer<typeof Z.StreamResponseSchema>>().toEqualTypeOf<T.StreamResponse>();
    expectTypeOf<z.infer<typeof Z.SendMessageResponseSchema>>().toEqualTypeOf<T.SendMessageResponse>();
    expectTypeOf<z.infer<typeof Z.ListTasksRequestSchema>>().toEqualTypeOf<T.ListTasksRequest>();
    expectTypeOf<z.infer<typeof Z.ListTasksResponseSchema>>().toEqualTypeOf<T.ListTasksResponse>();
    expectTypeOf<z.infer<typeof Z.TaskStateSchema>>().toEqualTypeOf<T.TaskState>();
    expectTypeOf<z.infer<typeof Z.RoleSchema>>().toEqualTypeOf<T.Role>();
  });

  it("for every message, via the registry", () => {
    type Inferred = { [K in keyof T.MessageTypes]: z.infer<(typeof Z.schemas)[K]> };
    expectTypeOf<Inferred>().toEqualTypeOf<T.MessageTypes>();
  });

  it("REQUIRED enums exclude the zero value; enums are string unions", () => {
    expectTypeOf<T.Message["role"]>().toEqualTypeOf<"ROLE_USER" | "ROLE_AGENT">();
    expectTypeOf<T.TaskStatus["state"]>().toEqualTypeOf<Exclude<T.TaskState, "TASK_STATE_UNSPECIFIED">>();
    expectTypeOf<T.ListTasksRequest["status"]>().toEqualTypeOf<T.TaskState | undefined>();
  });
});

describe("revisions", () => {
  it("each has its own types, and its Zod models infer them", () => {
    type Inferred = { [K in keyof O.MessageTypes]: z.infer<(typeof Z2026.schemas)[K]> };
    expectTypeOf<Inferred>().toEqualTypeOf<O.MessageTypes>();
    // Task.contextId: optional in A2A v1.0, REQUIRED in revision 2026-02-17.
    expectTypeOf<T.Task["contextId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<O.Task["contextId"]>().toEqualTypeOf<string>();
    expectTypeOf<T.SendMessageConfiguration>().toHaveProperty("returnImmediately");
    expectTypeOf<O.SendMessageConfiguration>().toHaveProperty("blocking");
  });

  it("validate(..., { revision }) types the value by the revision's message", () => {
    const r = validate("PushNotificationConfig", {}, { revision: "2026-02-17" });
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<O.PushNotificationConfig>();
    const t = validate("Task", {}, { revision: "2026-02-17" });
    if (t.ok) expectTypeOf(t.value).toEqualTypeOf<O.Task>();
    const l = validate("Task", {}, { revision: "2026-02-17", mode: "lenient" });
    if (l.ok) expectTypeOf(l.value).toEqualTypeOf<unknown>();
    const old = R2026.validateTaskPushNotificationConfig({});
    if (old.ok) expectTypeOf(old.value.pushNotificationConfig).toEqualTypeOf<O.PushNotificationConfig>();
    const rpc = R2026.validateJsonRpcRequest({});
    if (rpc.ok && rpc.value.method === "CreateTaskPushNotificationConfig") expectTypeOf(rpc.value.params).toEqualTypeOf<O.CreateTaskPushNotificationConfigRequest>();
    const rpc10 = validateJsonRpcRequest({});
    if (rpc10.ok && rpc10.value.method === "CreateTaskPushNotificationConfig") expectTypeOf(rpc10.value.params).toEqualTypeOf<T.TaskPushNotificationConfig>();
  });
});

describe("validators narrow", () => {
  it("strict results carry the message type; lenient ones do not pretend", () => {
    const r = validateTask({});
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<T.Task>();
    const l = validate("Task", {}, { mode: "lenient" });
    if (l.ok) expectTypeOf(l.value).toEqualTypeOf<unknown>();
    const s = validate("Message", {});
    if (s.ok) expectTypeOf(s.value).toEqualTypeOf<T.Message>();
    const rpc = validateJsonRpcRequest({});
    if (rpc.ok && rpc.value.method === "GetTask") expectTypeOf(rpc.value.params).toEqualTypeOf<T.GetTaskRequest>();
  });
});

describe("builder misuse is a compile error", () => {
  it("rejects wrong arguments", () => {
    // @ts-expect-error role must be a v1 enum name
    createMessage({ role: "user", parts: [createTextPart("x")] });
    // @ts-expect-error the zero value is not a state a builder may set
    createTask({ contextId: "c", state: "TASK_STATE_UNSPECIFIED" });
    // @ts-expect-error a file part is by url or by bytes, not both
    createFilePart({ url: "https://a.example", bytes: new Uint8Array() });
    // @ts-expect-error params must be the RPC's request message
    createJsonRpcRequest("GetTask", { taskId: "t" });
    // @ts-expect-error unknown method
    createJsonRpcRequest("message/send", {});
    // @ts-expect-error the result of GetTask is a Task
    createJsonRpcResponse("GetTask", { result: { message: createMessage({ role: "ROLE_AGENT", parts: [] }) } }, 1);
    // @ts-expect-error parts are Part objects
    createMessage({ role: "ROLE_USER", parts: ["hello"] });
  });
});
