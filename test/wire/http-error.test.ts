/** validateHttpErrorBody and validateHttpResponse: the HTTP+JSON error body of the A2A v1.0 specification, section 11.6. */
import { describe, expect, it } from "vitest";
import { validateHttpErrorBody, validateHttpResponse } from "../../src/v1/index.js";
import { brief, spec } from "./helpers.js";

const INFO = "type.googleapis.com/google.rpc.ErrorInfo";
const body = (code: number, status: string, details?: unknown[]) => ({ error: { code, status, message: "m", ...(details ? { details } : {}) } });
const info = (reason: string) => ({ "@type": INFO, reason, domain: "a2a-protocol.org" });
const issuesOf = (input: unknown, status?: number) => {
  const r = validateHttpErrorBody(input, status === undefined ? undefined : { status });
  return r.ok ? brief(r.warnings ?? []) : brief(r.issues);
};

describe("the section 11.6 example", () => {
  it("passes with its status, without a warning", () => {
    const ex = spec("11.6-task-not-found.json");
    expect(validateHttpErrorBody(ex.body, { status: ex.status })).toEqual({ ok: true, value: ex.body });
    expect(validateHttpErrorBody(ex.body)).toEqual({ ok: true, value: ex.body });
    expect(validateHttpResponse({ method: "GET", path: "/tasks/task-123", status: ex.status, body: ex.body })).toMatchObject({ ok: true, value: { rpc: "GetTask", status: 404 } });
  });
});

describe("wrong shapes fail with the right issue", () => {
  it.each([
    ["a JSON-RPC error object instead of google.rpc.Status", { code: -32001, message: "x" }, undefined, [["", "required", "error"], ["/code", "unknown_property", "error"], ["/message", "unknown_property", "error"]]],
    ["no status", { error: { code: 404, message: "m" } }, undefined, [["/error", "required", "error"]]],
    ["an unknown google.rpc.Code", body(404, "MISSING"), undefined, [["/error/status", "enum", "error"]]],
    ["a code that is not an error status", body(200, "NOT_FOUND"), undefined, [["/error/code", "too_small", "error"]]],
    ["details an object", { error: { code: 404, status: "NOT_FOUND", message: "m", details: { taskId: "t" } } }, undefined, [["/error/details", "type", "error"]]],
    ["a status that is not the code's", body(404, "INVALID_ARGUMENT"), undefined, [["/error/status", "mismatch", "error"]]],
    ["a code that is not the response's status", body(404, "NOT_FOUND"), 400, [["/error/code", "mismatch", "error"]]],
    ["an A2A error at another status than section 5.4's", body(404, "NOT_FOUND", [info("TASK_NOT_CANCELABLE")]), undefined, [["/error", "mismatch", "error"]]],
    ["an A2A reason without a domain", body(404, "NOT_FOUND", [{ "@type": INFO, reason: "TASK_NOT_FOUND" }]), undefined, [["/error/details/0", "required", "error"]]],
  ])("%s", (_what, input, status, want) => {
    expect(validateHttpErrorBody(input, status === undefined ? undefined : { status }).ok).toBe(false);
    expect(issuesOf(input, status)).toEqual(want);
  });

  it("an options.status that is not an integer", () => {
    expect(validateHttpErrorBody(body(404, "NOT_FOUND"), { status: "404" as never }).ok).toBe(false);
  });
});

describe("what is accepted", () => {
  it("every status that maps to the code (400: INVALID_ARGUMENT, FAILED_PRECONDITION, OUT_OF_RANGE)", () => {
    for (const s of ["INVALID_ARGUMENT", "FAILED_PRECONDITION", "OUT_OF_RANGE"]) expect(validateHttpErrorBody(body(400, s), { status: 400 }).ok, s).toBe(true);
  });

  it("any status with a code no google.rpc.Code maps to (405, 415)", () => {
    expect(validateHttpErrorBody(body(405, "UNIMPLEMENTED"), { status: 405 }).ok).toBe(true);
    expect(validateHttpErrorBody(body(415, "INVALID_ARGUMENT")).ok).toBe(true);
  });

  it("a reason of its own in the A2A domain, with a warning (only the A2A errors' reasons are defined there)", () => {
    expect(validateHttpErrorBody(body(400, "FAILED_PRECONDITION", [info("NOPE")])).ok).toBe(true);
    expect(issuesOf(body(400, "FAILED_PRECONDITION", [info("NOPE")]))).toEqual([["/error/details/0/reason", "enum", "warning"]]);
  });

  it("an ErrorInfo of another domain", () => {
    expect(validateHttpErrorBody(body(403, "PERMISSION_DENIED", [{ "@type": INFO, reason: "SCOPE_MISSING", domain: "example.com" }])).ok).toBe(true);
  });

  it("is a Standard Schema (without options)", () => {
    const ex = spec("11.6-task-not-found.json");
    expect(validateHttpErrorBody["~standard"].validate(ex.body)).toEqual({ value: ex.body });
    expect("issues" in (validateHttpErrorBody["~standard"].validate(body(404, "INVALID_ARGUMENT")) as object)).toBe(true);
  });
});

describe("validateHttpResponse (A2A v1.0 HTTP+JSON binding)", () => {
  const task = { id: "task-123", contextId: "c-1", status: { state: "TASK_STATE_WORKING" } };

  it("checks a success body as the route's response message", () => {
    expect(validateHttpResponse({ method: "GET", path: "/tasks/task-123", status: 200, body: task })).toMatchObject({ ok: true, value: { rpc: "GetTask", params: { id: "task-123" }, body: task } });
    const bad = validateHttpResponse({ method: "GET", path: "/tasks/task-123", status: 200, body: { ...task, status: { state: "working" } } });
    expect(!bad.ok && bad.issues.every((i) => i.pointer.startsWith("/body/status/state"))).toBe(true);
  });

  it("checks an error body as google.rpc.Status, its code the response's status", () => {
    const e = validateHttpResponse({ method: "GET", path: "/tasks/t", status: 400, body: spec("11.6-task-not-found.json").body });
    expect(!e.ok && brief(e.issues)).toEqual([["/body/error/code", "mismatch", "error"]]);
    const rpc = validateHttpResponse({ method: "POST", path: "/tasks/t:cancel", status: 404, body: { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "x" } } });
    expect(rpc.ok).toBe(false);
  });

  it("takes {} or nothing for Empty, one StreamResponse for a streaming route", () => {
    expect(validateHttpResponse({ method: "DELETE", path: "/tasks/t/pushNotificationConfigs/c", status: 200, body: {} }).ok).toBe(true);
    expect(validateHttpResponse({ method: "DELETE", path: "/tasks/t/pushNotificationConfigs/c", status: 200 }).ok).toBe(true);
    expect(validateHttpResponse({ method: "DELETE", path: "/tasks/t/pushNotificationConfigs/c", status: 200, body: { ok: 1 } }).ok).toBe(false);
    expect(validateHttpResponse({ method: "POST", path: "/message:stream", status: 200, body: { task } }).ok).toBe(true);
  });

  it("reports an unknown route, a bad status and a bad input", () => {
    expect(brief((validateHttpResponse({ method: "GET", path: "/nope", status: 200, body: {} }) as unknown as { issues: never[] }).issues)).toEqual([["/path", "no_match", "error"]]);
    expect(brief((validateHttpResponse({ method: "GET", path: "/tasks/t", status: 302, body: {} }) as unknown as { issues: never[] }).issues)).toEqual([["/status", "enum", "error"]]);
    expect(brief((validateHttpResponse({ method: "GET", path: "/tasks/t" }) as unknown as { issues: never[] }).issues)).toEqual([["", "required", "error"]]);
    expect(validateHttpResponse(null).ok).toBe(false);
  });

  it("is a Standard Schema and never throws", () => {
    const ex = spec("11.6-task-not-found.json");
    expect(validateHttpResponse["~standard"].validate({ method: "GET", path: "/tasks/task-123", status: 404, body: ex.body })).toHaveProperty("value");
    const hostile = new Proxy({}, { get: () => { throw new Error("boom"); }, has: () => true, getOwnPropertyDescriptor: () => { throw new Error("boom"); } });
    expect(validateHttpResponse(hostile).ok).toBe(false);
  });
});
