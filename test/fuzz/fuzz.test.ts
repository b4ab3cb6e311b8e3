/**
 * A small, seeded run of the fuzz harness (scripts/fuzz; `npm run fuzz` runs a
 * million inputs per family). Timing is reported by the script only: no timed
 * assertions here.
 */
import { describe, expect, it } from "vitest";
import { FAMILY_NAMES, loadFamily } from "../../scripts/fuzz/families.js";
import { DEFAULT_OPTIONS, createRunner } from "../../scripts/fuzz/harness.js";
import { totals } from "../../scripts/fuzz/report.js";

const RUNS = 2000;
const SEED = 20251209;

describe.each(FAMILY_NAMES)("fuzz: %s", (name) => {
  it(`${RUNS.toLocaleString("en")} hostile inputs: no throw, mutation, pollution, wrong shape, Zod disagreement or inconsistent verdict`, async () => {
    const family = await loadFamily(name);
    expect(family.fns.length).toBeGreaterThan(0);
    const p = createRunner(family, { ...DEFAULT_OPTIONS, seed: SEED }).run(0, RUNS);
    const t = totals(p);
    const found = Object.values(p.findings)
      .map((f) => `[${f.category}] ${f.fn} ×${f.count}: ${f.signature}\n    e.g. input #${f.example.index}: ${f.example.input.slice(0, 300)}\n    replay: npm run fuzz -- --replay ${name}:${f.example.index} --seed ${SEED}`)
      .join("\n");
    expect(p.inputs).toBe(RUNS);
    expect(
      { throws: t.throws, mutations: t.mutations, pollution: t.pollution, wrongShapes: t.wrongShapes, disagreements: t.disagreements, inconsistent: t.inconsistent },
      found,
    ).toEqual({ throws: 0, mutations: 0, pollution: 0, wrongShapes: 0, disagreements: 0, inconsistent: 0 });
    // A harness error is a bug in the harness, not in the library.
    expect(p.harnessErrors, p.harnessErrorSample).toBe(0);
  });
});
