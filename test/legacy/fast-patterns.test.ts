/**
 * The first-error module's cheaper patterns (scripts/generate/fast-patterns.ts) accept exactly the strings the
 * published patterns accept, up to the maxLength beside them; and the generated code uses them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAST_PATTERNS, fastPatterns } from "../../scripts/generate/fast-patterns.js";

const root = join(import.meta.dirname, "../..");
const codePoints = (s: string) => [...s].length;

// Mostly the characters the patterns are about, in runs long enough to cross the length bounds; some of anything.
const char = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(..."aZ09-*".split("")) },
  { weight: 1, arbitrary: fc.constantFrom("_", " ", "\n", "\u00e9", "\u{1F600}", "\u212A") },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: "binary" }) },
);
const candidate = fc.oneof(fc.array(char, { maxLength: 140 }).map((a) => a.join("")), fc.string({ unit: "binary" }));

describe.each(FAST_PATTERNS)("fast pattern for $pattern", ({ pattern, fast, maxLength }) => {
  const published = new RegExp(pattern, "u");
  const cheaper = new RegExp(fast, "u");

  it(`accepts the same strings of at most ${maxLength} code points`, () => {
    fc.assert(
      fc.property(candidate, (s) => codePoints(s) > maxLength || published.test(s) === cheaper.test(s)),
      { numRuns: 20000 },
    );
    for (let n = 0; n <= maxLength; n++) {
      for (const s of ["a".repeat(n), "*".repeat(n), "-".repeat(n), `a${"-".repeat(Math.max(0, n - 2))}b`.slice(0, n), "a".repeat(Math.max(0, n - 1)) + "-"]) {
        expect(cheaper.test(s), JSON.stringify(s)).toBe(published.test(s));
      }
    }
  });

  it("is only used beside a small enough maxLength", () => {
    const node = (m?: number) => ({ type: "string", pattern, ...(m === undefined ? {} : { maxLength: m }) });
    expect(fastPatterns({ a: node(maxLength), b: [node(maxLength - 1)] })).toEqual({ a: { ...node(maxLength), pattern: fast }, b: [{ ...node(maxLength - 1), pattern: fast }] });
    expect(fastPatterns(node())).toEqual(node());
    expect(fastPatterns(node(maxLength + 1))).toEqual(node(maxLength + 1));
    const input = node(maxLength);
    fastPatterns(input);
    expect(input.pattern).toBe(pattern);
  });
});

describe("generated legacy modules", () => {
  const first = readFileSync(join(root, "src/generated/legacy/first.js"), "utf8");
  const full = readFileSync(join(root, "src/generated/legacy/full.js"), "utf8");
  const literal = (p: string) => `new RegExp(${JSON.stringify(p)}, "u")`;

  it("the first-error module matches the cheaper recipient-id pattern; the all-errors module the published one", () => {
    const [recipient] = FAST_PATTERNS;
    expect(first).toContain(literal(recipient!.fast));
    expect(first).not.toContain(literal(recipient!.pattern));
    expect(full).toContain(literal(recipient!.pattern));
  });
});
