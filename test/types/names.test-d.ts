/**
 * Type tests: `validate` takes a known message name and `validateJsonRpcResponse` a known RPC
 * name (a typo or a v0.3 name does not compile); a name known only at run time goes through the
 * separately named `validateByName` / `validateJsonRpcResponseByMethod`, whose value is unknown.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { ValidationResult } from "../../src/core/result.js";
import * as V1 from "../../src/v1/index.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";
import { validateByName } from "../../src/v1/validators.js";
import { validateByName as validateByName2026 } from "../../src/v1/2026-02-17/validators.js";
import { validateJsonRpcResponseByMethod } from "../../src/v1/jsonrpc.js";
import { validateJsonRpcResponseByMethod as validateJsonRpcResponseByMethod2026 } from "../../src/v1/2026-02-17/jsonrpc.js";

declare const input: unknown;
declare const fromTheCommandLine: string;

describe("validate(name, ...) takes a known message name", () => {
  it("a known name compiles and types the value", () => {
    const r = V1.validate("Task", input);
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<V1.Task>();
    const s = V1.validate("Part", input, { mode: "strict" });
    if (s.ok) expectTypeOf(s.value).toEqualTypeOf<V1.Part>();
    const o = R2026.validate("Task", input);
    if (o.ok) expectTypeOf(o.value).toEqualTypeOf<R2026.Task>();
    // A name of either revision, with a revision known only at run time: the message of either.
    const revision = "1.0" as V1.RevisionId;
    const either = V1.validate("Task", input, { revision });
    if (either.ok) expectTypeOf(either.value).toEqualTypeOf<V1.Task | R2026.Task>();
    // A name only revision 2026-02-17 has: with that revision, or with one known only at run time.
    const push = V1.validate("PushNotificationConfig", input, { revision: "2026-02-17" });
    if (push.ok) expectTypeOf(push.value).toEqualTypeOf<R2026.PushNotificationConfig>();
    const pushEither = V1.validate("PushNotificationConfig", input, { revision });
    if (pushEither.ok) expectTypeOf(pushEither.value).toEqualTypeOf<R2026.PushNotificationConfig>();
  });

  it("a typo, a v0.3 name or any string does not compile", () => {
    // @ts-expect-error a typo
    V1.validate("Taks", input);
    // @ts-expect-error a typo, with options
    V1.validate("Taks", input, { mode: "lenient" });
    // @ts-expect-error not a type of any revision
    V1.validate("Taks", input, { revision: "2026-02-17" });
    // @ts-expect-error v0.3's TextPart is not a v1 message
    V1.validate("TextPart", input);
    // @ts-expect-error PushNotificationConfig is a message of revision 2026-02-17 only: not without options
    V1.validate("PushNotificationConfig", input);
    // @ts-expect-error a run-time string needs validateByName
    V1.validate(fromTheCommandLine, input);
    // @ts-expect-error the same in revision 2026-02-17
    R2026.validate("Taks", input);
    // @ts-expect-error the same in revision 2026-02-17
    R2026.validate(fromTheCommandLine, input, { mode: "strict" });
  });

  it("validateByName takes any string; its value is unknown", () => {
    expectTypeOf(validateByName(fromTheCommandLine, input)).toEqualTypeOf<ValidationResult<unknown>>();
    expectTypeOf(validateByName("Taks", input, { mode: "lenient", revision: "2026-02-17" })).toEqualTypeOf<ValidationResult<unknown>>();
    expectTypeOf(validateByName2026(fromTheCommandLine, input)).toEqualTypeOf<ValidationResult<unknown>>();
    // @ts-expect-error the name is still a string
    validateByName(42, input);
  });
});

describe("validateJsonRpcResponse(method, ...) takes a known RPC name", () => {
  const body: unknown = { jsonrpc: "2.0", id: 1, result: {} };

  it("an RPC name compiles and types the result", () => {
    const r = V1.validateJsonRpcResponse("GetTask", body);
    if (r.ok && r.value.error === undefined) expectTypeOf(r.value.result).toEqualTypeOf<V1.Task>();
    const o = R2026.validateJsonRpcResponse("SendMessage", body, { mode: "strict" });
    if (o.ok && o.value.error === undefined) expectTypeOf(o.value.result).toEqualTypeOf<R2026.SendMessageResponse>();
  });

  it("a v0.3 method name, a typo or any string does not compile", () => {
    // @ts-expect-error "tasks/get" is v0.3's name of GetTask
    V1.validateJsonRpcResponse("tasks/get", body);
    // @ts-expect-error a typo
    V1.validateJsonRpcResponse("GetTasks", body);
    // @ts-expect-error a run-time string needs validateJsonRpcResponseByMethod
    V1.validateJsonRpcResponse(fromTheCommandLine, body);
    // @ts-expect-error the same in revision 2026-02-17
    R2026.validateJsonRpcResponse("message/send", body);
  });

  it("validateJsonRpcResponseByMethod takes any string", () => {
    expectTypeOf(validateJsonRpcResponseByMethod(fromTheCommandLine, body)).toEqualTypeOf<ValidationResult<V1.JsonRpcResponse>>();
    expectTypeOf(validateJsonRpcResponseByMethod2026("tasks/get", body)).toEqualTypeOf<ValidationResult<R2026.JsonRpcResponse>>();
  });

  it("the request builder takes RPC names only as well", () => {
    // @ts-expect-error v0.3 method name
    V1.createJsonRpcRequest("tasks/get", { id: "t" });
    V1.createJsonRpcRequest("GetTask", { id: "t" });
  });
});
