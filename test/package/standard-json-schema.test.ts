/**
 * Standard JSON Schema (`~standard.jsonSchema`) on every generated validator: plain Ajv (the draft-2020-12
 * and draft-07 classes) with the family's exported `formats`, given the document for that draft, returns
 * the library's verdict on every fixture, except where the document's `x-a2a-rules` names a rule in code:
 * those fixtures are exactly the ones the family's rules refuse. OpenAPI 3.0 documents, where given, are
 * checked the same way (an OpenAPI 3.0 Schema Object reads as draft-07 once no `nullable` is in it).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../src/core/issue.js";
import { RULES_KEYWORD } from "../../src/core/json-schema.js";
import * as legacy from "../../src/legacy/index.js";
import { LEGACY_RULES, legacyRules } from "../../src/legacy/rules.js";
import * as session from "../../src/session/index.js";
import { SESSION_RULES } from "../../src/session/rules.js";
import * as v1 from "../../src/v1/index.js";
import * as v2026 from "../../src/v1/2026-02-17/index.js";

const ROOT = join(import.meta.dirname, "../..");
type Json = Record<string, any>;
type Rules = (input: any) => ValidationIssue[];

interface Std {
  "~standard": { validate(x: unknown): { issues?: unknown }; jsonSchema: { input(o: { target: string }): Json; output(o: { target: string }): Json } };
}

interface Case {
  readonly file: string;
  readonly type: string;
  readonly input: unknown;
}

/** Every `.json` fixture under `dir` (not sidecars), with the type its sidecar names or `fallback(folder)`. */
function fixtures(dir: string, fallback: (folder: string) => string | undefined): Case[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  const out: Case[] = [];
  const walk = (d: string, folder: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, e.name);
      else if (e.name.endsWith(".json") && !e.name.endsWith(".expect.json")) {
        const side = p.replace(/\.json$/, ".expect.json");
        const type = existsSync(side) ? (JSON.parse(readFileSync(side, "utf8")) as { type?: string }).type : fallback(folder);
        if (type !== undefined) out.push({ file: p.slice(ROOT.length + 1), type, input: JSON.parse(readFileSync(p, "utf8")) });
      }
    }
  };
  walk(abs, "");
  return out;
}

interface Family {
  readonly name: string;
  readonly formats: Readonly<Record<string, (s: string) => boolean>>;
  /** The validator of a type name (a mode's validator for session strict). */
  readonly validator: (type: string) => Std | undefined;
  readonly rules: (type: string) => Rules | undefined;
  readonly cases: readonly Case[];
}

const byName = (mod: Record<string, unknown>) => (type: string) => mod[`validate${type}`] as Std | undefined;
const sessionRules = (t: string) => (SESSION_RULES as Record<string, Rules>)[t];
/** The real documents (fixtures/v1/real), read as messages of either revision: parity holds whatever the verdict. */
const v1Real = () => fixtures("fixtures/v1/real", () => undefined);

const FAMILIES: Family[] = [
  {
    name: "legacy",
    formats: legacy.formats,
    validator: (t) => (t === "LegacyMessage" ? (legacy.validateMessage as unknown as Std) : byName(legacy)(t)),
    rules: (t) => (t === "LegacyMessage" ? legacyRules : (LEGACY_RULES as Record<string, Rules>)[t]),
    cases: fixtures("fixtures/legacy", () => "LegacyMessage"),
  },
  {
    name: "session (default mode)",
    formats: session.formats,
    validator: byName(session),
    rules: sessionRules,
    cases: fixtures("fixtures/session", (folder) => folder),
  },
  {
    name: "session (strict mode)",
    formats: session.formats,
    validator: (t) => (byName(session)(t) as unknown as { strict?: Std } | undefined)?.strict,
    rules: sessionRules,
    cases: fixtures("fixtures/session", (folder) => folder),
  },
  {
    name: "v1",
    formats: v1.formats,
    // The per-message validators (the JSON-RPC and HTTP bindings take envelopes, not one schema's documents).
    validator: (t) => (v1.validators as unknown as Record<string, Std>)[t],
    rules: () => undefined,
    cases: [...fixtures("fixtures/v1/valid", (f) => f), ...fixtures("fixtures/v1/invalid", (f) => f), ...v1Real()],
  },
  {
    name: "v1/2026-02-17",
    formats: v1.formats,
    validator: (t) => (v2026.validators as unknown as Record<string, Std>)[t],
    rules: () => undefined,
    cases: [...fixtures("fixtures/v1/2026-02-17", (f) => f), ...v1Real()],
  },
];

/** Plain Ajv of a draft, with the family's formats and the extension keyword declared (Ajv's strict mode refuses unknown keywords). */
function plainAjv(draft: "draft-2020-12" | "draft-07", formats: Family["formats"]) {
  const opts = { formats: { ...formats }, strict: true, allErrors: false, logger: false as const };
  const ajv = draft === "draft-2020-12" ? new Ajv2020(opts) : new Ajv(opts);
  ajv.addVocabulary([RULES_KEYWORD]);
  return ajv;
}

/** Every `$ref` of a document. */
function refs(s: unknown, out: string[] = []): string[] {
  if (Array.isArray(s)) s.forEach((x) => refs(x, out));
  else if (s !== null && typeof s === "object") for (const [k, v] of Object.entries(s)) k === "$ref" ? out.push(String(v)) : refs(v, out);
  return out;
}

const TARGETS = ["draft-2020-12", "draft-07", "openapi-3.0"] as const;

describe.each(FAMILIES.map((f) => [f.name, f] as const))("%s: plain Ajv with the JSON Schema gives the library's verdict", (_name, family) => {
  const ajvs = { "draft-2020-12": plainAjv("draft-2020-12", family.formats), "draft-07": plainAjv("draft-07", family.formats), "openapi-3.0": plainAjv("draft-07", family.formats) };
  const compiled = new Map<string, ValidateFunction | "refused">();
  const compile = (type: string, target: (typeof TARGETS)[number]): ValidateFunction | "refused" => {
    const key = `${type} ${target}`;
    let fn = compiled.get(key);
    if (fn === undefined) {
      let doc: Json;
      try {
        doc = family.validator(type)!["~standard"].jsonSchema.input({ target });
      } catch (err) {
        // Only OpenAPI 3.0 may be refused, and with a reason.
        expect(target, `${type}: ${String(err)}`).toBe("openapi-3.0");
        expect(String(err)).toMatch(/no exact JSON Schema for target "openapi-3.0": .+/);
        compiled.set(key, "refused");
        return "refused";
      }
      expect(refs(doc).every((r) => r.startsWith("#")), `${type} ${target}: a $ref outside the document`).toBe(true);
      fn = ajvs[target].compile(doc);
      compiled.set(key, fn);
    }
    return fn;
  };

  it("has fixtures, and every validator of a fixture's type has Standard JSON Schema", () => {
    expect(family.cases.length).toBeGreaterThan(20);
    // v1's real documents include JSON-RPC envelopes (validated by the bindings) and messages of one revision only.
    const types = [...new Set(family.cases.map((c) => c.type))].filter((t) => family.validator(t) !== undefined);
    expect(types.length).toBeGreaterThan(3);
    for (const t of types) expect(typeof family.validator(t)!["~standard"].jsonSchema?.input, `${family.name}: ${t}`).toBe("function");
  });

  it("on every fixture, for draft-2020-12, draft-07 and openapi-3.0 (where not refused)", () => {
    let compared = 0;
    let byRule = 0;
    for (const c of family.cases) {
      const v = family.validator(c.type);
      if (v?.["~standard"].jsonSchema === undefined) continue;
      const library = v["~standard"].validate(c.input).issues === undefined;
      const ruled = family.rules(c.type)?.(c.input).filter((i) => i.severity !== "warning") ?? [];
      for (const target of TARGETS) {
        const fn = compile(c.type, target);
        if (fn === "refused") continue;
        const ajv = fn(c.input);
        compared++;
        if (ajv === library) {
          expect(ajv && ruled.length > 0, `${c.file} ${target}: the rules refuse it, yet both pass`).toBe(false);
          continue;
        }
        // A difference only where a rule in code refuses a schema-valid document, and the document says so.
        byRule++;
        expect({ file: c.file, target, ajv, library, ruled: ruled.map((i) => i.code) }).toMatchObject({ ajv: true, library: false });
        expect(ruled.length, `${c.file}: differs though no rule refuses it`).toBeGreaterThan(0);
        const listed = (v["~standard"].jsonSchema.input({ target })[RULES_KEYWORD] ?? []) as Array<{ id: string }>;
        expect(listed.some((r) => !r.id.startsWith("format:")), `${c.file}: no rule in ${RULES_KEYWORD}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(family.cases.length);
    // v1's strict mode has no rule in code; legacy and session fixtures exercise theirs.
    if (family.name.startsWith("v1")) expect(byRule).toBe(0);
    else expect(byRule).toBeGreaterThan(0);
  });
});

describe("the documents", () => {
  const task = v1.validateTask as unknown as Std;

  it("are self-contained, name their formats and list them in x-a2a-rules", () => {
    const doc = task["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(doc.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(Object.keys(doc.$defs)).toEqual(expect.arrayContaining(["Message", "Part", "TaskStatus"]));
    expect(JSON.stringify(doc)).toContain('"format":"date-time"');
    expect(doc[RULES_KEYWORD].map((r: { id: string }) => r.id)).toEqual(["format:byte", "format:date-time", "format:uri"]);
    const d07 = task["~standard"].jsonSchema.output({ target: "draft-07" });
    expect(d07.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(d07.$defs).toBeUndefined();
    expect(refs(d07).every((r) => r === "#" || r.startsWith("#/definitions/"))).toBe(true);
  });

  it("list the rules in code", () => {
    const doc = (legacy.validateRequestMessage as unknown as Std)["~standard"].jsonSchema.input({ target: "draft-07" });
    expect(doc[RULES_KEYWORD].map((r: { id: string }) => r.id)).toEqual(["format:date-time", "legacy.sender-id", "legacy.payload-size"]);
    const card = (session.validateSendMessageRequest as unknown as Std)["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    expect(card[RULES_KEYWORD].map((r: { id: string }) => r.id)).toContain("session.artifact-data");
  });

  it("are fresh on every call", () => {
    const a = task["~standard"].jsonSchema.input({ target: "draft-2020-12" });
    a.properties.id = "changed";
    expect(task["~standard"].jsonSchema.input({ target: "draft-2020-12" }).properties.id).not.toBe("changed");
  });

  it("refuse an unknown target clearly, as the interface asks", () => {
    expect(() => task["~standard"].jsonSchema.input({ target: "draft-04" })).toThrow(/unsupported JSON Schema target "draft-04": use one of draft-2020-12, draft-07, openapi-3.0/);
  });

  it("session strict mode closes objects, default mode does not", () => {
    const v = session.validateMessage as unknown as Std & { strict: Std };
    expect(v["~standard"].jsonSchema.input({ target: "draft-2020-12" }).additionalProperties).toBeUndefined();
    expect(v.strict["~standard"].jsonSchema.input({ target: "draft-2020-12" }).additionalProperties).toBe(false);
  });
});
