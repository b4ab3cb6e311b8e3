/** Type tests (vitest --typecheck): z.infer of every v0.3 model equals the generated type, in both modes; validators narrow by mode. */
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import * as v03 from "../../src/v0.3/index.js";
import type { Registry, StrictRegistry, V03TypeName } from "../../src/v0.3/index.js";
import type * as Z from "../../src/v0.3/zod.js";

type Inferred<P extends string> = { [K in V03TypeName]: z.infer<(typeof Z)[`${P}${K}Schema` & keyof typeof Z]> };

describe("Zod models infer the generated types", () => {
  it("default mode (unknown properties kept), every definition", () => {
    expectTypeOf<Inferred<"">>().toEqualTypeOf<{ [K in V03TypeName]: Registry[K] }>();
    expectTypeOf<z.infer<typeof Z.MessageSchema>>().toEqualTypeOf<v03.Message>();
    expectTypeOf<z.infer<typeof Z.PartSchema>>().toEqualTypeOf<v03.Part>();
  });

  it("strict mode (exact), every definition", () => {
    expectTypeOf<Inferred<"Strict">>().toEqualTypeOf<{ [K in V03TypeName]: StrictRegistry[K] }>();
  });

  it("strict documents are default documents", () => {
    expectTypeOf<StrictRegistry["AgentCard"]>().toExtend<v03.AgentCard>();
    expectTypeOf<StrictRegistry["Task"]>().toExtend<v03.Task>();
  });
});

describe("validators narrow by mode", () => {
  it("the result type follows the mode", () => {
    const r = v03.validateAgentCard({}, { mode: "strict" });
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<StrictRegistry["AgentCard"]>();
    const d = v03.validateAgentCard({});
    if (d.ok) expectTypeOf(d.value).toEqualTypeOf<v03.AgentCard>();
    const input: unknown = {};
    if (v03.isMessage(input, { mode: "strict" })) expectTypeOf(input).toEqualTypeOf<StrictRegistry["Message"]>();
    if (v03.isMessage(input)) expectTypeOf(input).toEqualTypeOf<v03.Message>();
    const n = v03.validate("Task", {});
    if (n.ok) expectTypeOf(n.value).toEqualTypeOf<v03.Task>();
  });

  it("a FileWithBytes cannot carry a uri", () => {
    // @ts-expect-error uri must be absent beside bytes (specification section 6.6.1)
    const f: v03.FileWithBytes = { bytes: "AA==", uri: "https://x" };
    void f;
  });
});
