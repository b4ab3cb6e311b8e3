/**
 * The first-error module's cheaper patterns (scripts/generate/fast-patterns.ts) accept exactly the strings the
 * published patterns accept (up to the maxLength beside them, for FAST_PATTERNS); and the generated code uses them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FAST_PATTERNS, fastPatterns, MAX_WRITTEN_OUT, writeOutCounts } from "../../scripts/generate/fast-patterns.js";

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

/** Every `pattern` of every published schema. */
function schemaPatterns(dir: string): string[] {
  const out = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) if (k === "pattern" && typeof v === "string") out.add(v);
      Object.values(node).forEach(walk);
    }
  };
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith(".json")) walk(JSON.parse(readFileSync(join(e.parentPath, e.name), "utf8")));
  }
  return [...out];
}

describe("writeOutCounts", () => {
  it.each([
    ["\\d{4}", "\\d\\d\\d\\d"],
    ["[0-9a-f]{3}-", "[0-9a-f][0-9a-f][0-9a-f]-"],
    ["(?:[A-Z+/]{2}==)?", "(?:[A-Z+/][A-Z+/]==)?"],
    ["[\\]{]{2}", "[\\]{][\\]{]"],
    ["\\\\{2}", "\\\\\\\\"],
    [".{2}x{2}", "..xx"],
    // Left as they are: lazy, ranged, unbounded, too long or trivial counts; groups; escapes of more than one character.
    ["a{2}?", "a{2}?"],
    ["a{1,3}b{2,}", "a{1,3}b{2,}"],
    [`a{${MAX_WRITTEN_OUT + 1}}a{1}a{0}`, `a{${MAX_WRITTEN_OUT + 1}}a{1}a{0}`],
    ["(ab){2}", "(ab){2}"],
    ["\\{2}", "\\{2}"],
    ["\\u0041{2}", "\\u0041{2}"],
    ["\\p{L}{2}a{2}", "\\p{L}{2}a{2}"],
    ["\\1{2}", "\\1{2}"],
  ])("%s → %s", (source, expected) => {
    expect(writeOutCounts(source)).toBe(expected);
  });

  // Strings the pattern accepts (lookaheads dropped: fast-check cannot generate them), and the same with one
  // character inserted, removed or replaced.
  const nearMisses = (pattern: string) =>
    fc.tuple(fc.stringMatching(new RegExp(pattern.replace(/\(\?[!=][^()]*\)/g, ""), "u")), fc.nat(), fc.constantFrom("insert", "remove", "replace", "keep"), fc.constantFrom(..."0aF-+/=*Zz9 \u00e9".split(""))).map(([s, at, op, c]) => {
      const i = s.length === 0 ? 0 : at % s.length;
      return op === "insert" ? s.slice(0, i) + c + s.slice(i) : op === "remove" ? s.slice(0, i) + s.slice(i + 1) : op === "replace" ? s.slice(0, i) + c + s.slice(i + 1) : s;
    });

  const changed = schemaPatterns(join(root, "schemas")).filter((p) => writeOutCounts(p) !== p);

  it("rewrites some published patterns", () => {
    expect(changed.length).toBeGreaterThan(0);
  });

  it.each(changed)("%s accepts exactly what it did", (pattern) => {
    const published = new RegExp(pattern, "u");
    const written = new RegExp(writeOutCounts(pattern), "u");
    fc.assert(fc.property(fc.oneof(nearMisses(pattern), fc.string({ unit: "binary" })), (s) => published.test(s) === written.test(s)), { numRuns: 5000 });
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

  it("the first-error module writes counts out; the all-errors module keeps them", () => {
    const uuid = "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$";
    expect(first).toContain(literal(writeOutCounts(uuid)));
    expect(first).not.toContain(literal(uuid));
    expect(full).toContain(literal(uuid));
  });
});
