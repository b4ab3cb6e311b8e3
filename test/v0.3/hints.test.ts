/** A v1.0 shape sent to a v0.3 validator says so: each hint on the issue about its construct, none elsewhere. */
import { describe, expect, it } from "vitest";
import { validateAgentCard, validateJsonRpcRequest, validateJsonRpcResponse, validateMessage, validateTask, validateTaskPushNotificationConfig } from "../../src/v0.3/index.js";

type R = { ok: boolean; issues?: readonly { pointer: string; code: string; hint?: string }[] };
const hints = (r: R) => (r.ok ? [] : r.issues!.filter((i) => i.hint !== undefined).map((i) => `${i.pointer} ${i.code}: ${i.hint}`));
const v1Message = { messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }, { data: { a: 1 } }, { url: "https://x.example/a.pdf", mediaType: "application/pdf" }] };

describe("hints for A2A v1.0 forms", () => {
  it("a v1.0 message: its role, its missing kind, each part's missing kind", () => {
    const h = hints(validateMessage(v1Message));
    expect(h).toHaveLength(5);
    expect(h[0]).toMatch(/^ required: .*kind: "message"/);
    expect(h.find((x) => x.startsWith("/role enum"))).toContain('"user"');
    expect(h.find((x) => x.startsWith("/parts/0 required"))).toContain('{ kind: "text", text }');
    expect(h.find((x) => x.startsWith("/parts/1 required"))).toContain('{ kind: "data", data }');
    expect(h.find((x) => x.startsWith("/parts/2 required"))).toContain('kind: "file"');
  });

  it("TASK_STATE_* names and a task without kind", () => {
    const h = hints(validateTask({ id: "t", contextId: "c", status: { state: "TASK_STATE_CANCELLED" } }));
    expect(h).toEqual([expect.stringMatching(/^ required: .*kind: "task"/), expect.stringMatching(/^\/status\/state enum: .*"canceled"/)]);
  });

  it("v1.0 field names in strict mode, and supportedInterfaces beside a missing url in the default mode", () => {
    const req = { jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { kind: "message", messageId: "m", role: "user", parts: [] }, configuration: { returnImmediately: true } } };
    expect(hints(validateJsonRpcRequest(req))).toEqual([]);
    expect(hints(validateJsonRpcRequest(req, { mode: "strict" }))).toEqual([expect.stringMatching(/^\/params\/configuration\/returnImmediately unknown_property: .*blocking/)]);
    const card = { name: "a", description: "d", version: "1", protocolVersion: "0.3.0", capabilities: {}, defaultInputModes: [], defaultOutputModes: [], skills: [], supportedInterfaces: [{ url: "https://a.example", protocolBinding: "JSONRPC" }] };
    expect(hints(validateAgentCard(card))).toEqual([expect.stringMatching(/^ required: .*supportedInterfaces/)]);
    expect(hints(validateAgentCard({ ...card, url: "https://a.example" }, { mode: "strict" }))).toEqual([expect.stringMatching(/^\/supportedInterfaces unknown_property/)]);
  });

  it("a v1.0 result wrapper", () => {
    const r = validateJsonRpcResponse("message/send", { jsonrpc: "2.0", id: 1, result: { message: { ...v1Message, kind: "message" } } });
    expect(hints(r)[0]).toMatch(/^\/result required: .*\{ message: \.\.\. \}/);
  });

  it("no hint on an issue a v1.0 construct does not explain", () => {
    expect(hints(validateMessage({ kind: "message", messageId: "m", role: "robot", parts: [] }))).toEqual([]);
    expect(hints(validateTaskPushNotificationConfig({ taskId: "t" }))).toEqual([]);
    expect(hints(validateTask({ kind: "task", id: "t", contextId: "c", status: { state: "done" } }))).toEqual([]);
  });

  it("bounded on hostile input: a huge document is scanned within its budget", () => {
    const wide = { kind: "message", messageId: "m", role: "ROLE_USER", parts: Array.from({ length: 50_000 }, () => ({ text: "x" })) };
    const r = validateMessage(wide);
    expect(r.ok).toBe(false);
    expect(hints(r).length).toBeGreaterThan(0);
  });
});
