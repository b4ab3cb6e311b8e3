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
import * as v03 from "../../src/v0.3/index.js";
import { httpErrorRules, jsonRpcErrorRules } from "../../src/wire/rules.js";

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

/** The error forms (schemas/v1/errors.json): the specification's examples and variations of them, each rule's among them. */
function wireCases(): Case[] {
  const read = (f: string) => JSON.parse(readFileSync(join(ROOT, "test/wire/spec", f), "utf8"));
  const rpc = read("9.5-task-not-found.json").error;
  const params = read("9.5-invalid-params.json").error;
  const http = read("11.6-task-not-found.json").body;
  const errorInfo = rpc.data[0];
  const variants: Array<[string, string, unknown]> = [
    ["JsonRpcError", "9.5 task not found", rpc],
    ["JsonRpcError", "9.5 invalid params", params],
    ["JsonRpcError", "no message", { code: -32001 }],
    ["JsonRpcError", "code a string", { ...rpc, code: "-32001" }],
    ["JsonRpcError", "data an object", { ...rpc, data: errorInfo }],
    ["JsonRpcError", "detail without @type", { ...rpc, data: [{ reason: "TASK_NOT_FOUND" }] }],
    ["JsonRpcError", "reserved A2A code (rule)", { code: -32050, message: "x" }],
    ["JsonRpcError", "reason of another code (rule)", { ...rpc, code: -32002 }],
    ["JsonRpcError", "application code (warning)", { code: 1000, message: "x" }],
    ["HttpErrorBody", "11.6 task not found", http],
    ["HttpErrorBody", "no error", {}],
    ["HttpErrorBody", "code a string", { error: { ...http.error, code: "404" } }],
    ["HttpErrorBody", "status of another code (rule)", { error: { ...http.error, status: "INTERNAL" } }],
  ];
  return variants.map(([type, file, input]) => ({ type, file: `wire: ${file}`, input }));
}

/** Every v0.3 fixture: hand-written valid and invalid ones, and the real documents (fixtures/v0.3/real); each has a sidecar naming its type. */
const v03Cases = fixtures("fixtures/v0.3", () => undefined);

const FAMILIES: Family[] = [
  {
    name: "wire (error forms)",
    formats: {},
    validator: (t) => (t === "JsonRpcError" ? (v1.validateJsonRpcError as unknown as Std) : t === "HttpErrorBody" ? (v1.validateHttpErrorBody as unknown as Std) : undefined),
    rules: (t) => (t === "JsonRpcError" ? (jsonRpcErrorRules as Rules) : (httpErrorRules as Rules)),
    cases: wireCases(),
  },
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
  {
    name: "v0.3 (default mode)",
    // No formats in the v0.3.0 JSON Schema, and no rule in code (hints never change a verdict).
    formats: {},
    validator: (t) => (v03.validators as unknown as Record<string, Std>)[t],
    rules: () => undefined,
    cases: v03Cases,
  },
  {
    name: "v0.3 (strict mode)",
    formats: {},
    validator: (t) => (v03.validators as unknown as Record<string, { strict: Std }>)[t]?.strict,
    rules: () => undefined,
    cases: v03Cases,
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
    expect(family.cases.length).toBeGreaterThan(10);
    // v1's real documents include JSON-RPC envelopes (validated by the bindings) and messages of one revision only.
    const types = [...new Set(family.cases.map((c) => c.type))].filter((t) => family.validator(t) !== undefined);
    expect(types.length).toBeGreaterThan(1);
    for (const t of types) expect(typeof family.validator(t)!["~standard"].jsonSchema?.input, `${family.name}: ${t}`).toBe("function");
  });

  it("on every fixture, for draft-2020-12, draft-07 and openapi-3.0 (where not refused)", () => {
    let compared = 0;
    let byRule = 0;
    for (const c of family.cases) {
      const v = family.validator(c.type);
      if (v?.["~standard"].jsonSchema === undefined) continue;
      const library = v["~standard"].validate(c.input).issues === undefined;
      // Rules run on schema-valid input only (as the validators run them): asked only where Ajv accepts.
      let ruledOnce: ValidationIssue[] | undefined;
      const ruledErrors = () => (ruledOnce ??= family.rules(c.type)?.(c.input).filter((i) => i.severity !== "warning") ?? []);
      for (const target of TARGETS) {
        const fn = compile(c.type, target);
        if (fn === "refused") continue;
        const ajv = fn(c.input);
        compared++;
        if (ajv === library) {
          expect(ajv && ruledErrors().length > 0, `${c.file} ${target}: the rules refuse it, yet both pass`).toBe(false);
          continue;
        }
        // A difference only where a rule in code refuses a schema-valid document, and the document says so.
        byRule++;
        expect({ file: c.file, target, ajv, library }).toMatchObject({ ajv: true, library: false });
        expect(ruledErrors().length, `${c.file}: differs though no rule refuses it`).toBeGreaterThan(0);
        const listed = (v["~standard"].jsonSchema.input({ target })[RULES_KEYWORD] ?? []) as Array<{ id: string }>;
        expect(listed.some((r) => !r.id.startsWith("format:")), `${c.file}: no rule in ${RULES_KEYWORD}`).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(family.cases.length);
    // v1's strict mode and v0.3 have no rule in code; legacy and session fixtures exercise theirs.
    if (family.name.startsWith("v1") || family.name.startsWith("v0.3")) expect(byRule).toBe(0);
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

  it("v0.3: default mode is the published schema (open), strict mode closes objects; neither carries this package's own keywords", () => {
    const v = v03.validateTask as unknown as Std & { strict: Std };
    const open = v["~standard"].jsonSchema.input({ target: "draft-07" });
    const closed = v.strict["~standard"].jsonSchema.input({ target: "draft-07" });
    expect(open.additionalProperties).toBeUndefined();
    expect(closed.additionalProperties).toBe(false);
    expect(closed.definitions.Message.additionalProperties).toBe(false);
    // Free-form maps stay open in strict mode.
    expect(closed.properties.metadata.additionalProperties).not.toBe(false);
    for (const doc of [open, closed]) expect(JSON.stringify(doc)).not.toMatch(/a2aClosed|"x-a2a-rules":\[\{"id":"(?!format:)/);
  });

  it("session strict mode closes objects, default mode does not", () => {
    const v = session.validateMessage as unknown as Std & { strict: Std };
    expect(v["~standard"].jsonSchema.input({ target: "draft-2020-12" }).additionalProperties).toBeUndefined();
    expect(v.strict["~standard"].jsonSchema.input({ target: "draft-2020-12" }).additionalProperties).toBe(false);
  });
});

/** Validators with `~standard` but no `jsonSchema`, and why: their input is not one schema's document. */
const NO_JSON_SCHEMA: Record<string, string> = {
  validateJsonRpcRequest: "a JSON-RPC envelope whose params depend on the method: validate the params' message (validators[name]) for its schema",
  validateHttpRequest: "an HTTP request (method, path, headers, body), not a JSON document",
  validateHttpResponse: "an HTTP response (status, headers, body), not a JSON document",
  validateStreamEvent: "a server-sent event of the session binding, not one schema's document",
  validateObjectSchemasCard: "an agent card checked against the schemas it declares, fetched at run time",
};

describe("Standard JSON Schema on every validator of every entry, or a documented reason", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { exports: Record<string, { import?: { default?: string } } | string> };
  const entries = Object.entries(pkg.exports).flatMap(([sub, t]) => (typeof t === "object" && t.import?.default ? [[sub, t.import.default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")] as const] : []));

  it.each(entries)("%s", async (_sub, file) => {
    const mod = (await import(join(ROOT, file))) as Record<string, any>;
    const undocumented: string[] = [];
    for (const [name, fn] of Object.entries(mod)) {
      if (typeof fn !== "function" || !/^validate/.test(name) || fn["~standard"] === undefined) continue;
      if (fn["~standard"].jsonSchema !== undefined) {
        expect(NO_JSON_SCHEMA[name], `${name} has jsonSchema: take it off the list`).toBeUndefined();
        expect(typeof fn["~standard"].jsonSchema.input({ target: "draft-07" })).toBe("object");
      } else if (NO_JSON_SCHEMA[name] === undefined) undocumented.push(name);
    }
    expect(undocumented, `${file}: ~standard but no ~standard.jsonSchema and no documented reason`).toEqual([]);
  });
});
