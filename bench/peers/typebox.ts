/**
 * TypeBox 0.34 peer: the package's JSON Schemas turned into TypeBox types
 * (TypeCompiler only takes its own [Kind]-tagged types, not raw JSON Schema),
 * then compiled. Keywords TypeBox has no type for throw `Unsupported`, so a
 * schema it cannot take is reported, never approximated.
 */
import { FormatRegistry, Type, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { fullFormats } from "ajv-formats/dist/formats.js";

export class Unsupported extends Error {}

type Json = Record<string, any>;

/** Resolves `$ref`s across a set of schema documents keyed by `$id`. */
export class SchemaSet {
  private readonly docs = new Map<string, Json>();
  constructor(docs: Iterable<Json>) {
    for (const d of docs) this.docs.set(d.$id, d);
  }
  resolve(ref: string, base: string): [Json | boolean, string] {
    const url = new URL(ref, base);
    const fragment = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    const doc = this.docs.get(url.href) ?? this.docs.get(url.href.replace(/#$/, ""));
    if (!doc) throw new Unsupported(`unknown $ref ${ref}`);
    let node: any = doc;
    for (const seg of fragment.split("/").slice(1)) node = node[seg.replace(/~1/g, "/").replace(/~0/g, "~")];
    if (node === undefined) throw new Unsupported(`dangling $ref ${ref}`);
    return [node, doc.$id];
  }
}

// The same format code as the run-time Ajv peer (ajv-formats), so the two JSON Schema peers agree.
for (const [name, f] of Object.entries<any>(fullFormats)) {
  const check = f instanceof RegExp ? f : typeof f === "function" ? f : f?.validate;
  if (check) FormatRegistry.Set(name, check instanceof RegExp ? (s) => check.test(s) : check);
}

const IGNORED = new Set(["$schema", "$id", "$comment", "title", "description", "examples", "default", "contentEncoding", "definitions", "$defs"]);
const STRING = ["minLength", "maxLength", "pattern", "format"] as const;
const NUMBER = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const;
const KNOWN = new Set<string>(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "const", "enum", "type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", ...STRING, ...NUMBER]);

function pick(s: Json, keys: readonly string[]): Json {
  const o: Json = {};
  for (const k of keys) if (k in s) o[k] = s[k];
  return o;
}

function literal(v: unknown): TSchema {
  if (v === null) return Type.Null();
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return Type.Literal(v);
  throw new Unsupported(`const/enum value ${JSON.stringify(v)}`);
}

/** `oneOf` whose branches each only require one member: exactly one of those members is present. */
function presenceKeys(oneOf: Json[]): string[] | undefined {
  const keys = oneOf.map((b) => (Object.keys(b).every((k) => k === "properties" || k === "required") && b.required?.length === 1 ? b.required[0] : undefined));
  return keys.every((k) => typeof k === "string") ? keys : undefined;
}

export function toTypeBox(set: SchemaSet, schema: Json | boolean, base: string): TSchema {
  if (schema === true) return Type.Unknown();
  if (schema === false) return Type.Never();
  const all: TSchema[] = [];
  const rest = { ...schema };
  if (typeof rest.$ref === "string") {
    const [target, b] = set.resolve(rest.$ref, base);
    all.push(toTypeBox(set, target, b));
    delete rest.$ref;
  }
  for (const k of Object.keys(rest)) if (IGNORED.has(k)) delete rest[k];
  if (rest.allOf) for (const s of rest.allOf as Json[]) all.push(toTypeBox(set, s, base));
  if (rest.anyOf) all.push(Type.Union((rest.anyOf as Json[]).map((s) => toTypeBox(set, s, base))));
  if (rest.not) all.push(Type.Not(toTypeBox(set, rest.not, base)));
  if ("if" in rest) {
    const cond = toTypeBox(set, rest.if, base);
    const then = "then" in rest ? toTypeBox(set, rest.then, base) : Type.Unknown();
    const otherwise = "else" in rest ? toTypeBox(set, rest.else, base) : Type.Unknown();
    all.push(Type.Union([Type.Intersect([cond, then]), Type.Intersect([Type.Not(cond), otherwise])]));
  }
  if ("const" in rest) all.push(literal(rest.const));
  if (rest.enum) all.push(Type.Union((rest.enum as unknown[]).map(literal)));
  const own = typed(set, rest, base);
  if (own) all.push(own);
  for (const k of Object.keys(rest)) if (!KNOWN.has(k)) throw new Unsupported(`keyword ${k}`);
  return all.length === 0 ? Type.Unknown() : all.length === 1 ? all[0]! : Type.Intersect(all);
}

/**
 * The `type` and the keywords that go with it; undefined when the schema states no type.
 * `properties` without a type is read as an object: in these schemas it only appears where
 * the value is an object already (if/then/else branches), and the verdict check would say otherwise.
 */
function typed(set: SchemaSet, s: Json, base: string): TSchema | undefined {
  const isObject = s.type === "object" || (s.type === undefined && (s.properties || s.required || s.oneOf));
  if (Array.isArray(s.type)) return Type.Union(s.type.map((t: string) => typed(set, { ...s, type: t }, base)!));
  if (isObject) return object(set, s, base);
  if (s.oneOf) throw new Unsupported("oneOf other than one required member per branch");
  switch (s.type) {
    case undefined:
      if ([...NUMBER, "items", "minItems", "maxItems"].some((k) => k in s)) throw new Unsupported("number or array keywords without a type");
      return STRING.some((k) => k in s) ? stringIfString(s) : undefined;
    case "string":
      return Type.String(pick(s, STRING));
    case "integer":
      return Type.Integer(pick(s, NUMBER));
    case "number":
      return Type.Number(pick(s, NUMBER));
    case "boolean":
      return Type.Boolean();
    case "null":
      return Type.Null();
    case "array":
      return Type.Array(s.items === undefined ? Type.Unknown() : toTypeBox(set, s.items, base), pick(s, ["minItems", "maxItems"]));
    default:
      throw new Unsupported(`type ${s.type}`);
  }
}

/** String keywords without `type` constrain strings only: "a string then so constrained, or not a string". */
function stringIfString(s: Json): TSchema {
  return Type.Union([Type.String(pick(s, STRING)), Type.Not(Type.String())]);
}

function object(set: SchemaSet, s: Json, base: string): TSchema {
  const required = new Set<string>(s.required ?? []);
  const props: Record<string, TSchema> = {};
  for (const [k, v] of Object.entries<Json>(s.properties ?? {})) props[k] = toTypeBox(set, v, base);
  for (const k of required) props[k] ??= Type.Unknown();
  const options: Json = {};
  const extra = s.additionalProperties;
  if (extra === false) options.additionalProperties = false;
  else if (extra !== undefined && extra !== true) {
    // A map: Type.Record. (An Object's additionalProperties schema compiles to code whose nested `key` shadows the outer one.)
    if (s.properties || s.required || s.oneOf) throw new Unsupported("properties beside an additionalProperties schema");
    return Type.Record(Type.String(), toTypeBox(set, extra, base));
  }
  const build = (members: Record<string, TSchema>, req: Set<string>) =>
    Type.Object(Object.fromEntries(Object.entries(members).map(([k, v]) => [k, req.has(k) ? v : Type.Optional(v)])), options);
  if (!s.oneOf) return build(props, required);
  const keys = presenceKeys(s.oneOf);
  if (!keys) throw new Unsupported("oneOf other than one required member per branch");
  // One object per branch: its member required, the other branches' members absent (Optional(Never)).
  return Type.Union(
    keys.map((k) => {
      const members: Record<string, TSchema> = { ...props, [k]: props[k] ?? Type.Unknown() };
      for (const other of keys) if (other !== k) members[other] = Type.Never();
      return build(members, new Set([...required, k]));
    }),
  );
}

/** Compiles the schema at `ref` (resolved against `base`); the result's Check and Errors are the peer. */
export function compileTypeBox(set: SchemaSet, ref: string, base: string) {
  const [schema, b] = set.resolve(ref, base);
  return TypeCompiler.Compile(toTypeBox(set, schema, b));
}
