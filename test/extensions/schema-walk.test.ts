/**
 * The pre-compile checks walk untrusted schemas by the JSON Schema vocabulary
 * (draft-07 and 2020-12), not by key names: a property may be called `enum`,
 * `const` or `$ref`, and the schema under it is still counted and checked.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkStructuredOutput, DEFAULT_LIMITS, SchemaCache, validateObjectSchemasCard, type SchemaLimits } from "../../src/extensions/object-schemas/index.js";
import { keywordsOf, resolveRef } from "../../src/extensions/object-schemas/schema-walk.js";

const seedCard = JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/extensions/object-schemas/valid/ObjectSchemasCard/extension-example-card.json"), "utf8"));

type Verdict = "ok" | string;
const verdict = (cache: SchemaCache, schema: unknown): Verdict => {
  const r = cache.compile(schema);
  return r.ok ? "ok" : r.issues.map((i) => i.code).join(",");
};

/** Every name the vocabulary gives a meaning to, and a few that objects already have. */
const KEYWORD_NAMES = [
  "enum", "const", "default", "examples", "$ref", "$dynamicRef", "$recursiveRef", "$id", "$anchor", "$schema", "$data", "$defs", "definitions",
  "properties", "patternProperties", "additionalProperties", "dependencies", "dependentSchemas", "items", "prefixItems", "additionalItems",
  "anyOf", "allOf", "oneOf", "not", "if", "then", "else", "contains", "propertyNames", "contentSchema", "unevaluatedProperties",
  "unevaluatedItems", "pattern", "uniqueItems", "required", "type", "format", "title", "x-unknown", "__proto__", "constructor", "",
];

// A $ref DAG: 2^30 evaluations of d0 per data node, and a recursive anyOf: 2^depth.
function dagUnder(name: string) {
  const base = `#/properties/${name}/$defs/`;
  const defs: Record<string, unknown> = { d0: { type: "string" } };
  for (let i = 1; i <= 30; i++) defs[`d${i}`] = { anyOf: [{ $ref: `${base}d${i - 1}` }, { $ref: `${base}d${i - 1}` }] };
  return { type: "object", properties: { [name]: { $defs: defs, $ref: `${base}d30` } } };
}
function recursiveUnder(name: string) {
  const self = { type: "array", items: { $ref: `#/properties/${name}` } };
  return { type: "object", properties: { [name]: { anyOf: [self, structuredClone(self)] } } };
}

/** Data that makes the hostile schema explode: 2^30 evaluations, or 2^42 (nested arrays), were the schema accepted. */
function hostileData(kind: "dag" | "recursive", name: string): unknown {
  if (kind === "dag") return { [name]: 1 };
  let nested: unknown = [1];
  for (let i = 0; i < 41; i++) nested = [nested];
  return { [name]: nested };
}

function taskWith(data: unknown) {
  return { artifacts: [{ parts: [{ kind: "data", data, metadata: { mimeType: "application/json;schema=hidden" } }] }] };
}

describe("the audit's hostile schemas (a property name is not a keyword)", () => {
  it("the recursive one is tiny: a 162-byte schema, and data under 100 bytes", () => {
    expect(JSON.stringify(recursiveUnder("const")).length).toBeLessThan(170);
    expect(JSON.stringify(hostileData("recursive", "const")).length).toBeLessThan(100);
  });

  for (const kind of ["dag", "recursive"] as const) {
    const build = kind === "dag" ? dagUnder : recursiveUnder;
    const code = kind === "dag" ? "too_large" : "not_allowed";
    it.each(["enum", "const", "default", "examples"])(`${kind} under a property named %s: refused as under x, and quickly`, (name) => {
      const cache = new SchemaCache();
      expect(verdict(cache, build("x"))).toBe(code);
      // Checked first, so a regression fails here instead of running the data below for minutes.
      expect(verdict(cache, build(name))).toBe(code);
      const card = { ...seedCard, schemas: { ...seedCard.schemas, hidden: build(name) } };
      const t = performance.now();
      const checked = validateObjectSchemasCard(card);
      const output = checkStructuredOutput(card, taskWith(hostileData(kind, name)));
      expect(performance.now() - t).toBeLessThan(2000);
      expect(checked.ok ? [] : checked.issues.map((i) => [i.pointer, i.code])).toEqual([["/schemas/hidden", code]]);
      expect(output.ok).toBe(false);
      expect(output.issues.map((i) => [i.pointer, i.code])).toEqual([["/artifacts/0/parts/0/metadata/mimeType", "invalid"]]);
    });
  }
});

// ---------------------------------------------------------------------------
// Property: renaming properties to keyword names never changes the verdict.

const NEUTRAL = ["n0", "n1", "n2", "n3", "n4", "n5"];
const name = fc.constantFrom(...NEUTRAL);
const data = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(null, 1, "s", true, "n0", "#/$defs/n1"),
    fc.array(tie("v"), { maxLength: 2 }),
    fc.dictionary(name, tie("v"), { maxKeys: 2 }),
  ),
})).v;
const ref = fc.oneof(
  { arbitrary: name.map((n) => `#/$defs/${n}`), weight: 150 },
  { arbitrary: fc.constant("#"), weight: 1 },
  { arbitrary: fc.tuple(name, name).map(([a, b]) => `#/$defs/${a}/properties/${b}`), weight: 1 },
  { arbitrary: name.map((n) => `#/properties/${n}`), weight: 1 },
  { arbitrary: name.map((n) => `#/$defs/${n}/anyOf/0`), weight: 1 },
  { arbitrary: name.map((n) => `#/$defs/${n}/const`), weight: 1 },
);
const schema = fc.letrec<{ leaf: unknown; node: unknown }>((tie) => ({
  leaf: fc.oneof(
    { arbitrary: fc.constantFrom<unknown>({ type: "string" }, { type: "integer", minimum: 0 }, true, false, {}, { uniqueItems: true }), weight: 80 },
    { arbitrary: fc.constantFrom("^[a-z]+$", "^\\d{3}$").map((pattern) => ({ type: "string", pattern })), weight: 20 },
    { arbitrary: fc.constant({ type: "string", pattern: "^(a+)+$" }), weight: 1 },
    { arbitrary: data.map((v) => ({ enum: [v, 1] })), weight: 20 },
    { arbitrary: data.map((v) => ({ const: v })), weight: 20 },
    { arbitrary: data.map((v) => ({ default: v, examples: [v] })), weight: 20 },
    { arbitrary: ref.map(($ref) => ({ $ref })), weight: 60 },
  ),
  node: fc.oneof(
    { maxDepth: 4, depthSize: "small" },
    tie("leaf"),
    fc.record({ type: fc.constant("object"), properties: fc.dictionary(name, tie("node"), { maxKeys: 3 }), required: fc.uniqueArray(name, { maxLength: 2 }) }),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf })),
    fc.array(tie("node"), { minLength: 1, maxLength: 2 }).map((oneOf) => ({ oneOf })),
    fc.array(tie("node"), { minLength: 1, maxLength: 2 }).map((allOf) => ({ allOf })),
    tie("node").map((items) => ({ type: "array", items })),
    tie("node").map((not) => ({ not })),
    fc.dictionary(name, tie("node"), { maxKeys: 2 }).map((dependentSchemas) => ({ dependentSchemas })),
    fc.tuple(fc.oneof({ arbitrary: fc.constantFrom("^n", "^n1"), weight: 30 }, { arbitrary: fc.constant("^(a+)+$"), weight: 1 }), tie("node")).map(([p, s]) => ({ patternProperties: { [p]: s } })),
    fc.tuple(tie("node"), tie("node")).map(([iff, then]) => ({ if: iff, then })),
  ),
}));
// Every definition exists, so most references resolve and the verdicts vary (accepted, recursive, too large, ...).
const rootSchema = fc.tuple(fc.tuple(...NEUTRAL.map(() => schema.node)), schema.node).map(([defs, root]) => {
  const $defs = Object.fromEntries(NEUTRAL.map((n, i) => [n, defs[i]]));
  return root !== null && typeof root === "object" ? { ...(root as object), $defs } : { $defs, allOf: [root] };
});

/** Renames every neutral name (map keys, data keys, `required` entries, reference segments) through `to`. */
function rename(value: unknown, to: ReadonlyMap<string, string>, key?: string): unknown {
  if (typeof value === "string") {
    if (key === "$ref") return value.split("/").map((seg) => to.get(seg) ?? seg).join("/");
    return to.get(value) ?? value;
  }
  if (Array.isArray(value)) return value.map((v) => rename(v, to, undefined));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // defineProperty: a key named __proto__ must stay a key.
    Object.defineProperty(out, to.get(k) ?? k, { value: rename(v, to, k), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// Not `$id`: Ajv itself fails on a pointer through a `$defs` or `dependentSchemas` entry named `$id` (pinned below).
const renaming = fc.shuffledSubarray(KEYWORD_NAMES.filter((k) => k !== "$id"), { minLength: NEUTRAL.length, maxLength: NEUTRAL.length }).map((names) => new Map(NEUTRAL.map((n, i) => [n, names[i]!])));

describe("renaming properties to keyword names never changes the verdict", () => {
  // A small expansion budget makes "too large" verdicts common enough to compare.
  for (const [label, limits] of [
    ["default limits", DEFAULT_LIMITS],
    ["an expansion budget of 150", { ...DEFAULT_LIMITS, maxExpandedNodes: 150 }],
  ] as Array<[string, SchemaLimits]>) {
    it(label, () => {
      const cache = new SchemaCache(limits);
      let refused = 0;
      fc.assert(
        fc.property(rootSchema, renaming, (s, to) => {
          const before = verdict(cache, s);
          if (before !== "ok") refused++;
          expect(verdict(cache, rename(s, to))).toBe(before);
        }),
        { numRuns: 100 },
      );
      // The property says something only if both verdicts occur.
      expect(refused).toBeGreaterThan(10);
      expect(refused).toBeLessThan(90);
    });
  }

  it("each of the audit's schemas, renamed to every keyword name", () => {
    const cache = new SchemaCache();
    for (const n of KEYWORD_NAMES) {
      expect(verdict(cache, dagUnder(n)), n).toBe("too_large");
      expect(verdict(cache, recursiveUnder(n)), n).toBe("not_allowed");
    }
  });
});

// ---------------------------------------------------------------------------

describe("the walk follows the vocabulary", () => {
  const cache = new SchemaCache();
  // Where a subschema can sit, in either draft, with the pointer to it.
  const places: Array<[string, (s: unknown) => object, string, string?]> = [
    ["properties", (s) => ({ properties: { a: s } }), "#/properties/a"],
    ["patternProperties", (s) => ({ patternProperties: { "^a": s } }), "#/patternProperties/^a"],
    ["additionalProperties", (s) => ({ additionalProperties: s }), "#/additionalProperties"],
    ["dependentSchemas", (s) => ({ dependentSchemas: { a: s } }), "#/dependentSchemas/a"],
    ["propertyNames", (s) => ({ propertyNames: s }), "#/propertyNames"],
    ["unevaluatedProperties", (s) => ({ unevaluatedProperties: s }), "#/unevaluatedProperties"],
    ["items", (s) => ({ items: s }), "#/items"],
    ["prefixItems", (s) => ({ prefixItems: [s] }), "#/prefixItems/0"],
    ["contains", (s) => ({ contains: s }), "#/contains"],
    ["unevaluatedItems", (s) => ({ unevaluatedItems: s }), "#/unevaluatedItems"],
    ["allOf", (s) => ({ allOf: [s] }), "#/allOf/0"],
    ["not", (s) => ({ not: s }), "#/not"],
    ["if", (s) => ({ if: s }), "#/if"],
    ["then", (s) => ({ if: true, then: s }), "#/then"],
    ["else", (s) => ({ if: true, else: s }), "#/else"],
    ["contentSchema", (s) => ({ contentSchema: s }), "#/contentSchema"],
    ["draft-07 items list", (s) => ({ $schema: "http://json-schema.org/draft-07/schema#", items: [s] }), "#/items/0"],
    ["draft-07 additionalItems", (s) => ({ $schema: "http://json-schema.org/draft-07/schema#", items: [true], additionalItems: s }), "#/additionalItems"],
    ["draft-07 dependencies", (s) => ({ $schema: "http://json-schema.org/draft-07/schema#", dependencies: { a: s, b: ["a"] } }), "#/dependencies/a"],
    ["draft-07 definitions", (s) => ({ $schema: "http://json-schema.org/draft-07/schema#", definitions: { a: s }, $ref: "#/definitions/a" }), "#/definitions/a"],
  ];

  it.each(places)("a recursive anyOf in %s is refused", (_label, place, at) => {
    const loop = { type: "array", items: { $ref: at } };
    expect(verdict(cache, place({ anyOf: [loop, loop] }))).toBe("not_allowed");
  });

  it.each(places)("a reference DAG in %s is counted", (_label, place, at) => {
    const defs: Record<string, unknown> = { d0: { type: "string" } };
    for (let i = 1; i <= 20; i++) defs[`d${i}`] = { anyOf: [{ $ref: `${at}/$defs/d${i - 1}` }, { $ref: `${at}/$defs/d${i - 1}` }] };
    expect(verdict(cache, place({ $defs: defs, $ref: `${at}/$defs/d20` }))).toBe("too_large");
  });

  it("enum and const values count toward the expansion: each is compared against every data node", () => {
    // 256 copies of a 6,000-value enum: 1.5 million comparisons per data value (half a second each before the fix).
    const defs: Record<string, unknown> = { d0: { enum: Array.from({ length: 6000 }, (_, i) => `v${i}`) } };
    for (let i = 1; i <= 8; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
    expect(verdict(cache, { $defs: defs, type: "array", items: { $ref: "#/$defs/d8" } })).toBe("too_large");
    expect(verdict(cache, { const: Array.from({ length: 6000 }, (_, i) => i) })).toBe("too_large");
    // An ordinary enum, and large annotations (never evaluated), stay fine.
    expect(verdict(cache, { enum: Array.from({ length: 1000 }, (_, i) => `v${i}`) })).toBe("ok");
    expect(verdict(cache, { type: "array", examples: [Array.from({ length: 6000 }, (_, i) => i)] })).toBe("ok");
  });

  it("a value under an unknown keyword is data: a $ref, a pattern or $data inside is not a keyword", () => {
    const s = { type: "object", "x-ui": { $ref: "https://example.com/remote", pattern: "^(a+)+$", $data: "1/a", items: { $ref: "#/nowhere" } } };
    expect(verdict(cache, s)).toBe("ok");
    // The same under properties is a schema, and refused.
    expect(verdict(cache, { type: "object", properties: { a: { $ref: "https://example.com/remote" } } })).toBe("not_allowed");
  });

  it("a $ref into data makes that data a schema: it is checked and counted", () => {
    expect(verdict(cache, { "x-lib": { p: { pattern: "^(a+)+$" } }, $ref: "#/x-lib/p" })).toBe("pattern");
    expect(verdict(cache, { const: { type: "string", pattern: "(a|aa)*" }, properties: { a: { $ref: "#/const" } } })).toBe("pattern");
    const defs: Record<string, unknown> = { d0: { type: "string" } };
    for (let i = 1; i <= 20; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/x-lib/d${i - 1}` }, { $ref: `#/x-lib/d${i - 1}` }] };
    expect(verdict(cache, { "x-lib": defs, $ref: "#/x-lib/d20" })).toBe("too_large");
    expect(verdict(cache, { examples: [{ items: { $ref: "#/examples/0" } }], $ref: "#/examples/0" })).toBe("not_allowed");
  });

  it("refuses a string $id anywhere Ajv registers one: it can redirect a #/... reference", () => {
    // With the root's $id, Ajv resolves #/$defs/a to x-hidden (checked below), which the walk would not count.
    const hijack = { $id: "https://example.com/s", "x-hidden": { $id: "https://example.com/s#/$defs/a", const: "hidden" }, $defs: { a: { const: "a" } }, $ref: "#/$defs/a" };
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.compile(hijack)("hidden")).toBe(true);
    const r = cache.compile(hijack);
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code])).toEqual([["/x-hidden/$id", "not_allowed"]]);
    // A property named $id is a name, and data under const or examples is never registered.
    expect(verdict(cache, { properties: { $id: { type: "string" } }, $ref: "#/properties/$id" })).toBe("ok");
    expect(verdict(cache, { const: { $id: "https://example.com/x" }, examples: [{ $id: "https://example.com/y" }] })).toBe("ok");
  });

  it("Ajv fails closed on a pointer through a $defs entry named $id (so the renaming property leaves $id out)", () => {
    const r = cache.compile({ $defs: { $id: { type: "string" }, a: { type: "string" } }, $ref: "#/$defs/a" });
    expect(r.ok ? [] : r.issues.map((i) => [i.code, i.message.slice(0, 36)])).toEqual([["invalid", "is not a valid JSON Schema (2020-12)"]]);
    expect(verdict(cache, { properties: { $id: { type: "string" }, a: { type: "string" } }, $ref: "#/properties/a" })).toBe("ok");
  });

  it("#/ is the root to Ajv, so a reference to it from inside is recursive", () => {
    expect(verdict(cache, { "": { type: "string" }, properties: { a: { anyOf: [{ $ref: "#/" }, { $ref: "#/" }] } } })).toBe("not_allowed");
  });

  it("a reference that is not a plain JSON Pointer is refused, never guessed at", () => {
    expect(verdict(cache, { $defs: { "a#": { "": true } }, $ref: "#/$defs/a#/" })).toBe("not_allowed");
    expect(verdict(cache, { $defs: { a: true }, $ref: "#/$defs/%E0%A4%A" })).toBe("invalid");
    expect(verdict(cache, { $defs: { a: [true] }, $ref: "#/$defs/a/length" })).toBe("invalid");
  });
});

describe("the walk knows every keyword Ajv evaluates", () => {
  it.each([
    ["2020-12", Ajv2020],
    ["draft-07", Ajv],
  ] as const)("%s", (_draft, C) => {
    const known = Object.keys((new C({ strict: false }) as unknown as { RULES: { keywords: object } }).RULES.keywords);
    const unknown = keywordsOf(Object.fromEntries(known.map((k) => [k, true]))).filter((k) => k.kind === "unknown").map((k) => k.key);
    // None of these holds a schema: `$async` and `nullable` are booleans, `id` is refused by Ajv itself.
    expect(unknown.sort()).toEqual(["$async", "id", "nullable"]);
  });
});

describe("references resolve to the node Ajv evaluates", () => {
  const escape = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");
  it("for any key, plain or percent-encoded", () => {
    // One instance: nothing here has an $id, so compiled schemas cannot interfere.
    const ajv = new Ajv2020({ strict: false });
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 6 }), fc.boolean(), (key, encode) => {
        let pointer = escape(key);
        if (encode) {
          try {
            pointer = encodeURIComponent(pointer);
          } catch {
            return; // a lone surrogate has no percent-encoding
          }
        }
        const s = { $defs: { [key]: { const: "target" }, other: { const: "other" } }, $ref: `#/$defs/${pointer}` };
        let ajvSays: string;
        try {
          const v = ajv.compile(s);
          ajvSays = v("target") ? "target" : v("other") ? "other" : "none";
        } catch {
          return; // Ajv refuses the schema, so nothing runs
        }
        const t = resolveRef(s, s.$ref);
        expect(t.ok ? (t.node as { const: string }).const : "unresolved").toBe(ajvSays);
      }),
      { numRuns: 300 },
    );
  });
});
