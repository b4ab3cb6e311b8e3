/**
 * Every v1 fixture of every protocol revision through the Ajv validators (both
 * modes, as its sidecar says), the Zod models (strict verdicts) and a second
 * JSON Schema 2020-12 implementation, @cfworker/json-schema, on the published bundle.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator as CfValidator, format as cfFormat } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { schemas as zod10 } from "../../src/v1/zod.js";
import { schemas as zod2026 } from "../../src/v1/2026-02-17/zod.js";
import { validateByName } from "../../src/v1/validators.js";
import { defaultPasses, EMPTY_ARRAY_ALLOWED, hasPresence, isNonEmpty } from "../../scripts/generate/v1/bundle.js";
import { parseProto } from "../../scripts/generate/v1/proto.js";
import { invalidFixtures, PATHS, readJson, REVISIONS, ROOT, validFixtures, type ExpectedIssue, type Fixture, type Revision } from "./helpers.js";

// cfworker ignores formats it does not know; "byte" (OpenAPI's name for Base64) is
// given an implementation of its own here, by round trip through Buffer.
(cfFormat as Record<string, (s: string) => boolean>).byte = (s) => Buffer.from(s, "base64").toString("base64") === s;
const cf = new Map<string, CfValidator>();
function cfValidate(revision: Revision, type: string, input: unknown): boolean {
  const key = `${revision}/${type}`;
  let v = cf.get(key);
  if (!v) {
    const bundle = readJson(PATHS[revision].strict);
    v = new CfValidator({ $ref: `${bundle.$id}#/$defs/${type}` } as never, "2020-12", true);
    v.addSchema(bundle);
    cf.set(key, v);
  }
  return v.validate(input).valid;
}

const ZOD: Record<Revision, Record<string, { safeParse(x: unknown): { success: boolean } }>> = { "1.0": zod10, "2026-02-17": zod2026 };

function matches(issues: readonly { pointer: string; code: string; property?: string; hint?: string }[], want: ExpectedIssue): boolean {
  return issues.some(
    (i) => i.pointer === want.pointer && i.code === want.code && (want.property === undefined || i.property === want.property) && (want.hint === undefined || (i.hint ?? "").includes(want.hint)),
  );
}

const label = (f: Fixture) => f.file;

describe.each(REVISIONS.map((r) => [r] as const))("revision %s", (revision) => {
  const valid = validFixtures(revision);
  const invalid = invalidFixtures(revision);
  const model = parseProto(readFileSync(join(ROOT, PATHS[revision].proto), "utf8"));
  const opts = { revision } as const;

  describe("valid fixtures", () => {
    it(`cover all ${PATHS[revision].messages} messages`, () => {
      expect(new Set(valid.map((f) => f.type))).toEqual(new Set(model.messages.map((m) => m.name)));
      expect(model.messages).toHaveLength(PATHS[revision].messages);
    });

    it.each(valid.map((f) => [label(f), f] as const))("%s passes strict, lenient, Zod and cfworker", (_l, f) => {
      const strict = validateByName(f.type, f.input, opts);
      expect(strict.ok ? [] : strict.issues).toEqual([]);
      const lenient = validateByName(f.type, f.input, { ...opts, mode: "lenient" });
      expect(lenient.ok ? [] : lenient.issues).toEqual([]);
      expect(ZOD[revision][f.type]!.safeParse(f.input).success).toBe(true);
      expect(cfValidate(revision, f.type, f.input)).toBe(true);
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
        const r = validateByName(f.type, f.input, { ...opts, mode });
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
      expect(ZOD[revision][f.type]!.safeParse(f.input).success, "Zod").toBe(strictOk);
      expect(cfValidate(revision, f.type, f.input), "cfworker").toBe(strictOk);
    });
  });

  describe("fixture coverage of the rules", () => {
    const ids = new Set(invalid.map((f) => `${f.type}/${f.id}`));
    const byId = new Map(invalid.map((f) => [`${f.type}/${f.id}`, f]));

    it(`has a missing-field and a null fixture for each of the ${PATHS[revision].required} REQUIRED fields`, () => {
      const req = model.messages.flatMap((m) => m.fields.filter((f) => f.required).map((f) => [m, f] as const));
      expect(req).toHaveLength(PATHS[revision].required);
      for (const [m, f] of req) {
        for (const kind of ["required", "null"]) expect(ids.has(`${m.name}/${kind}-${f.jsonName}`), `${m.name}/${kind}-${f.jsonName}`).toBe(true);
        // Lenient mode: absent is the default value; valid exactly where that default is.
        const lenientValid = !hasPresence(f) && defaultPasses(m, f);
        expect(byId.get(`${m.name}/required-${f.jsonName}`)!.expect!.lenient === "valid", `${m.name}.${f.name}`).toBe(lenientValid);
      }
    });

    it("has none-set, two-set and null-member fixtures for each oneof, and empty-array ones for every REQUIRED repeated field but ListTasksResponse.tasks", () => {
      for (const m of model.messages) for (const o of m.oneofs) for (const k of ["none", "two", "null-member"]) expect(ids.has(`${m.name}/oneof-${o.name}-${k}`)).toBe(true);
      const nonEmpty = model.messages.flatMap((m) => m.fields.filter((f) => isNonEmpty(m, f)).map((f) => `${m.name}/empty-array-${f.jsonName}`));
      expect(nonEmpty).toContain("AgentCard/empty-array-skills");
      expect(nonEmpty).toContain("AgentSkill/empty-array-tags");
      for (const id of nonEmpty) expect(ids.has(id), id).toBe(true);
      expect([...EMPTY_ARRAY_ALLOWED]).toEqual(["ListTasksResponse.tasks"]);
    });
  });
});
