/**
 * JSON Schema → Zod v4, for every family. The input is what Ajv compiles (the
 * family's compiled form: implied patterns dropped, its own keywords), so each
 * model checks exactly the keywords the validators check, with the checks of
 * src/core/zod-helpers.ts; anything it cannot express exactly is an error.
 * Objects are strict or open as their `additionalProperties` says (an open
 * object, a map and a free-form object keep a `__proto__` member, as the
 * validators do: zod-helpers' openObject, map, jsonObject); a oneof by
 * presence is a union of flat objects whose other members are `absent`, as
 * in the generated types; a family's rules in code are a `superRefine` run on
 * a valid shape, as the validators run them.
 */
import { type Json, jsdoc, oneofBranches, resolveRef } from "./schema.js";

/** One mode of the family (session has two): its schemas and the models that get a name. */
export interface ZodMode {
  /** Prefix of the model names ("" or "Strict"). */
  readonly prefix: string;
  readonly schemas: ReadonlyMap<string, Json>;
  /** Model name (without `Schema`) → schema reference, exported in dependency order. */
  readonly models: ReadonlyArray<readonly [name: string, ref: string]>;
  readonly doc: (name: string) => string;
}

export interface ZodSpec {
  readonly file: string;
  readonly what: string;
  readonly sources?: readonly string[];
  /** Specifier of src/ from the generated folder ("../../"). */
  readonly src: string;
  /** Specifier (from src/) of the module whose default export holds the family's formats by name. */
  readonly formats: string;
  readonly modes: readonly ZodMode[];
  /** Formats whose implementation implies a sibling `pattern` (the compiler drops it too). */
  readonly patternImpliedBy?: readonly string[];
  /** Rules in code by model name: the expression of the rules function, and the import that brings it. */
  readonly rules?: { readonly import: string; readonly of: Readonly<Record<string, string>> };
  /** The family's own keywords: the import of their checks, and the check for one use. */
  readonly keywords?: Readonly<Record<string, { readonly import: string; readonly check: (schemaPath: string) => string }>>;
  /** Unions of named models: name, members, doc, and the key that discriminates them. */
  readonly unions?: ReadonlyArray<readonly [name: string, members: readonly string[], doc: string, discriminator: string]>;
  /** Ajv compiles each definition as a function of its own (`inlineRefs: false`): its schema paths start at the definition. */
  readonly ownSchemaPaths?: boolean;
  /** A table of every model of the first mode by name. */
  readonly table?: { readonly name: string; readonly doc: string };
}

const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "examples", "default", "definitions", "$defs", "contentEncoding", "contentMediaType"]);
const HANDLED = new Set([
  "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "not", "oneOf", "anyOf", "allOf",
  "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "minItems", "maxItems",
]);

interface Loc {
  readonly id: string;
  readonly pointer: string;
}

const child = (l: Loc, ...segs: Array<string | number>): Loc => ({ id: l.id, pointer: `${l.pointer}/${segs.join("/")}` });
/** The schema path of a keyword at `l`, within its schema file (issuesFromZod puts a union branch in front). */
const schemaPath = (l: Loc, keyword: string) => JSON.stringify(`#${l.pointer}/${keyword}`);

export function emitZod(spec: ZodSpec): string {
  const used = new Set<string>();
  const keywordImports = new Set<string>();
  const helper = (name: string) => (used.add(name), name);
  const body: string[] = [];

  for (const mode of spec.modes) {
    const named = new Map<string, string>();
    const refOf = (ref: string) => {
      const r = resolveRef(mode, ref.split("#")[0]!, ref.includes("#") ? "#" + ref.split("#")[1] : "#");
      return `${r.id}#${r.pointer}`;
    };
    for (const [name, ref] of mode.models) named.set(refOf(ref), `${mode.prefix}${name}Schema`);
    const implied = new Set(spec.patternImpliedBy ?? []);

    const emit = (s: Json | boolean, l: Loc, indent: string, self?: string): string => {
      if (s === true) return "z.unknown()";
      if (s === false) return "z.never()";
      for (const k of Object.keys(s)) {
        if (!ANNOTATIONS.has(k) && !HANDLED.has(k) && !(spec.keywords && k in spec.keywords)) throw new Error(`zod: unsupported keyword "${k}" at ${l.id}#${l.pointer}`);
      }
      let out = shape(s, l, indent, self);
      for (const k of Object.keys(s)) {
        const kw = spec.keywords?.[k];
        if (kw === undefined) continue;
        keywordImports.add(kw.import);
        used.add("keyword");
        out += `.check(${kw.check(schemaPath(l, k))})`;
      }
      return out;
    };

    const shape = (s: Json, l: Loc, indent: string, self?: string): string => {
      if (s.$ref !== undefined) {
        const rest = Object.keys(s).filter((k) => k !== "$ref" && k !== "not" && !ANNOTATIONS.has(k));
        if (rest.length > 0) throw new Error(`zod: $ref with ${rest.join(", ")} at ${l.id}#${l.pointer}`);
        const r = resolveRef(mode, l.id, s.$ref);
        if (s.not !== undefined) {
          // An enum less its zero value: the values the validators accept.
          const values = typeof r.schema === "object" ? r.schema.enum : undefined;
          if (!Array.isArray(values) || Object.keys(s.not).join() !== "const") throw new Error(`zod: "not" other than $ref to an enum + not const at ${l.id}#${l.pointer}`);
          return `z.enum(${JSON.stringify(values.filter((v: unknown) => v !== s.not.const))})`;
        }
        const name = named.get(`${r.id}#${r.pointer}`);
        return name !== undefined && name !== self ? name : emit(r.schema, { id: r.id, pointer: r.pointer }, indent);
      }
      if (s.not !== undefined) throw new Error(`zod: "not" without $ref at ${l.id}#${l.pointer}`);
      const presence = oneofBranches(s);
      if (presence !== undefined) {
        const branches = presence.map((m) => object(s, l, indent + "  ", m, presence.filter((x) => x !== m)));
        return `z.union([\n${branches.map((b) => `${indent}  ${b},`).join("\n")}\n${indent}])`;
      }
      if ((s.allOf ?? []).length > 0) throw new Error(`zod: allOf at ${l.id}#${l.pointer}`);
      if (s.const !== undefined) return `z.literal(${JSON.stringify(s.const)})`;
      if (Array.isArray(s.enum)) {
        if (!s.enum.every((v: unknown) => typeof v === "string")) throw new Error(`zod: non-string enum at ${l.id}#${l.pointer}`);
        return `z.enum(${JSON.stringify(s.enum)})`;
      }
      for (const k of ["anyOf", "oneOf"] as const) {
        if (s[k] === undefined) continue;
        if (s.type !== undefined) throw new Error(`zod: ${k} beside type at ${l.id}#${l.pointer}`);
        const branches = (s[k] as Json[]).map((b, i) => emit(b, child(l, k, i), indent + "  "));
        if (k === "oneOf" && !exclusive(s.oneOf)) throw new Error(`zod: a oneOf whose branches may overlap at ${l.id}#${l.pointer}`);
        return `z.union([\n${branches.map((b) => `${indent}  ${b},`).join("\n")}\n${indent}])`;
      }
      switch (s.type) {
        case undefined:
          return "z.unknown()";
        case "string":
          return string(s, l);
        case "integer":
          return `${helper("integer")}(${schemaPath(l, "type")})${numberChecks(s, l)}`;
        case "number":
          return `z.number()${numberChecks(s, l)}`;
        case "boolean":
          return "z.boolean()";
        case "null":
          return "z.null()";
        case "array": {
          let out = `z.array(${s.items === undefined ? "z.unknown()" : emit(s.items, child(l, "items"), indent)})`;
          if (typeof s.minItems === "number") out += `.min(${s.minItems})`;
          if (typeof s.maxItems === "number") out += `.max(${s.maxItems})`;
          return out;
        }
        case "object":
          return object(s, l, indent);
        default:
          throw new Error(`zod: unsupported type ${JSON.stringify(s.type)} at ${l.id}#${l.pointer}`);
      }
    };

    const string = (s: Json, l: Loc): string => {
      const checks: string[] = [];
      const cap = typeof s.maxLength === "number" ? `, ${s.maxLength}` : "";
      if (typeof s.minLength === "number") checks.push(`${helper("minLength")}(${s.minLength}, ${schemaPath(l, "minLength")})`);
      if (typeof s.maxLength === "number") checks.push(`${helper("maxLength")}(${s.maxLength}, ${schemaPath(l, "maxLength")})`);
      if (typeof s.pattern === "string" && !(typeof s.format === "string" && implied.has(s.format))) {
        checks.push(`${helper("pattern")}(${JSON.stringify(s.pattern)}, ${schemaPath(l, "pattern")}${cap})`);
      }
      if (typeof s.format === "string") {
        used.add("formats");
        checks.push(`${helper("format")}(${JSON.stringify(s.format)}, formats[${JSON.stringify(s.format)}], ${schemaPath(l, "format")}${cap})`);
      }
      return `z.string()${checks.length > 0 ? `.check(${checks.join(", ")})` : ""}`;
    };

    const numberChecks = (s: Json, l: Loc): string => {
      const checks: string[] = [];
      if (typeof s.minimum === "number") checks.push(`${helper("minimum")}(${s.minimum}, ${schemaPath(l, "minimum")})`);
      if (typeof s.maximum === "number") checks.push(`${helper("maximum")}(${s.maximum}, ${schemaPath(l, "maximum")})`);
      return checks.length > 0 ? `.check(${checks.join(", ")})` : "";
    };

    /** An object; for a oneof branch, `member` is the one member it sets and `absent` the others. */
    const object = (s: Json, l: Loc, indent: string, member?: string, absentMembers: readonly string[] = []): string => {
      const props = Object.entries((s.properties ?? {}) as Record<string, Json | boolean>);
      const required = new Set<string>(s.required ?? []);
      if (member !== undefined) required.add(member);
      for (const r of required) if (!props.some(([k]) => k === r)) throw new Error(`zod: required "${r}" without a property schema at ${l.id}#${l.pointer}`);
      const ap = s.additionalProperties;
      if (props.length === 0) {
        if (ap === undefined || ap === true) return helper("jsonObject");
        if (ap === false) return "z.strictObject({})";
        return `${helper("map")}(${emit(ap, child(l, "additionalProperties"), indent)})`;
      }
      if (ap !== undefined && typeof ap !== "boolean") throw new Error(`zod: additionalProperties schema beside properties at ${l.id}#${l.pointer}`);
      const inner = indent + "  ";
      const lines = props.map(([k, v]) => {
        if (absentMembers.includes(k)) return `${inner}${JSON.stringify(k)}: ${helper("absent")},`;
        let t = emit(v, child(l, "properties", k), inner);
        if (required.has(k) && accepts(v, l)) t += `.check(${helper("present")}(${schemaPath(l, "required")}))`;
        else if (!required.has(k)) t += ".optional()";
        return `${inner}${JSON.stringify(k)}: ${t},`;
      });
      return `${ap === false ? "z.strictObject" : helper("openObject")}({\n${lines.join("\n")}\n${indent}})`;
    };

    /** True when the schema accepts any value (so a required key needs its own presence check). */
    const accepts = (v: Json | boolean, l: Loc): boolean => {
      if (v === true) return true;
      if (v === false) return false;
      if (v.$ref !== undefined && v.not === undefined) {
        const r = resolveRef(mode, l.id, v.$ref);
        return accepts(r.schema, { id: r.id, pointer: r.pointer });
      }
      return Object.keys(v).every((k) => ANNOTATIONS.has(k));
    };

    // Models in dependency order: a model's named references come first.
    const order: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const byName = new Map(mode.models.map(([n, ref]) => [n, ref] as const));
    const deps = (s: unknown, base: string, acc: Set<string>): Set<string> => {
      if (Array.isArray(s)) s.forEach((x) => deps(x, base, acc));
      else if (s !== null && typeof s === "object") {
        for (const [k, v] of Object.entries(s as Json)) {
          if (k === "$ref" && typeof v === "string") {
            const r = resolveRef(mode, base, v);
            const n = mode.models.find(([, ref]) => refOf(ref) === `${r.id}#${r.pointer}`)?.[0];
            if (n !== undefined) acc.add(n);
            else deps(r.schema, r.id, acc);
          } else if (k !== "enum" && k !== "const" && k !== "examples") deps(v, base, acc);
        }
      }
      return acc;
    };
    const visit = (n: string) => {
      if (state.get(n) === "done") return;
      if (state.get(n) === "visiting") throw new Error(`zod: reference cycle through ${n}; the model would need z.lazy`);
      state.set(n, "visiting");
      const ref = byName.get(n)!;
      const r = resolveRef(mode, ref.split("#")[0]!, ref.includes("#") ? "#" + ref.split("#")[1] : "#");
      for (const d of [...deps(r.schema, r.id, new Set())].filter((d) => d !== n)) visit(d);
      state.set(n, "done");
      order.push(n);
    };
    for (const [n] of mode.models) visit(n);

    for (const n of order) {
      const ref = byName.get(n)!;
      const r = resolveRef(mode, ref.split("#")[0]!, ref.includes("#") ? "#" + ref.split("#")[1] : "#");
      const constName = `${mode.prefix}${n}Schema`;
      let model = emit(r.schema, { id: r.id, pointer: spec.ownSchemaPaths ? "" : r.pointer }, "", constName);
      const rules = spec.rules?.of[n];
      if (rules !== undefined) model += `.superRefine(${helper("withRules")}(${rules}), { when: ${helper("shapeIsValid")} })`;
      body.push(`${jsdoc(mode.doc(n), "")}export const ${constName} = ${model};`, "");
    }
  }

  for (const [name, members, doc, key] of spec.unions ?? []) {
    body.push(`/** ${doc} */`, `export const ${name}Schema = z.discriminatedUnion(${JSON.stringify(key)}, [\n${members.map((m) => `  ${m}Schema,`).join("\n")}\n]);`, "");
  }
  if (spec.table) {
    const names = spec.modes[0]!.models.map(([n]) => n);
    body.push(`/** ${spec.table.doc} */`, `export const ${spec.table.name} = {\n${names.map((n) => `  ${n}: ${n}Schema,`).join("\n")}\n} as const;`, "");
  }

  const helpers = [...used].filter((h) => h !== "formats").sort();
  const head = [
    'import * as z from "zod";',
    ...(helpers.length > 0 ? [`import { ${helpers.join(", ")} } from "${spec.src}core/zod-helpers.js";`] : []),
    ...(used.has("formats") ? [`import formats from "${spec.src}${spec.formats}";`] : []),
    ...(spec.rules ? [spec.rules.import] : []),
    ...keywordImports,
    ...(used.has("absent") ? ["", `export type { AbsentMember } from "${spec.src}core/zod-helpers.js";`] : []),
    "",
  ];
  return [...head, ...body].join("\n");
}

/** Branches that cannot both match: each pair differs in the `const` of a property both require. */
function exclusive(branches: readonly Json[]): boolean {
  const consts = (b: Json) =>
    new Map(
      Object.entries((b.properties ?? {}) as Record<string, Json>)
        .filter(([k, v]) => (b.required ?? []).includes(k) && v !== null && typeof v === "object" && v.const !== undefined)
        .map(([k, v]) => [k, JSON.stringify(v.const)]),
    );
  return branches.every((a, i) =>
    branches.slice(i + 1).every((b) => {
      const ca = consts(a);
      return [...consts(b)].some(([k, v]) => ca.has(k) && ca.get(k) !== v);
    }),
  );
}

