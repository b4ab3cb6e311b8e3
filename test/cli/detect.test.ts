import { describe, expect, it } from "vitest";
import { resolve } from "../../src/cli/detect.js";
import { loadFamilies } from "../../src/cli/registry.js";
import { createAgentCard, createMessage, createTask, createTaskStatusUpdateEvent, createTextPart } from "../../src/v1/index.js";
import { request } from "./helpers.js";

describe("detection", async () => {
  const families = await loadFamilies();
  const detect = (value: unknown, wanted = {}, folders: string[] = []) => {
    const r = resolve(value, families, wanted, folders);
    return "issue" in r ? { code: r.issue.code, message: r.issue.message, allowed: r.issue.allowed } : { family: r.family.name, type: r.type };
  };

  const task = createTask({ id: "t-1", contextId: "c-1", state: "TASK_STATE_WORKING" } as Parameters<typeof createTask>[0]);
  const message = createMessage({ role: "ROLE_USER", parts: [createTextPart("hi")] } as Parameters<typeof createMessage>[0]);

  it("tells a legacy envelope by message_type", () => {
    expect(detect(request())).toEqual({ family: "legacy", type: "RequestMessage" });
    expect(detect({ ...request(), message_type: "nonsense" })).toEqual({ family: "legacy", type: "LegacyMessage" });
    const { message_type: _dropped, ...noType } = request();
    expect(detect(noType)).toEqual({ family: "legacy", type: "LegacyMessage" });
  });

  it("tells v1 messages by their keys", () => {
    expect(detect(task)).toEqual({ family: "v1", type: "Task" });
    expect(detect(message)).toEqual({ family: "v1", type: "Message" });
    expect(detect({ statusUpdate: createTaskStatusUpdateEvent({ taskId: "t", contextId: "c", state: "TASK_STATE_WORKING" } as Parameters<typeof createTaskStatusUpdateEvent>[0]) })).toEqual({
      family: "v1",
      type: "StreamResponse",
    });
    // proto spelling: message_id is also a legacy key, but the v1 keys fit better
    expect(detect({ message_id: "m", role: "ROLE_USER", parts: [] })).toEqual({ family: "v1", type: "Message" });
  });

  it("tells a v0.3-shaped object by most of its keys, so its hints show", () => {
    expect(detect({ kind: "task", id: "t", contextId: "c", status: { state: "completed" } })).toEqual({ family: "v1", type: "Task" });
  });

  it("tells JSON-RPC requests and responses by jsonrpc", () => {
    expect(detect({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "t" } })).toEqual({ family: "v1", type: "JsonRpcRequest" });
    expect(detect({ jsonrpc: "2.0", id: 1, result: task })).toEqual({ family: "v1", type: "JsonRpcResponse" });
  });

  it("fails an ambiguous shape, naming the candidates and --type", () => {
    const r = detect({ task });
    expect(r).toMatchObject({ code: "ambiguous", allowed: ["SendMessageResponse", "StreamResponse"] });
    expect((r as { message: string }).message).toMatch(/--type settles it/);
  });

  it("lets a folder name settle what the content leaves open", () => {
    expect(detect({ task }, {}, ["fixtures", "v1", "valid", "StreamResponse"])).toEqual({ family: "v1", type: "StreamResponse" });
    expect(detect({}, {}, ["fixtures", "v1", "invalid", "SendMessageResponse"])).toEqual({ family: "v1", type: "SendMessageResponse" });
    // AgentCard is a type of both families: the family folder picks one
    expect(detect({}, {}, ["fixtures", "legacy", "invalid", "AgentCard"])).toEqual({ family: "legacy", type: "AgentCard" });
  });

  it("tells session documents by their keys, apart from v1 look-alikes", () => {
    expect(detect({ id: "s-1", created_at: "2025-01-01T00:00:00Z", status: "active" })).toEqual({ family: "session", type: "Session" });
    expect(detect({ role: "user", content: "hi" })).toEqual({ family: "session", type: "SendMessageRequest" });
    expect(detect({ id: "m", role: "agent", content: "x", created_at: "2025-01-01T00:00:00Z" })).toEqual({ family: "session", type: "Message" });
    expect(detect({ error: { code: "E", message: "m" } })).toEqual({ family: "session", type: "ErrorResponse" });
    expect(detect(message)).toEqual({ family: "v1", type: "Message" });
  });

  it("lets a folder pair of family and type overrule a better fit elsewhere", () => {
    // an invalid fixture's keys may fit no v1 type at all, and another family's type well
    const artifact = { id: "a", type: "text/plain", data: "x" };
    expect(detect(artifact)).toEqual({ family: "session", type: "Artifact" });
    expect(detect(artifact, {}, ["fixtures", "v1", "invalid", "Part"])).toEqual({ family: "v1", type: "Part" });
    // a required field missing makes another type fit better; the folder still names the one meant
    expect(detect({ tokenUrl: "https://a.example/t" })).toMatchObject({ family: "v1", type: "PasswordOAuthFlow" });
    expect(detect({ tokenUrl: "https://a.example/t" }, {}, ["invalid", "ClientCredentialsOAuthFlow"])).toEqual({ family: "v1", type: "ClientCredentialsOAuthFlow" });
    // but never against a discriminator key
    expect(detect(request(), {}, ["v1", "Task"])).toEqual({ family: "legacy", type: "RequestMessage" });
  });

  it("does not take arbitrary JSON for a document", () => {
    expect(detect({ name: "pkg", version: "1.0.0", scripts: {}, dependencies: {}, license: "MIT" })).toMatchObject({ code: "undetected" });
    expect(detect([1, 2])).toMatchObject({ code: "undetected", message: expect.stringMatching(/got an array/) });
    expect(detect("text")).toMatchObject({ code: "undetected" });
    expect(detect({})).toMatchObject({ code: "undetected" });
  });

  it("obeys --family and --type", () => {
    expect(detect(task, { type: "Message" })).toEqual({ family: "v1", type: "Message" });
    expect(detect(task, { type: "message" })).toEqual({ family: "v1", type: "Message" });
    expect(detect(request(), { family: "v1" })).toMatchObject({ code: "undetected" });
    expect(detect(request(), { type: "nope" })).toMatchObject({ code: "unknown_type" });
    // a type in two families: the document's family decides, else it is ambiguous
    const card = createAgentCard({
      name: "n",
      description: "d",
      version: "1.0.0",
      supportedInterfaces: [{ url: "https://a.example/", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "s", name: "s", description: "d", tags: ["t"] }],
    } as unknown as Parameters<typeof createAgentCard>[0]);
    expect(detect(card, { type: "AgentCard" })).toEqual({ family: "v1", type: "AgentCard" });
    expect(detect({}, { type: "AgentCard" })).toMatchObject({ code: "ambiguous", message: expect.stringMatching(/--family/) });
    expect(detect({}, { type: "AgentCard", family: "legacy" })).toEqual({ family: "legacy", type: "AgentCard" });
  });
});
