/** Every hand-written v0.3 fixture through the Ajv validators and the Zod models, in the mode its sidecar names. */
import { describe, expect, it } from "vitest";
import { validators, V03_TYPE_NAMES, validateByName, type V03TypeName } from "../../src/v0.3/index.js";
import * as Z from "../../src/v0.3/zod.js";
import { issuesFromZod } from "../../src/v0.3/zod.js";
import { invalidFixtures, validFixtures } from "./fixtures.js";

const valid = validFixtures();
const invalid = invalidFixtures();

type Mode = "default" | "strict";
const ajv = (type: string, doc: unknown, mode: Mode) => validators[type as V03TypeName](doc, { mode });
const zodModel = (type: string, mode: Mode) => (Z as unknown as Record<string, { safeParse(x: unknown): { success: boolean; error?: any } }>)[`${mode === "strict" ? "Strict" : ""}${type}Schema`]!;
const zod = (type: string, doc: unknown, mode: Mode) => zodModel(type, mode).safeParse(doc);

describe("v0.3 fixtures", () => {
  it("cover every definition with a valid document", () => {
    expect(new Set(valid.map((f) => f.type))).toEqual(new Set(V03_TYPE_NAMES));
  });

  it("name a known definition, the v0.3 family and a reason in every sidecar", () => {
    for (const f of invalid) {
      expect(V03_TYPE_NAMES).toContain(f.type);
      expect(f.expect!.family).toBe("v0.3");
      expect(f.expect!.type).toBe(f.type);
      expect(f.expect!.reason.length).toBeGreaterThan(0);
      expect(f.expect!.issues.length).toBeGreaterThan(0);
    }
  });

  describe.each(valid.map((f) => [`${f.type}/${f.name}`, f] as const))("valid %s", (_n, f) => {
    it.each(["default", "strict"] as const)("passes Ajv and Zod in %s mode", (mode) => {
      const r = ajv(f.type, f.doc, mode);
      expect(r.ok ? [] : r.issues).toEqual([]);
      expect(validators[f.type as V03TypeName].check(f.doc, { mode })).toBe(true);
      const z = zod(f.type, f.doc, mode);
      expect(z.success ? [] : z.error.issues).toEqual([]);
    });
  });

  describe.each(invalid.map((f) => [`${f.type}/${f.name}`, f] as const))("invalid %s", (_n, f) => {
    const side = f.expect!;
    const mode: Mode = side.mode === "strict" ? "strict" : "default";
    it(`fails Ajv and Zod in ${mode} mode with the expected issues`, () => {
      const r = ajv(f.type, f.doc, mode);
      expect(r.ok).toBe(false);
      const got = r.ok ? [] : r.issues.filter((i) => i.severity !== "warning").map((i) => ({ pointer: i.pointer, code: i.code }));
      expect(got).toEqual(side.issues);
      expect(validators[f.type as V03TypeName].check(f.doc, { mode })).toBe(false);
      const z = zod(f.type, f.doc, mode);
      expect(z.success).toBe(false);
      // The Zod models' issues read as the validators' (pointer and code).
      expect(issuesFromZod(z.error, f.doc).map((i) => ({ pointer: i.pointer, code: i.code }))).toEqual(side.issues);
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

describe("validateByName", () => {
  it("validates by a name known at run time, and reports an unknown name as an issue", () => {
    expect(validateByName("TextPart", { kind: "text", text: "x" }).ok).toBe(true);
    const r = validateByName("Txt", {});
    expect(r.ok).toBe(false);
    expect(r.ok ? undefined : r.issues[0]!.code).toBe("enum");
    expect(validateByName("toString", {}).ok).toBe(false);
  });
});
