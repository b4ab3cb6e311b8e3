/**
 * Standard JSON Schema sources: for each type of a mode, every definition its shipped schema reaches
 * (across files: legacy and session `$ref` other files), renamed into one `$defs` namespace, and the
 * `x-a2a-rules` entries (the family's formats, its rules in code). Emitted as functions that return
 * fresh literals, so nothing is built at start-up and a bundler keeps only the definitions of the
 * validators an application imports; src/core/json-schema.ts turns a source into a document per target.
 */
import type { JsonSchemaRule } from "../../../src/core/json-schema.js";
import { resolveRef, type Json } from "./schema.js";

/** One mode of a family: the shipped schema documents and the `$id` (with pointer) of each type. */
export interface JsonSchemaMode {
  /** The file is `<prefix>json-schema.ts` in the family's generated folder. */
  readonly prefix: string;
  /** The validator property that holds this mode's validator (`strict`); the first mode is the validator itself. */
  readonly property?: string;
  readonly schemas: readonly Json[];
  /** Type name → `$id` or `$id#/pointer` of its schema. */
  readonly exports: Readonly<Record<string, string>>;
  /** Another module's definitions (a v1 revision's, for an older one): one that is the same here is imported, not repeated. */
  readonly shared?: { readonly from: string; readonly defs: ReadonlyMap<string, Json> };
}

export interface JsonSchemaSpec {
  /** Type names to emit (the API's). */
  readonly names: readonly string[];
  /** Rules in code per type name, for `x-a2a-rules`. */
  readonly rules: Readonly<Record<string, readonly JsonSchemaRule[]>>;
  /** What each format of the family checks, for `x-a2a-rules`. */
  readonly formatDocs: (format: string) => string;
  /** Import specifier of src/core/json-schema.js from the generated folder. */
  readonly core: string;
}

/** Keywords whose value maps names to subschemas (the names are data). */
const NAMED = ["properties", "patternProperties", "dependentSchemas"];
/** Keywords whose value is data, never a schema. */
const DATA = ["enum", "const", "examples", "default", "example", "required"];
/** Definition holders and identifiers: the document gets its own `$defs`; nested ids would change `$ref` resolution. */
const DROPPED = ["$defs", "definitions", "$id", "$schema"];
/** Draft-07 forms with no one-to-one draft 2020-12 keyword; none of the shipped schemas uses them. */
const UNSUPPORTED = ["additionalItems", "dependencies", "$recursiveRef"];

/** The definitions of one mode: key (`$id#pointer`) → name and rewritten schema. */
function collect(mode: JsonSchemaMode, roots: readonly string[]) {
  const set = { schemas: new Map(mode.schemas.map((s) => [String(s.$id), s])) };
  const names = new Map<string, string>();
  const used = new Set<string>();
  const defs = new Map<string, Json>();
  const refsOf = new Map<string, Set<string>>();
  const formatsOf = new Map<string, Set<string>>();

  const nameOf = (id: string, pointer: string, schema: Json): string => {
    const segs = pointer.split("/").filter(Boolean);
    const doc = set.schemas.get(id)!;
    const fileName = String(doc.title ?? id.split("/").pop()!.replace(/\.json$/, ""));
    let name = segs.length === 0 ? String(schema.title ?? fileName) : segs.length === 2 && (segs[0] === "$defs" || segs[0] === "definitions") ? segs[1]! : `${fileName}.${segs.join(".")}`;
    if (used.has(name)) name = `${fileName}.${name}`;
    if (used.has(name)) throw new Error(`json-schema: two definitions named ${name}`);
    used.add(name);
    return name;
  };

  const visit = (ref: string, base: string): string => {
    const target = resolveRef(set, base, ref);
    const key = `${target.id}#${target.pointer}`;
    const known = names.get(key);
    if (known !== undefined) return known;
    if (typeof target.schema !== "object") throw new Error(`json-schema: ${ref} is a boolean schema`);
    const name = nameOf(target.id, target.pointer, target.schema);
    names.set(key, name);
    const refs = new Set<string>();
    const formats = new Set<string>();
    refsOf.set(name, refs);
    formatsOf.set(name, formats);
    const rewrite = (s: unknown): unknown => {
      if (Array.isArray(s)) return s.map(rewrite);
      if (s === null || typeof s !== "object") return s;
      const out: Json = {};
      for (const [k, v] of Object.entries(s as Json)) {
        if (UNSUPPORTED.includes(k) || (k === "items" && Array.isArray(v))) throw new Error(`json-schema: ${key} uses ${k}`);
        if (DROPPED.includes(k)) continue;
        if (k === "$ref") {
          const n = visit(String(v), target.id);
          refs.add(n);
          out[k] = `#/$defs/${n}`;
        } else if (NAMED.includes(k)) out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, d]) => [p, rewrite(d)]));
        else if (DATA.includes(k)) out[k] = v;
        else {
          if (k === "format" && typeof v === "string") formats.add(v);
          out[k] = rewrite(v);
        }
      }
      return out;
    };
    defs.set(name, rewrite(target.schema) as Json);
    return name;
  };

  const rootOf = new Map(roots.map((n) => [n, visit(mode.exports[n]!, mode.exports[n]!)]));
  /** The root's definition and every one it reaches, root first. */
  const closure = (root: string): string[] => {
    const seen = [root];
    for (let i = 0; i < seen.length; i++) for (const r of refsOf.get(seen[i]!)!) if (!seen.includes(r)) seen.push(r);
    return seen;
  };
  return { defs, rootOf, closure, formatsOf };
}

/** A JavaScript string literal in single quotes (JSON text has few of them, so few escapes). */
function quoted(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")}'`;
}

/** The definitions a mode's types reach, by name, in the order their module declares them (`d0`, `d1`, ...). */
export function jsonSchemaDefs(mode: JsonSchemaMode, names: readonly string[]): ReadonlyMap<string, Json> {
  return collect(mode, names).defs;
}

/** The `<prefix>json-schema.ts` module of one mode: a source function per type name. */
export function emitJsonSchemaMode(spec: JsonSchemaSpec, mode: JsonSchemaMode, sourceHeader: string): string {
  const names = spec.names.filter((n) => mode.exports[n] !== undefined);
  if (names.length !== spec.names.length) throw new Error(`json-schema: mode ${mode.prefix || "(default)"} has no schema for ${spec.names.filter((n) => !names.includes(n)).join(", ")}`);
  const { defs, rootOf, closure, formatsOf } = collect(mode, names);
  const ids = new Map([...defs.keys()].map((d, i) => [d, `d${i}`]));
  const sharedIds = new Map([...(mode.shared?.defs.keys() ?? [])].map((d, i) => [d, `d${i}`]));
  const same = (name: string) => mode.shared !== undefined && JSON.stringify(mode.shared.defs.get(name)) === JSON.stringify(defs.get(name));
  const imported = [...defs.keys()].filter(same).map((n) => (sharedIds.get(n) === ids.get(n) ? ids.get(n)! : `${sharedIds.get(n)} as ${ids.get(n)}`));
  const out: string[] = [sourceHeader, `import type { JsonSchemaObject, JsonSchemaSource } from ${JSON.stringify(spec.core)};`];
  if (imported.length > 0) out.push(`import { ${imported.join(", ")} } from ${JSON.stringify(mode.shared!.from)};`);
  out.push("");
  for (const [name, schema] of defs) {
    if (same(name)) continue;
    // A string, parsed on the first request: one token for the parser at start-up, where an object literal is hundreds.
    out.push(`/** ${name.replace(/\*\//g, "* /")} */`, `export function ${ids.get(name)}(): JsonSchemaObject {`, `  return JSON.parse(${quoted(JSON.stringify(schema))});`, "}");
  }
  out.push("");
  // Each distinct rule list once (most types of a family share one), as text parsed on request.
  const lists = new Map<string, string>();
  const listOf = (rules: readonly JsonSchemaRule[]): string => {
    const text = JSON.stringify(rules);
    let id = lists.get(text);
    if (id === undefined) {
      lists.set(text, (id = `r${lists.size}`));
      out.push(`function ${id}(): JsonSchemaSource["rules"] {`, `  return JSON.parse(${quoted(text)});`, "}");
    }
    return id;
  };
  const sources: string[] = [];
  for (const n of names) {
    const root = rootOf.get(n)!;
    const reach = closure(root);
    const formats = [...new Set(reach.flatMap((d) => [...formatsOf.get(d)!]))].sort();
    const rules = listOf([...formats.map((f) => ({ id: `format:${f}`, description: spec.formatDocs(f) })), ...(spec.rules[n] ?? [])]);
    sources.push(
      `/** The Standard JSON Schema source of ${n}. */`,
      `export function ${n}(): JsonSchemaSource {`,
      `  return { root: ${JSON.stringify(root)}, defs: { ${reach.map((d) => `${JSON.stringify(d)}: ${ids.get(d)}`).join(", ")} }, rules: ${rules}() };`,
      "}",
    );
  }
  out.push("", ...sources);
  return out.join("\n") + "\n";
}
