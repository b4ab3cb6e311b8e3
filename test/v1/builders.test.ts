/** Builders: every output is valid in strict mode (property test); bad arguments throw ValidationError. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createAgentCard,
  createDataPart,
  createFilePart,
  createJsonRpcRequest,
  createJsonRpcResponse,
  createMessage,
  createTask,
  createTaskArtifactUpdateEvent,
  createTaskStatusUpdateEvent,
  createTextPart,
  toBase64,
  validate,
  validateJsonRpcRequest,
  validateJsonRpcResponse,
  ValidationError,
} from "../../src/v1/index.js";

const states = ["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING", "TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_REJECTED", "TASK_STATE_AUTH_REQUIRED"] as const;
const id = fc.string({ minLength: 1, maxLength: 40 });
const part = fc.oneof(
  fc.string().map((t) => createTextPart(t)),
  fc.jsonValue().map((d) => createDataPart(d)),
  fc.uint8Array({ maxLength: 64 }).map((b) => createFilePart({ bytes: b }, { mediaType: "application/octet-stream", filename: "f.bin" })),
  fc.webUrl().map((u) => createFilePart({ url: u })),
);
const message = fc.record({ role: fc.constantFrom("ROLE_USER" as const, "ROLE_AGENT" as const), parts: fc.array(part, { minLength: 1, maxLength: 4 }), contextId: fc.option(id, { nil: undefined }), taskId: fc.option(id, { nil: undefined }) }).map((m) => createMessage(m));

describe("builders", () => {
  it("produce strict-valid parts, messages, tasks and events (property)", () => {
    fc.assert(
      fc.property(message, id, fc.constantFrom(...states), fc.array(part, { minLength: 1, maxLength: 3 }), fc.boolean(), (msg, ctx, state, parts, last) => {
        expect(validate("Message", msg).ok).toBe(true);
        const artifact = { artifactId: "a1", parts };
        const task = createTask({ contextId: ctx, state, message: msg, history: [msg], artifacts: [artifact] });
        expect(validate("Task", task).ok).toBe(true);
        expect(validate("TaskStatusUpdateEvent", createTaskStatusUpdateEvent({ taskId: task.id, contextId: ctx, state })).ok).toBe(true);
        expect(validate("TaskArtifactUpdateEvent", createTaskArtifactUpdateEvent({ taskId: task.id, contextId: ctx, artifact, lastChunk: last })).ok).toBe(true);
        const req = createJsonRpcRequest("SendMessage", { message: msg });
        expect(validateJsonRpcRequest(req).ok).toBe(true);
        const res = createJsonRpcResponse("SendMessage", { result: { task } }, req.id);
        expect(validateJsonRpcResponse("SendMessage", res).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("encode bytes as standard padded Base64", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        expect(toBase64(b)).toBe(Buffer.from(b).toString("base64"));
      }),
    );
    expect(createFilePart({ bytes: new Uint8Array([0xfb, 0xff]) })).toEqual({ raw: "+/8=" });
  });

  it("fill defaults: UUID message ids, now timestamps, empty capabilities; a task without a context (A2A v1.0)", () => {
    const m = createMessage({ role: "ROLE_USER", parts: [createTextPart("hi")] });
    expect(m.messageId).toMatch(/^[0-9a-f-]{36}$/);
    const t = createTask({ contextId: "c", state: "TASK_STATE_SUBMITTED" });
    expect(t.status.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(createTask({ state: "TASK_STATE_SUBMITTED" }).contextId).toBeUndefined();
    const init = {
      name: "A",
      description: "d",
      version: "1",
      supportedInterfaces: [{ url: "https://a.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
    };
    const card = createAgentCard(init);
    expect(card).toMatchObject({ capabilities: {} });
    expect(validate("AgentCard", card).ok).toBe(true);
    // Section 5.7: REQUIRED arrays need an element, so no card without a skill.
    expect(() => createAgentCard({ ...init, skills: [] })).toThrow(/\/skills/);
  });

  it("throw a ValidationError naming the field on bad arguments", () => {
    expect(() => createMessage({ role: "ROLE_USER", parts: [] })).toThrow(ValidationError);
    expect(() => createFilePart({ url: "not a url" })).toThrow(/\/url/);
    expect(() => createTask({ id: "", contextId: "c", state: "TASK_STATE_WORKING" })).toThrow(/\/id/);
    expect(() => createJsonRpcResponse("GetTask", { error: { code: 1.5, message: "x" } }, 1)).toThrow(ValidationError);
  });
});
