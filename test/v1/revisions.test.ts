/**
 * Protocol revisions: A2A v1.0 (the default) and the pre-release proto of
 * 2026-02-17, through one pipeline and one engine. The five differences the
 * A2A repository made between them are exactly the differences of the two
 * models, and each gets a hint when a document of one revision meets the other.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as V1 from "../../src/v1/index.js";
import { validateByName } from "../../src/v1/validators.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";
import * as first10 from "../../src/generated/v1/strict-first.js";
import * as first2026 from "../../src/generated/v1/2026-02-17/strict-first.js";
import * as meta10 from "../../src/generated/v1/meta.js";
import * as meta2026 from "../../src/generated/v1/2026-02-17/meta.js";
import { parseProto, type ProtoMessage } from "../../scripts/generate/v1/proto.js";
import { sharedDefinitions } from "../../scripts/generate/v1.js";
import { PATHS, readJson, ROOT } from "./helpers.js";

const model10 = parseProto(readFileSync(join(ROOT, PATHS["1.0"].proto), "utf8"));
const model2026 = parseProto(readFileSync(join(ROOT, PATHS["2026-02-17"].proto), "utf8"));
const TASK = "a20a3b55-799a-4eeb-b9dc-f68014b7f031";
const push = { id: "cfg-1", url: "https://client.example.com/a2a/push", token: "t", authentication: { scheme: "Bearer", credentials: "x" } };

/** A message's structure without its comments. */
const shape = (m: ProtoMessage) => JSON.stringify({ ...m, comment: undefined, fields: m.fields.map((f) => ({ ...f, comment: undefined })) });

describe("the two protos", () => {
  it("differ in exactly the five points between the pre-release proto and the v1.0 release", () => {
    const names10 = model10.messages.map((m) => m.name);
    const names2026 = model2026.messages.map((m) => m.name);
    // 5: CreateTaskPushNotificationConfigRequest is gone; 4: PushNotificationConfig is folded into TaskPushNotificationConfig.
    expect(names2026.filter((n) => !names10.includes(n)).sort()).toEqual(["CreateTaskPushNotificationConfigRequest", "PushNotificationConfig"]);
    expect(names10.filter((n) => !names2026.includes(n))).toEqual([]);
    const changed = names10.filter((n) => shape(model10.messages.find((m) => m.name === n)!) !== shape(model2026.messages.find((m) => m.name === n)!));
    expect(changed.sort()).toEqual(["SendMessageConfiguration", "Task", "TaskPushNotificationConfig"]);
    const field = (model: typeof model10, m: string, f: string) => model.messages.find((x) => x.name === m)!.fields.find((x) => x.name === f);
    // 1: Task.context_id REQUIRED → optional.
    expect(field(model2026, "Task", "context_id")!.required).toBe(true);
    expect(field(model10, "Task", "context_id")!.required).toBe(false);
    // 2 and 3: push_notification_config → task_push_notification_config; blocking → return_immediately.
    expect(field(model10, "SendMessageConfiguration", "task_push_notification_config")!.type).toBe("TaskPushNotificationConfig");
    expect(field(model2026, "SendMessageConfiguration", "push_notification_config")!.type).toBe("PushNotificationConfig");
    expect(field(model10, "SendMessageConfiguration", "return_immediately")).toBeDefined();
    expect(field(model2026, "SendMessageConfiguration", "blocking")).toBeDefined();
    // 4: flattened.
    expect(model10.messages.find((m) => m.name === "TaskPushNotificationConfig")!.fields.map((f) => `${f.name}${f.required ? "!" : ""}`)).toEqual(["tenant", "id", "task_id", "url!", "token", "authentication"]);
    // 5: the RPC takes a TaskPushNotificationConfig, body "*".
    const rpc = (model: typeof model10) => model.rpcs.find((r) => r.name === "CreateTaskPushNotificationConfig")!;
    expect(rpc(model10)).toMatchObject({ requestType: "TaskPushNotificationConfig", http: [{ body: "*" }, { body: "*" }] });
    expect(rpc(model2026)).toMatchObject({ requestType: "CreateTaskPushNotificationConfigRequest", http: [{ body: "config" }, { body: "config" }] });
    expect(model10.rpcs.map((r) => r.name)).toEqual(model2026.rpcs.map((r) => r.name));
  });

  it("compile once where they agree: the older revision's unchanged validators are v1.0's own functions", () => {
    const shared = sharedDefinitions(readJson(PATHS["1.0"].strict), readJson(PATHS["2026-02-17"].strict));
    expect(shared.has("Part") && shared.has("AgentCard") && shared.has("Message")).toBe(true);
    for (const n of ["Task", "SendMessageConfiguration", "TaskPushNotificationConfig", "SendMessageRequest", "StreamResponse", "ListTasksResponse"]) expect(shared.has(n), n).toBe(false);
    const f10 = first10 as unknown as Record<string, unknown>;
    const f2026 = first2026 as unknown as Record<string, unknown>;
    for (const n of shared) if (n in f2026) expect(f2026[n], n).toBe(f10[n]);
    expect(f2026.Task).not.toBe(f10.Task);
  });

  it("carry their revision and proto3 `optional` presence in the metadata (flag 8)", () => {
    expect(meta10.REVISION).toBe("1.0");
    expect(meta2026.REVISION).toBe("2026-02-17");
    for (const [meta, model] of [[meta10, model10], [meta2026, model2026]] as const) {
      const flagged = Object.entries(meta.FIELDS as Record<string, ReadonlyArray<readonly [string, string, string, number]>>).flatMap(([m, rows]) => rows.filter((r) => r[3] & 8).map((r) => `${m}.${r[1]}`));
      const optional = model.messages.flatMap((m) => m.fields.filter((f) => f.optional).map((f) => `${m.name}.${f.name}`));
      expect(flagged.sort()).toEqual(optional.sort());
      expect(optional).toContain("AgentCard.documentation_url");
    }
  });
});

describe("validate(typeName, input, { mode, revision })", () => {
  const noContext = { id: TASK, status: { state: "TASK_STATE_SUBMITTED" } };

  it("is A2A v1.0 by default, the pre-release proto with revision 2026-02-17", () => {
    expect(V1.validate("Task", noContext).ok).toBe(true);
    expect(V1.validate("Task", noContext, { revision: "1.0" }).ok).toBe(true);
    const old = V1.validate("Task", noContext, { revision: "2026-02-17" });
    expect(!old.ok && old.issues[0]).toMatchObject({ code: "required", property: "contextId" });
    expect(R2026.validate("Task", noContext).ok).toBe(false);
    expect(R2026.validateTask(noContext).ok).toBe(false);
    expect(V1.validateTask(noContext).ok).toBe(true);
    expect(V1.REVISIONS).toEqual(["1.0", "2026-02-17"]);
    expect(V1.REVISION).toBe("1.0");
    expect(R2026.REVISION).toBe("2026-02-17");
  });

  it("knows the older revision's message types only in that revision, with a hint in v1.0", () => {
    const config = { taskId: TASK, config: push };
    expect(V1.validate("CreateTaskPushNotificationConfigRequest", config, { revision: "2026-02-17" }).ok).toBe(true);
    const r = validateByName("CreateTaskPushNotificationConfigRequest", config);
    expect(!r.ok && r.issues[0]).toMatchObject({ code: "enum", pointer: "" });
    expect(!r.ok && r.issues[0]!.hint).toMatch(/TaskPushNotificationConfig/);
    const p = validateByName("PushNotificationConfig", push);
    expect(!p.ok && p.issues[0]!.hint).toMatch(/gone in A2A v1.0/);
    expect(R2026.MESSAGE_NAMES).toHaveLength(46);
    expect(V1.MESSAGE_NAMES).toHaveLength(44);
  });

  it("reports an unknown revision as an issue", () => {
    const r = V1.validate("Task", noContext, { revision: "0.3" as never });
    expect(!r.ok && r.issues[0]).toMatchObject({ code: "enum", allowed: ["1.0", "2026-02-17"] });
    expect(V1.validateTask.check(noContext, { revision: "9" as never })).toBe(false);
  });

  it("hands a per-message validator's input to the other revision's validator of that name", () => {
    expect(V1.validateTask(noContext, { revision: "2026-02-17" }).ok).toBe(false);
    expect(R2026.validateTask(noContext, { revision: "1.0" }).ok).toBe(true);
    expect(V1.validateTask.check(noContext, { revision: "2026-02-17" })).toBe(false);
    expect(V1.validateTask.revision).toBe("1.0");
    expect(R2026.validateTask.revision).toBe("2026-02-17");
  });

  it("works in lenient mode per revision", () => {
    const snake = { id: TASK, context_id: "c", status: { state: 2 } };
    expect(V1.validate("Task", snake, { mode: "lenient", revision: "2026-02-17" })).toEqual({ ok: true, value: { id: TASK, contextId: "c", status: { state: "TASK_STATE_WORKING" } } });
  });
});

describe("a document of one revision, validated as the other, gets a hint naming the difference", () => {
  const hintAt = (r: { ok: boolean; issues?: readonly V1.ValidationIssue[] }, pointer: string) => (r.ok ? undefined : r.issues!.find((i) => i.pointer === pointer)?.hint);

  it("blocking → returnImmediately, with the inverted meaning", () => {
    expect(hintAt(V1.validate("SendMessageConfiguration", { blocking: false }), "/blocking")).toMatch(/returnImmediately.*inverted meaning/);
    expect(hintAt(V1.validate("SendMessageConfiguration", { returnImmediately: true }, { revision: "2026-02-17" }), "/returnImmediately")).toMatch(/"blocking" with the inverted meaning/);
  });

  it("pushNotificationConfig in SendMessageConfiguration → taskPushNotificationConfig", () => {
    expect(hintAt(V1.validate("SendMessageConfiguration", { pushNotificationConfig: push }), "/pushNotificationConfig")).toMatch(/taskPushNotificationConfig/);
    expect(hintAt(V1.validate("SendMessageConfiguration", { taskPushNotificationConfig: push }, { revision: "2026-02-17" }), "/taskPushNotificationConfig")).toMatch(/"pushNotificationConfig"/);
  });

  it("TaskPushNotificationConfig flattened", () => {
    const nested = { taskId: TASK, pushNotificationConfig: push };
    expect(V1.validate("TaskPushNotificationConfig", nested, { revision: "2026-02-17" }).ok).toBe(true);
    expect(hintAt(V1.validate("TaskPushNotificationConfig", nested), "/pushNotificationConfig")).toMatch(/flattened/);
    const lenient = V1.validate("TaskPushNotificationConfig", nested, { mode: "lenient" });
    expect(!lenient.ok && lenient.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "url", hint: expect.stringMatching(/flattened/) })]);
    expect(hintAt(V1.validate("TaskPushNotificationConfig", { taskId: TASK, ...push }, { revision: "2026-02-17" }), "/url")).toMatch(/flattened.*A2A v1.0/);
  });

  it("Task.contextId REQUIRED in 2026-02-17, optional in 1.0", () => {
    const r = V1.validate("Task", { id: TASK, status: { state: "TASK_STATE_WORKING" } }, { revision: "2026-02-17" });
    expect(!r.ok && r.issues[0]!.hint).toMatch(/optional in A2A v1.0/);
  });

  it("CreateTaskPushNotificationConfigRequest gone: its JSON-RPC params in v1.0", () => {
    const body = { jsonrpc: "2.0", id: 1, method: "CreateTaskPushNotificationConfig", params: { taskId: TASK, config: push } };
    expect(V1.validateJsonRpcRequest(body, { revision: "2026-02-17" }).ok).toBe(true);
    expect(R2026.validateJsonRpcRequest(body).ok).toBe(true);
    const r = V1.validateJsonRpcRequest(body);
    expect(!r.ok && r.issues.find((i) => i.pointer === "/params/config")!.hint).toMatch(/CreateTaskPushNotificationConfigRequest.*gone in A2A v1.0/);
    expect(V1.validateJsonRpcRequest({ ...body, params: { taskId: TASK, ...push } }).ok).toBe(true);
    expect(V1.validateJsonRpcResponse("CreateTaskPushNotificationConfig", { jsonrpc: "2.0", id: 1, result: { taskId: TASK, pushNotificationConfig: push } }, { revision: "2026-02-17" }).ok).toBe(true);
  });
});

describe("the a2a-schemas/v1/2026-02-17 entry", () => {
  it("has validate/is/assert for its 46 messages and its own bindings", () => {
    const api = R2026 as unknown as Record<string, unknown>;
    for (const n of R2026.MESSAGE_NAMES) for (const p of ["validate", "is", "assert"]) expect(typeof api[`${p}${n}`], `${p}${n}`).toBe("function");
    expect(R2026.RPC_NAMES).toEqual(V1.RPC_NAMES);
    expect(R2026.matchHttpRoute("POST", "/acme/tasks/t-1/pushNotificationConfigs")).toMatchObject({ rpc: "CreateTaskPushNotificationConfig", params: { tenant: "acme", taskId: "t-1" }, route: { body: "config" } });
    expect(R2026.isPushNotificationConfig(push)).toBe(true);
    expect(() => R2026.assertTask({ id: TASK, status: { state: "TASK_STATE_WORKING" } })).toThrow(/contextId/);
  });
});
