/** validateJsonRpcError: the JSON-RPC error object of the A2A v1.0 specification, section 9.5. */
import { describe, expect, it } from "vitest";
import { validateHttpErrorBody, validateJsonRpcError, validateJsonRpcResponse } from "../../src/v1/index.js";
import { brief, spec } from "./helpers.js";

const INFO = "type.googleapis.com/google.rpc.ErrorInfo";
const BAD = "type.googleapis.com/google.rpc.BadRequest";
const info = (reason: string, extra: object = {}) => ({ "@type": INFO, reason, domain: "a2a-protocol.org", ...extra });
const issuesOf = (input: unknown) => {
  const r = validateJsonRpcError(input);
  return r.ok ? brief(r.warnings ?? []) : brief(r.issues);
};

describe("the section 9.5 examples", () => {
  it.each(["9.5-invalid-params.json", "9.5-task-not-found.json"])("%s: the error passes without a warning, in and out of its response", (file) => {
    const response = spec(file);
    const r = validateJsonRpcError(response.error);
    expect(r).toEqual({ ok: true, value: response.error });
    expect(validateJsonRpcResponse("GetTask", response)).toEqual({ ok: true, value: response });
  });
});

describe("wrong shapes fail with the right issue", () => {
  it.each([
    ["data an object (the issue's example)", { code: -32001, message: "x", data: { foo: 1 } }, [["/data", "type", "error"]]],
    ["code not an integer", { code: 1.5, message: "x" }, [["/code", "type", "error"]]],
    ["code a string", { code: "-32001", message: "x" }, [["/code", "type", "error"]]],
    ["no message", { code: -32603 }, [["", "required", "error"]]],
    ["message not a string", { code: -32603, message: 7 }, [["/message", "type", "error"]]],
    ["an unknown member", { code: -32603, message: "x", details: [] }, [["/details", "unknown_property", "error"]]],
    ["a detail without @type", { code: -32603, message: "x", data: [{ foo: 1 }] }, [["/data/0", "required", "error"]]],
    ["a detail that is not an object", { code: -32603, message: "x", data: ["oops"] }, [["/data/0", "type", "error"]]],
    ["an @type that is not a type URL", { code: -32603, message: "x", data: [{ "@type": "ErrorInfo" }] }, [["/data/0/@type", "pattern", "error"]]],
    ["ErrorInfo metadata with a number", { code: -32001, message: "x", data: [info("TASK_NOT_FOUND", { metadata: { n: 1 } })] }, [["/data/0/metadata/n", "type", "error"]]],
    ["ErrorInfo with an unknown member", { code: -32001, message: "x", data: [info("TASK_NOT_FOUND", { taskId: "t" })] }, [["/data/0/taskId", "unknown_property", "error"]]],
    ["BadRequest violations in the wrong form", { code: -32602, message: "x", data: [{ "@type": BAD, fieldViolations: [{ path: "message.parts", message: "empty" }] }] }, [
      ["/data/0/fieldViolations/0/path", "unknown_property", "error"],
      ["/data/0/fieldViolations/0/message", "unknown_property", "error"],
    ]],
    ["an A2A-reserved code A2A v1.0 does not define", { code: -32050, message: "x" }, [["/code", "enum", "error"]]],
    ["a JSON-RPC-reserved code", { code: -32500, message: "x" }, [["/code", "enum", "error"]]],
    ["an ErrorInfo reason of another A2A error", { code: -32001, message: "x", data: [info("TASK_NOT_CANCELABLE")] }, [["/data/0/reason", "mismatch", "error"]]],
    ["an A2A ErrorInfo on a standard code", { code: -32602, message: "x", data: [info("TASK_NOT_FOUND")] }, [["/code", "mismatch", "error"]]],
    ["an unknown reason in the A2A domain", { code: -32001, message: "x", data: [info("TASK_GONE")] }, [["/data/0/reason", "enum", "error"]]],
    ["the A2A reason in another domain", { code: -32001, message: "x", data: [{ "@type": INFO, reason: "TASK_NOT_FOUND", domain: "example.com" }] }, [["/data/0/domain", "const", "error"]]],
    ["the A2A reason without a domain", { code: -32001, message: "x", data: [{ "@type": INFO, reason: "TASK_NOT_FOUND" }] }, [["/data/0", "required", "error"]]],
  ])("%s", (_what, input, want) => {
    const r = validateJsonRpcError(input);
    expect(r.ok).toBe(false);
    expect(issuesOf(input)).toEqual(want);
  });
});

describe("hints", () => {
  it("say what the detail list and each detail look like", () => {
    const obj = validateJsonRpcError({ code: -32001, message: "x", data: "The requested task ID does not exist" });
    expect(!obj.ok && obj.issues[0]!.hint).toMatch(/array of ProtoJSON Any objects.*google\.rpc\.ErrorInfo/);
    const el = validateJsonRpcError({ code: -32001, message: "x", data: ["unexpected-string-element", { foo: 1 }] });
    expect(!el.ok && el.issues.map((i) => [i.pointer, i.hint !== undefined])).toEqual([["/data/0", true], ["/data/1", true]]);
    const http = validateHttpErrorBody({ error: { code: 404, status: "NOT_FOUND", message: "m", details: { taskId: "t" } } });
    expect(!http.ok && http.issues[0]!.hint).toMatch(/array of ProtoJSON Any objects/);
  });
});

describe("warnings, which never fail the result", () => {
  it("an application-defined code (code: 12345): JSON-RPC 2.0 allows it, a client cannot map it", () => {
    const r = validateJsonRpcError({ code: 12345, message: "x" });
    expect(r.ok).toBe(true);
    expect(issuesOf({ code: 12345, message: "x" })).toEqual([["/code", "enum", "warning"]]);
    expect(issuesOf({ code: -32000, message: "x" })).toEqual([["/code", "enum", "warning"]]);
  });

  it("an A2A code without its ErrorInfo (section 9.5: SHOULD)", () => {
    expect(validateJsonRpcError({ code: -32001, message: "Task not found" }).ok).toBe(true);
    expect(issuesOf({ code: -32001, message: "Task not found" })).toEqual([["", "required", "warning"]]);
    expect(issuesOf({ code: -32009, message: "x", data: [{ "@type": "type.googleapis.com/example.Other", x: 1 }] })).toEqual([["/data", "required", "warning"]]);
  });

  it("a reason of its own in the A2A domain on a code that is not an A2A error's (a2a-js: INTERNAL_ERROR on -32603)", () => {
    expect(issuesOf({ code: -32603, message: "x", data: [info("INTERNAL_ERROR")] })).toEqual([["/data/0/reason", "enum", "warning"]]);
  });

  it("a field violation named from params, or as a JSON Pointer", () => {
    const violation = (field: string) => ({ code: -32602, message: "x", data: [{ "@type": BAD, fieldViolations: [{ field, description: "d" }] }] });
    expect(issuesOf(violation("params.message.parts"))).toEqual([["/data/0/fieldViolations/0/field", "pattern", "warning"]]);
    expect(issuesOf(violation("/message/parts"))).toEqual([["/data/0/fieldViolations/0/field", "pattern", "warning"]]);
    expect(issuesOf(violation("message.parts"))).toEqual([]);
  });
});

describe("what is accepted as it is", () => {
  it("any other @type as a ProtoJSON Any, with whatever members it has", () => {
    const other = { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "5s" };
    expect(validateJsonRpcError({ code: -32001, message: "x", data: [info("TASK_NOT_FOUND"), other] })).toMatchObject({ ok: true });
    expect(validateJsonRpcError({ code: -32001, message: "x", data: [info("TASK_NOT_FOUND")] })).not.toHaveProperty("warnings");
  });

  it("a localized BadRequest violation (current google.rpc.BadRequest)", () => {
    const v = { field: "message.parts", description: "d", reason: "EMPTY", localizedMessage: { locale: "en-US", message: "Add a part" } };
    expect(validateJsonRpcError({ code: -32602, message: "x", data: [{ "@type": BAD, fieldViolations: [v] }] }).ok).toBe(true);
  });
});

describe("is a Standard Schema", () => {
  it("validates through ~standard", () => {
    const ok = validateJsonRpcError["~standard"].validate(spec("9.5-task-not-found.json").error);
    expect(ok).toEqual({ value: spec("9.5-task-not-found.json").error });
    const bad = validateJsonRpcError["~standard"].validate({ code: -32001, message: "x", data: { foo: 1 } }) as unknown as { issues: { path: unknown[] }[] };
    expect(bad.issues.map((i) => i.path)).toEqual([["data"]]);
  });
});

describe("in validateJsonRpcResponse", () => {
  it("puts the issues under /error and keeps the warnings", () => {
    const obj = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "x", data: { foo: 1 } } });
    expect(!obj.ok && brief(obj.issues)).toEqual([["/error/data", "type", "error"]]);
    const app = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: 12345, message: "x" } });
    expect(app.ok && brief(app.warnings ?? [])).toEqual([["/error/code", "enum", "warning"]]);
    const a2a = validateJsonRpcResponse("CancelTask", { jsonrpc: "2.0", id: 1, error: { code: -32002, message: "x", data: [info("TASK_NOT_FOUND")] } });
    expect(!a2a.ok && brief(a2a.issues)).toEqual([["/error/data/0/reason", "mismatch", "error"]]);
  });

  it("in lenient mode: JSON-RPC 2.0's rules are errors, section 9.5's warnings (JSON-RPC 2.0 lets data be any value)", () => {
    const lenient = { mode: "lenient" } as const;
    const go = { jsonrpc: "2.0", id: "1", error: { code: -32001, message: "Task not found", data: "The requested task ID does not exist" } };
    const r = validateJsonRpcResponse("GetTask", go, lenient);
    expect(r.ok && brief(r.warnings ?? [])).toEqual([["/error/data", "type", "warning"]]);
    // The code's rules run on a well-shaped error object: shape first, then the code.
    const details = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: -32050, message: "x", details: {} } }, lenient);
    expect(details.ok && brief(details.warnings ?? [])).toEqual([["/error/details", "unknown_property", "warning"]]);
    const code = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: -32050, message: "x" } }, lenient);
    expect(code.ok && brief(code.warnings ?? [])).toEqual([["/error/code", "enum", "warning"]]);
    const bad = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: "x", message: 1, data: {} } }, lenient);
    expect(!bad.ok && brief(bad.issues)).toEqual([["/error/code", "type", "error"], ["/error/message", "type", "error"]]);
    expect(validateJsonRpcResponse("GetTask", go).ok).toBe(false); // strict
  });

  it("for revision 2026-02-17 too", () => {
    const r = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "x", data: { foo: 1 } } }, { revision: "2026-02-17" });
    expect(!r.ok && brief(r.issues)).toEqual([["/error/data", "type", "error"]]);
  });
});

describe("hostile lists", () => {
  it("stop at 100 issues and a marker; a marker among warnings is a warning", () => {
    const infos = Array.from({ length: 10_000 }, () => ({ "@type": INFO, reason: "NOPE", domain: "a2a-protocol.org" }));
    const e = validateJsonRpcError({ code: -32001, message: "x", data: infos });
    expect(!e.ok && [e.issues.length, e.issues.at(-1)!.code, e.issues.at(-1)!.severity]).toEqual([101, "too_many_issues", undefined]);
    const violations = Array.from({ length: 5_000 }, () => ({ field: "params.x", description: "d" }));
    const w = validateJsonRpcError({ code: -32602, message: "x", data: [{ "@type": BAD, fieldViolations: violations }] });
    expect(w.ok && [w.warnings!.length, w.warnings!.at(-1)!.code, w.warnings!.at(-1)!.severity]).toEqual([101, "too_many_issues", "warning"]);
  });
});
