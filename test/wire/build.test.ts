/** createA2aError and createJsonRpcErrorResponse: both bindings' forms of any error from one call, shaped as the specification's examples. */
import { describe, expect, it } from "vitest";
import {
  A2A_ERRORS,
  JSON_RPC_ERRORS,
  ValidationError,
  createA2aError,
  createJsonRpcErrorResponse,
  validateHttpErrorBody,
  validateJsonRpcError,
  validateJsonRpcResponse,
  type A2aErrorName,
  type JsonRpcStandardErrorName,
} from "../../src/v1/index.js";
import { spec } from "./helpers.js";

const names = [...Object.keys(A2A_ERRORS), ...Object.keys(JSON_RPC_ERRORS)] as (A2aErrorName | JsonRpcStandardErrorName)[];

describe("createA2aError", () => {
  it.each(names)("%s: both forms validate without a warning and agree with the tables", (name) => {
    const { jsonRpc, http } = createA2aError(name);
    const row = name in A2A_ERRORS ? A2A_ERRORS[name as A2aErrorName] : JSON_RPC_ERRORS[name as JsonRpcStandardErrorName];
    expect(validateJsonRpcError(jsonRpc)).toEqual({ ok: true, value: jsonRpc });
    expect(validateHttpErrorBody(http.body, { status: http.status })).toEqual({ ok: true, value: http.body });
    expect([jsonRpc.code, http.status, http.body.error.code, http.body.error.status]).toEqual([row.jsonRpcCode, row.httpStatus, row.httpStatus, row.grpcStatus]);
    expect(http.headers).toEqual({ "Content-Type": "application/a2a+json" });
  });

  it("reproduces the section 9.5 A2A-specific example", () => {
    const ex = spec("9.5-task-not-found.json");
    const { jsonRpc } = createA2aError("TaskNotFoundError", { message: "Task not found", metadata: ex.error.data[0].metadata });
    expect(createJsonRpcErrorResponse(jsonRpc, 2)).toEqual(ex);
  });

  it("reproduces the section 9.5 invalid-params example, with the standard message", () => {
    const ex = spec("9.5-invalid-params.json");
    const { jsonRpc } = createA2aError("InvalidParams", { fieldViolations: [{ field: "message.parts", description: "At least one part is required" }] });
    expect(createJsonRpcErrorResponse(jsonRpc, 1)).toEqual(ex);
  });

  it("reproduces the section 11.6 example", () => {
    const ex = spec("11.6-task-not-found.json");
    const { http } = createA2aError("TaskNotFoundError", { message: ex.body.error.message, metadata: ex.body.error.details[0].metadata });
    expect(http).toEqual(ex);
  });

  it("gives the standard errors no ErrorInfo, and a BadRequest only with field violations", () => {
    expect(createA2aError("InternalError").jsonRpc).toEqual({ code: -32603, message: "Internal error" });
    expect(createA2aError("ParseError").jsonRpc).toEqual({ code: -32700, message: "Invalid JSON payload" });
    expect(createA2aError("InvalidRequest").http.body).toEqual({ error: { code: 400, status: "INVALID_ARGUMENT", message: "Request payload validation error" } });
  });

  it("does not share objects between the two forms or with the arguments", () => {
    const metadata = { taskId: "t" };
    const e = createA2aError("TaskNotFoundError", { metadata });
    expect(e.jsonRpc.data![0]).not.toBe(e.http.body.error.details![0]);
    expect((e.jsonRpc.data![0] as { metadata: object }).metadata).not.toBe(metadata);
  });

  it.each([
    ["an unknown name", () => createA2aError("TaskGoneError" as never)],
    ["metadata on a standard error", () => createA2aError("InvalidParams", { metadata: { a: "b" } })],
    ["metadata that is not strings", () => createA2aError("TaskNotFoundError", { metadata: { n: 1 } as never })],
    ["a message that is not a string", () => createA2aError("TaskNotFoundError", { message: 5 as never })],
    ["field violations that are not a list", () => createA2aError("InvalidParams", { fieldViolations: "message.parts" as never })],
    ["details that are not an object", () => createA2aError("InvalidParams", "oops" as never)],
    ["details whose getter throws", () => createA2aError("TaskNotFoundError", Object.defineProperty({}, "metadata", { get() { throw new Error("boom"); }, enumerable: true }))],
  ])("throws a ValidationError on %s", (_what, call) => {
    expect(call).toThrow(ValidationError);
  });
});

describe("createJsonRpcErrorResponse", () => {
  it("echoes the id (null when it could not be read) and validates as a response to any method", () => {
    const { jsonRpc } = createA2aError("UnsupportedOperationError");
    for (const id of [null, 0, "r-1"]) {
      const r = createJsonRpcErrorResponse(jsonRpc, id);
      expect(r).toEqual({ jsonrpc: "2.0", id, error: jsonRpc });
      expect(validateJsonRpcResponse("SendStreamingMessage", r)).toEqual({ ok: true, value: r });
    }
  });

  it("throws a ValidationError on a bad id or error", () => {
    expect(() => createJsonRpcErrorResponse(createA2aError("InternalError").jsonRpc, {} as never)).toThrow(ValidationError);
    expect(() => createJsonRpcErrorResponse({ code: -32001, message: "x", data: { foo: 1 } as never }, 1)).toThrow(ValidationError);
  });
});
