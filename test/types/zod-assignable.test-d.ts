/**
 * Type tests: what every Zod model parses to is its generated type and the reverse, as assignments
 * (`const t: Task = TaskSchema.parse(x)`), for every family and mode, under exactOptionalPropertyTypes
 * on (vitest --typecheck) and off (tsc --noEmit). expectTypeOf's equality cannot tell `?: T` from
 * `?: T | undefined` (it compares property types, which read as `T | undefined` either way): plain
 * assignability can.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type * as LT from "../../src/generated/legacy/types.js";
import type * as ST from "../../src/generated/session/types.js";
import type * as SST from "../../src/generated/session/strict-types.js";
import type * as V1T from "../../src/generated/v1/types.js";
import type * as V1OT from "../../src/generated/v1/2026-02-17/types.js";
import type * as LZ from "../../src/legacy/zod.js";
import type * as SZ from "../../src/session/zod.js";
import type * as V1Z from "../../src/v1/zod.js";
import type * as V1OZ from "../../src/v1/2026-02-17/zod.js";
import type * as V1 from "../../src/v1/index.js";
import type * as Legacy from "../../src/legacy/index.js";

/** `true` when `A` and `B` are assignable to each other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Per type name: the generated type against what its model parses to (`z.output`) and takes (`z.input`). */
type Check<Types, Models, Prefix extends string = ""> = {
  [K in keyof Types & string]: `${Prefix}${K}Schema` extends keyof Models
    ? Models[`${Prefix}${K}Schema`] extends z.ZodType
      ? [Mutual<Types[K], z.output<Models[`${Prefix}${K}Schema`]>>, Mutual<Types[K], z.input<Models[`${Prefix}${K}Schema`]>>]
      : "not a model"
    : "no model";
};
/** The same shape with every entry `[true, true]`. */
type AllTrue<C> = { [K in keyof C]: [true, true] };

describe("Zod models and generated types are assignable both ways", () => {
  it("v1 (both revisions)", () => {
    expectTypeOf<Check<V1T.MessageTypes, typeof V1Z>>().toEqualTypeOf<AllTrue<V1T.MessageTypes>>();
    expectTypeOf<Check<V1OT.MessageTypes, typeof V1OZ>>().toEqualTypeOf<AllTrue<V1OT.MessageTypes>>();
  });

  it("legacy", () => {
    expectTypeOf<Check<LT.Registry, typeof LZ>>().toEqualTypeOf<AllTrue<LT.Registry>>();
  });

  it("session, both modes", () => {
    expectTypeOf<Check<ST.Registry, typeof SZ>>().toEqualTypeOf<AllTrue<ST.Registry>>();
    expectTypeOf<Check<SST.Registry, typeof SZ, "Strict">>().toEqualTypeOf<AllTrue<SST.Registry>>();
  });

  it("a parsed value is the library's type, as a user writes it", () => {
    const parse = <S extends z.ZodType>(s: S): z.output<S> => s.parse({});
    const task: V1.Task = parse({} as typeof V1Z.TaskSchema);
    const message: V1.Message = parse({} as typeof V1Z.MessageSchema);
    const card: V1.AgentCard = parse({} as typeof V1Z.AgentCardSchema);
    const legacy: Legacy.LegacyMessage = parse({} as typeof LZ.LegacyMessageSchema);
    // ... and a value of the library's type is what the model takes.
    const input: z.input<typeof V1Z.TaskSchema> = task;
    expectTypeOf([task, message, card, legacy, input]).not.toBeAny();
  });
});
