/**
 * Remote schema × remote data (issue 18, findings 1 to 3): the work of
 * judging data against an untrusted schema is bounded before the validator
 * runs, `uniqueItems` is linear, and a card's schemas compile without a
 * meta-schema compile each and within per-card and per-call caps. Times are
 * generous bounds only a denial of service breaks (the base code took 3 to
 * 11 s on each); the budgets themselves are rows of `npm run bench`.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkStructuredOutput,
  DEFAULT_LIMITS,
  OBJECT_SCHEMAS_EXTENSION_URI,
  resolveStructuredInput,
  SchemaCache,
  validateObjectSchemasCard,
} from "../../src/extensions/object-schemas/index.js";
import { duplicatePair } from "../../src/extensions/object-schemas/unique.js";

const GENEROUS_MS = 1000;
const many = <T,>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const cardWith = (schemas: Record<string, unknown>) => ({ capabilities: { extensions: [{ uri: OBJECT_SCHEMAS_EXTENSION_URI }] }, schemas });
const input = (data: unknown, name = "s") => ({ role: "user", parts: [{ kind: "data", data, metadata: { mimeType: `application/json;schema=${name}` } }] });

function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

/** Judges `data` against `schema`, timing the judgment only (the compile, warmed first, is finding 3's). */
function judge(schema: unknown, data: unknown, cache = new SchemaCache()) {
  const card = cardWith({ s: schema });
  expect(cache.compile(schema).ok).toBe(true);
  return timed(() => resolveStructuredInput(card, input(data), { hasTask: false, cache }));
}

/** Judged: valid, or refused with the evaluation limit. */
const judged = (r: ReturnType<typeof resolveStructuredInput>) => (r.kind === "input" ? "input" : "issues" in r && r.issues.length === 1 && r.issues[0]!.code === "too_complex" ? "too_complex" : r.kind);

describe("finding 1: schema width × data size is one budget", () => {
  it("refuses items: {anyOf: [1,601 consts]} on 16,000 items with the figures, at once (base: 4.8 s)", () => {
    const { value: r, ms } = judge({ items: { anyOf: many(1601, (i) => ({ const: i })) } }, many(16000, () => -1));
    expect(r.kind).toBe("invalid_data");
    const issues = "issues" in r ? r.issues : [];
    expect(issues.map((i) => [i.pointer, i.code])).toEqual([["/parts/0/data", "too_complex"]]);
    expect(issues[0]!.message).toMatch(/would need about [\d,]+ steps, and the limit is 4,000,000/);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("refuses an enum of 4,991 numbers on a megabyte of numbers (base: 5.9 s)", () => {
    const { value: r, ms } = judge({ items: { enum: many(4991, (i) => i) } }, many(330_000, () => -1));
    expect("issues" in r ? r.issues.map((i) => i.code) : []).toEqual(["too_complex"]);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("refuses wide anyOf over long strings, where each branch reads the whole string", () => {
    const { value: r, ms } = judge({ anyOf: many(1000, (i) => ({ maxLength: i })) }, "a".repeat(500_000));
    expect("issues" in r ? r.issues.map((i) => i.code) : []).toEqual(["too_complex"]);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("still judges ordinary schemas on large data: 6,000 objects (a megabyte) against a 10-property item schema", () => {
    const schema = { type: "array", items: { type: "object", required: ["p0"], properties: Object.fromEntries(many(10, (k) => [`p${k}`, { type: "string", maxLength: 50 }])) } };
    const data = many(6000, () => Object.fromEntries(many(10, (k) => [`p${k}`, "hello"])));
    expect(judge(schema, data).value.kind).toBe("input");
    data[5999]!.p3 = 3 as unknown as string;
    const r = judge(schema, data).value;
    expect("issues" in r ? r.issues.map((i) => [i.pointer, i.code]) : []).toEqual([["/parts/0/data/5999/p3", "type"]]);
  });

  it("a cheap schema is judged on the same data that a wide one is refused on", () => {
    const data = many(16000, () => -1);
    expect(judge({ items: { anyOf: many(20, (i) => ({ const: i })) } }, data).value.kind).toBe("invalid_data");
    expect(judge({ items: { type: "number" } }, data).value.kind).toBe("input");
  });

  it("checkStructuredOutput refuses the same way, per part", () => {
    const schema = { items: { anyOf: many(1601, (i) => ({ const: i })) } };
    const card = cardWith({ s: schema });
    const task = { id: "t", artifacts: [{ parts: [{ kind: "data", data: many(16000, () => -1), metadata: { mimeType: "application/json;schema=s" } }] }] };
    const cache = new SchemaCache();
    cache.compile(schema);
    const { value: r, ms } = timed(() => checkStructuredOutput(card, task, { cache }));
    expect(r.ok).toBe(false);
    expect(r.issues.map((i) => [i.pointer, i.code])).toEqual([["/artifacts/0/parts/0/data", "too_complex"]]);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("failing data against an enum of 200 values or more is reported (the all-errors code used to be refused)", () => {
    const r = judge({ enum: many(300, (i) => ({ v: i })) }, { v: -1 }).value;
    expect("issues" in r ? r.issues.map((i) => [i.pointer, i.code]) : []).toEqual([["/parts/0/data", "enum"]]);
  });
});

describe("finding 2: uniqueItems is linear", () => {
  it("2,000 distinct objects of 40 keys are judged in well under a second (base: 4.6 s)", () => {
    const data = many(2000, (i) => Object.fromEntries(many(40, (k) => [`key${k}`, k === 39 ? i : k])));
    const { value: r, ms } = judge({ uniqueItems: true }, data);
    expect(["input", "too_complex"]).toContain(judged(r));
    // Half of it is well within the budget, and judged valid.
    expect(judge({ uniqueItems: true }, data.slice(0, 1000)).value.kind).toBe("input");
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("2,000 arrays of 240 numbers differing in element 0 (base: 3.3 s)", () => {
    const { value: r, ms } = judge({ uniqueItems: true }, many(2000, (i) => many(240, (k) => (k === 0 ? i : k % 10))));
    expect(["input", "too_complex"]).toContain(judged(r));
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("names the two equal items, whatever their key order", () => {
    const data = [{ a: 1, b: [1, { c: 2, d: 3 }] }, { x: 0 }, { b: [1, { d: 3, c: 2 }], a: 1 }, 4];
    const r = judge({ uniqueItems: true }, data).value;
    expect("issues" in r ? r.issues.map((i) => [i.pointer, i.code, i.message]) : []).toEqual([["/parts/0/data", "duplicate_items", "must not repeat items (items 0 and 2 are equal)"]]);
  });

  // Plain objects, as JSON.parse makes them: Ajv's deep-equal also compares prototypes (a null-prototype `{}` differs from `{}`), JSON equality does not.
  it("gives Ajv's own verdict and pair on any JSON array (0 and -0 equal, key order ignored)", () => {
    const ajv = new Ajv2020({ strict: false });
    const unique = ajv.compile({ uniqueItems: true });
    const leaf = fc.oneof(fc.constantFrom(0, -0, 1, 1.5, "a", "b", "", true, false, null));
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("v"), { maxLength: 3 }), fc.dictionary(fc.constantFrom("a", "b", "c"), tie("v"), { maxKeys: 3 }).map((d) => ({ ...d }))),
    })).v;
    fc.assert(
      fc.property(fc.array(value, { maxLength: 8 }), (items) => {
        const ok = unique(items);
        const pair = duplicatePair(items);
        expect(pair === undefined).toBe(ok);
        if (!ok) expect(pair).toEqual(unique.errors![0]!.params);
      }),
      { numRuns: 500 },
    );
  });
});

describe("finding 3: a card's schemas compile in milliseconds, within caps", () => {
  it("refuses a card of 1,000 schemas at once, before compiling any (base: 11 s)", () => {
    const card = cardWith(Object.fromEntries(many(1000, (i) => [`s${i}`, { const: i }])));
    const { value: r, ms } = timed(() => validateObjectSchemasCard(card, { cache: new SchemaCache() }));
    expect(r.ok).toBe(false);
    const issues = r.ok ? [] : r.issues;
    expect(issues.filter((i) => i.severity !== "warning").map((i) => [i.pointer, i.code, i.message])).toEqual([["/schemas", "too_large", "declares 1000 schemas; at most 100 are checked (maxSchemasPerCard)"]]);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("compiles a card of 100 distinct schemas without a meta-schema compile each (base: 2.2 s)", () => {
    const card = cardWith(Object.fromEntries(many(100, (i) => [`s${i}`, { type: "object", properties: { v: { const: i } } }])));
    const { value: r, ms } = timed(() => validateObjectSchemasCard(card, { cache: new SchemaCache() }));
    expect(r.ok).toBe(true);
    expect(ms).toBeLessThan(GENEROUS_MS);
  });

  it("still reports an invalid schema in Ajv's words, from the shared meta-schema check", () => {
    const r = validateObjectSchemasCard(cardWith({ s: { type: "nope" } }), { cache: new SchemaCache() });
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code, i.message])).toEqual([
      ["/schemas/s", "invalid", expect.stringMatching(/^is not a valid JSON Schema \(2020-12\): schema is invalid: data\/type must be equal to one of the allowed values/)],
    ]);
  });

  it("caps the compiles of one call: a task naming 150 schemas compiles 100 and says why it stops", () => {
    const schemas = Object.fromEntries(many(150, (i) => [`s${i}`, { const: i }]));
    const task = { id: "t", artifacts: many(150, (i) => ({ parts: [{ kind: "data", data: i, metadata: { mimeType: `application/json;schema=s${i}` } }] })) };
    const r = checkStructuredOutput(cardWith(schemas), task, { cache: new SchemaCache({ ...DEFAULT_LIMITS, cacheSize: 200 }) });
    expect(r.parts.filter((p) => p.ok)).toHaveLength(100);
    expect(r.issues[0]!.message).toMatch(/this call already compiled 100 schemas, the most one call may compile \(maxCompilesPerCall\)/);
    // The next call has a budget of its own, and the first 100 are cached.
    const again = checkStructuredOutput(cardWith(schemas), task, { cache: new SchemaCache({ ...DEFAULT_LIMITS, cacheSize: 200 }) });
    expect(again.parts.filter((p) => p.ok)).toHaveLength(100);
  });

  it("caps the schema nodes one call compiles", () => {
    // 2 + 1,300 × 2 nodes and keywords each: one fits the 5,000 of a call, two do not.
    const big = (i: number) => ({ properties: Object.fromEntries(many(1300, (k) => [`p${k}`, { const: i }])) });
    const card = cardWith({ a: big(1), b: big(2) });
    const r = validateObjectSchemasCard(card, { cache: new SchemaCache({ ...DEFAULT_LIMITS, maxCompiledNodesPerCall: 5000 }) });
    expect(r.ok ? [] : r.issues.filter((i) => i.severity !== "warning").map((i) => [i.pointer, i.code])).toEqual([["/schemas/b", "too_large"]]);
  });

  it("keeps each schema's $id to itself: two cards with one $id and different definitions", () => {
    const cache = new SchemaCache();
    const id = "https://example.com/shared";
    const a = { $id: id, $ref: "#/$defs/x", $defs: { x: { type: "string" } } };
    const b = { $id: id, $ref: "#/$defs/x", $defs: { x: { type: "number" } } };
    expect(resolveStructuredInput(cardWith({ s: a }), input("text"), { hasTask: false, cache }).kind).toBe("input");
    expect(resolveStructuredInput(cardWith({ s: b }), input("text"), { hasTask: false, cache }).kind).toBe("invalid_data");
    expect(resolveStructuredInput(cardWith({ s: a }), input(1), { hasTask: false, cache }).kind).toBe("invalid_data");
    // The meta-schema's own URI as an $id changes nothing for the next schema.
    const meta = { $id: "https://json-schema.org/draft/2020-12/schema", type: "string" };
    expect(resolveStructuredInput(cardWith({ s: meta }), input(1), { hasTask: false, cache }).kind).toBe("invalid_data");
    expect(validateObjectSchemasCard(cardWith({ s: { type: "nope" } }), { cache }).ok).toBe(false);
    expect(validateObjectSchemasCard(cardWith({ s: { type: "string" } }), { cache }).ok).toBe(true);
  });
});
