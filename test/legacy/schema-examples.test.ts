/**
 * The legacy JSON Schemas are documentation too:
 * 1. every `examples` entry (on a schema, a property or a definition) validates against the
 *    schema it sits on, with run-time Ajv and the same formats as the generated code, and every
 *    top-level example also passes the library's validator (which adds the cross-field rules);
 * 2. every `schemaPath` the validators report for the invalid fixtures points at a keyword that
 *    really exists in schemas/legacy/ (TypeBox-style check), and that keyword fits the issue code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import * as legacy from "../../src/legacy/index.js";
import type { ValidationIssue } from "../../src/core/issue.js";
import type { Validator } from "../../src/core/validator.js";
import { isUtcTimestamp } from "../../src/core/timestamp.js";
import { isAbsoluteUri } from "../../src/core/uri.js";

const SCHEMAS = join(import.meta.dirname, "../../schemas/legacy");
const FIXTURES = join(import.meta.dirname, "../../fixtures/legacy");

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type SchemaNode = { [k: string]: Json };

const files = readdirSync(SCHEMAS).filter((f) => f.endsWith(".json")).sort();
const schemas = new Map<string, SchemaNode>(files.map((f) => [f, JSON.parse(readFileSync(join(SCHEMAS, f), "utf8")) as SchemaNode]));
const fileByTitle = new Map<string, string>([...schemas].map(([f, s]) => [String(s.title), f]));

const validators: Record<string, Validator<unknown>> = {};
for (const value of Object.values(legacy)) {
  if (typeof value === "function" && typeof (value as Partial<Validator<unknown>>).typeName === "string" && "check" in value) {
    validators[(value as Validator<unknown>).typeName] = value as Validator<unknown>;
  }
}

// ---------------------------------------------------------------- JSON Pointer

const unescape = (s: string) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~");
const escape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** The value at an RFC 6901 pointer (`/a/b`), or `undefined`. */
function at(doc: Json, pointer: string): Json | undefined {
  if (pointer === "") return doc;
  let cur: Json | undefined = doc;
  for (const raw of pointer.slice(1).split("/")) {
    const k = unescape(raw);
    if (cur === null || typeof cur !== "object") return undefined;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(k)) return undefined;
      cur = cur[Number(k)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, k)) return undefined;
      cur = cur[k];
    }
  }
  return cur;
}

// ---------------------------------------------------------------- 1. examples

/** Keywords whose value is a map of name → subschema. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependencies"]);
/** Keywords whose value is one subschema or a list of them. */
const SCHEMA_KEYS = new Set(["items", "additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then", "else", "allOf", "anyOf", "oneOf"]);

interface Example {
  readonly file: string;
  /** Pointer to the schema that carries the examples. */
  readonly pointer: string;
  readonly index: number;
  readonly value: Json;
}

function collectExamples(file: string, node: Json, pointer: string, out: Example[]): void {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return;
  const ex = node.examples;
  if (Array.isArray(ex)) ex.forEach((value, index) => out.push({ file, pointer, index, value }));
  for (const [k, v] of Object.entries(node)) {
    if (SCHEMA_MAPS.has(k) && v !== null && typeof v === "object" && !Array.isArray(v)) {
      for (const [name, sub] of Object.entries(v)) collectExamples(file, sub, `${pointer}/${k}/${escape(name)}`, out);
    } else if (SCHEMA_KEYS.has(k)) {
      if (Array.isArray(v)) v.forEach((sub, i) => collectExamples(file, sub, `${pointer}/${k}/${i}`, out));
      else collectExamples(file, v, `${pointer}/${k}`, out);
    }
  }
}

const EXAMPLES: Example[] = [];
for (const [f, s] of schemas) collectExamples(f, s, "", EXAMPLES);

const ajv = new Ajv({ strict: true, allErrors: true, ownProperties: true });
ajv.addFormat("date-time", isUtcTimestamp);
ajv.addFormat("uri", isAbsoluteUri);
for (const s of schemas.values()) ajv.addSchema(s);

describe("legacy schema examples", () => {
  it("every schema file carries examples, and so do the shared definitions", () => {
    for (const f of files) expect(EXAMPLES.some((e) => e.file === f), `${f} has no examples`).toBe(true);
    // Each message schema shows a whole message.
    for (const f of files.filter((x) => x.endsWith("-message.json") && x !== "base-message.json")) {
      expect(EXAMPLES.some((e) => e.file === f && e.pointer === ""), `${f} has no top-level example`).toBe(true);
    }
    // Each shared string format (a definition with a pattern or a format) shows an example.
    const defs = Object.entries((schemas.get("base-message.json")!.definitions ?? {}) as Record<string, SchemaNode>);
    const withExamples = new Set(EXAMPLES.filter((e) => e.file === "base-message.json").map((e) => e.pointer));
    const formats = defs.filter(([, d]) => typeof d.pattern === "string" || typeof d.format === "string");
    expect(formats.length).toBeGreaterThanOrEqual(8);
    for (const [d] of formats) expect(withExamples, `base-message.json#/definitions/${d} has no examples`).toContain(`/definitions/${d}`);
  });

  for (const e of EXAMPLES) {
    it(`${e.file}#${e.pointer} examples[${e.index}] is valid`, () => {
      const id = String(schemas.get(e.file)!.$id);
      const validate = ajv.getSchema(`${id}#${e.pointer}`);
      expect(validate, `${e.file}#${e.pointer} did not resolve`).toBeDefined();
      const ok = validate!(e.value);
      expect(ok, JSON.stringify(validate!.errors)).toBe(true);
      if (e.pointer === "") {
        const v = validators[String(schemas.get(e.file)!.title)];
        expect(v, `no validator for ${e.file}`).toBeDefined();
        const r = v!(e.value);
        expect(r.ok, r.ok ? "" : r.issues.map((i) => `${i.pointer} ${i.code}: ${i.message}`).join("; ")).toBe(true);
      }
    });
  }
});

// ---------------------------------------------------------------- 2. schemaPath

/** The JSON Schema keyword(s) an issue code can come from. */
const KEYWORDS_BY_CODE: Record<string, readonly string[]> = {
  required: ["required"],
  unknown_property: ["additionalProperties"],
  not_allowed: ["not"],
  type: ["type"],
  enum: ["enum", "oneOf", "anyOf"],
  const: ["const"],
  format: ["format"],
  pattern: ["pattern"],
  too_short: ["minLength"],
  too_long: ["maxLength"],
  too_small: ["minimum", "exclusiveMinimum"],
  too_big: ["maximum", "exclusiveMaximum"],
  too_few_items: ["minItems", "minProperties"],
  too_many_items: ["maxItems", "maxProperties"],
  duplicate_items: ["uniqueItems"],
  no_match: ["oneOf", "anyOf"],
};

interface Located {
  readonly file: string;
  readonly value: Json;
}


/**
 * `file.json#/pointer` is relative to schemas/legacy/; a bare `#/pointer` is relative to the
 * schema of the type being validated or, if it is not there, to any legacy schema.
 */
function locate(schemaPath: string, ownFile: string, fits: (value: Json) => boolean): Located | undefined {
  const hash = schemaPath.indexOf("#");
  if (hash < 0) return undefined;
  const file = schemaPath.slice(0, hash);
  const pointer = schemaPath.slice(hash + 1);
  const candidates = file !== "" ? [file] : [ownFile, ...files.filter((f) => f !== ownFile)];
  for (const f of candidates) {
    const doc = schemas.get(f);
    if (!doc) continue;
    const value = at(doc, pointer);
    if (value !== undefined && fits(value)) return { file: f, value };
  }
  return undefined;
}

interface Checked {
  readonly fixture: string;
  readonly issue: ValidationIssue;
  readonly ownFile: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".expect.json") ? [join(dir, e.name)] : [],
  );
}

/** Every issue the Ajv validators produce for the invalid fixtures, with the schema file of its type. */
function producedIssues(): Checked[] {
  const out: Checked[] = [];
  for (const sidecar of walk(join(FIXTURES, "invalid")).sort()) {
    const { type } = JSON.parse(readFileSync(sidecar, "utf8")) as { type: string };
    const data = JSON.parse(readFileSync(sidecar.replace(/\.expect\.json$/, ".json"), "utf8")) as unknown;
    const v = validators[type];
    if (!v) throw new Error(`${sidecar}: unknown type ${type}`);
    const r = v(data);
    if (r.ok) continue; // fixtures.test.ts reports it
    let title = type;
    if (type === "LegacyMessage") {
      const mt = (data as { message_type?: unknown }).message_type;
      const byType = typeof mt === "string" ? (legacy.VALIDATORS_BY_TYPE as Record<string, Validator<unknown>>)[mt] : undefined;
      title = byType ? byType.typeName : "BaseMessage";
    }
    const ownFile = fileByTitle.get(title) ?? "base-message.json";
    const fixture = relative(FIXTURES, sidecar).split(sep).join("/");
    for (const issue of r.issues) out.push({ fixture, issue, ownFile });
  }
  return out;
}

describe("legacy schemaPath: every issue points at a real keyword", () => {
  const produced = producedIssues();
  const withPath = produced.filter((c) => c.issue.schemaPath !== undefined);

  it("the invalid fixtures produce issues with a schemaPath", () => {
    expect(withPath.length).toBeGreaterThan(100);
  });

  it("resolves every schemaPath to an existing keyword that matches the issue code", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { fixture, issue, ownFile } of withPath) {
      const sp = issue.schemaPath!;
      const id = `${ownFile} ${sp} ${issue.code} ${issue.property ?? ""}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const keyword = unescape(sp.slice(sp.lastIndexOf("/") + 1));
      const allowed = KEYWORDS_BY_CODE[issue.code];
      if (!allowed) {
        problems.push(`${fixture}: ${issue.pointer} ${issue.code} has a schemaPath (${sp}) but no keyword is known for this code`);
        continue;
      }
      if (!allowed.includes(keyword)) {
        problems.push(`${fixture}: ${issue.pointer} ${issue.code}: schemaPath ${sp} ends in "${keyword}", expected one of ${allowed.join(", ")}`);
        continue;
      }
      // A `required` keyword must also list the missing property (a bare `#/required` of an
      // inlined $ref names another file's root, so "there" means: where the property is listed).
      const property = issue.property;
      const fits = issue.code === "required" && property !== undefined ? (v: Json) => Array.isArray(v) && v.includes(property) : () => true;
      if (!locate(sp, ownFile, fits)) {
        const what = issue.code === "required" ? `a "required" listing "${property}"` : `a "${keyword}" keyword`;
        problems.push(`${fixture}: ${issue.pointer} ${issue.code}: schemaPath ${sp} is not ${what} in schemas/legacy (validated as ${ownFile})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
