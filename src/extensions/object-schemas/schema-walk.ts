/**
 * The JSON Schema vocabulary (draft-07 and 2020-12, the two drafts the
 * extension compiles) as every pre-compile check walks it. What a value is
 * depends on the keyword that holds it, never on a key's name: under
 * `properties`, `$defs` and the other maps, keys are names (a property may be
 * called `enum` or `$ref`), and the values of `enum`, `const`, `default` and
 * `examples` are data, never schemas. References are resolved exactly as Ajv
 * resolves them, so the walk reaches every schema node Ajv will evaluate.
 */
import { toPointer, type PathSegment } from "../../core/issue.js";

/** Keywords whose value is one schema (`items` is also a list of schemas in draft-07). */
const ONE_SCHEMA = new Set(["not", "if", "then", "else", "items", "additionalItems", "additionalProperties", "unevaluatedItems", "unevaluatedProperties", "contains", "propertyNames", "contentSchema"]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
/** Keywords whose value maps names (properties, patterns, definitions) to schemas; a `dependencies` entry may instead be a list of names. */
const SCHEMA_MAP = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);
/** `$recursiveRef` is a 2019-09 keyword Ajv ignores in these drafts; following it anyway only counts more. */
const REF_KEYWORDS = new Set(["$ref", "$dynamicRef", "$recursiveRef"]);
/** Values every instance is compared against: their size is work per data node, so the expansion count includes it. */
const ASSERTIONS = new Set(["type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required", "dependentRequired"]);
/** Identifiers and annotations: Ajv never compares an instance against them (`format` included: no format code at run time). */
const ANNOTATIONS = new Set(["$schema", "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$vocabulary", "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly", "format", "contentMediaType", "contentEncoding"]);
/** Keywords whose value is data by definition, whatever it looks like. */
export const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);

/**
 * Unknown keywords are legal JSON Schema (annotations; Ajv runs with
 * `strict: false` and ignores them), and refusing them would refuse ordinary
 * cards (`x-*` vendor keys). So their content is data: never walked as a
 * schema (a `$ref` or `pattern` inside is not a keyword), counted once in the
 * expansion (Ajv never evaluates it) and for its full size in the byte limit;
 * only a `$ref` pointing into it makes part of it a schema, walked as such.
 */
export type KeywordKind = "applicator" | "reference" | "assertion" | "annotation" | "unknown";

export type Located = readonly [node: unknown, at: readonly PathSegment[]];

export interface Keyword {
  readonly key: string;
  readonly value: unknown;
  readonly kind: KeywordKind;
  /** Subschemas, each with its path below the keyword. */
  readonly schemas: readonly Located[];
  /** Parts of the value that are plain JSON: all of it, except in an applicator (a `dependencies` list of names, or a malformed value the meta-schema rejects). */
  readonly data: readonly Located[];
}

const has = Object.prototype.hasOwnProperty;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function isSchema(v: unknown): boolean {
  return typeof v === "boolean" || isPlainObject(v);
}

/** The keywords of one schema object, in key order, each with what it holds. */
export function keywordsOf(schema: Readonly<Record<string, unknown>>): Keyword[] {
  const out: Keyword[] = [];
  for (const key of Object.keys(schema)) {
    const value = schema[key];
    const schemas: Located[] = [];
    const data: Located[] = [];
    let kind: KeywordKind;
    if (REF_KEYWORDS.has(key)) kind = "reference";
    else if (ASSERTIONS.has(key)) kind = "assertion";
    else if (ANNOTATIONS.has(key)) kind = "annotation";
    else if (ONE_SCHEMA.has(key) || SCHEMA_LIST.has(key) || SCHEMA_MAP.has(key)) kind = "applicator";
    else kind = "unknown";
    if (kind !== "applicator") data.push([value, []]);
    else if (SCHEMA_LIST.has(key) && Array.isArray(value)) value.forEach((v, i) => schemas.push([v, [i]]));
    else if (ONE_SCHEMA.has(key) && isSchema(value)) schemas.push([value, []]);
    else if (SCHEMA_MAP.has(key) && isPlainObject(value)) {
      for (const name of Object.keys(value)) {
        const v = value[name];
        // A draft-07 property dependency (a list of names) is data; anything else is a schema.
        (key === "dependencies" && Array.isArray(v) ? data : schemas).push([v, [name]]);
      }
    } else data.push([value, []]);
    out.push({ key, value, kind, schemas, data });
  }
  return out;
}

export type RefTarget =
  | { readonly ok: true; readonly node: unknown; readonly at: readonly string[] }
  | { readonly ok: false; readonly problem: "remote" | "anchor" | "not_pointer" | "malformed" | "dangling" | "nested_id" | "recursive" };

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * Resolves a reference inside `root` as Ajv does: only `#` and `#/...` JSON
 * Pointers, each segment percent-decoded, then `~1` and `~0` unescaped. Ajv
 * drops a trailing `#/`, so `#/` is the root. A pointer through a nested
 * `$id` is refused: Ajv would resolve what lies below against that base URI.
 */
export function resolveRef(root: unknown, ref: string): RefTarget {
  if (!ref.startsWith("#")) return { ok: false, problem: "remote" };
  if (ref === "#" || ref === "#/") return { ok: true, node: root, at: [] };
  if (!ref.startsWith("#/")) return { ok: false, problem: "anchor" };
  // A second `#` is not a fragment Ajv reads the same way (it drops a trailing `#/`).
  if (ref.indexOf("#", 1) >= 0) return { ok: false, problem: "not_pointer" };
  const at: string[] = [];
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return { ok: false, problem: "malformed" };
    }
    if (Array.isArray(node) ? !ARRAY_INDEX.test(key) || Number(key) >= node.length : !isPlainObject(node) || !has.call(node, key)) {
      return { ok: false, problem: "dangling" };
    }
    node = (node as Record<string, unknown>)[key];
    at.push(key);
    // A string `$id` is a base URI to Ajv (a non-string one, a `$defs` entry named `$id`, makes Ajv refuse the schema).
    if (isPlainObject(node) && has.call(node, "$id") && typeof node.$id === "string") return { ok: false, problem: "nested_id" };
  }
  return { ok: true, node, at };
}

export interface SchemaVisitor {
  /** A schema node at its location from the root (`keywords` is empty for a boolean or a malformed node). False stops the walk. */
  schema(node: unknown, at: readonly PathSegment[], keywords: readonly Keyword[]): boolean;
  /** A reference keyword (its own location is `at`) and where it leads. False stops the walk. */
  reference(at: readonly PathSegment[], ref: string, target: RefTarget): boolean;
}

type Item = { readonly node: unknown; readonly at: readonly PathSegment[]; readonly loc: string } | { readonly leave: string };

/**
 * Walks the schemas of `root`, iteratively, in document order: subschemas by
 * keyword, and the target of every resolvable reference. With `expand` false,
 * each location is visited once (per-node checks). With `expand` true, a
 * reference is followed again each time it is met: the tree Ajv evaluates for
 * one data node, for counting; a reference to a schema that encloses it (on
 * the current path, references included) is reported as `recursive` and not
 * followed.
 */
export function walkSchemas(root: unknown, expand: boolean, visitor: SchemaVisitor): void {
  const seen = new Set<string>();
  // Locations on the current path, counted: a reference target's own subschemas may pass through one again.
  const open = new Map<string, number>();
  const stack: Item[] = [{ node: root, at: [], loc: "" }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ("leave" in item) {
      const n = open.get(item.leave)! - 1;
      if (n === 0) open.delete(item.leave);
      else open.set(item.leave, n);
      continue;
    }
    if (!expand) {
      if (seen.has(item.loc)) continue;
      seen.add(item.loc);
    }
    const keywords = isPlainObject(item.node) ? keywordsOf(item.node) : [];
    if (!visitor.schema(item.node, item.at, keywords)) return;
    open.set(item.loc, (open.get(item.loc) ?? 0) + 1);
    stack.push({ leave: item.loc });
    const next: Item[] = [];
    for (const k of keywords) {
      if (k.kind === "reference" && typeof k.value === "string") {
        let target = resolveRef(root, k.value);
        if (target.ok && expand && open.has(toPointer(target.at))) target = { ok: false, problem: "recursive" };
        if (!visitor.reference([...item.at, k.key], k.value, target)) return;
        if (target.ok) next.push({ node: target.node, at: target.at, loc: toPointer(target.at) });
      }
      for (const [node, rel] of k.schemas) {
        const at = [...item.at, k.key, ...rel];
        next.push({ node, at, loc: toPointer(at) });
      }
    }
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
}

/** How many JSON values `value` holds (itself included), counting no further than `budget`. */
export function jsonValues(value: unknown, budget: number): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && n <= budget) {
    const v = stack.pop();
    n++;
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (isPlainObject(v)) for (const k of Object.keys(v)) stack.push(v[k]);
  }
  return n;
}

/** Every object inside `value` (itself included) with its path below `value`, iteratively. */
export function* objectsIn(value: unknown): Generator<readonly [Record<string, unknown>, readonly PathSegment[]]> {
  const stack: Array<[unknown, PathSegment[]]> = [[value, []]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...at, i]]);
    else if (isPlainObject(v)) {
      yield [v, at];
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) stack.push([v[keys[i]!], [...at, keys[i]!]]);
    }
  }
}
