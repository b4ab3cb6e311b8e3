import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkStructuredOutput,
  DEFAULT_LIMITS,
  OBJECT_SCHEMAS_EXTENSION_URI,
  patternProblem,
  resolveStructuredInput,
  SchemaCache,
  schemaNameOfMode,
  validateObjectSchemasCard,
  type StructuredInput,
} from "../../src/extensions/object-schemas/index.js";

const ROOT = join(import.meta.dirname, "../../fixtures/extensions/object-schemas");
// Cards are documents (fixtures/); a flow or output case pairs a card with a message or task, so it is test data.
const CASES = join(import.meta.dirname, "cases");
const read = (p: string) => JSON.parse(readFileSync(join(/^(flow|output)\//.test(p) ? CASES : ROOT, p), "utf8"));
const list = (dir: string) => readdirSync(join(/^(flow|output)$/.test(dir) ? CASES : ROOT, dir)).filter((f) => f.endsWith(".json") && !f.endsWith(".expect.json")).map((f) => f.slice(0, -5)).sort();
const pc = (issues: readonly { pointer: string; code: string }[]) => issues.map((i) => ({ pointer: i.pointer, code: i.code }));
const card = (name: string) => read(`valid/ObjectSchemasCard/${name}.json`);
const exampleCard = card("extension-example-card");

describe("the extension document's example card", () => {
  it("uses the extension's URI", () => {
    expect(OBJECT_SCHEMAS_EXTENSION_URI).toBe("https://raw.githubusercontent.com/facultyai/a2a-extension-object-schemas/refs/heads/main/v1");
  });
});

describe("validateObjectSchemasCard: fixtures", () => {
  it.each(list("valid/ObjectSchemasCard"))("valid %s", (name) => {
    const r = validateObjectSchemasCard(card(name));
    expect(r.ok ? [] : pc(r.issues)).toEqual([]);
    const warnings = r.ok ? (r.warnings ?? []) : [];
    if (name.endsWith("-warning")) {
      expect(pc(warnings)).toEqual([{ pointer: "/skills/0/inputModes", code: "required" }]);
      expect(warnings.every((w) => w.severity === "warning")).toBe(true);
    } else expect(warnings).toEqual([]);
  });

  it.each(list("invalid/ObjectSchemasCard"))("invalid %s", (name) => {
    const side = read(`invalid/ObjectSchemasCard/${name}.expect.json`);
    expect(side.family).toBe("object-schemas");
    const r = validateObjectSchemasCard(read(`invalid/ObjectSchemasCard/${name}.json`));
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : pc(r.issues.filter((i) => i.severity !== "warning"))).toEqual(side.issues);
  });
});

describe("validateObjectSchemasCard: composition and hostile cards", () => {
  it("passes the card without schemas to a full card validator", () => {
    const seen: unknown[] = [];
    const r = validateObjectSchemasCard(exampleCard, {
      validateCard: (c) => {
        seen.push(c);
        return { ok: false, issues: [{ path: ["name"], pointer: "/name", code: "required", message: "missing" }] };
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty("schemas");
    expect(exampleCard).toHaveProperty("schemas"); // the input is not mutated
    expect(r.ok ? [] : pc(r.issues)).toEqual([{ pointer: "/name", code: "required" }]);
  });

  it("rejects a schema over the size limit without compiling it", () => {
    const big = { ...exampleCard, schemas: { ...exampleCard.schemas, big: { enum: Array.from({ length: 20000 }, (_, i) => `value-${i}`) } } };
    const r = validateObjectSchemasCard(big);
    expect(r.ok ? [] : pc(r.issues)).toEqual([{ pointer: "/schemas/big", code: "too_large" }]);
  });

  it("rejects a schema whose references expand beyond the node budget (a billion-laughs DAG)", () => {
    const defs: Record<string, unknown> = { d0: { type: "string" } };
    for (let i = 1; i <= 30; i++) defs[`d${i}`] = { anyOf: [{ $ref: `#/$defs/d${i - 1}` }, { $ref: `#/$defs/d${i - 1}` }] };
    const r = validateObjectSchemasCard({ ...exampleCard, schemas: { ...exampleCard.schemas, dag: { $defs: defs, $ref: "#/$defs/d30" } } });
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code, i.message.slice(0, 20)])).toEqual([["/schemas/dag", "too_large", "expands to more than"]]);
  });

  it("never throws, whatever the card holds", () => {
    const hostile = [
      undefined, null, 1, "card", [], { schemas: null }, { capabilities: { extensions: [{ uri: OBJECT_SCHEMAS_EXTENSION_URI }] }, schemas: { a: { $ref: "#/%E0%A4%A" } } },
      new Proxy({}, { ownKeys() { throw new Error("boom"); }, get() { throw new Error("boom"); }, getOwnPropertyDescriptor() { throw new Error("boom"); } }),
      { ...exampleCard, schemas: { x: { properties: { a: { type: "string", pattern: "(" } } } } },
    ];
    for (const c of hostile) expect(() => validateObjectSchemasCard(c)).not.toThrow();
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (schema) => {
        const r = validateObjectSchemasCard({ ...exampleCard, schemas: { s: schema } });
        expect(typeof r.ok).toBe("boolean");
      }),
      { numRuns: 300 },
    );
  });
});

describe("patterns", () => {
  it("rejects patterns that backtrack catastrophically, keeps ordinary ones", () => {
    for (const p of ["^(a+)+$", "(a*)*b", "^(a|aa)*$", "^(x|y|xy)+z$", "(\\w+\\s?)+$", "^(a)\\1$", "(?=a)a", "("]) expect(patternProblem(p, 512), p).toBeDefined();
    for (const p of ["^[a-z]+$", "^\\d{3}-\\d{4}$", "^(?:foo|bar)$", "^(?:ab|cd){2}$", "^[A-Z][a-z]+(?: [A-Z][a-z]+)?$", "^\\S+@\\S+$"]) expect(patternProblem(p, 512), p).toBeUndefined();
    expect(patternProblem("a".repeat(513), 512)).toMatch(/longer than 512/);
  });

  it("a schema with an accepted pattern validates hostile data quickly", () => {
    const c = { ...exampleCard, schemas: { ...exampleCard.schemas, id: { type: "string", pattern: "^[a-z-]+$" } } };
    expect(validateObjectSchemasCard(c).ok).toBe(true);
    const msg = { parts: [{ kind: "data", data: "a-".repeat(200_000) + "!", metadata: { mimeType: "application/json;schema=id" } }] };
    const t = performance.now();
    const r = resolveStructuredInput(c, msg, { hasTask: false });
    expect(r.kind).toBe("invalid_data");
    expect(performance.now() - t).toBeLessThan(2000);
  });
});

describe("modes", () => {
  it("parses application/json;schema=<name>", () => {
    expect(schemaNameOfMode("application/json;schema=fightComparison")).toBe("fightComparison");
    expect(schemaNameOfMode("Application/JSON; Schema=\"a b\"")).toBe("a b");
    expect(schemaNameOfMode("application/json")).toBeUndefined();
    expect(schemaNameOfMode("application/json;schema=")).toBeUndefined();
    expect(schemaNameOfMode("text/plain;schema=x")).toBeUndefined();
    expect(schemaNameOfMode(42)).toBeUndefined();
  });
});

describe("resolveStructuredInput: every outcome (fixtures)", () => {
  it.each(list("flow"))("%s", (name) => {
    const doc = read(`flow/${name}.json`);
    const side = read(`flow/${name}.expect.json`);
    const c = read(`${doc.card.startsWith("../") ? doc.card.slice(3) : `valid/ObjectSchemasCard/${doc.card}`}.json`);
    const before = JSON.stringify(doc.message);
    const r = resolveStructuredInput(c, doc.message, { hasTask: doc.hasTask });
    expect(JSON.stringify(doc.message)).toBe(before);
    expect(r.kind).toBe(side.expect.kind);
    expect("issues" in r ? pc(r.issues) : []).toEqual(side.expect.issues);
    if (side.expect.partIndex !== undefined) expect("partIndex" in r && r.partIndex).toBe(side.expect.partIndex);
    if (side.expect.cause) expect(r.kind === "task_running" && r.cause.kind).toBe(side.expect.cause);
  });

  it("covers every outcome kind", () => {
    const kinds = new Set(list("flow").map((n) => read(`flow/${n}.expect.json`).expect.kind));
    const all: StructuredInput["kind"][] = ["none", "input", "undeclared_schema", "unusable_schema", "invalid_data", "task_running", "unreadable"];
    expect([...kinds].sort()).toEqual([...all].sort());
  });

  it("returns the data of a structured input", () => {
    const r = resolveStructuredInput(exampleCard, read("flow/extension-example-user-message.json").message, { hasTask: false });
    expect(r).toEqual({ kind: "input", schemaName: "fightComparison", partIndex: 0, data: { a: "100 duck sized horses", b: "1 horse sized duck" } });
  });

  it("never throws on hostile messages", () => {
    fc.assert(
      fc.property(fc.anything(), fc.boolean(), (m, hasTask) => {
        const r = resolveStructuredInput(exampleCard, m, { hasTask });
        expect(typeof r.kind).toBe("string");
      }),
      { numRuns: 500 },
    );
    const deep: Record<string, unknown> = {};
    let o = deep;
    for (let i = 0; i < 100_000; i++) o = (o.x = {}) as Record<string, unknown>;
    const r = resolveStructuredInput(exampleCard, { parts: [{ kind: "data", data: deep, metadata: { mimeType: "application/json;schema=fightComparison" } }] }, { hasTask: false });
    expect(r.kind === "invalid_data" && pc(r.issues)).toEqual([{ pointer: "/parts/0/data", code: "too_large" }]);
    expect(resolveStructuredInput(exampleCard, new Proxy({}, { get() { throw new Error("x"); }, getOwnPropertyDescriptor() { throw new Error("x"); } }), { hasTask: false }).kind).toBe("unreadable");
  });
});

describe("checkStructuredOutput (fixtures)", () => {
  it.each(list("output"))("%s", (name) => {
    const side = read(`output/${name}.expect.json`);
    const r = checkStructuredOutput(card(side.card), read(`output/${name}.json`));
    expect(r.ok).toBe(side.expect.ok);
    expect(pc(r.issues)).toEqual(side.expect.issues);
  });

  it("reports each checked part", () => {
    const r = checkStructuredOutput(exampleCard, read("output/second-artifact-incomplete.json"));
    expect(r.parts).toEqual([
      { artifactIndex: 0, partIndex: 0, schemaName: "fightResponse", ok: true },
      { artifactIndex: 1, partIndex: 1, schemaName: "fightResponse", ok: false },
    ]);
  });
});

describe("the compiled-schema cache", () => {
  it("is keyed by content and bounded", () => {
    const cache = new SchemaCache({ ...DEFAULT_LIMITS, cacheSize: 4 });
    const a = cache.compile({ type: "string" });
    const b = cache.compile({ type: "string" });
    expect(a.ok && b.ok && a.first === b.first).toBe(true);
    // Key order does not matter: canonical JSON.
    const c1 = cache.compile({ type: "object", required: ["a"] });
    const c2 = cache.compile({ required: ["a"], type: "object" });
    expect(c1.ok && c2.ok && c1.first === c2.first).toBe(true);
    for (let i = 0; i < 50; i++) cache.compile({ type: "string", maxLength: i });
    expect(cache.size).toBe(4);
  });

  it("the shared cache stays bounded across many cards", () => {
    for (let i = 0; i < 200; i++) {
      const r = validateObjectSchemasCard({ ...exampleCard, schemas: { ...exampleCard.schemas, s: { type: "integer", maximum: i } } });
      expect(r.ok).toBe(true);
    }
    const probe = new SchemaCache();
    expect(probe.size).toBe(0);
  });
});

describe("untrusted patterns run in linear time", () => {
  it("a polynomial pattern the pre-checks miss cannot hang validation", () => {
    const card = { ...exampleCard, schemas: { ...exampleCard.schemas, digits: { type: "string", pattern: "^\\d*\\d*\\d*$" } } };
    expect(validateObjectSchemasCard(card).ok).toBe(true);
    const flagged = (data: unknown) => ({ parts: [{ kind: "data", data, metadata: { mimeType: "application/json;schema=digits" } }] });
    const t = performance.now();
    expect(resolveStructuredInput(card, flagged("1".repeat(100_000) + "x"), { hasTask: false }).kind).toBe("invalid_data");
    expect(performance.now() - t).toBeLessThan(2000);
    expect(resolveStructuredInput(card, flagged("12345"), { hasTask: false }).kind).toBe("input");
  });

  it("each pattern keeps its own meaning (no cross-talk between compiled patterns)", () => {
    const card = { ...exampleCard, schemas: { ...exampleCard.schemas, lower: { type: "string", pattern: "^[a-z]+$" }, upper: { type: "string", pattern: "^[A-Z]+$" } } };
    const flagged = (name: string, data: unknown) => ({ parts: [{ kind: "data", data, metadata: { mimeType: `application/json;schema=${name}` } }] });
    expect(resolveStructuredInput(card, flagged("lower", "abc"), { hasTask: false }).kind).toBe("input");
    expect(resolveStructuredInput(card, flagged("lower", "ABC"), { hasTask: false }).kind).toBe("invalid_data");
    expect(resolveStructuredInput(card, flagged("upper", "ABC"), { hasTask: false }).kind).toBe("input");
    expect(resolveStructuredInput(card, flagged("upper", "ab!"), { hasTask: false }).kind).toBe("invalid_data");
  });
});
