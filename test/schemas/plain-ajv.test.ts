/**
 * The published schemas work in plain Ajv with the exported `formats`: every
 * file compiles in strict mode (draft-07 for legacy, 2020-12 for the others)
 * and accepts every valid fixture of its family.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { formats as legacyFormats } from "../../src/legacy/formats.js";
import { formats as sessionFormats } from "../../src/session/formats.js";
import { lenientFormats as v1LenientFormats, formats as v1Formats } from "../../src/v1/formats.js";

const root = join(import.meta.dirname, "../..");
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((f) => (statSync(join(dir, f)).isDirectory() ? jsonFiles(join(dir, f)) : f.endsWith(".json") ? [join(dir, f)] : []));
const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

/** The A2A repository's own bundle, kept verbatim for its descriptions: it does not compile in strict Ajv (docs/conformance.md). */
const UPSTREAM = "schemas/v1/2026-02-17/a2a.upstream.json";

function formatsFor(file: string): Readonly<Record<string, (s: string) => boolean>> {
  if (file.startsWith("schemas/legacy/")) return legacyFormats;
  if (file.startsWith("schemas/session/")) return sessionFormats;
  return file.endsWith(".lenient.json") ? v1LenientFormats : v1Formats;
}

/** A plain Ajv for `file`, with its folder's other schemas added so that relative `$ref`s resolve. */
function ajvFor(file: string): Ajv {
  const schema = read(join(root, file));
  const draft07 = String(schema.$schema).includes("draft-07");
  const ajv = draft07 ? new Ajv({ strict: true }) : new Ajv2020({ strict: true });
  for (const [name, validate] of Object.entries(formatsFor(file))) ajv.addFormat(name, { type: "string", validate });
  const dir = join(root, file, "..");
  for (const other of readdirSync(dir).filter((f) => f.endsWith(".json") && join(dir, f) !== join(root, file))) {
    if (relative(root, join(dir, other)) !== UPSTREAM) ajv.addSchema(read(join(dir, other)));
  }
  return ajv;
}

const files = jsonFiles(join(root, "schemas"))
  .map((f) => relative(root, f))
  .filter((f) => f !== UPSTREAM);

describe("every published schema in plain Ajv with the exported formats", () => {
  it.each(files)("%s compiles in strict mode", (file) => {
    expect(() => ajvFor(file).compile(read(join(root, file)))).not.toThrow();
  });

  it("uses no format that the family's export lacks, and the export has none unused", () => {
    const used = new Map<string, Set<string>>();
    const walk = (v: unknown, into: Set<string>): void => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, into));
      else if (v !== null && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) {
          if (k === "format" && typeof x === "string") into.add(x);
          else if (k !== "enum" && k !== "const" && k !== "examples" && k !== "default") walk(x, into);
        }
      }
    };
    for (const file of files) {
      const key = Object.keys(formatsFor(file)).sort().join(",");
      walk(read(join(root, file)), used.get(key) ?? used.set(key, new Set()).get(key)!);
    }
    for (const [key, names] of used) expect([...names].sort().join(",")).toBe(key);
  });
});

describe("plain Ajv accepts every valid fixture", () => {
  const cases: Array<[string, string, string]> = [];
  for (const type of readdirSync(join(root, "fixtures/v1/valid"))) {
    for (const f of jsonFiles(join(root, "fixtures/v1/valid", type)).filter((f) => !f.endsWith(".expect.json"))) {
      cases.push([relative(root, f), "schemas/v1/a2a.json", `urn:a2a-schemas:v1:strict#/$defs/${type}`]);
    }
  }
  const sessionFile = (type: string) => `schemas/session/${type.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase())}.json`;
  for (const type of readdirSync(join(root, "fixtures/session/valid"))) {
    for (const f of jsonFiles(join(root, "fixtures/session/valid", type)).filter((f) => !f.endsWith(".expect.json"))) {
      cases.push([relative(root, f), sessionFile(type), ""]);
    }
  }
  for (const type of readdirSync(join(root, "fixtures/legacy/valid"))) {
    for (const f of jsonFiles(join(root, "fixtures/legacy/valid", type)).filter((f) => !f.endsWith(".expect.json"))) {
      const messageType = String(read(f).message_type ?? type); // reference-examples/ holds every type
      cases.push([relative(root, f), `schemas/legacy/${messageType.replace(/_/g, "-")}-message.json`, ""]);
    }
  }
  const compiled = new Map<string, (x: unknown) => boolean>();
  it.each(cases)("%s against %s", (fixture, file, ref) => {
    const key = file + ref;
    let v = compiled.get(key);
    if (!v) {
      const ajv = ajvFor(file);
      const schema = read(join(root, file));
      if (ref) ajv.addSchema(schema);
      const fn = ref ? ajv.getSchema(ref)! : ajv.compile(schema);
      v = (x) => fn(x) as boolean;
      compiled.set(key, v);
    }
    expect(v(read(join(root, fixture)))).toBe(true);
  });
});
