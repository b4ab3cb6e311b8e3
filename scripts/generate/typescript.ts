/**
 * JSON Schema → TypeScript for the keywords our schemas use. Anything it cannot
 * express exactly (if/then/else, patternProperties, ...) is an error, so a type
 * never silently drifts from its schema.
 */

type Schema = Record<string, any> | boolean;

export interface TypeGenInput {
  /** Every schema of the family by `$id`. */
  readonly schemas: ReadonlyMap<string, Record<string, any>>;
  /** Type name → schema reference (`$id` or `$id#/definitions/X`); these become named exports. */
  readonly types: ReadonlyArray<readonly [name: string, ref: string]>;
  /** Extra hand-named unions: name → member type names. */
  readonly unions?: ReadonlyArray<readonly [name: string, members: readonly string[], doc?: string]>;
}

const ANNOTATIONS = new Set([
  "$schema", "$id", "$comment", "title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly",
  "format", "pattern", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
  "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "definitions", "$defs",
  "contentEncoding", "contentMediaType",
]);
const HANDLED = new Set(["type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "oneOf", "anyOf", "allOf"]);

function resolveRef(input: TypeGenInput, base: string, ref: string): { id: string; pointer: string; schema: Schema } {
  const [file, frag = ""] = ref.split("#");
  const id = file ? new URL(file, base).href : base;
  let node: any = input.schemas.get(id);
  if (node === undefined) throw new Error(`unresolved $ref ${ref} from ${base}`);
  for (const seg of frag.split("/").filter(Boolean)) {
    node = node[decodeURIComponent(seg).replace(/~1/g, "/").replace(/~0/g, "~")];
    if (node === undefined) throw new Error(`unresolved $ref ${ref} from ${base}`);
  }
  return { id, pointer: frag, schema: node };
}

function key(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : JSON.stringify(k);
}

function doc(s: Schema, indent: string): string {
  if (typeof s !== "object" || typeof s.description !== "string") return "";
  return `${indent}/** ${s.description.replace(/\*\//g, "* /")} */\n`;
}

export function generateTypes(input: TypeGenInput): string {
  const named = new Map<string, string>();
  for (const [name, ref] of input.types) {
    const [file, frag = ""] = ref.split("#");
    named.set(`${file}#${frag}`, name);
  }

  const emit = (s: Schema, base: string, indent: string, self?: string): string => {
    if (s === true) return "unknown";
    if (s === false) return "never";
    for (const k of Object.keys(s)) {
      if (!ANNOTATIONS.has(k) && !HANDLED.has(k)) throw new Error(`typescript: unsupported keyword "${k}" in ${base}`);
    }
    const parts: string[] = [];
    if (s.$ref !== undefined) {
      const r = resolveRef(input, base, s.$ref);
      const name = named.get(`${r.id}#${r.pointer}`);
      parts.push(name !== undefined && name !== self ? name : emit(r.schema, r.id, indent));
    }
    if (s.const !== undefined) parts.push(JSON.stringify(s.const));
    else if (Array.isArray(s.enum)) parts.push(s.enum.map((v: unknown) => JSON.stringify(v)).join(" | "));
    else if (s.type !== undefined) {
      const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
      parts.push(types.map((t) => emitType(t, s, base, indent)).join(" | "));
    }
    for (const k of ["oneOf", "anyOf"] as const) {
      if (Array.isArray(s[k])) parts.push("(" + s[k].map((m: Schema) => emit(m, base, indent)).join(" | ") + ")");
    }
    if (Array.isArray(s.allOf)) for (const m of s.allOf) parts.push(emit(m, base, indent));
    if (parts.length === 0) return "unknown";
    return parts.length === 1 ? parts[0]! : parts.map((p) => (p.includes(" | ") && !p.startsWith("(") ? `(${p})` : p)).join(" & ");
  };

  const emitType = (t: string, s: Record<string, any>, base: string, indent: string): string => {
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
      case "object": {
        const props: Record<string, Schema> = s.properties ?? {};
        const required = new Set<string>(s.required ?? []);
        const inner = indent + "  ";
        const lines = Object.entries(props).map(([k, v]) => {
          const opt = required.has(k) ? "" : "?";
          return `${doc(v, inner)}${inner}${key(k)}${opt}: ${emit(v, base, inner)};`;
        });
        for (const r of required) if (!(r in props)) lines.push(`${inner}${key(r)}: unknown;`);
        const ap = s.additionalProperties;
        if (lines.length === 0) return ap === false ? "{}" : `Record<string, ${ap === undefined || ap === true ? "unknown" : emit(ap, base, inner)}>`;
        if (ap === undefined || ap === true) lines.push(`${inner}[key: string]: unknown;`);
        else if (ap !== false) throw new Error(`typescript: additionalProperties schema with properties in ${base}`);
        return `{\n${lines.join("\n")}\n${indent}}`;
      }
      default:
        throw new Error(`typescript: unknown type ${t}`);
    }
  };

  const out: string[] = [];
  for (const [name, ref] of input.types) {
    const [file] = ref.split("#");
    const r = resolveRef(input, file!, ref.includes("#") ? "#" + ref.split("#")[1] : "#");
    const title = typeof r.schema === "object" && r.schema.title ? r.schema.title : name;
    const d = typeof r.schema === "object" && r.schema.description ? `${title}: ${r.schema.description}` : title;
    out.push(`/** ${String(d).replace(/\*\//g, "* /")} */\nexport type ${name} = ${emit(r.schema, r.id, "", name)};\n`);
  }
  for (const [name, members, d] of input.unions ?? []) {
    out.push(`${d ? `/** ${d} */\n` : ""}export type ${name} =\n  | ${members.join("\n  | ")};\n`);
  }
  const all = [...input.types.map(([n]) => n), ...(input.unions ?? []).map(([n]) => n)];
  out.push(`/** Every named type by name, for generic helpers. */\nexport interface Registry {\n${all.map((n) => `  /** The ${n} type. */\n  ${n}: ${n};`).join("\n")}\n}\n`);
  return out.join("\n");
}
