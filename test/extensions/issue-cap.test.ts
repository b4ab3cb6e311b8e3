/**
 * A harmless `oneOf` over array items in the agent's own card, and a hostile
 * client message whose every item fails every branch: describing the issues
 * must stay linear and capped (issue collection lives in src/core).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkStructuredOutput, resolveStructuredInput, validateObjectSchemasCard } from "../../src/extensions/object-schemas/index.js";

const exampleCard = JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/extensions/object-schemas/valid/ObjectSchemasCard/extension-example-card.json"), "utf8"));

const list = { type: "array", items: { oneOf: [{ type: "string" }, { type: "integer" }, { type: "boolean" }, { type: "null" }] } };
const card = { ...exampleCard, schemas: { ...exampleCard.schemas, list } };
// 20,000 objects: each fails all four branches (about 60 KB, far under the 1 MiB data limit).
const items = Array.from({ length: 20_000 }, () => ({}));
const flaggedList = (data: unknown) => ({ kind: "data", data, metadata: { mimeType: "application/json;schema=list" } });

describe("many failing oneOf items", () => {
  it("the card itself is fine", () => {
    expect(validateObjectSchemasCard(card).ok).toBe(true);
    // Warm up (compilation, JIT), so that the timings below measure the issue path.
    expect(resolveStructuredInput(card, { parts: [flaggedList(items.slice(0, 5000))] }, { hasTask: false }).kind).toBe("invalid_data");
  });

  it("a client message: rejected well under a few seconds, with a capped issue list", () => {
    const message = { parts: [flaggedList(items)] };
    const t = performance.now();
    const r = resolveStructuredInput(card, message, { hasTask: false });
    expect(performance.now() - t).toBeLessThan(2500);
    expect(r.kind).toBe("invalid_data");
    const issues = r.kind === "invalid_data" ? r.issues : [];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.length).toBeLessThanOrEqual(101);
    expect(issues[0]!.pointer).toBe("/parts/0/data/0");
  });

  it("an agent's task output: the same", () => {
    const task = { artifacts: [{ parts: [flaggedList(items)] }] };
    const t = performance.now();
    const r = checkStructuredOutput(card, task);
    expect(performance.now() - t).toBeLessThan(2500);
    expect(r.ok).toBe(false);
    expect(r.issues.length).toBeLessThanOrEqual(101);
    expect(r.issues[0]!.pointer).toBe("/artifacts/0/parts/0/data/0");
  });
});

describe("a capped list of warnings", () => {
  it("stays a pass: the marker of a warnings-only list is a warning (found by the fuzz harness)", () => {
    const undeclared = { kind: "data", data: {}, metadata: { mimeType: "application/json;schema=notDeclared" } };
    const task = { artifacts: Array.from({ length: 150 }, (_, i) => ({ artifactId: `a${i}`, parts: [undeclared] })) };
    const r = checkStructuredOutput(card, task);
    expect(r.ok).toBe(true);
    expect(r.issues).toHaveLength(101);
    expect(r.issues.every((i) => i.severity === "warning")).toBe(true);
    expect(r.issues[100]).toMatchObject({ code: "too_many_issues", severity: "warning" });
  });
});
