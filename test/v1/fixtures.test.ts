/**
 * Every v1 fixture through the Ajv validators (both modes, as its sidecar says),
 * the Zod models (strict verdicts) and a second JSON Schema 2020-12
 * implementation, @cfworker/json-schema, on the published bundle.
 */
import { Validator as CfValidator, format as cfFormat } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { schemas } from "../../src/v1/zod.js";
import { validate, MESSAGE_NAMES } from "../../src/v1/index.js";
import { invalidFixtures, readJson, validFixtures, type ExpectedIssue, type Fixture } from "./helpers.js";
import { parseProto } from "../../scripts/generate/v1/proto.js";
import { NON_EMPTY } from "../../scripts/generate/v1/bundle.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers.js";

const valid = validFixtures();
const invalid = invalidFixtures();
const bundle = readJson("schemas/v1/a2a.json");

// cfworker ignores formats it does not know; "byte" (OpenAPI's name for Base64) is
// given an implementation of its own here, by round trip through Buffer.
(cfFormat as Record<string, (s: string) => boolean>).byte = (s) => Buffer.from(s, "base64").toString("base64") === s;
const cf = new Map<string, CfValidator>();
function cfValidate(type: string, input: unknown): boolean {
  let v = cf.get(type);
  if (!v) {
    v = new CfValidator({ $ref: `${bundle.$id}#/$defs/${type}` } as never, "2020-12", true);
    v.addSchema(bundle);
    cf.set(type, v);
  }
  return v.validate(input).valid;
}

function matches(issues: readonly { pointer: string; code: string; property?: string; hint?: string }[], want: ExpectedIssue): boolean {
  return issues.some(
    (i) => i.pointer === want.pointer && i.code === want.code && (want.property === undefined || i.property === want.property) && (want.hint === undefined || (i.hint ?? "").includes(want.hint)),
  );
}

const label = (f: Fixture) => f.file;

describe("valid fixtures", () => {
  it("cover all 46 messages", () => {
    expect(new Set(valid.map((f) => f.type))).toEqual(new Set(MESSAGE_NAMES));
  });

  it.each(valid.map((f) => [label(f), f] as const))("%s passes strict, lenient, Zod and cfworker", (_l, f) => {
    const strict = validate(f.type, f.input);
    expect(strict.ok ? [] : strict.issues).toEqual([]);
    expect(validate(f.type, f.input, { mode: "lenient" }).ok).toBe(true);
    expect(schemas[f.type as keyof typeof schemas].safeParse(f.input).success).toBe(true);
    expect(cfValidate(f.type, f.input)).toBe(true);
  });
});

describe("invalid fixtures", () => {
  it("each has a sidecar", () => {
    for (const f of invalid) expect(f.expect, f.file).toBeDefined();
  });

  it.each(invalid.map((f) => [label(f), f] as const))("%s", (_l, f) => {
    const e = f.expect!;
    for (const mode of ["strict", "lenient"] as const) {
      const want = e[mode];
      const r = validate(f.type, f.input, { mode });
      if (want === "valid") {
        expect(r.ok ? [] : r.issues, `${mode} should accept`).toEqual([]);
        continue;
      }
      expect(r.ok, `${mode} should reject`).toBe(false);
      if (r.ok) continue;
      for (const w of want) expect(matches(r.issues, w), `${mode}: ${JSON.stringify(w)} among ${JSON.stringify(r.issues)}`).toBe(true);
    }
    // Zod mirrors strict mode; cfworker reads the published strict bundle.
    const strictOk = e.strict === "valid";
    expect(schemas[f.type as keyof typeof schemas].safeParse(f.input).success, "Zod").toBe(strictOk);
    expect(cfValidate(f.type, f.input), "cfworker").toBe(strictOk);
  });
});

describe("fixture coverage of the rules", () => {
  const model = parseProto(readFileSync(join(ROOT, "schemas/v1/a2a.proto"), "utf8"));
  const ids = new Set(invalid.map((f) => `${f.type}/${f.id}`));

  it("has a missing-field fixture for each of the 66 REQUIRED fields", () => {
    const req = model.messages.flatMap((m) => m.fields.filter((f) => f.required).map((f) => `${m.name}/required-${f.jsonName}`));
    expect(req).toHaveLength(66);
    for (const r of req) expect(ids.has(r), r).toBe(true);
  });

  it("has none-set and two-set fixtures for each oneof, and empty-array ones for the non-empty lists", () => {
    for (const m of model.messages) for (const o of m.oneofs) for (const k of ["none", "two"]) expect(ids.has(`${m.name}/oneof-${o.name}-${k}`)).toBe(true);
    for (const key of NON_EMPTY) {
      const [msg, field] = key.split(".");
      const json = model.messages.find((m) => m.name === msg)!.fields.find((f) => f.name === field)!.jsonName;
      expect(ids.has(`${msg}/empty-array-${json}`), key).toBe(true);
    }
  });
});
