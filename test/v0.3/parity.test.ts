/**
 * The Zod models and the Ajv validators give the same verdict on generated input, for every
 * definition of the v0.3 bundle in both modes (93 x 2 x 120 runs = 22,320 comparisons per run).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validators, V03_TYPE_NAMES } from "../../src/v0.3/index.js";
import * as Z from "../../src/v0.3/zod.js";
import { byName } from "./arbitraries.js";

const RUNS = 120;
const model = (type: string, strict: boolean) => (Z as unknown as Record<string, { safeParse(x: unknown): { success: boolean; error?: { issues: unknown } } }>)[`${strict ? "Strict" : ""}${type}Schema`]!;

describe.each(V03_TYPE_NAMES)("%s: Zod and Ajv agree", (type) => {
  it.each(["default", "strict"] as const)("in %s mode", (mode) => {
    let valid = 0;
    fc.assert(
      fc.property(byName(type), (doc) => {
        const a = validators[type](doc, { mode });
        const z = model(type, mode === "strict").safeParse(doc);
        if (a.ok) valid++;
        const detail = () => JSON.stringify({ doc, ajv: a.ok ? "ok" : a.issues, zod: z.success ? "ok" : z.error!.issues });
        expect(z.success, detail()).toBe(a.ok);
        expect(validators[type].check(doc, { mode })).toBe(a.ok);
      }),
      { numRuns: RUNS, seed: 1 },
    );
    // Both verdicts must be reached, or the comparison proves little.
    expect(valid).toBeGreaterThan(0);
    expect(valid).toBeLessThan(RUNS);
  });
});
