/**
 * Hints for what real senders write: the v0.3 JSON-RPC and gRPC/REST forms,
 * the v0.2 card, an in-memory SDK object; each hint on the issue about its construct.
 */
import { describe, expect, it } from "vitest";
import { validate, type ValidationIssue } from "../../src/v1/index.js";
import { readJson } from "./helpers.js";

const card = readJson("fixtures/v1/valid/AgentCard/full.json");
const statusEvent = readJson("fixtures/v1/valid/TaskStatusUpdateEvent/working.json");
const issuesOf = (r: { ok: boolean; issues?: readonly ValidationIssue[] }) => (r.ok ? [] : r.issues!);
const hinted = (r: { ok: boolean; issues?: readonly ValidationIssue[] }) => issuesOf(r).filter((i) => i.hint !== undefined).map((i) => [i.pointer, i.code, i.property, i.hint]);

describe("v0.3 gRPC/REST (proto JSON) forms", () => {
  it('"content" instead of "parts"', () => {
    const m = { messageId: "m", role: "ROLE_USER", content: [{ text: "hi" }] };
    expect(hinted(validate("Message", m))).toEqual([["/content", "unknown_property", "content", expect.stringMatching(/"content" is "parts"/)]]);
    expect(hinted(validate("Message", m, { mode: "lenient" }))).toEqual([["", "required", "parts", expect.stringMatching(/"content" is "parts"/)]]);
  });

  it("TASK_STATE_CANCELLED", () => {
    expect(hinted(validate("TaskStatus", { state: "TASK_STATE_CANCELLED" }))).toEqual([["/state", "enum", undefined, expect.stringMatching(/TASK_STATE_CANCELED \(one L\)/)]]);
    expect(hinted(validate("ListTasksRequest", { status: "TASK_STATE_CANCELLED" }))).toEqual([["/status", "enum", undefined, expect.stringMatching(/TASK_STATE_CANCELED/)]]);
  });

  it("name and parent resource names", () => {
    expect(hinted(validate("CancelTaskRequest", { name: "tasks/t-1" }))).toEqual([["/name", "unknown_property", "name", 'v0.3 resource name "name": "tasks/t-1" is "id": "t-1" in v1']]);
    expect(hinted(validate("SubscribeToTaskRequest", { name: "tasks/t-1" }, { mode: "lenient" }))).toEqual([["", "required", "id", expect.stringMatching(/"id": "t-1"/)]]);
    expect(hinted(validate("DeleteTaskPushNotificationConfigRequest", { name: "tasks/t-1/pushNotificationConfigs/c-1" }))[0]![3]).toBe(
      'v0.3 resource name "name": "tasks/t-1/pushNotificationConfigs/c-1" is "taskId": "t-1", "id": "c-1" in v1',
    );
    expect(hinted(validate("CreateTaskPushNotificationConfigRequest", { parent: "tasks/t-1", config: { url: "https://a.example/h" } }, { revision: "2026-02-17" }))).toEqual([
      ["/parent", "unknown_property", "parent", 'v0.3 resource name "parent": "tasks/t-1" is "taskId": "t-1" in v1'],
    ]);
  });

  it("authentication.schemes", () => {
    const r = validate("TaskPushNotificationConfig", { url: "https://a.example/h", authentication: { schemes: ["Bearer"], credentials: "x" } });
    expect(hinted(r)).toEqual([["/authentication/schemes", "unknown_property", "schemes", 'v0.3 "schemes": [...] is "scheme": "Bearer" in v1 (one HTTP authentication scheme)']]);
  });

  it("supportsExtendedAgentCard, supportsAuthenticatedExtendedCard, and the v0.2 authentication", () => {
    for (const k of ["supportsExtendedAgentCard", "supportsAuthenticatedExtendedCard"]) {
      // The v0.3 field beside supportedInterfaces makes a hybrid card: one issue at the card (test/v1/hybrid.test.ts).
      const want = k === "supportsAuthenticatedExtendedCard" ? ["", "hybrid_card", undefined] : [`/${k}`, "unknown_property", k];
      expect(hinted(validate("AgentCard", { ...card, [k]: true }))).toEqual([[...want, expect.stringMatching(/capabilities\.extendedAgentCard/)]]);
      const l = validate("AgentCard", { ...card, [k]: true }, { mode: "lenient" });
      expect(l.ok && l.warnings).toEqual([expect.objectContaining({ pointer: `/${k}`, severity: "warning", hint: expect.stringMatching(/extendedAgentCard/) })]);
    }
    expect(hinted(validate("AgentCard", { ...card, authentication: { schemes: ["Bearer"] } }))).toEqual([["/authentication", "unknown_property", "authentication", expect.stringMatching(/v0.2.*securitySchemes/)]]);
  });

  it('"final" in a status update', () => {
    expect(hinted(validate("TaskStatusUpdateEvent", { ...statusEvent, final: true }))).toEqual([["/final", "unknown_property", "final", expect.stringMatching(/"final" is gone/)]]);
    expect(hinted(validate("StreamResponse", { statusUpdate: { ...statusEvent, final: true } }))).toEqual([["/statusUpdate/final", "unknown_property", "final", expect.stringMatching(/"final" is gone/)]]);
  });
});

describe("a hint sits on the issue about its construct", () => {
  it("lenient mode: the card-url hint on the missing supportedInterfaces, not on the missing description", () => {
    const { supportedInterfaces: _, description: __, ...rest } = card;
    const v03 = { ...rest, url: "https://api.example.com/a2a", preferredTransport: "JSONRPC" };
    const r = validate("AgentCard", v03, { mode: "lenient" });
    const missing = issuesOf(r).filter((i) => i.code === "required");
    expect(missing.map((i) => [i.property, i.hint !== undefined])).toEqual([
      ["description", false],
      ["supportedInterfaces", true],
    ]);
  });

  it("lenient mode: the kind hint does not land on the missing contextId", () => {
    const r = validate("Task", { kind: "task", id: "t", status: { state: "TASK_STATE_WORKING" } }, { mode: "lenient", revision: "2026-02-17" });
    expect(issuesOf(r)).toEqual([expect.objectContaining({ pointer: "", property: "contextId", hint: expect.stringMatching(/optional in A2A v1.0/) })]);
    const s = validate("TaskStatus", { kind: "status", state: "completed" }, { mode: "lenient" });
    expect(hinted(s)).toEqual([["/state", "enum", undefined, expect.stringMatching(/TASK_STATE_COMPLETED/)]]);
  });

  it("strict mode: on the construct's own issue", () => {
    const r = validate("Part", { kind: "data", data: { a: 1 } });
    expect(hinted(r)).toEqual([["/kind", "unknown_property", "kind", expect.stringMatching(/\{ data \}/)]]);
  });
});

describe("an in-memory @a2a-js/sdk object", () => {
  const sdkMessage = {
    messageId: "m",
    contextId: "",
    taskId: "",
    role: 1,
    parts: [{ content: { $case: "text", value: "hi" }, metadata: undefined, filename: "", mediaType: "text/plain" }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };

  it("is one issue at the root, with a hint to serialize with the SDK's toJSON() first", () => {
    for (const mode of ["strict", "lenient"] as const) {
      const r = validate("Message", sdkMessage, { mode });
      expect(issuesOf(r)).toEqual([expect.objectContaining({ pointer: "", code: "type", hint: expect.stringMatching(/toJSON\(\)/), message: expect.stringMatching(/\/parts\/0\/content/) })]);
    }
    const t = validate("SendMessageRequest", { message: sdkMessage });
    expect(issuesOf(t)).toHaveLength(1);
  });

  it("is not what a $case key inside Struct or Value data means", () => {
    const r = validate("Message", { messageId: "m", role: "user", parts: [{ data: { $case: "x" } }], metadata: { $case: "y" } });
    expect(issuesOf(r).some((i) => /sdk/.test(i.message))).toBe(false);
    expect(issuesOf(r)[0]).toMatchObject({ pointer: "/role", code: "enum" });
  });
});
