/**
 * Type tests: a response carries data or an error, never both. A v1 JSON-RPC response has
 * `result` or `error` (the types and `createJsonRpcResponse`), a legacy response `data` or
 * `error` (ResponseOutcome). The session family keeps the two apart by type (SendMessageResponse,
 * ErrorResponse), so it has no both-at-once form to close.
 */
import { describe, expectTypeOf, it } from "vitest";
import * as Legacy from "../../src/legacy/index.js";
import * as Session from "../../src/session/index.js";
import * as V1 from "../../src/v1/index.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";

const task = {} as V1.Task;
const error: V1.JsonRpcError = { code: -32001, message: "Task not found" };

describe("v1 JSON-RPC responses: result or error", () => {
  it("either one compiles", () => {
    const ok: V1.JsonRpcResponse<"GetTask"> = { jsonrpc: "2.0", id: 1, result: task };
    const failed: V1.JsonRpcResponse<"GetTask"> = { jsonrpc: "2.0", id: 1, error };
    const success: V1.JsonRpcSuccess<"GetTask"> = ok as V1.JsonRpcSuccess<"GetTask">;
    const failure: V1.JsonRpcFailure = { jsonrpc: "2.0", id: null, error };
    expectTypeOf([ok, failed, success, failure]).not.toBeNever();
    expectTypeOf(V1.createJsonRpcResponse("GetTask", { result: task }, 1)).toEqualTypeOf<V1.JsonRpcSuccess<"GetTask">>();
    expectTypeOf(V1.createJsonRpcResponse("GetTask", { error }, 1)).toEqualTypeOf<V1.JsonRpcFailure>();
    // The other member may be given as undefined (it is dropped).
    V1.createJsonRpcResponse("GetTask", { result: task, error: undefined }, 1);
    V1.createJsonRpcResponse("GetTask", { error, result: undefined }, 1);
    // An outcome decided at run time.
    const outcome = (Math.random() > 0.5 ? { result: task } : { error }) as V1.JsonRpcOutcome<"GetTask">;
    expectTypeOf(V1.createJsonRpcResponse("GetTask", outcome, 1)).toEqualTypeOf<V1.JsonRpcSuccess<"GetTask"> | V1.JsonRpcFailure>();
  });

  it("both do not compile, as a literal or through a variable", () => {
    // @ts-expect-error result and error
    const a: V1.JsonRpcResponse<"GetTask"> = { jsonrpc: "2.0", id: 1, result: task, error };
    const both = { jsonrpc: "2.0" as const, id: 1, result: task, error };
    // @ts-expect-error through a variable
    const b: V1.JsonRpcResponse<"GetTask"> = both;
    // @ts-expect-error a success has no error
    const c: V1.JsonRpcSuccess<"GetTask"> = both;
    // @ts-expect-error a failure has no result
    const d: V1.JsonRpcFailure = both;
    // @ts-expect-error revision 2026-02-17 likewise
    const e: R2026.JsonRpcResponse<"GetTask"> = { jsonrpc: "2.0", id: 1, result: {} as R2026.Task, error };
    expectTypeOf([a, b, c, d, e]).not.toBeNever();
  });

  it("the builder refuses both", () => {
    // @ts-expect-error result and error
    V1.createJsonRpcResponse("GetTask", { result: task, error }, 1);
    const outcome = { result: task, error };
    // @ts-expect-error through a variable
    V1.createJsonRpcResponse("GetTask", outcome, 1);
    // @ts-expect-error neither
    V1.createJsonRpcResponse("GetTask", {}, 1);
  });

  it("a validated response narrows on error", () => {
    const r = V1.validateJsonRpcResponse("SendMessage", {});
    if (r.ok) {
      if (r.value.error !== undefined) expectTypeOf(r.value).toEqualTypeOf<V1.JsonRpcFailure>();
      else expectTypeOf(r.value.result).toEqualTypeOf<V1.SendMessageResponse>();
    }
  });
});

describe("legacy responses: data or error", () => {
  const req = {} as Legacy.RequestMessage;

  it("either one compiles", () => {
    Legacy.createResponseMessage(req, { data: { ok: true } });
    Legacy.createResponseMessage(req, { error: { code: "RATE_LIMIT_EXCEEDED", message: "slow down" } });
  });

  it("both do not compile, as a literal or through a variable", () => {
    // @ts-expect-error data and error
    Legacy.createResponseMessage(req, { data: {}, error: { code: "RATE_LIMIT_EXCEEDED", message: "m" } });
    const both = { data: {}, error: { code: "RATE_LIMIT_EXCEEDED", message: "m" } };
    // @ts-expect-error through a variable
    Legacy.createResponseMessage(req, both);
  });
});

describe("session: a message response and an error response are different types", () => {
  it("the builders make one or the other", () => {
    const message = Session.createMessage({ role: "agent", content: "x" });
    expectTypeOf(Session.createSendMessageResponse(message)).toEqualTypeOf<Session.StrictSendMessageResponse>();
    expectTypeOf(Session.createErrorResponse({ code: "c", message: "m" })).toEqualTypeOf<Session.StrictErrorResponse>();
    // @ts-expect-error a strict SendMessageResponse has no error member
    const r: Session.StrictSendMessageResponse = { message, error: { code: "c", message: "m" } };
    expectTypeOf(r).not.toBeNever();
  });
});
