/**
 * The Zod models and the Ajv validators give the same verdict on generated input:
 * 10 types x 2 modes x 600 runs = 12,000 comparisons per run.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SESSION_VALIDATORS, type SessionTypeName } from "../../src/session/index.js";
import { SESSION_ZOD_MODELS } from "../../src/session/zod.js";
import { ARBITRARIES } from "./arbitraries.js";

const RUNS = 600;

describe.each(Object.keys(ARBITRARIES) as SessionTypeName[])("%s: Zod and Ajv agree", (type) => {
  it.each(["default", "strict"] as const)("in %s mode", (mode) => {
    let valid = 0;
    fc.assert(
      fc.property(ARBITRARIES[type], (doc) => {
        const a = SESSION_VALIDATORS[type](doc, { mode });
        const z = SESSION_ZOD_MODELS[type][mode].safeParse(doc);
        if (a.ok) valid++;
        const detail = () => JSON.stringify({ doc, ajv: a.ok ? "ok" : a.issues, zod: z.success ? "ok" : z.error.issues });
        expect(z.success, detail()).toBe(a.ok);
        // check() is the same verdict without the issue list.
        expect(SESSION_VALIDATORS[type].check(doc, { mode })).toBe(a.ok);
      }),
      { numRuns: RUNS },
    );
    // The generators must reach both verdicts, or the comparison proves little.
    expect(valid).toBeGreaterThan(RUNS / 20);
    expect(valid).toBeLessThan(RUNS);
  });
});
