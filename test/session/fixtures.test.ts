/** Every session fixture through the Ajv validators and the Zod models, in the mode its sidecar names. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SESSION_VALIDATORS, type SessionTypeName } from "../../src/session/index.js";
import { SESSION_ZOD_MODELS } from "../../src/session/zod.js";
import { FIXTURES, invalidFixtures, validFixtures } from "./fixtures.js";

const valid = validFixtures();
const invalid = invalidFixtures();
const TYPES = Object.keys(SESSION_VALIDATORS) as SessionTypeName[];

const ajv = (type: string, doc: unknown, mode: "default" | "strict") => SESSION_VALIDATORS[type as SessionTypeName](doc, { mode });
const zod = (type: string, doc: unknown, mode: "default" | "strict") => SESSION_ZOD_MODELS[type as SessionTypeName][mode].safeParse(doc);

describe("session fixtures", () => {
  it("cover every type with valid and invalid documents", () => {
    for (const t of TYPES) {
      expect(valid.some((f) => f.type === t), `valid ${t}`).toBe(true);
      expect(invalid.some((f) => f.type === t), `invalid ${t}`).toBe(true);
    }
    expect(new Set([...valid, ...invalid].map((f) => f.type))).toEqual(new Set(TYPES));
  });

  it("have a sidecar for every invalid document and no orphan sidecar", () => {
    for (const kind of ["invalid"]) {
      for (const type of readdirSync(join(FIXTURES, kind))) {
        const files = readdirSync(join(FIXTURES, kind, type));
        const docs = files.filter((f) => !f.endsWith(".expect.json"));
        const sides = files.filter((f) => f.endsWith(".expect.json"));
        expect(sides.map((f) => f.replace(".expect.json", ".json")).sort()).toEqual(docs.sort());
        for (const s of sides) {
          const side = JSON.parse(readFileSync(join(FIXTURES, kind, type, s), "utf8"));
          expect(side.family).toBe("session");
          expect(side.type).toBe(type);
          expect(typeof side.reason).toBe("string");
          expect(side.issues.length).toBeGreaterThan(0);
        }
      }
    }
  });

  describe.each(valid.map((f) => [`${f.type}/${f.name}`, f] as const))("valid %s", (_n, f) => {
    it.each(["default", "strict"] as const)("passes Ajv and Zod in %s mode", (mode) => {
      const r = ajv(f.type, f.doc, mode);
      expect(r.ok ? [] : r.issues).toEqual([]);
      const z = zod(f.type, f.doc, mode);
      expect(z.success ? [] : z.error.issues).toEqual([]);
    });
  });

  describe.each(invalid.map((f) => [`${f.type}/${f.name}`, f] as const))("invalid %s", (_n, f) => {
    const side = f.expect!;
    const mode = side.mode === "strict" ? "strict" : "default";
    it(`fails Ajv and Zod in ${mode} mode with the expected issues`, () => {
      const r = ajv(f.type, f.doc, mode);
      expect(r.ok).toBe(false);
      const got = r.ok ? [] : r.issues.map((i) => ({ pointer: i.pointer, code: i.code }));
      for (const want of side.issues) expect(got).toContainEqual(want);
      // Exactly as many issues as the sidecar names: no noise beside the expected ones.
      expect(got).toHaveLength(side.issues.length);
      expect(zod(f.type, f.doc, mode).success).toBe(false);
    });
    if (mode === "default") {
      it("fails in strict mode too", () => {
        expect(ajv(f.type, f.doc, "strict").ok).toBe(false);
        expect(zod(f.type, f.doc, "strict").success).toBe(false);
      });
    } else if (side.issues.every((i) => i.code === "unknown_property")) {
      it("passes in the default mode, which tolerates unknown properties", () => {
        expect(ajv(f.type, f.doc, "default").ok).toBe(true);
        expect(zod(f.type, f.doc, "default").success).toBe(true);
      });
    }
  });
});

describe("schema examples", () => {
  const dir = join(import.meta.dirname, "../../schemas/session");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  it.each(files)("%s: every example is valid in both modes", (file) => {
    const schema = JSON.parse(readFileSync(join(dir, file), "utf8"));
    if (file === "common.json") {
      const ts = schema.$defs.utcTimestamp.examples as string[];
      expect(ts.length).toBeGreaterThan(0);
      return;
    }
    const v = SESSION_VALIDATORS[schema.title as SessionTypeName];
    expect(schema.examples.length).toBeGreaterThan(0);
    for (const ex of schema.examples) {
      for (const mode of ["default", "strict"] as const) {
        const r = v(ex, { mode });
        expect(r.ok ? [] : r.issues).toEqual([]);
      }
    }
  });
});
