/** Standard Schema at the type level: `sValidator`-style helpers (Hono's `sValidator("json", schema)`) accept the validators. */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { describe, expectTypeOf, it } from "vitest";
import * as session from "../../src/session/index.js";
import * as v1 from "../../src/v1/index.js";
import * as r2026 from "../../src/v1/2026-02-17/index.js";

/** What Hono's sValidator asks of its schema. */
declare function sValidator<S extends StandardSchemaV1>(target: "json", schema: S): StandardSchemaV1.InferOutput<S>;

describe("validators of one input are Standard Schemas", () => {
  it("validateJsonRpcRequest (the issue's TS2345) and its output type", () => {
    expectTypeOf(sValidator("json", v1.validateJsonRpcRequest)).toEqualTypeOf<v1.JsonRpcRequest>();
    expectTypeOf(sValidator("json", r2026.validateJsonRpcRequest)).toEqualTypeOf<r2026.JsonRpcRequest>();
  });

  it("the error validators and the HTTP+JSON response validator", () => {
    expectTypeOf(sValidator("json", v1.validateJsonRpcError)).toEqualTypeOf<v1.JsonRpcErrorObject>();
    expectTypeOf(sValidator("json", v1.validateHttpErrorBody)).toEqualTypeOf<v1.HttpErrorBody>();
    expectTypeOf(sValidator("json", v1.validateHttpResponse)).toEqualTypeOf<v1.HttpResponseMatch>();
  });

  it("the session's HTTP validators", () => {
    expectTypeOf(sValidator("json", session.validateHttpRequest)).toEqualTypeOf<session.HttpMatch>();
    expectTypeOf(sValidator("json", session.validateHttpResponse)).toEqualTypeOf<session.HttpMatch>();
    sValidator("json", session.validateStreamEvent);
  });

  it("a message validator", () => {
    expectTypeOf(sValidator("json", v1.validateTask)).toEqualTypeOf<v1.Task>();
  });
});

describe("two-input validators: one Standard Schema per RPC, typed by it", () => {
  it("validateJsonRpcResponse.for(method)", () => {
    expectTypeOf(sValidator("json", v1.validateJsonRpcResponse.for("GetTask"))).toEqualTypeOf<v1.JsonRpcResponse<"GetTask">>();
    expectTypeOf(sValidator("json", r2026.validateJsonRpcResponse.for("CancelTask"))).toEqualTypeOf<r2026.JsonRpcResponse<"CancelTask">>();
    expectTypeOf(sValidator("json", v1.validateJsonRpcResponseByMethod.for("GetTask"))).toEqualTypeOf<v1.JsonRpcResponse>();
    // @ts-expect-error a v0.3 method name is not an RPC name
    v1.validateJsonRpcResponse.for("tasks/get");
  });

  it("the two-input functions themselves are not (their first argument is not the input)", () => {
    // @ts-expect-error validateJsonRpcResponse(method, body) has no ~standard
    sValidator("json", v1.validateJsonRpcResponse);
    // @ts-expect-error validate(typeName, input) has no ~standard: validators[typeName] is the Standard Schema
    sValidator("json", v1.validate);
    expectTypeOf(sValidator("json", v1.validators.Message)).toEqualTypeOf<v1.Message>();
  });
});
