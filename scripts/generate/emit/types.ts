/**
 * JSON Schema → TypeScript, for every family. Anything it cannot express exactly
 * is an error, so a type never silently drifts from its schema. Two shapes get a
 * TypeScript form of their own:
 * - a oneof by presence (`oneOf` of `{ required: [member] }` branches, as the v1 bundles
 *   write proto oneofs) is a union of flat objects, one named branch per member that
 *   sets it and declares the others `?: never`, so two members do not compile;
 * - `$ref` to an enum with `not: { const }` is `Exclude<Enum, const>`.
 * `if`/`then`/`else` that only narrow string values (formats, patterns) add nothing to a type.
 */
import { article, type Json, jsdoc, oneofBranches, resolveRef, type SchemaSet } from "./schema.js";

type Schema = Json | boolean;

export interface TypesInput extends SchemaSet {
  /** Type name → schema reference (`$id` or `$id#/definitions/X`); these become named exports, in order. */
  readonly types: ReadonlyArray<readonly [name: string, ref: string]>;
  /** Extra hand-named unions: name → member type names. */
  readonly unions?: ReadonlyArray<readonly [name: string, members: readonly string[], doc?: string]>;
  /** The interface of every type by name, for generic helpers: its name and which names it lists (default all). */
  readonly registry: { readonly name: string; readonly doc: string; readonly members?: readonly string[]; readonly memberDoc?: string };
  /** The name of a oneof of a type, when the schema does not carry it (the proto's), for the branch documentation. */
  readonly oneofName?: (typeName: string) => string | undefined;
}

const ANNOTATIONS = new Set([
  "$schema", "$id", "$comment", "title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly",
  "format", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
  "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "definitions", "$defs",
  "contentEncoding", "contentMediaType",
]);
const HANDLED = new Set(["type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "oneOf", "anyOf", "allOf", "not"]);
/** Keywords an `if`/`then`/`else` branch may hold and still only narrow values. */
const VALUE_ONLY = new Set([...ANNOTATIONS, "properties", "if", "then", "else"]);

function key(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k);
}

/** The name of the branch of `type` that sets `member`: `PartWithText`, `SendMessageResponseWithTask`. */
export function branchName(type: string, member: string): string {
  return `${type}With${member[0]!.toUpperCase()}${member.slice(1)}`;
}

/**
 * True when a conditional only narrows values: its `then` and `else` constrain properties the
 * object declares, without changing their type (the `if` may test anything).
 */
function valueOnly(c: Json | undefined, object: Json): boolean {
  if (c === undefined) return true;
  if (!Object.keys(c).every((k) => VALUE_ONLY.has(k))) return false;
  const props = Object.entries((c.properties ?? {}) as Record<string, Json>);
  const declared = (object.properties ?? {}) as Record<string, Json>;
  return props.every(([k, sub]) => k in declared && (sub.type === undefined || sub.type === declared[k]!.type)) && valueOnly(c.then, object) && valueOnly(c.else, object);
}

export function emitTypes(input: TypesInput): string {
  const named = new Map<string, string>();
  for (const [name, ref] of input.types) {
    const r = resolveRef(input, ref.split("#")[0]!, ref.includes("#") ? "#" + ref.split("#")[1] : "#");
    named.set(`${r.id}#${r.pointer}`, name);
  }

  const emit = (s: Schema, base: string, indent: string, self?: string): string => {
    if (s === true) return "unknown";
    if (s === false) return "never";
    for (const k of Object.keys(s)) {
      if (!ANNOTATIONS.has(k) && !HANDLED.has(k)) throw new Error(`typescript: unsupported keyword "${k}" in ${base}`);
    }
    if (s.not !== undefined && (s.not.const === undefined || Object.keys(s.not).length !== 1 || s.$ref === undefined)) {
      throw new Error(`typescript: "not" other than $ref + not const in ${base}`);
    }
    const parts: string[] = [];
    if (s.$ref !== undefined) {
      const r = resolveRef(input, base, s.$ref);
      const name = named.get(`${r.id}#${r.pointer}`);
      const t = name !== undefined && name !== self ? name : emit(r.schema, r.id, indent);
      parts.push(s.not !== undefined ? `Exclude<${t}, ${JSON.stringify(s.not.const)}>` : t);
    }
    const presence = oneofBranches(s);
    if (presence !== undefined) return flatUnion(s, presence, base, indent, self);
    if (s.const !== undefined) parts.push(JSON.stringify(s.const));
    else if (Array.isArray(s.enum)) parts.push(s.enum.map((v: unknown) => JSON.stringify(v)).join(" | "));
    else if (s.type !== undefined) {
      const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
      parts.push(types.map((t) => emitType(t, s, base, indent)).join(" | "));
    }
    for (const k of ["oneOf", "anyOf"] as const) {
      if (!Array.isArray(s[k])) continue;
      const branches = s[k].map((m: Schema) => emit(m, base, indent));
      // Alternatives that only narrow values (`anyOf` of patterns) add nothing to the type.
      if (branches.some((b: string) => b !== "unknown")) parts.push("(" + branches.join(" | ") + ")");
    }
    for (const m of (s.allOf ?? []) as Json[]) {
      if (m.if !== undefined) {
        if (!valueOnly(m.then, s) || !valueOnly(m.else, s)) throw new Error(`typescript: a conditional that changes the shape in ${base}`);
        continue;
      }
      parts.push(emit(m, base, indent));
    }
    if (parts.length === 0) return "unknown";
    return parts.length === 1 ? parts[0]! : parts.map((p) => (p.includes(" | ") && !p.startsWith("(") ? `(${p})` : p)).join(" & ");
  };

  /** The object's members: [key, schema, required]. */
  const members = (s: Json): Array<readonly [string, Schema, boolean]> => {
    const required = new Set<string>(s.required ?? []);
    return Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [k, v, required.has(k)] as const);
  };

  const objectBody = (s: Json, props: ReadonlyArray<readonly [string, Schema, boolean]>, base: string, indent: string, absent: readonly string[] = [], absentDoc = ""): string => {
    const inner = indent + "  ";
    // An optional member takes `undefined` too: the validators and the Zod models accept it as absent
    // (JSON cannot hold it) and return the value as given, so under exactOptionalPropertyTypes the type
    // says so and is what `z.infer` gives.
    const lines = props.map(([k, v, req]) => `${jsdoc(typeof v === "object" ? v.description : v === false ? "Must be absent." : undefined, inner)}${inner}${key(k)}${req ? "" : "?"}: ${emit(v, base, inner)}${req ? "" : " | undefined"};`);
    for (const k of absent) lines.push(`${jsdoc(absentDoc, inner)}${inner}${key(k)}?: never;`);
    const props_ = new Set(props.map(([k]) => k));
    for (const r of (s.required ?? []) as string[]) if (!props_.has(r) && !absent.includes(r)) lines.push(`${inner}${key(r)}: unknown;`);
    const ap = s.additionalProperties;
    if (lines.length === 0) return ap === false ? "{}" : `Record<string, ${ap === undefined || ap === true ? "unknown" : emit(ap, base, inner)}>`;
    if (ap === undefined || ap === true) lines.push(`${inner}[key: string]: unknown;`);
    else if (ap !== false) throw new Error(`typescript: additionalProperties schema with properties in ${base}`);
    return `{\n${lines.join("\n")}\n${indent}}`;
  };

  /** Flat branches of a oneof by presence; named (and exported) when the type is. */
  const branchTypes: string[] = [];
  const flatUnion = (s: Json, oneof: readonly string[], base: string, indent: string, self: string | undefined): string => {
    const all = members(s);
    const shared = all.filter(([k]) => !oneof.includes(k));
    const bodies = oneof.map((m) => {
      const own = all.find(([k]) => k === m);
      if (own === undefined) throw new Error(`typescript: oneof member ${m} without a property schema in ${base}`);
      return { m, props: [...shared, [m, own[1], true] as const] };
    });
    if (self === undefined) return "(" + bodies.map((b) => objectBody(s, b.props, base, indent, oneof.filter((x) => x !== b.m))).join(" | ") + ")";
    const quoted = oneof.map((m) => `\`${m}\``);
    const list = `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
    const name = input.oneofName?.(self);
    const rule = `${article(self)} ${self} sets exactly one of ${list}${name !== undefined ? ` (the oneof \`${name}\`)` : ""}`;
    for (const b of bodies) {
      const branch = branchName(self, b.m);
      if (input.types.some(([n]) => n === branch)) throw new Error(`typescript: the branch type ${branch} would shadow the type ${branch}`);
      const body = objectBody(s, b.props, base, "", oneof.filter((x) => x !== b.m), `Absent: ${rule}.`);
      branchTypes.push(`/** ${article(self)[0]!.toUpperCase()}${article(self).slice(1)} ${self} with \`${b.m}\` set: ${rule}. */\nexport type ${branch} = ${body};\n`);
    }
    return oneof.map((m) => branchName(self, m)).join(" | ");
  };

  const emitType = (t: string, s: Json, base: string, indent: string): string => {
    switch (t) {
      case "string":
        return "string";
      case "integer":
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "null":
        return "null";
      case "array":
        return s.items === undefined ? "unknown[]" : `Array<${emit(s.items, base, indent)}>`;
      case "object":
        return objectBody(s, members(s), base, indent);
      default:
        throw new Error(`typescript: unknown type ${t}`);
    }
  };

  const out: string[] = [];
  for (const [name, ref] of input.types) {
    const [file] = ref.split("#");
    const r = resolveRef(input, file!, ref.includes("#") ? "#" + ref.split("#")[1] : "#");
    const title = typeof r.schema === "object" && r.schema.title ? r.schema.title : name;
    const description = typeof r.schema === "object" ? r.schema.description : undefined;
    const d = description === undefined ? title : title === name ? description : `${title}: ${description}`;
    const body = emit(r.schema, r.id, "", name);
    out.push(`${jsdoc(d, "")}export type ${name} = ${body};\n`, ...branchTypes.splice(0));
  }
  for (const [name, members_, d] of input.unions ?? []) {
    out.push(`${d ? `/** ${d} */\n` : ""}export type ${name} =\n  | ${members_.join("\n  | ")};\n`);
  }
  const reg = input.registry;
  const listed = reg.members ?? [...input.types.map(([n]) => n), ...(input.unions ?? []).map(([n]) => n)];
  out.push(`/** ${reg.doc} */\nexport interface ${reg.name} {\n${listed.map((n) => `  /** The ${n} ${reg.memberDoc ?? "type"}. */\n  ${n}: ${n};`).join("\n")}\n}\n`);
  return out.join("\n");
}
