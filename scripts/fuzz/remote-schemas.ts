/**
 * Seeds for issue 18's findings 1 to 3 (object-schemas family): a remote
 * schema that is wide (`anyOf`, `enum`, `const`) or asks `uniqueItems`, on
 * data large enough for their product to cost seconds before the evaluation
 * budget; and cards of many schemas. Each is a card with a message, a task or
 * nothing else, so the mutations reach the schema, the data and the card.
 * Widths stay well under the compile limits so that the budget, not the
 * compile, is what a call meets.
 */
import type { Seed } from "./families.js";

const URI = "https://raw.githubusercontent.com/facultyai/a2a-extension-object-schemas/refs/heads/main/v1";
const many = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const card = (schemas: Record<string, unknown>) => ({ capabilities: { extensions: [{ uri: URI }] }, schemas });
const part = (data: unknown) => ({ kind: "data", data, metadata: { mimeType: "application/json;schema=s" } });

/** [name, schema, data]: each a shape the audit timed in seconds, at a size the 1 MiB data cap allows. */
const SHAPES: ReadonlyArray<readonly [string, unknown, unknown]> = [
  ["anyOf-consts", { items: { anyOf: many(400, (i) => ({ const: i })) } }, many(8000, () => -1)],
  ["enum-numbers", { items: { enum: many(4000, (i) => i) } }, many(20000, (i) => (i % 7 === 0 ? i : -1))],
  ["enum-objects", { items: { enum: many(300, (i) => ({ a: { b: i } })) } }, many(20, () => ({ a: Object.fromEntries(many(500, (k) => [`k${k}`, k])) }))],
  ["const-deep", { items: { const: many(200, (i) => i) } }, many(1000, () => many(200, (i) => i))],
  ["anyOf-maxLength", { anyOf: many(500, (i) => ({ maxLength: i })) }, "a".repeat(50000)],
  ["anyOf-pattern", { anyOf: many(100, (i) => ({ pattern: `^a*b${i}$` })) }, "a".repeat(50000)],
  ["patternProperties", { patternProperties: Object.fromEntries(many(100, (i) => [`^x${i}y$`, { type: "string" }])) }, Object.fromEntries(many(3000, (k) => [`key${k}abc`, 1]))],
  ["anyOf-objects", { items: { anyOf: many(40, (i) => ({ type: "object", properties: { k: { const: i } }, required: ["k"] })) } }, many(10000, () => ({ k: -1, z: 1 }))],
  ["unique-objects", { uniqueItems: true }, many(1000, (i) => Object.fromEntries(many(40, (k) => [`key${k}`, k === 39 ? i : k])))],
  ["unique-arrays", { uniqueItems: true }, many(2000, (i) => many(100, (k) => (k === 0 ? i : k % 10)))],
  ["unique-duplicate", { items: { type: "object" }, uniqueItems: true }, many(1500, (i) => ({ b: [i % 1499, { c: 1 }], a: i === 1499 ? 0 : i }))],
];

/** Cards of many schemas: refused past the per-card cap, compiled below it. */
const CARDS: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ["1000-consts", Object.fromEntries(many(1000, (i) => [`s${i}`, { const: i }]))],
  ["100-consts", Object.fromEntries(many(100, (i) => [`s${i}`, { const: i }]))],
  ["40-objects", Object.fromEntries(many(40, (i) => [`s${i}`, { type: "object", properties: { v: { const: i }, w: { type: "string", maxLength: i + 1 } }, required: ["v"] }]))],
];

export function remoteSchemaSeeds(): Seed[] {
  const seeds: Seed[] = [];
  for (const [name, schema, data] of SHAPES) {
    const input = JSON.stringify([card({ s: schema }), { role: "user", parts: [part(data)] }]);
    seeds.push({
      file: `remote:${name}:input`,
      category: "envelope",
      names: ["card", "message"],
      make: () => JSON.parse(input) as unknown[],
      calls: [{ fn: "resolveStructuredInput", args: (x) => [x.holder[0], x.holder[1], { hasTask: false }] }],
    });
    const output = JSON.stringify([card({ s: schema }), { id: "t", artifacts: [{ parts: [part(data)] }] }]);
    seeds.push({
      file: `remote:${name}:output`,
      category: "envelope",
      names: ["card", "task"],
      make: () => JSON.parse(output) as unknown[],
      calls: [{ fn: "checkStructuredOutput", args: (x) => [x.holder[0], x.holder[1]] }],
    });
  }
  for (const [name, schemas] of CARDS) {
    const text = JSON.stringify(card(schemas));
    seeds.push({ file: `remote:${name}:card`, category: "envelope", make: () => [JSON.parse(text)], calls: [{ fn: "validateObjectSchemasCard" }] });
  }
  return seeds;
}
