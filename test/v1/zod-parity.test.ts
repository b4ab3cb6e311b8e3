/**
 * The Zod models give the same verdict as the strict Ajv validators: on every
 * fixture (fixtures.test.ts) and here on 12,000 generated inputs, made by
 * mutating fixtures toward the rules' edges (two oneof members, none, both
 * spellings, zero-value enums, leap seconds, empty REQUIRED strings, ...).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemas as zod10 } from "../../src/v1/zod.js";
import { schemas as zod2026 } from "../../src/v1/2026-02-17/zod.js";
import { validateByName } from "../../src/v1/validators.js";
import { REVISIONS, validFixtures, type Revision } from "./helpers.js";
import { mutate, mutation, seedsByRevision } from "./mutate.js";

const ZOD: Record<Revision, Record<string, { safeParse(x: unknown): { success: boolean; data?: unknown } }>> = { "1.0": zod10, "2026-02-17": zod2026 };

describe.each(REVISIONS.map((r) => [r] as const))("revision %s: Zod models agree with the strict validators", (revision) => {
  const seeds = seedsByRevision[revision];
  const schemas = ZOD[revision];
  it("on 12,000 mutated fixtures", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 0, maxLength: 3 }), (i, muts) => {
        const seed = seeds[i]!;
        const input = mutate(seed.input, muts);
        const ajv = validateByName(seed.type, input, { revision }).ok;
        const zod = schemas[seed.type]!.safeParse(input).success;
        if (ajv) accepted++;
        expect(zod, `${seed.file} ${JSON.stringify(input)?.slice(0, 400)}`).toBe(ajv);
      }),
      { numRuns: 12_000 },
    );
    // Both verdicts occur often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(1000);
    expect(accepted).toBeLessThan(11_000);
  });

  it("infer the same shapes for valid values (values pass through unchanged)", () => {
    for (const f of validFixtures(revision)) {
      const r = schemas[f.type]!.safeParse(f.input);
      expect(r.success && r.data, f.file).toEqual(f.input);
    }
  });
});
