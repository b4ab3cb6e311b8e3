/**
 * Standard JSON Schema (`~standard.jsonSchema`) for every generated validator: one self-contained
 * document per type, built on request from the definitions the generator emits (src/generated/<family>/
 * *json-schema.ts, from the shipped schema files). Nothing is built until `input`/`output` is called,
 * and each call returns a fresh document the caller may change.
 */
import type { StandardJSONSchemaV1, StandardSchemaV1 } from "@standard-schema/spec";

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/**
 * One entry of `x-a2a-rules`, the keyword listing what a plain JSON Schema validator does not check
 * by itself: a family format (`id` "format:<name>", checked once you add the family's exported
 * `formats`) or a rule in code that no JSON Schema can state (any other `id`).
 */
export interface JsonSchemaRule {
  /** "format:date-time", or the rule's name ("legacy.sender-id", "session.artifact-data"). */
  readonly id: string;
  /** What it checks, in words. */
  readonly description: string;
}

/** What the generator emits per type: its definitions (each a thunk returning a fresh copy) and its rules. */
export interface JsonSchemaSource {
  /** The definition that is the document's root. */
  readonly root: string;
  /** Every definition the root reaches, the root included; `$ref`s read `#/$defs/<name>`. */
  readonly defs: Readonly<Record<string, () => JsonSchemaObject>>;
  /** The formats and rules `x-a2a-rules` lists. */
  readonly rules: readonly JsonSchemaRule[];
}

/** The extension keyword naming what a plain JSON Schema validator does not know (documented in the README). */
export const RULES_KEYWORD = "x-a2a-rules";

/** The targets this library produces: drafts 2020-12 and 07 always, OpenAPI 3.0 where it states the type exactly. */
export const JSON_SCHEMA_TARGETS = ["draft-2020-12", "draft-07", "openapi-3.0"] as const;

const SCHEMA_URI = { "draft-2020-12": "https://json-schema.org/draft/2020-12/schema", "draft-07": "http://json-schema.org/draft-07/schema#" } as const;

const DEFS = "#/$defs/";

/** Keywords holding one subschema, a map of them, a list of them (the intermediate form is draft 2020-12). */
const ONE = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"];
const MAP = ["properties", "patternProperties"];
const LIST = ["allOf", "anyOf", "oneOf"];
/** Keywords of draft 2020-12 that draft-07 has no exact counterpart for. */
const ONLY_2020 = ["prefixItems", "unevaluatedProperties", "unevaluatedItems", "dependentRequired", "dependentSchemas", "$anchor", "$dynamicRef", "$dynamicAnchor", "minContains", "maxContains"];
/** Keywords an OpenAPI 3.0 Schema Object does not have (an annotation among them is dropped, a check refuses the target). */
const OPENAPI_DROPPED = ["$comment", "examples", "contentEncoding", "contentMediaType", "$schema"];
const OPENAPI_REFUSED = ["patternProperties", "propertyNames", "contains", "dependencies", ...ONLY_2020];

/** Rebuilds a schema bottom-up: `f` sees each subschema after its own subschemas were rebuilt. */
function mapSchema(s: unknown, f: (o: JsonSchemaObject) => unknown): unknown {
  if (s === null || typeof s !== "object" || Array.isArray(s)) return s;
  const out: JsonSchemaObject = {};
  for (const [k, v] of Object.entries(s as JsonSchemaObject)) {
    if (ONE.includes(k)) out[k] = mapSchema(v, f);
    else if (MAP.includes(k) && v !== null && typeof v === "object") out[k] = Object.fromEntries(Object.entries(v).map(([n, d]) => [n, mapSchema(d, f)]));
    else if (LIST.includes(k) && Array.isArray(v)) out[k] = v.map((d) => mapSchema(d, f));
    else out[k] = v;
  }
  return f(out);
}

function refused(target: string, why: string): Error {
  return new Error(`a2a-schemas: no exact JSON Schema for target ${JSON.stringify(target)}: ${why}. Supported targets: ${JSON_SCHEMA_TARGETS.join(", ")} (openapi-3.0 only where it can state the type exactly).`);
}

/** A `$ref` with other keywords beside it: draft-07 and OpenAPI 3.0 ignore those, so they go beside an `allOf`. */
function wrapRef(o: JsonSchemaObject, ref: unknown): JsonSchemaObject {
  const { $ref: _, ...rest } = o;
  return Object.keys(rest).length === 0 ? { $ref: ref } : { allOf: [{ $ref: ref }], ...rest };
}

function draftDocument(source: JsonSchemaSource, target: "draft-2020-12" | "draft-07"): JsonSchemaObject {
  const defsKey = target === "draft-07" ? "definitions" : "$defs";
  const rewrite = (def: JsonSchemaObject): JsonSchemaObject =>
    mapSchema(def, (o) => {
      if (target === "draft-07") {
        const only = ONLY_2020.find((k) => k in o);
        if (only !== undefined) throw refused(target, `the schema uses "${only}"`);
      }
      if (typeof o.$ref !== "string" || !o.$ref.startsWith(DEFS)) return o;
      const name = o.$ref.slice(DEFS.length);
      const ref = name === source.root ? "#" : `#/${defsKey}/${name}`;
      return target === "draft-07" ? wrapRef(o, ref) : { ...o, $ref: ref };
    }) as JsonSchemaObject;
  const doc: JsonSchemaObject = { $schema: SCHEMA_URI[target], ...rewrite(source.defs[source.root]!()) };
  const others = Object.keys(source.defs).filter((n) => n !== source.root);
  if (others.length > 0) doc[defsKey] = Object.fromEntries(others.map((n) => [n, rewrite(source.defs[n]!())]));
  if (source.rules.length > 0) doc[RULES_KEYWORD] = source.rules.map((r) => ({ ...r }));
  return doc;
}

/** OpenAPI 3.0: no `$defs` (every reference inlined), `const` as a one-value `enum`; refused where that is not exact. */
function openApiDocument(source: JsonSchemaSource): JsonSchemaObject {
  const target = "openapi-3.0";
  const inline = (name: string, open: readonly string[]): JsonSchemaObject => {
    if (open.includes(name)) throw refused(target, `${name} contains itself (${[...open, name].join(" > ")}), which OpenAPI 3.0 cannot state without a components section`);
    const def = source.defs[name];
    if (def === undefined) throw refused(target, `unknown definition ${name}`);
    return mapSchema(def(), (o) => {
      const refusedKey = OPENAPI_REFUSED.find((k) => k in o);
      if (refusedKey !== undefined) throw refused(target, `${name} uses "${refusedKey}"`);
      if (typeof o.exclusiveMinimum === "number" || typeof o.exclusiveMaximum === "number") throw refused(target, `${name} has a numeric exclusive bound`);
      const out: JsonSchemaObject = {};
      for (const [k, v] of Object.entries(o)) {
        if (OPENAPI_DROPPED.includes(k) || k === "if" || k === "then" || k === "else") continue;
        if (k === "const") out.enum = [v];
        else if (k === "type") Object.assign(out, openApiType(name, v));
        else out[k] = v;
      }
      // if/then/else is (if and then) or (not if and else): the same verdicts with OpenAPI 3.0's keywords.
      if (o.if !== undefined) {
        const choice = { anyOf: [{ allOf: [o.if, o.then ?? {}] }, { allOf: [{ not: o.if }, o.else ?? {}] }] };
        if (out.anyOf === undefined) Object.assign(out, choice);
        else out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), choice];
      }
      if (typeof out.$ref !== "string") return out;
      const inner = inline(out.$ref.slice(DEFS.length), [...open, name]);
      const { $ref: _, ...rest } = out;
      return Object.keys(rest).length === 0 ? inner : { allOf: [inner], ...rest };
    }) as JsonSchemaObject;
  };
  const doc = inline(source.root, []);
  if (source.rules.length > 0) doc[RULES_KEYWORD] = source.rules.map((r) => ({ ...r }));
  return doc;
}

/** OpenAPI 3.0 has no type "null": `nullable` says null is allowed too (the only value, with `enum: [null]`). */
function openApiType(name: string, type: unknown): JsonSchemaObject {
  const types = Array.isArray(type) ? (type as unknown[]) : [type];
  const others = types.filter((t) => t !== "null");
  if (others.length > 1) throw refused("openapi-3.0", `${name} allows several types (${others.join(", ")})`);
  if (others.length === types.length) return { type };
  return others.length === 1 ? { type: others[0], nullable: true } : { type: "string", nullable: true, enum: [null] };
}

/** The document of `source` for `target`; any other target throws, as the Standard JSON Schema interface asks. */
export function jsonSchemaDocument(source: JsonSchemaSource, options: StandardJSONSchemaV1.Options): JsonSchemaObject {
  const target: unknown = (options as Partial<StandardJSONSchemaV1.Options> | undefined)?.target;
  if (target === "draft-2020-12" || target === "draft-07") return draftDocument(source, target);
  if (target === "openapi-3.0") return openApiDocument(source);
  throw new Error(`a2a-schemas: unsupported JSON Schema target ${typeof target === "string" ? JSON.stringify(target.slice(0, 60)) : String(typeof target)}: use one of ${JSON_SCHEMA_TARGETS.join(", ")}.`);
}

/** Where a converter keeps its source, for the union of a dispatch validator. */
const SOURCE = Symbol("a2a-schemas.jsonSchemaSource");

/** The converter over a generated source: input and output are the same document (a validator returns its input unchanged). */
export function jsonSchemaConverter(source: () => JsonSchemaSource): StandardJSONSchemaV1.Converter {
  const document = (options: StandardJSONSchemaV1.Options) => jsonSchemaDocument(source(), options);
  return Object.defineProperty({ input: document, output: document }, SOURCE, { value: source });
}

/** The source behind a validator's `~standard.jsonSchema`, if this library made it. */
export function jsonSchemaSourceOf(v: unknown): (() => JsonSchemaSource) | undefined {
  const converter = (v as { "~standard"?: { jsonSchema?: Record<symbol, unknown> } } | undefined)?.["~standard"]?.jsonSchema;
  const source = converter?.[SOURCE];
  return typeof source === "function" ? (source as () => JsonSchemaSource) : undefined;
}

/**
 * The source of a union (a dispatch validator's): `anyOf` its members, whose definitions share one
 * namespace (they come from one generated module). Each member fixes the tag, so at most one matches.
 */
export function unionSource(name: string, members: ReadonlyArray<() => JsonSchemaSource>): () => JsonSchemaSource {
  return () => {
    const sources = members.map((m) => m());
    const defs: Record<string, () => JsonSchemaObject> = {};
    for (const s of sources) Object.assign(defs, s.defs);
    const root = name in defs ? `${name}.union` : name;
    defs[root] = () => ({ title: name, anyOf: sources.map((s) => ({ $ref: DEFS + s.root })) });
    const rules = new Map(sources.flatMap((s) => s.rules.map((r) => [r.id, r] as const)));
    return { root, defs, rules: [...rules.values()] };
  };
}

/** A validator whose `~standard` also carries Standard JSON Schema. */
export type WithJsonSchema<V extends StandardSchemaV1> = V & StandardJSONSchemaV1<StandardSchemaV1.InferInput<V>, StandardSchemaV1.InferOutput<V>>;

/**
 * Adds `~standard.jsonSchema` to a validator (and to its mode validators by property: `{ strict: source }`
 * for a session validator's `.strict`). The generated API calls it on every validator.
 */
export function withJsonSchema<V extends StandardSchemaV1>(validator: V, source: () => JsonSchemaSource, modes?: Readonly<Record<string, () => JsonSchemaSource>>): WithJsonSchema<V> {
  attach(validator, source);
  for (const [key, s] of Object.entries(modes ?? {})) {
    const part = (validator as unknown as Record<string, unknown>)[key];
    if (typeof part === "function" && "~standard" in part) attach(part as unknown as StandardSchemaV1, s);
  }
  return validator as WithJsonSchema<V>;
}

function attach(v: StandardSchemaV1, source: () => JsonSchemaSource): void {
  // The props object is the validator's own (a session validator shares it with `.tolerant`, which has the same schema).
  Object.defineProperty(v["~standard"], "jsonSchema", { value: jsonSchemaConverter(source), enumerable: true });
}
