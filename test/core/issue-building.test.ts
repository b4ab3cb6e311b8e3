/**
 * The cheaper issue building (issue 12) gives the issues the plain way gave:
 * each shortcut beside what it stands for — JSON.stringify, an object spread,
 * the dedupe key set, toPointer of the resolved path, and the hint scan over
 * every object of the input.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collectIssues, type AjvError } from "../../src/core/ajv-issues.js";
import { toPointer, withHint, type ValidationIssue } from "../../src/core/issue.js";
import { jsonText, listValues } from "../../src/core/messages.js";
import { attachHints, findMarkers, inspect } from "../../src/v1/hints.js";
import { api } from "../../src/v1/validators.js";

/** Same members, same order, same values (undefined ones included). */
const exactly = (a: unknown, b: unknown) => {
  expect(a).toStrictEqual(b);
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
};

describe("jsonText and listValues", () => {
  it("are JSON.stringify and map(JSON.stringify).join", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.jsonValue(), fc.constant(undefined)), (v) => {
        expect(jsonText(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: "binary" }), fc.jsonValue(), fc.constant(undefined))), (vs) => {
        expect(listValues(vs)).toBe(vs.map((v) => JSON.stringify(v)).join(", "));
      }),
      { numRuns: 100 },
    );
    // eslint-disable-next-line no-sparse-arrays
    const odd = [1, , () => 1, Symbol("s"), "a\u0000", "\ud800", "é", 'q"', "b\\"];
    expect(listValues(odd)).toBe(odd.map((v) => JSON.stringify(v)).join(", "));
  });
});

describe("withHint", () => {
  it("is { ...issue, hint }, member order included", () => {
    const issue: ValidationIssue = { path: ["a", 0], pointer: "/a/0", code: "type", message: "m", schemaPath: "#/type", expected: "a string", received: "1" };
    exactly(withHint(issue, "h"), { ...issue, hint: "h" });
    const withUndefinedHint = { path: [], pointer: "", code: "invalid", hint: undefined, message: "m" } as unknown as ValidationIssue;
    exactly(withHint(withUndefinedHint, "h"), { ...withUndefinedHint, hint: "h" });
  });

  it("is { ...issue, hint } for the member orders it copies by a literal, and beside them", () => {
    const base = { path: ["a"], pointer: "/a", code: "enum", message: "m" } as const;
    const issues = [
      { ...base, schemaPath: "#/enum", allowed: ["X"], received: '"x"' },
      { ...base, code: "required", schemaPath: "#/required", property: "p" },
      { ...base, code: "type", schemaPath: "#/type", expected: "a string", received: "1" },
      // A member undefined, one order swapped, one member more or fewer: the same copy.
      { ...base, schemaPath: "#/enum", allowed: undefined, received: '"x"' },
      { ...base, schemaPath: "#/type", received: "1", expected: "a string" },
      { ...base, schemaPath: "#/enum", allowed: ["X"], received: '"x"', severity: "warning" },
      { ...base, allowed: ["X"], received: '"x"' },
      { ...base, code: "required", property: "p", schemaPath: "#/required" },
    ] as unknown as ValidationIssue[];
    for (const issue of issues) exactly(withHint(issue, "h"), { ...issue, hint: "h" });
  });
});

/** The issues one error at a time, then deduplicated with the key set collectIssues used to build. */
function reference(errors: readonly AjvError[], root: unknown): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const e of errors) {
    for (const i of collectIssues([e], root).issues) {
      const key = `${i.pointer}\u0000${i.code}\u0000${i.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(i);
    }
  }
  return out;
}

describe("collectIssues", () => {
  it("makes each issue's members in makeIssue's order (each made whole by one literal)", () => {
    const root = { a: "x", n: 5, l: [1, 1], o: {} };
    const at = (instancePath: string, keyword: string, params: Record<string, unknown>): AjvError => ({ instancePath, schemaPath: `#/${keyword}`, keyword, params });
    const cases: Array<[AjvError, string[]]> = [
      [at("", "required", { missingProperty: "z" }), ["schemaPath", "property"]],
      [at("", "additionalProperties", { additionalProperty: "z" }), ["schemaPath", "property"]],
      [at("/a", "false schema", {}), ["schemaPath", "received"]],
      [at("/a", "not", {}), ["schemaPath", "received"]],
      [at("/a", "type", { type: "integer" }), ["schemaPath", "expected", "received"]],
      [at("/a", "enum", { allowedValues: ["b"] }), ["schemaPath", "allowed", "received"]],
      [at("/a", "const", { allowedValue: "b" }), ["schemaPath", "allowed", "received"]],
      [at("/a", "format", { format: "uri" }), ["schemaPath", "expected", "received"]],
      [at("/a", "pattern", { pattern: "^b$" }), ["schemaPath", "expected", "received"]],
      [at("/a", "minLength", { limit: 2 }), ["schemaPath", "expected", "received"]],
      [at("/n", "maximum", { comparison: "<=", limit: 1 }), ["schemaPath", "expected", "received"]],
      [at("/l", "minItems", { limit: 3 }), ["schemaPath", "expected", "received"]],
      [at("/o", "minProperties", { limit: 1 }), ["schemaPath", "expected"]],
      [at("/l", "uniqueItems", { i: 1, j: 0 }), ["schemaPath"]],
      [at("/o", "custom", {}), ["schemaPath"]],
    ];
    for (const [e, rest] of cases) {
      const [issue] = collectIssues([e], root).issues;
      expect(Object.keys(issue!), e.keyword).toEqual(["path", "pointer", "code", "message", ...rest]);
    }
    // Without a schemaPath (no Ajv error lacks one), no such member, as before.
    const [bare] = collectIssues([{ ...at("/a", "enum", { allowedValues: ["b"] }), schemaPath: undefined as unknown as string }], root).issues;
    expect(Object.keys(bare!)).toEqual(["path", "pointer", "code", "message", "allowed", "received"]);
  });

  const keys = fc.constantFrom("a", "b", "a/b", "x~y", "", "0", "\u0000", "\u0000type\u0000", 'k"');
  const error = fc.record({
    at: fc.array(keys, { maxLength: 3 }),
    kind: fc.constantFrom("required", "additionalProperties", "type"),
    name: keys,
  });
  const toError = (x: { at: string[]; kind: string; name: string }): AjvError => ({
    instancePath: toPointer(x.at),
    schemaPath: `#/${x.kind}`,
    keyword: x.kind,
    params: x.kind === "required" ? { missingProperty: x.name } : x.kind === "additionalProperties" ? { additionalProperty: x.name } : { type: "string" },
  });

  it("drops the same issues as the key set did (short lists, long lists, NULs in keys)", () => {
    fc.assert(
      fc.property(fc.array(error, { maxLength: 40 }), (xs) => {
        const errors = xs.map(toError);
        // Repeat some, so that there are duplicates to drop.
        const all = [...errors, ...errors.slice(0, 5)];
        exactly(collectIssues(all, { a: { b: 1 } }).issues, reference(all, { a: { b: 1 } }));
      }),
      { numRuns: 300 },
    );
  });

  it("gives every issue the pointer of its path", () => {
    const root = { list: [{ "a/b": { "x~y": 1 } }], o: { "12": 1 } };
    const paths = ["/list/0/a~1b/x~0y", "/list/12345678901234567890", "/list/01", "/o/12", "a/b", "/", "/list/", "/~2"];
    for (const instancePath of paths) {
      const [issue] = collectIssues([{ instancePath, schemaPath: "#/type", keyword: "type", params: { type: "string" } }], root).issues;
      expect(issue!.pointer).toBe(toPointer(issue!.path));
      const [extra] = collectIssues([{ instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: "p/q~" } }], root).issues;
      expect(extra!.pointer).toBe(toPointer(extra!.path));
    }
  });
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith(".json") && !f.endsWith(".expect.json") ? [p] : [];
  });
}

describe("the hint scan where issues are", () => {
  it("hints exactly as the scan of every object (real v0.3 and v1 documents)", () => {
    const root = join(import.meta.dirname, "../../fixtures/v1/real");
    let compared = 0;
    for (const f of files(root)) {
      const expect_ = JSON.parse(readFileSync(f.replace(/\.json$/, ".expect.json"), "utf8")) as { type?: string };
      const type = expect_.type;
      if (type === undefined || !api.model.isMessageName(type)) continue;
      const doc = JSON.parse(readFileSync(f, "utf8"));
      for (const mode of ["strict", "lenient"] as const) {
        const r = api.validate(type, doc, { mode });
        if (r.ok) continue;
        // The issues before hints: the scan is asked about these.
        const bare = r.issues.map(({ hint: _, ...i }) => i as ValidationIssue);
        const found = inspect(api.model, type, doc, bare);
        if (found.sdk !== undefined) continue;
        exactly(attachHints(bare, found.markers), attachHints(bare, findMarkers(api.model, type, doc)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
