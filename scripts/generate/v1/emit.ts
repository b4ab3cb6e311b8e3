/**
 * Emitters for the v1 family: TypeScript types and Zod models from the strict
 * bundle, and the runtime metadata (messages, fields, RPCs, HTTP routes) from
 * the proto model. Oneofs become exclusive unions of flat object types in both
 * (each branch sets its member and declares the others `?: never`), so
 * `z.infer` and the generated types have the same shape and a value with two
 * members does not compile.
 */
import type { ProtoModel } from "./proto.js";

type Json = Record<string, any>;

interface Variant {
  readonly member?: string;
  readonly props: ReadonlyArray<readonly [name: string, schema: Json, required: boolean]>;
  /** The oneof's other members: absent in this branch (`?: never`). */
  readonly absent: readonly string[];
}

/** The `if`/`then`/`else` clauses of a message (value rules that depend on another field). */
function conditionals(def: Json): Json[] {
  return ((def.allOf ?? []) as Json[]).filter((c) => c.if !== undefined);
}

/** The object variants of a message: one per oneof member (base fields in each), or one. */
function variants(def: Json): Variant[] {
  const props = Object.entries((def.properties ?? {}) as Record<string, Json>);
  const required = new Set<string>(def.required ?? []);
  const others = ((def.allOf ?? []) as Json[]).filter((c) => c.if === undefined);
  if (others.some((c) => c.oneOf === undefined)) throw new Error(`emit: ${def.title} has an allOf clause that is neither a oneof nor a conditional`);
  if (others.length > 1) throw new Error(`emit: ${def.title} has several oneofs; not supported`);
  const branches: Json[] | undefined = def.oneOf ?? others[0]?.oneOf;
  if (!branches) return [{ props: props.map(([k, s]) => [k, s, required.has(k)] as const), absent: [] }];
  const members = branches.map((b) => {
    if (!Array.isArray(b.required) || b.required.length !== 1) throw new Error(`emit: ${def.title}: oneOf branch without one required`);
    return b.required[0] as string;
  });
  const base = props.filter(([k]) => !members.includes(k));
  return members.map((m) => ({
    member: m,
    props: [...base.map(([k, s]) => [k, s, required.has(k)] as const), [m, def.properties[m], true] as const],
    absent: members.filter((x) => x !== m),
  }));
}

/** The name of the branch of `message` that sets `member`: `PartWithText`, `SendMessageResponseWithTask`. */
export function branchName(message: string, member: string): string {
  return `${message}With${member[0]!.toUpperCase()}${member.slice(1)}`;
}

function refName(ref: string): string {
  const m = /^#\/\$defs\/([A-Za-z0-9]+)$/.exec(ref);
  if (!m) throw new Error(`emit: unexpected $ref ${ref}`);
  return m[1]!;
}

function jsdoc(text: unknown, indent: string): string {
  if (typeof text !== "string" || text.trim() === "") return "";
  const lines = text.replace(/\*\//g, "* /").split("\n").map((l) => l.trim());
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join("\n")}\n${indent} */\n`;
}

// ---------- Zod ----------

/** Regular expressions the Zod module declares once, by pattern. */
class Patterns {
  readonly names = new Map<string, string>();
  name(pattern: string): string {
    let n = this.names.get(pattern);
    if (n === undefined) this.names.set(pattern, (n = `RE${this.names.size}`));
    return n;
  }
  declarations(): string[] {
    return [...this.names].map(([p, n]) => `const ${n} = new RegExp(${JSON.stringify(p)});`);
  }
}

/**
 * A JavaScript expression that is true when the string `v` passes the string keywords of `s`
 * (`maxLength`, `pattern`, `format`, `anyOf`); for the alternatives and conditionals Zod has no
 * method for. Lengths are UTF-16 units: these schemas hold ASCII-only patterns and formats.
 */
function stringPredicate(s: Json, v: string, re: Patterns): string {
  const parts: string[] = [];
  if (typeof s.minLength === "number") parts.push(`${v}.length >= ${s.minLength}`);
  if (typeof s.maxLength === "number") parts.push(s.maxLength === 0 ? `${v} === ""` : `${v}.length <= ${s.maxLength}`);
  if (typeof s.pattern === "string") parts.push(`${re.name(s.pattern)}.test(${v})`);
  if (s.format === "uri") parts.push(`isAbsoluteUri(${v})`);
  else if (s.format !== undefined) throw new Error(`emit: no predicate for format ${s.format}`);
  if (Array.isArray(s.anyOf)) parts.push(`(${s.anyOf.map((b: Json) => stringPredicate(b, v, re)).join(" || ")})`);
  return parts.length === 0 ? "true" : parts.length === 1 ? parts[0]! : parts.map((p) => (p.includes("||") && !p.startsWith("(") ? `(${p})` : p)).join(" && ");
}

function zodString(s: Json, re: Patterns): string {
  let z = "z.string()";
  if (typeof s.minLength === "number") z += `.min(${s.minLength})`;
  if (typeof s.maxLength === "number") z += `.max(${s.maxLength})`;
  if (typeof s.pattern === "string") z += `.regex(${re.name(s.pattern)})`;
  if (s.format === "uri") z += `.refine(isAbsoluteUri, "must be an absolute URI")`;
  else if (s.format === "date-time") z += `.refine(isStrictTimestamp, "must be a UTC timestamp with Z and 0, 3, 6 or 9 fractional digits")`;
  else if (s.format === "byte") z += `.refine(isStrictBase64, "must be standard Base64")`;
  else if (s.format !== undefined) throw new Error(`emit: no Zod for format ${s.format}`);
  if (Array.isArray(s.anyOf)) {
    const empty = s.anyOf.some((b: Json) => b.maxLength === 0);
    z += `.refine((v) => ${stringPredicate({ anyOf: s.anyOf }, "v", re)}, ${JSON.stringify(empty ? "must be an absolute URI, or empty (unset)" : "must match one of the allowed forms")})`;
  }
  return z;
}

/**
 * `if: { properties: { B: const | enum }, required: [B] }, then: { properties: { F: S } }, else: ...`
 * as an object-level refinement (Zod has no conditional keyword): the predicate for F picked by B.
 */
function zodConditional(c: Json, re: Patterns): { field: string; expr: string; message: string } {
  const branch = (x: Json): { field: string; expr: string } => {
    if (x.if === undefined) {
      const [field, schema] = Object.entries(x.properties as Record<string, Json>)[0]!;
      return { field, expr: stringPredicate(schema, `v.${field}`, re) };
    }
    const [by, test] = Object.entries(x.if.properties as Record<string, Json>)[0]!;
    const values: unknown[] = test.const !== undefined ? [test.const] : test.enum;
    const cond = values.map((val) => `v.${by} === ${JSON.stringify(val)}`).join(" || ");
    const then = branch(x.then);
    const other = branch(x.else);
    if (then.field !== other.field) throw new Error("emit: a conditional must constrain one field");
    return { field: then.field, expr: `(${cond}) ? (${then.expr}) : (${other.expr})` };
  };
  const b = branch(c);
  return { ...b, message: "must suit the protocol binding" };
}
function zodOf(s: Json, enums: ReadonlyMap<string, string[]>, re: Patterns): string {
  if (s.$ref) {
    const name = refName(s.$ref);
    if (s.not?.const !== undefined) {
      const values = enums.get(name)!.filter((v) => v !== s.not.const);
      return `z.enum(${JSON.stringify(values)})`;
    }
    return `${name}Schema`;
  }
  if (Array.isArray(s.enum)) return `z.enum(${JSON.stringify(s.enum)})`;
  switch (s.type) {
    case "string":
      return zodString(s, re);
    case "integer":
      return `z.number().int().min(${s.minimum}).max(${s.maximum})`;
    case "boolean":
      return "z.boolean()";
    case "array":
      return `z.array(${zodOf(s.items, enums, re)})${typeof s.minItems === "number" ? `.min(${s.minItems})` : ""}`;
    case "object":
      return `map(${zodOf(s.additionalProperties, enums, re)})`;
    default:
      throw new Error(`emit: no Zod for ${JSON.stringify(s).slice(0, 80)}`);
  }
}

function zodObject(v: Variant, enums: ReadonlyMap<string, string[]>, indent: string, re: Patterns): string {
  const inner = indent + "  ";
  const lines = v.props.map(([k, s, req]) => `${inner}${k}: ${zodOf(s, enums, re)}${req ? "" : ".optional()"},`);
  for (const k of v.absent) lines.push(`${inner}${k}: absent,`);
  return `z.strictObject({\n${lines.join("\n")}\n${indent}})`;
}

/** Definitions in dependency order (the proto has no cycles; this checks it). */
function topo(defs: Record<string, Json>): string[] {
  const deps = (s: unknown, acc: Set<string>): Set<string> => {
    if (Array.isArray(s)) s.forEach((x) => deps(x, acc));
    else if (s && typeof s === "object") {
      for (const [k, v] of Object.entries(s)) {
        if (k === "$ref" && typeof v === "string") acc.add(refName(v));
        else deps(v, acc);
      }
    }
    return acc;
  };
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (n: string) => {
    if (state.get(n) === "done") return;
    if (state.get(n) === "visiting") throw new Error(`emit: reference cycle through ${n}; Zod output would need z.lazy`);
    state.set(n, "visiting");
    for (const d of [...deps(defs[n], new Set())].sort()) visit(d);
    state.set(n, "done");
    order.push(n);
  };
  for (const n of Object.keys(defs)) visit(n);
  return order;
}

/** `src` is the path from the generated module to `src/` (`../../`). */
export function emitZod(bundle: Json, sourceHeader: string, src = "../../"): string {
  const defs = bundle.$defs as Record<string, Json>;
  const enums = new Map<string, string[]>();
  for (const [n, d] of Object.entries(defs)) if (Array.isArray(d.enum)) enums.set(n, d.enum);
  const re = new Patterns();
  const body: string[] = [];
  const out: string[] = [
    sourceHeader,
    `import { z } from "zod";`,
    `import { isAbsoluteUri } from "${src}core/uri.js";`,
    `import { isStrictBase64, isStrictTimestamp } from "${src}v1/formats.js";`,
    `import type * as T from "./types.js";`,
    "",
    "/** A map field. z.record skips a `__proto__` key; JSON Schema checks it like any other, so check it first. */",
    "function map<V extends z.ZodType>(value: V) {",
    "  const own = (v: unknown): boolean =>",
    "    v === null || typeof v !== \"object\" || !Object.prototype.hasOwnProperty.call(v, \"__proto__\") || value.safeParse((v as Record<string, unknown>)[\"__proto__\"]).success;",
    "  return z.custom<unknown>(own, { message: \"invalid value under the key __proto__\" }).pipe(z.record(z.string(), value));",
    "}",
    "",
    "/** Any JSON value; the key must be present (undefined is not JSON). */",
    "export const ValueSchema: z.ZodType<T.Value> = z.unknown().refine((v) => v !== undefined);",
    "/** A JSON object. */",
    "export const StructSchema = z.record(z.string(), z.unknown());",
    "",
    "/**",
    " * The schema of a oneof member that a branch does not set: an optional key of type never, so `z.infer`",
    " * and `z.input` give `?: never` as the generated types do. Any value fails; like a missing key, `undefined`",
    " * (which JSON cannot hold) passes, as it does for the validators.",
    " */",
    "export type AbsentMember = z.ZodType<never, never> & {",
    "  /** Zod's internals, narrowed. */",
    "  _zod: {",
    "    /** The key may be absent on input. */",
    "    optin: \"optional\";",
    "    /** The key may be absent on output. */",
    "    optout: \"optional\";",
    "  };",
    "};",
    "/** The one AbsentMember (the cast only narrows the inferred type of z.never().optional()). */",
    "const absent = z.never().optional() as unknown as AbsentMember;",
    "",
  ];
  body.push(
    "/** Zod model of google.protobuf.Timestamp in JSON: a UTC timestamp with Z and 0, 3, 6 or 9 fractional digits (strict mode). */",
    `export const TimestampSchema = ${zodString(defs.Timestamp!, re)};`,
    "",
  );
  for (const name of topo(defs)) {
    if (name === "Value" || name === "Struct" || name === "Timestamp") continue;
    const def = defs[name]!;
    if (Array.isArray(def.enum)) {
      body.push(`/** Zod model of the enum ${name}: its value names, as the strict validator accepts them (lenient input goes through the validators). */`);
      body.push(`export const ${name}Schema = z.enum(${JSON.stringify(def.enum)});`);
      continue;
    }
    const vs = variants(def);
    let model = vs.length === 1 ? zodObject(vs[0]!, enums, "", re) : `z.union([\n${vs.map((v) => "  " + zodObject(v, enums, "  ", re)).join(",\n")},\n])`;
    for (const c of conditionals(def)) {
      if (vs.length !== 1) throw new Error(`emit: ${name}: a conditional on a oneof message is not supported`);
      const { field, expr, message } = zodConditional(c, re);
      model += `.superRefine((v, ctx) => {\n  if (!(${expr})) ctx.addIssue({ code: "custom", path: [${JSON.stringify(field)}], message: ${JSON.stringify(message)} });\n})`;
    }
    body.push(
      `/** Zod model of the message ${name} (strict mode: the checks of the strict JSON Schema); \`z.infer\` is the ${name} type. Parse with \`safeParse\` to get issues instead of a throw. */`,
    );
    body.push(`export const ${name}Schema = ${model};`);
  }
  out.push(...re.declarations(), "", ...body);
  out.push("");
  out.push("/** Every model by type name. */");
  out.push(`export const schemas = {\n${Object.keys(defs).map((n) => `  ${n}: ${n}Schema,`).join("\n")}\n} as const;`);
  return out.join("\n") + "\n";
}

// ---------- runtime metadata ----------

function metaTables(model: ProtoModel) {
  const fields: Record<string, unknown[]> = {};
  for (const m of model.messages) {
    fields[m.name] = m.fields.map((f) => {
      // [jsonName, protoName, type (message, enum, Struct/Value/Timestamp or scalar), flags: 1 repeated, 2 map, 4 required, 8 proto3 optional]
      return [f.jsonName, f.name, f.type, (f.repeated ? 1 : 0) | (f.mapKey ? 2 : 0) | (f.required ? 4 : 0) | (f.optional ? 8 : 0)];
    });
  }
  const enums = Object.fromEntries(model.enums.map((e) => [e.name, e.values.map((v) => v.name)]));
  const oneofs: Record<string, unknown> = {};
  for (const m of model.messages) {
    for (const o of m.oneofs) {
      if (oneofs[m.name]) throw new Error(`emit: ${m.name} has two oneofs`);
      oneofs[m.name] = { name: o.name, members: o.fields.map((f) => [m.fields.find((x) => x.name === f)!.jsonName, f]) };
    }
  }
  return { fields, enums, oneofs };
}

/**
 * The runtime metadata of a revision. With `base` (the default revision's model and the
 * specifier of its meta module), what equals the base is the base's own object, so a
 * module that loads both revisions carries the shared tables once.
 */
export function emitMeta(model: ProtoModel, sourceHeader: string, revision: string, base?: { readonly model: ProtoModel; readonly from: string }): string {
  const messages = model.messages.map((m) => m.name);
  const rpcs = model.rpcs.map((r) => ({
    name: r.name,
    request: r.requestType,
    response: r.responseType,
    streaming: r.responseStream,
    http: r.http,
  }));
  const own = metaTables(model);
  const other = base ? metaTables(base.model) : undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const imports: string[] = [];
  const use = (name: string) => {
    imports.push(`${name} as BASE_${name}`);
    return `BASE_${name}`;
  };
  const enums = other && same(own.enums, other.enums) ? use("ENUMS") : `${JSON.stringify(own.enums)} as const`;
  const oneofs = other && same(own.oneofs, other.oneofs) ? use("ONEOFS") : JSON.stringify(own.oneofs);
  let fields = JSON.stringify(own.fields);
  if (other && Object.keys(own.fields).some((n) => same(own.fields[n], other.fields[n]))) {
    const ref = use("FIELDS");
    fields = `{\n${Object.entries(own.fields)
      .map(([n, rows]) => `  ${n}: ${same(rows, other.fields[n]) ? `${ref}.${n}` : JSON.stringify(rows)},`)
      .join("\n")}\n}`;
  }
  return [
    sourceHeader,
    ...(imports.length > 0 && base ? [`import { ${imports.join(", ")} } from ${JSON.stringify(base.from)};`, ""] : []),
    `/** The protocol revision: "1.0" is A2A v1.0 as released; a date names a pre-release proto. */`,
    `export const REVISION = ${JSON.stringify(revision)};`,
    "",
    `/** The ${messages.length} messages of ${model.package}, in proto order. */`,
    `export const MESSAGE_NAMES = ${JSON.stringify(messages)} as const;`,
    "/** The name of a message of this revision, e.g. \"Task\". */",
    "export type MessageName = (typeof MESSAGE_NAMES)[number];",
    "",
    "/** Enum values by number (index = number). */",
    `export const ENUMS = ${enums};`,
    "",
    "/** The oneof of each message that has one: its name and members as [jsonName, protoName]. */",
    `export const ONEOFS: Partial<Record<MessageName, { /** The oneof's name. */ readonly name: string; /** Its members as [jsonName, protoName]. */ readonly members: ReadonlyArray<readonly [string, string]> }>> = ${oneofs};`,
    "",
    "/** Per message: [jsonName, protoName, type (message, enum, Struct/Value/Timestamp, or scalar string/bytes/int32/bool), flags (1 repeated, 2 map, 4 REQUIRED, 8 proto3 `optional`)]. */",
    `export const FIELDS: Record<MessageName, ReadonlyArray<readonly [string, string, string, number]>> = ${fields};`,
    "",
    `/** The ${rpcs.length} RPCs of ${model.rpcs.length ? "A2AService" : "the service"}, with their google.api.http bindings. */`,
    `export const RPCS = ${JSON.stringify(rpcs)} as const;`,
    "export type RpcName = (typeof RPCS)[number][\"name\"];",
    "",
  ].join("\n");
}
