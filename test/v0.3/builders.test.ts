/** The v0.3 builders produce only valid documents (strict mode), with their kinds; a bad argument is a ValidationError naming the field. */
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
  isValidationError,
  validateJsonRpcRequest,
  validators,
} from "../../src/v0.3/index.js";

const fieldOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (e) {
    if (isValidationError(e)) return e.issues.map((i) => i.pointer);
    throw e;
  }
  return [];
};

describe("v0.3 builders", () => {
  it("make parts with their kind", () => {
    expect(createTextPart("hi")).toEqual({ kind: "text", text: "hi" });
    expect(createDataPart({ a: 1 }, { metadata: undefined })).toEqual({ kind: "data", data: { a: 1 } });
    expect(createFilePart({ uri: "https://x.example/a.pdf" }, { mimeType: "application/pdf" })).toEqual({ kind: "file", file: { uri: "https://x.example/a.pdf", mimeType: "application/pdf" } });
    expect(createFilePart({ bytes: new Uint8Array([1, 2, 3]) }, { name: "a.bin" })).toEqual({ kind: "file", file: { bytes: "AQID", name: "a.bin" } });
  });

  it("make messages, tasks and events valid in strict mode", () => {
    const m = createMessage({ role: "user", parts: [createTextPart("hi")] });
    expect(m.kind).toBe("message");
    expect(validators.Message(m, { mode: "strict" }).ok).toBe(true);
    const t = createTask({ contextId: "c", state: "working", history: [m] });
    expect(t.kind).toBe("task");
    expect(validators.Task(t, { mode: "strict" }).ok).toBe(true);
    expect(createTaskStatusUpdateEvent({ taskId: t.id, contextId: "c", state: "completed" })).toMatchObject({ kind: "status-update", final: false });
    expect(createTaskArtifactUpdateEvent({ taskId: t.id, contextId: "c", artifact: { artifactId: "a", parts: [createTextPart("x")] } }).kind).toBe("artifact-update");
    const card = createAgentCard({ name: "A", description: "d", url: "https://a.example", version: "1", defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [] });
    expect(card.protocolVersion).toBe("0.3.0");
    expect(validators.AgentCard(card, { mode: "strict" }).ok).toBe(true);
  });

  it("make JSON-RPC requests and responses of the ten methods", () => {
    const req = createJsonRpcRequest("message/send", { message: createMessage({ role: "user", parts: [createTextPart("hi")] }) }, 7);
    expect(validateJsonRpcRequest(req).ok).toBe(true);
    expect(createJsonRpcRequest("agent/getAuthenticatedExtendedCard", undefined, "x")).toEqual({ jsonrpc: "2.0", id: "x", method: "agent/getAuthenticatedExtendedCard" });
    expect(createJsonRpcResponse("tasks/pushNotificationConfig/delete", { result: null }, 1)).toEqual({ jsonrpc: "2.0", id: 1, result: null });
    expect(createJsonRpcResponse("tasks/get", { error: { code: -32001, message: "Task not found" } }, 1)).toMatchObject({ error: { code: -32001 } });
  });

  it("throw a ValidationError naming the field, never return an invalid document", () => {
    expect(fieldOf(() => createMessage({ role: "ROLE_USER" as "user", parts: [] }))).toEqual(["/role"]);
    expect(fieldOf(() => createTask({ contextId: 5 as unknown as string, state: "working" }))).toEqual(["/contextId"]);
    expect(fieldOf(() => createFilePart({ bytes: "AA==" as unknown as Uint8Array }))).toEqual(["/bytes"]);
    expect(fieldOf(() => createJsonRpcRequest("tasks/get", { id: 5 as unknown as string }))).toEqual(["/params/id"]);
    expect(fieldOf(() => createJsonRpcResponse("tasks/get", { result: undefined as never, error: undefined }, 1))).toEqual([""]);
    expect(fieldOf(() => createTextPart("x", 5 as never))).toEqual(["/options"]);
  });
});
