/**
 * Type tests: every validator's `.check(input)` is a type guard for the validator's (Standard
 * Schema) output type, in every family: each v1 message validator of both revisions, the
 * `validators` tables, the legacy and session validators (and the session's per-mode ones).
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { describe, expectTypeOf, it } from "vitest";
import * as Legacy from "../../src/legacy/index.js";
import * as Session from "../../src/session/index.js";
import * as V1 from "../../src/v1/index.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";

/**
 * The names of the members of `M` that are validators (Standard Schemas with a `check`) whose
 * `check(input)` is not a guard for their output: `never` when every one is.
 */
type NotGuarding<M> = {
  [K in keyof M]: M[K] extends StandardSchemaV1<unknown, infer Out> & { check: unknown }
    ? M[K] extends { check(input: unknown): input is Out }
      ? never
      : K
    : never;
}[keyof M];

/** How many members of `M` are validators with a `check`: the test must not pass by finding none. */
type ValidatorNames<M> = { [K in keyof M]: M[K] extends StandardSchemaV1 & { check: unknown } ? K : never }[keyof M];

declare const input: unknown;

describe("every validator's check is a type guard", () => {
  it("in each entry, for every exported validator", () => {
    expectTypeOf<NotGuarding<typeof V1>>().toBeNever();
    expectTypeOf<NotGuarding<typeof V1.validators>>().toBeNever();
    expectTypeOf<NotGuarding<typeof R2026>>().toBeNever();
    expectTypeOf<NotGuarding<typeof R2026.validators>>().toBeNever();
    expectTypeOf<NotGuarding<typeof Legacy>>().toBeNever();
    expectTypeOf<NotGuarding<typeof Session>>().toBeNever();
    expectTypeOf<NotGuarding<typeof Session.SESSION_VALIDATORS>>().toBeNever();
    // The checks above cover real validators (44 and 46 v1 messages, the legacy and session types).
    expectTypeOf<"validateTask" | "validatePart" | "validateAgentCard">().toExtend<ValidatorNames<typeof V1>>();
    expectTypeOf<"Task" | "Part" | "SendMessageResponse">().toExtend<ValidatorNames<typeof V1.validators>>();
    expectTypeOf<"validateTask" | "validatePushNotificationConfig">().toExtend<ValidatorNames<typeof R2026>>();
    expectTypeOf<"validateRequestMessage" | "validateMessage" | "validateLegacyMessage">().toExtend<ValidatorNames<typeof Legacy>>();
    expectTypeOf<"validateMessage" | "validateAgentCard">().toExtend<ValidatorNames<typeof Session>>();
  });

  it("v1: check narrows to the message in strict mode", () => {
    const x: unknown = input;
    if (V1.validateTask.check(x)) expectTypeOf(x).toEqualTypeOf<V1.Task>();
    const y: unknown = input;
    if (V1.validators.Part.check(y, { mode: "strict" })) expectTypeOf(y).toEqualTypeOf<V1.Part>();
    const z: unknown = input;
    if (R2026.validateTask.check(z)) expectTypeOf(z).toEqualTypeOf<R2026.Task>();
  });

  it("v1: lenient mode or another revision answers yes/no without narrowing", () => {
    const x: unknown = input;
    if (V1.validateTask.check(x, { mode: "lenient" })) expectTypeOf(x).toEqualTypeOf<unknown>();
    const y: unknown = input;
    if (V1.validateTask.check(y, { revision: "2026-02-17" })) expectTypeOf(y).toEqualTypeOf<unknown>();
    expectTypeOf(V1.validateTask.check(input, { mode: "lenient" })).toEqualTypeOf<boolean>();
    // Options known only at run time (perhaps undefined) still compile, as a yes/no.
    const options = undefined as V1.V1Options | undefined;
    expectTypeOf(V1.validateTask.check(input, options)).toEqualTypeOf<boolean>();
  });

  it("legacy and session: check narrows (session by mode)", () => {
    const x: unknown = input;
    if (Legacy.validateRequestMessage.check(x)) expectTypeOf(x).toEqualTypeOf<Legacy.RequestMessage>();
    const y: unknown = input;
    if (Legacy.validateMessage.check(y)) expectTypeOf(y).toEqualTypeOf<Legacy.LegacyMessage>();
    const s: unknown = input;
    if (Session.validateMessage.check(s, { mode: "strict" })) expectTypeOf(s).toEqualTypeOf<Session.StrictMessage>();
    const d: unknown = input;
    if (Session.validateMessage.check(d)) expectTypeOf(d).toEqualTypeOf<Session.Message>();
  });
});
