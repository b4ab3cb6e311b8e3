/**
 * The fuzz harness compares the Zod models' output with the validators' value, not only their
 * verdicts (scripts/fuzz/same-value.ts), and its inputs carry `__proto__` members made by JSON.parse.
 */
import { describe, expect, it } from "vitest";
import { loadFamily } from "../../scripts/fuzz/families.js";
import { DEFAULT_OPTIONS, createRunner } from "../../scripts/fuzz/harness.js";
import { firstDifference } from "../../scripts/fuzz/same-value.js";

describe("firstDifference", () => {
  it("sees a __proto__ member the copy lost, at any depth", () => {
    expect(firstDifference(JSON.parse('{"__proto__":{"a":1},"k":1}'), { k: 1 })).toEqual({ pointer: "/__proto__", what: 'member "__proto__" missing in the Zod output' });
    expect(firstDifference({ m: [JSON.parse('{"__proto__":1}')] }, { m: [{}] })?.pointer).toBe("/m/0/__proto__");
    expect(firstDifference({}, JSON.parse('{"__proto__":1}'))?.what).toBe('member "__proto__" only in the Zod output');
    expect(firstDifference(JSON.parse('{"__proto__":{"a":1}}'), JSON.parse('{"__proto__":{"a":2}}'))).toEqual({ pointer: "/__proto__/a", what: "different number values" });
  });

  it("takes copies in any member order as equal, and tells prototypes, -0 and array lengths apart", () => {
    expect(firstDifference(JSON.parse('{"__proto__":[1],"a":{"b":null}}'), JSON.parse('{"a":{"b":null},"__proto__":[1]}'))).toBeUndefined();
    expect(firstDifference({ a: 0 }, { a: -0 })?.what).toBe("different number values");
    expect(firstDifference({ a: {} }, { a: Object.create(null) })?.what).toBe("different prototypes");
    expect(firstDifference([1, 2], [1])?.what).toBe("arrays of different lengths");
    expect(firstDifference({ a: [] }, { a: {} })?.what).toBe("array in the validator's value, object in the Zod output");
  });

  it("walks 100,000 levels without recursion and a shared subtree once", () => {
    const deep = (): unknown => {
      let v: unknown = 1;
      for (let i = 0; i < 100_000; i++) v = [v];
      return v;
    };
    expect(firstDifference(deep(), deep())).toBeUndefined();
    // 2^64 paths, 64 distinct pairs.
    const dag = (leaf: unknown): unknown => {
      let v: unknown = { leaf };
      for (let i = 0; i < 64; i++) v = { l: v, r: v };
      return v;
    };
    expect(firstDifference(dag(1), dag(1))).toBeUndefined();
    expect(firstDifference(dag(1), dag(2))?.what).toBe("different number values");
  });
});

describe("the harness's Zod comparison", () => {
  it("compares values on inputs with __proto__ members and finds them equal", async () => {
    const family = await loadFamily("legacy");
    // Seed 1, inputs 0–1,999: among them, payloads and parameters with an own __proto__ that both accept.
    const p = createRunner(family, { ...DEFAULT_OPTIONS, seed: 1 }).run(0, 2000);
    expect(p.valueChecks).toBeGreaterThan(100);
    expect(p.protoValueChecks).toBeGreaterThan(0);
    const disagreements = Object.values(p.findings).filter((f) => f.category === "disagreement");
    expect(disagreements.map((f) => f.example.detail)).toEqual([]);
  });
});
