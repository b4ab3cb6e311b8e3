/**
 * The duplicate-name scanner of src/core/json-text.ts (used by the signature
 * entry for cards given as text and by the CLI), checked against momoa's tree as an oracle on
 * generated JSON text with duplicates planted, and on the hard cases by hand.
 */
import * as momoa from "@humanwhocodes/momoa";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanJsonText, type DuplicateName } from "../../src/core/json-text.js";
import type { PathSegment } from "../../src/core/issue.js";

const LIMITS = { maxDepth: 256, maxValues: 1_000_000 };

/** Every name given twice in one object, by walking momoa's tree (which keeps duplicates). */
type Placed = Omit<DuplicateName, "offset" | "first"> & { first: { line: number; column: number } };
function oracle(text: string): Placed[] {
  const out: Placed[] = [];
  const walk = (node: momoa.AnyNode, path: PathSegment[]): void => {
    if (node.type === "Object") {
      const seen = new Map<string, { line: number; column: number }>();
      for (const m of node.members) {
        const name = m.name.type === "String" ? m.name.value : m.name.name;
        const first = seen.get(name);
        if (first) out.push({ path, name, line: m.name.loc.start.line, column: m.name.loc.start.column, first });
        else seen.set(name, { line: m.name.loc.start.line, column: m.name.loc.start.column });
      }
      for (const m of node.members) walk(m.value, [...path, m.name.type === "String" ? m.name.value : m.name.name]);
    } else if (node.type === "Array") node.elements.forEach((e, i) => walk(e.value, [...path, i]));
  };
  walk(momoa.parse(text).body, []);
  // The scanner reports in text order; the walk above goes object by object.
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

const scan = (text: string) => {
  const r = scanJsonText(text, LIMITS);
  if (r.kind !== "ok") throw new Error(r.kind);
  return r.duplicates.map(({ offset: _o, first: { offset: _f, ...first }, ...d }) => ({ ...d, first }));
};

// Names from a small alphabet, so that duplicates are common; escapes spell some of them differently.
const name = fc.constantFrom("a", "b", "role", "{", "\\", '"', "é", "a\\");
const spell = (n: string, escaped: boolean) => (escaped ? `"${[...n].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"` : JSON.stringify(n));
const { text: jsonText } = fc.letrec<{ text: string; value: string; object: string; array: string }>((tie) => ({
  text: tie("value"),
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constantFrom("0", "-1.5e3", "true", "null", '"x\\"}]"', '"\\\\"'), tie("object"), tie("array")),
  object: fc
    .array(fc.tuple(name, fc.boolean(), tie("value"), fc.constantFrom("", " ", "\n  ")), { maxLength: 5 })
    .map((ms) => `{${ms.map(([n, esc, v, ws]) => `${ws}${spell(n, esc)}${ws}:${ws}${v}`).join(",")}}`),
  array: fc.array(tie("value"), { maxLength: 4 }).map((vs) => `[${vs.join(", ")}]`),
}));

describe("scanJsonText", () => {
  it("finds the same duplicates as a full parse, with the same lines and columns", () => {
    let withDuplicates = 0;
    fc.assert(
      fc.property(jsonText, (text) => {
        const want = oracle(text);
        if (want.length > 0) withDuplicates++;
        expect(scan(text)).toEqual(want);
      }),
      { numRuns: 500, seed: 18 },
    );
    expect(withDuplicates).toBeGreaterThan(50);
  });

  it("reports the object's path, the decoded name and the position", () => {
    const text = '{"a":1,"b":{"x":[{"role":"user","k":"}\\"{","role":"ROLE_USER"}]},\n "\\u0061":2}';
    expect(scanJsonText(text, LIMITS)).toEqual({
      kind: "ok",
      total: 2,
      truncated: false,
      largeNumbers: false,
      duplicates: [
        { path: ["b", "x", 0], name: "role", offset: 43, line: 1, column: 44, first: { offset: 18, line: 1, column: 19 } },
        { path: [], name: "a", offset: 67, line: 2, column: 2, first: { offset: 1, line: 1, column: 2 } },
      ],
    });
  });

  it("knows names apart in sibling and nested objects", () => {
    expect(scan('{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":{"a":{"a":0}}}')).toEqual([]);
  });

  it("stops at the depth and value limits, with the path where it stopped", () => {
    expect(scanJsonText(`{"x":${"[".repeat(300)}${"]".repeat(300)}}`, LIMITS)).toEqual({ kind: "too_deep", path: ["x", ...Array(255).fill(0)] });
    expect(scanJsonText(`[${Array(20).fill("1").join(",")}]`, { maxDepth: 10, maxValues: 10 })).toEqual({ kind: "too_many_values", path: [9] });
  });

  it("lists at most maxDuplicates, and counts them all", () => {
    const text = `{${Array.from({ length: 10 }, () => '"a":1').join(",")}}`;
    const r = scanJsonText(text, { ...LIMITS, maxDuplicates: 3 });
    expect(r.kind === "ok" && [r.duplicates.length, r.truncated, r.total]).toEqual([3, true, 9]);
  });

  it("flags numbers JSON.parse may have made Infinity or rounded, and only numbers", () => {
    const flag = (t: string) => (scanJsonText(t, LIMITS) as { largeNumbers: boolean }).largeNumbers;
    expect([flag("[1e400]"), flag("[2E-5]"), flag("[123456789012345678901]"), flag('["1e400", 12345678901234567890, -0.5, true, false, null]')]).toEqual([true, true, true, false]);
  });

  it("ends on text that is not JSON", () => {
    for (const bad of ['{"a', '{"a\\', "}}}]]", '{"a":1,"a', "[1,,2"]) expect(scanJsonText(bad, LIMITS).kind).toBe("ok");
  });
});
