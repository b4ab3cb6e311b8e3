/** v0.3 documents are detected as the v1 type they became, so that the v1 validator's migration hints show. */
import { describe, expect, it } from "vitest";
import { decide, resolve } from "../../src/cli/detect.js";
import { loadFamilies, type CheckContext } from "../../src/cli/registry.js";

const ctx = (mode?: "strict" | "lenient"): CheckContext => ({ mode, method: undefined, freshness: false, now: Date.now(), stream: new Map() });

describe("v0.3 documents", async () => {
  const families = await loadFamilies();
  const detect = (value: unknown, folders: string[] = []) => {
    const r = resolve(value, families, {}, folders);
    return "issue" in r ? { code: r.issue.code } : { family: r.family.name, type: r.type };
  };
  /** The hints of the issues the document gets, keyed by pointer. */
  const hints = async (value: unknown, mode?: "strict" | "lenient") => {
    const d = await decide(value, families, {}, ctx(mode), []);
    if ("issue" in d) return { code: d.issue.code };
    return { type: d.checked.type, hints: Object.fromEntries(d.checked.issues.filter((i) => i.hint).map((i) => [i.pointer, i.hint])) };
  };

  const filePart = { kind: "file", file: { uri: "https://example.com/report.pdf", mimeType: "application/pdf", name: "report.pdf" } };
  // A card as a v0.3 agent wrote it: only its name is a v1 AgentCard key.
  const card = {
    protocolVersion: "0.3.0",
    name: "Route planner",
    url: "https://agent.example.com/a2a/v1",
    preferredTransport: "JSONRPC",
    additionalInterfaces: [{ url: "https://agent.example.com/a2a/v1", transport: "JSONRPC" }],
    security: [{ bearer: [] }],
    supportsAuthenticatedExtendedCard: true,
  };

  it("tells v0.3 parts by kind: file parts too, and data parts apart from session artifacts", async () => {
    expect(detect(filePart)).toEqual({ family: "v1", type: "Part" });
    expect(detect({ kind: "data", data: { foo: "bar" } })).toEqual({ family: "v1", type: "Part" });
    expect(detect({ kind: "text", text: "hi" })).toEqual({ family: "v1", type: "Part" });
    const r = await hints(filePart);
    expect(r).toMatchObject({ type: "Part" });
    expect((r as { hints: Record<string, string> }).hints["/file"]).toMatch(/^v0\.3 "file" is gone/);
  });

  it("tells v0.3 tasks, messages and stream events by kind", () => {
    const status = { state: "working" };
    expect(detect({ kind: "task", id: "t", contextId: "c", status })).toEqual({ family: "v1", type: "Task" });
    expect(detect({ kind: "message", messageId: "m", role: "user", parts: [{ kind: "text", text: "hi" }] })).toEqual({ family: "v1", type: "Message" });
    expect(detect({ kind: "status-update", taskId: "t", contextId: "c", status, final: true })).toEqual({ family: "v1", type: "TaskStatusUpdateEvent" });
    const artifact = { artifactId: "a", parts: [{ kind: "text", text: "x" }] };
    expect(detect({ kind: "artifact-update", taskId: "t", contextId: "c", artifact, lastChunk: true })).toEqual({ family: "v1", type: "TaskArtifactUpdateEvent" });
    // even when a session type knows more of the keys
    expect(detect({ kind: "message", id: "m", role: "user", content: "x", created_at: "2025-01-01T00:00:00Z" })).toEqual({ family: "v1", type: "Message" });
  });

  it("lets a folder named after another v1 type overrule kind (a v0.3 response body filed as SendMessageResponse)", () => {
    const task = { kind: "task", id: "t", contextId: "c", status: { state: "completed" } };
    expect(detect(task, ["fixtures", "v1", "invalid", "SendMessageResponse"])).toEqual({ family: "v1", type: "SendMessageResponse" });
  });

  it("tells a v0.3 agent card by its v0.3 keys, and shows their hints", async () => {
    expect(detect(card)).toEqual({ family: "v1", type: "AgentCard" });
    const r = (await hints(card)) as { type: string; hints: Record<string, string> };
    expect(r.type).toBe("AgentCard");
    expect(Object.keys(r.hints)).toEqual(expect.arrayContaining(["/url", "/preferredTransport", "/protocolVersion", "/additionalInterfaces", "/security", "/supportsAuthenticatedExtendedCard"]));
    expect(r.hints["/supportsAuthenticatedExtendedCard"]).toMatch(/capabilities\.extendedAgentCard/);
  });

  it("tells a v0.3 security scheme as the v1 SecurityScheme", async () => {
    const scheme = { type: "apiKey", name: "X-Key", in: "header" };
    expect(detect(scheme)).toEqual({ family: "v1", type: "SecurityScheme" });
    expect(((await hints(scheme)) as { hints: Record<string, string> }).hints["/type"]).toMatch(/apiKeySecurityScheme/);
  });

  it("tells a v0.3 JSON-RPC request, and names the v1 method", async () => {
    const send = { jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { kind: "message", messageId: "m", role: "user", parts: [{ kind: "text", text: "hi" }] } } };
    expect(detect(send)).toEqual({ family: "v1", type: "JsonRpcRequest" });
    expect(((await hints(send)) as { hints: Record<string, string> }).hints["/method"]).toMatch(/SendMessage/);
  });

  it("does not take every kind for v0.3", () => {
    expect(detect({ kind: "invoice", total: 3, currency: "EUR" })).toEqual({ code: "undetected" });
  });
});
