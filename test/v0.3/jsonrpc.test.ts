/** The v0.3 JSON-RPC binding (A2A v0.3.0 specification, sections 7 and 8). */
import { describe, expect, it } from "vitest";
import {
  ERROR_CODES,
  isRpcName,
  RPC_METHODS,
  RPC_NAMES,
  validateJsonRpcRequest,
  validateJsonRpcResponse,
  validateJsonRpcResponseByMethod,
  validators,
  type V03TypeName,
} from "../../src/v0.3/index.js";
import { validFixtures } from "./fixtures.js";

const valid = validFixtures();
const docsOf = (type: string) => valid.filter((f) => f.type === type).map((f) => f.doc as Record<string, unknown>);
const message = { kind: "message", messageId: "m-1", role: "user", parts: [{ kind: "text", text: "hi" }] };
const brief = (r: { ok: boolean; issues?: readonly { pointer: string; code: string }[] }) => (r.ok ? [] : r.issues!.map((i) => `${i.pointer} ${i.code}`));

describe("the ten methods", () => {
  it("are the methods of section 7, each with its request and success definitions", () => {
    expect(RPC_NAMES).toHaveLength(10);
    for (const n of RPC_NAMES) {
      expect(isRpcName(n)).toBe(true);
      const m = RPC_METHODS[n];
      expect(validators[m.request as V03TypeName]).toBeTypeOf("function");
      expect(validators[m.success as V03TypeName]).toBeTypeOf("function");
    }
    expect(isRpcName("tasks/list")).toBe(false);
    expect(isRpcName("SendMessage")).toBe(false);
  });

  it.each(RPC_NAMES)("%s: every valid request fixture of the method passes, in both modes", (method) => {
    const docs = docsOf(RPC_METHODS[method].request);
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      expect(brief(validateJsonRpcRequest(d))).toEqual([]);
      expect(brief(validateJsonRpcRequest(d, { mode: "strict" }))).toEqual([]);
    }
  });

  it.each(RPC_NAMES)("%s: every valid success response fixture passes", (method) => {
    for (const d of docsOf(RPC_METHODS[method].success)) expect(brief(validateJsonRpcResponse(method, d))).toEqual([]);
  });
});

describe("validateJsonRpcRequest", () => {
  it("validates params as the method's, at their pointers", () => {
    expect(brief(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { message } }))).toEqual(["/params required"]);
    expect(brief(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { ...message, role: "ROLE_USER" } } }))).toEqual(["/params/message/role enum"]);
  });

  it("gives the v0.3 name of a v1.0 method as a hint", () => {
    const r = validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message } });
    expect(brief(r)).toEqual(["/method enum"]);
    expect(r.ok ? undefined : r.issues[0]!.hint).toContain('"message/send"');
  });

  it("reports a notification (no id) with a hint, and the envelope of an unknown method", () => {
    const r = validateJsonRpcRequest({ jsonrpc: "2.0", method: "message/send", params: { message } });
    expect(brief(r)).toEqual([" required"]);
    expect(r.ok ? undefined : r.issues[0]!.hint).toContain("notification");
    expect(brief(validateJsonRpcRequest({ jsonrpc: "1.0", id: 1, method: "tasks/list" }))).toEqual(["/jsonrpc const", "/method enum"]);
    expect(brief(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1 }))).toEqual([" required"]);
    expect(brief(validateJsonRpcRequest([]))).toEqual([" type"]);
  });

  it("rejects params on agent/getAuthenticatedExtendedCard (section 7.10) and unknown members in strict mode only", () => {
    expect(brief(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "agent/getAuthenticatedExtendedCard", params: {} }))).toEqual(["/params not_allowed"]);
    const extra = { jsonrpc: "2.0", id: "a", method: "tasks/get", params: { id: "t" }, tenant: "x" };
    expect(validateJsonRpcRequest(extra).ok).toBe(true);
    expect(brief(validateJsonRpcRequest(extra, { mode: "strict" }))).toEqual(["/tenant unknown_property"]);
  });

  it("is a Standard Schema", () => {
    expect(validateJsonRpcRequest["~standard"].validate({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "t" } })).toEqual({
      value: { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "t" } },
    });
  });
});

describe("validateJsonRpcResponse", () => {
  const task = { kind: "task", id: "t", contextId: "c", status: { state: "working" } };

  it("validates the result as the method's, an error response as section 8's", () => {
    expect(validateJsonRpcResponse("tasks/get", { jsonrpc: "2.0", id: 1, result: task }).ok).toBe(true);
    expect(brief(validateJsonRpcResponse("tasks/get", { jsonrpc: "2.0", id: 1, result: message }))).toEqual(["/result/kind const"]);
    expect(validateJsonRpcResponse("tasks/get", { jsonrpc: "2.0", id: null, error: { code: -32001, message: "Task not found" } }).ok).toBe(true);
    expect(brief(validateJsonRpcResponse("tasks/get", { jsonrpc: "2.0", id: 1, error: { code: "x", message: "m" } }))).toEqual(["/error/code type"]);
  });

  it("never accepts both result and error (section 6.11.2)", () => {
    expect(brief(validateJsonRpcResponse("tasks/get", { jsonrpc: "2.0", id: 1, result: task, error: { code: -32603, message: "x" } }))).toEqual(["/result not_allowed"]);
  });

  it("validates one stream event for the streaming methods, its kind picking the event", () => {
    const event = { kind: "status-update", taskId: "t", contextId: "c", status: { state: "working" }, final: false };
    for (const m of ["message/stream", "tasks/resubscribe"] as const) {
      expect(validateJsonRpcResponse(m, { jsonrpc: "2.0", id: 1, result: event }).ok).toBe(true);
      const { final: _, ...noFinal } = event;
      expect(brief(validateJsonRpcResponse(m, { jsonrpc: "2.0", id: 1, result: noFinal }))).toEqual(["/result required"]);
    }
    expect(brief(validateJsonRpcResponse("message/send", { jsonrpc: "2.0", id: 1, result: event }))).toEqual(["/result/kind enum"]);
  });

  it("reports an unknown method as an issue, with the v0.3 name of a v1.0 one", () => {
    const r = validateJsonRpcResponseByMethod("GetTask", { jsonrpc: "2.0", id: 1, result: task });
    expect(brief(r)).toEqual([" enum"]);
    expect(r.ok ? undefined : r.issues[0]!.hint).toContain('"tasks/get"');
  });

  it("gives one Standard Schema per method", () => {
    const s = validateJsonRpcResponse.for("tasks/cancel");
    expect(s.method).toBe("tasks/cancel");
    expect(s["~standard"].validate({ jsonrpc: "2.0", id: 1, result: task })).toEqual({ value: { jsonrpc: "2.0", id: 1, result: task } });
    expect(validateJsonRpcResponse.for("tasks/cancel")).toBe(s);
  });
});

describe("the error objects of section 8", () => {
  it.each(Object.entries(ERROR_CODES))("%s is %s, whose fixed code it is", (code, name) => {
    const v = validators[name as V03TypeName];
    expect(v({ code: Number(code), message: "m" }).ok).toBe(true);
    expect(v({ code: Number(code) + 1000, message: "m" }).ok).toBe(false);
  });
});
