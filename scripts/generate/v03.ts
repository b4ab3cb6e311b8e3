/**
 * A2A v0.3 family: the official v0.3.0 JSON Schema (draft-07, generated upstream from types.ts)
 *
 *   schemas/v0.3/a2a.upstream.json (verbatim)
 *     → schemas/v0.3/a2a.json (repaired: compiles in Ajv strict mode, agrees with the specification text)
 *     → schemas/v0.3/a2a.strict.json (derived: every object that lists its properties is closed)
 *     → src/generated/v0.3/ (Ajv standalone validators and types for both modes, Zod models for both).
 *
 * The default mode is the schema as published: open objects (unknown fields allowed). Strict mode
 * rejects unknown properties, so a v1.0 or hybrid document is told apart from a v0.3 one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { article, emitFamily, REGISTRY, type Family, type FamilyOutput } from "./family.js";
import { stripAnnotations } from "./compile.js";
import { asAdditional, closable, closedKeyword, closeObjects } from "./closed.js";

type Json = Record<string, any>;

export const V03_UPSTREAM = "schemas/v0.3/a2a.upstream.json";
export const V03_BUNDLE = "schemas/v0.3/a2a.json";
export const V03_STRICT = "schemas/v0.3/a2a.strict.json";
export const V03_ID = "urn:a2a-schemas:v0.3";
export const V03_STRICT_ID = "urn:a2a-schemas:v0.3:strict";

/** One repair of the upstream schema: where, why (the specification section it follows), and the change. */
export interface V03Repair {
  readonly at: string;
  readonly reason: string;
  readonly apply: (defs: Record<string, Json>) => void;
}

/** A property the types (and so the specification, which quotes them) declare `?: never`, lost by the schema generator. */
const NEVER: ReadonlyArray<readonly [def: string, prop: string, section: string]> = [
  ["FileWithBytes", "uri", "A2A v0.3.0 specification, section 6.6.1 (FileWithBytes: `uri?: never`)"],
  ["FileWithUri", "bytes", "A2A v0.3.0 specification, section 6.6.2 (FileWithUri: `bytes?: never`)"],
  ["JSONRPCErrorResponse", "result", "A2A v0.3.0 specification, section 6.11.2 (JSONRPCErrorResponse: `result?: never`)"],
  ["GetAuthenticatedExtendedCardRequest", "params", "A2A v0.3.0 specification, section 7.10 (`params?: never`: the method takes no parameters)"],
];

/** The success responses: each extends JSONRPCSuccessResponse, whose `error?: never` the generated schema dropped. */
const isSuccessResponse = (name: string) => name.endsWith("SuccessResponse");

export const V03_REPAIRS: readonly V03Repair[] = [
  {
    at: "every `id` of a JSON-RPC request and response",
    reason:
      'Ajv strict mode (strictTypes) rejects union types (`"type": ["string", "integer", "null"]`): the same values as `anyOf` of one type each. A2A v0.3.0 specification, section 6.11.1.',
    apply: (defs) => {
      for (const def of Object.values(defs)) {
        const id = def.properties?.id;
        if (id !== undefined && Array.isArray(id.type)) {
          const { type, ...rest } = id;
          def.properties.id = { ...rest, anyOf: (type as string[]).map((t) => ({ type: t })) };
        }
      }
    },
  },
  ...NEVER.map(([def, prop, section]) => ({
    at: `definitions/${def}/properties/${prop}`,
    reason: `${section}: the property must be absent (\`false\`); the published schema accepts it.`,
    apply: (defs: Record<string, Json>) => {
      defs[def]!.properties[prop] = false;
    },
  })),
  {
    at: "definitions/*SuccessResponse/properties/error",
    reason: "A2A v0.3.0 specification, section 6.11.2 (JSONRPCSuccessResponse: `error?: never`): a success response must not carry `error`; the published schema accepts it.",
    apply: (defs) => {
      for (const [name, def] of Object.entries(defs)) if (isSuccessResponse(name)) def.properties.error = false;
    },
  },
];

/** Pure: the upstream text → the repaired bundle and its strict variant (stable key order, 2-space JSON). */
export function repairV03(upstreamText: string): { bundle: Json; strict: Json } {
  const upstream = JSON.parse(upstreamText) as Json;
  const defs = structuredClone(upstream.definitions) as Record<string, Json>;
  for (const r of V03_REPAIRS) r.apply(defs);
  const bundle: Json = {
    $schema: upstream.$schema,
    $id: V03_ID,
    title: "A2A v0.3.0",
    description: `The official A2A v0.3.0 JSON Schema (${V03_UPSTREAM}), repaired: ${V03_REPAIRS.map((r) => r.at).join("; ")}. Unknown properties are allowed, as published.`,
    definitions: defs,
  };
  const strict = closeObjects(bundle);
  strict.$id = V03_STRICT_ID;
  strict.description = `Strict mode of ${V03_BUNDLE}: no unknown properties (a v1.0 or hybrid document is told apart).`;
  return { bundle, strict };
}

const text = (s: Json) => JSON.stringify(s, null, 2) + "\n";

/** The definitions a schema references (`#/definitions/X`). */
function refsOf(s: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(s)) s.forEach((x) => refsOf(x, acc));
  else if (s !== null && typeof s === "object") {
    for (const [k, v] of Object.entries(s)) {
      if (k === "$ref" && typeof v === "string") acc.add(v.slice(v.lastIndexOf("/") + 1));
      else refsOf(v, acc);
    }
  }
  return acc;
}

/**
 * The definition names, each after those it references. Ajv compiles an exported definition once and
 * reuses that function for later references to it; a definition first reached through a reference
 * and exported afterwards would be compiled twice (measured: 163 functions for 93 definitions).
 */
export function dependencyOrder(defs: Record<string, Json>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (n: string) => {
    if (seen.has(n)) return;
    seen.add(n);
    for (const r of refsOf(defs[n])) if (r !== n) visit(r);
    order.push(n);
  };
  for (const n of Object.keys(defs)) visit(n);
  return order;
}

/**
 * The copy of a bundle that Ajv compiles: each `anyOf` of definitions that a discriminator tells
 * apart becomes an if/then chain on it, so a Part with `kind: "text"` and no `text` is reported as
 * "missing text" at the part, not as every branch's errors. Same verdicts (test/v0.3/parity.test.ts
 * compares the Zod models, made from the published form):
 * - a `const` property every branch requires (`kind`, `type`, `method`): the value picks its branch;
 *   a value with none of them fails (the final `else` names the allowed values);
 * - a property one branch requires and every other forbids (`bytes`/`uri`, `error`/`result`): its
 *   presence picks the branch; neither present, the `anyOf` as published;
 * - the error objects of section 8, each `JSONRPCError` with its `code` fixed: `JSONRPCError` alone;
 * - a definition with a `kind`, `type` or `method` of its own given another value: that one issue.
 */
export function compiledCopy(bundle: Json): Json {
  const defs = bundle.definitions as Record<string, Json>;
  const target = (b: Json) => (typeof b.$ref === "string" && Object.keys(b).length === 1 ? defs[b.$ref.slice(b.$ref.lastIndexOf("/") + 1)] : undefined);
  // `default` is an annotation too (the error objects' typical messages).
  const same = (a: unknown, b: unknown) => JSON.stringify(a, (k, v) => (k === "default" ? undefined : v)) === JSON.stringify(b, (k, v) => (k === "default" ? undefined : v));
  const bare = (d: Json) => {
    const s = stripAnnotations(d) as Json;
    return { ...s, properties: { ...s.properties, code: { type: "integer" } } };
  };
  const object = { type: "object" };

  const rewrite = (anyOf: Json[]): Json | undefined => {
    const branches = anyOf.map(target);
    if (branches.some((b) => b === undefined || b.type !== "object" || b.properties === undefined)) return undefined;
    const ds = branches as Json[];
    // The error objects: JSONRPCError and its fixed-code copies.
    const generic = anyOf.findIndex((b) => b.$ref === "#/definitions/JSONRPCError");
    if (generic >= 0) {
      if (!ds.every((d) => same(bare(d), bare(defs.JSONRPCError!)))) throw new Error("compiledCopy: an error object is not JSONRPCError with a fixed code");
      return { $ref: "#/definitions/JSONRPCError" };
    }
    // A const discriminator.
    const keys = Object.keys(ds[0]!.properties).filter((k) => ds.every((d) => (d.required ?? []).includes(k) && d.properties[k]?.const !== undefined));
    for (const k of keys) {
      const values = ds.map((d) => d.properties[k].const);
      if (new Set(values.map((v) => JSON.stringify(v))).size !== values.length) continue;
      let chain: Json = { ...object, required: [k], properties: { [k]: { enum: values } } };
      for (let i = anyOf.length - 1; i >= 0; i--) chain = { if: { ...object, required: [k], properties: { [k]: { const: values[i] } } }, then: anyOf[i], else: chain };
      return chain;
    }
    // A presence discriminator.
    const own = ds.map((d, i) => (d.required as string[] | undefined ?? []).find((p) => ds.every((o, j) => j === i || o.properties[p] === false)));
    if (own.every((p) => p !== undefined)) {
      let chain: Json = { anyOf };
      for (let i = anyOf.length - 1; i >= 0; i--) chain = { if: { ...object, required: [own[i]], properties: { [own[i]!]: true } }, then: anyOf[i], else: chain };
      return chain;
    }
    return undefined;
  };

  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (s === null || typeof s !== "object") return s;
    const o = Object.fromEntries(Object.entries(s as Json).map(([k, v]) => [k, k === "enum" || k === "const" || k === "examples" || k === "default" ? v : walk(v)]));
    if (!Array.isArray(o.anyOf)) return o;
    const chain = rewrite(o.anyOf as Json[]);
    if (chain === undefined) return o;
    const { anyOf: _, ...rest } = o;
    return { ...rest, ...chain };
  };
  const out = walk(bundle) as Json;
  // A definition whose discriminator holds another known value says only that (a Message where a Task belongs).
  for (const [name, def] of Object.entries(out.definitions as Record<string, Json>)) {
    const key = DISCRIMINATORS.find((k) => (def.required ?? []).includes(k) && def.properties?.[k]?.const !== undefined);
    if (key === undefined) continue;
    const value = def.properties[key].const;
    const { description: _, ...rest } = def;
    out.definitions[name] = { if: { ...object, required: [key], properties: { [key]: { not: { const: value } } } }, then: { ...object, properties: { [key]: { const: value } } }, else: rest };
  }
  return out;
}

/** The properties that name what an object is (section 6.5 `kind`, section 5.5.3 `type`, section 7 `method`). */
const DISCRIMINATORS = ["kind", "type", "method"];

export function generateV03(root: string): FamilyOutput {
  const { bundle, strict } = repairV03(readFileSync(join(root, V03_UPSTREAM), "utf8"));
  const names = Object.keys(bundle.definitions);
  const ref = (id: string) => (n: string) => [n, `${id}#/definitions/${n}`] as const;
  const compileOrder = dependencyOrder(bundle.definitions);
  const exportsAt = (id: string) => Object.fromEntries(compileOrder.map((n) => [n, `${id}#/definitions/${n}`]));
  const modes = '(default mode, or `{ mode: "strict" }`)';
  // One function per definition, called by reference: inlining copies Message into every holder.
  const options = { inlineRefs: false };
  const family: Family = {
    id: "v0.3",
    sources: [V03_BUNDLE],
    formats: { module: "v0.3/formats.js", impl: {} },
    validators: [
      // Both modes in one compilation (strict mode is a flag: src/core/closed.ts). The issue lists come
      // from the discriminated copy; the yes/no pass keeps the published anyOf (less code).
      {
        prefix: "",
        what: "both modes",
        sources: [V03_BUNDLE, V03_STRICT],
        compile: { draft: "07", schemas: [closable(bundle)], fullSchemas: [compiledCopy(closable(bundle))], exports: exportsAt(V03_ID), options, configure: closedKeyword("../../core/closed.js") },
      },
    ],
    // Standard JSON Schema from the shipped files (the compiled copy has this package's own `a2aClosed`
    // keyword): default mode from schemas/v0.3/a2a.json, `.strict` from schemas/v0.3/a2a.strict.json.
    // No rule in code: a hint never changes a verdict, and there are no formats.
    jsonSchema: {
      modes: [
        { prefix: "", schemas: [bundle], exports: exportsAt(V03_ID) },
        { prefix: "strict-", property: "strict", schemas: [strict], exports: exportsAt(V03_STRICT_ID) },
      ],
    },
    types: [
      { file: "types.ts", what: "TypeScript types, default mode (unknown properties kept)", schemas: new Map([[V03_ID, bundle]]), types: names.map(ref(V03_ID)), registry: REGISTRY },
      {
        file: "strict-types.ts",
        what: "TypeScript types, strict mode (exact)",
        sources: [V03_STRICT],
        schemas: new Map([[V03_STRICT_ID, strict]]),
        types: names.map(ref(V03_STRICT_ID)),
        registry: REGISTRY,
      },
    ],
    zod: {
      file: "zod.ts",
      what: "Zod models for both modes",
      sources: [V03_BUNDLE, V03_STRICT],
      ownSchemaPaths: true,
      modes: [
        { prefix: "", schemas: new Map([[V03_ID, bundle]]), models: names.map(ref(V03_ID)), doc: (n) => `Zod model of the v0.3 ${n}, default mode (unknown properties kept).` },
        { prefix: "Strict", schemas: new Map([[V03_STRICT_ID, strict]]), models: names.map(ref(V03_STRICT_ID)), doc: (n) => `Zod model of the v0.3 ${n}, strict mode (no unknown properties).` },
      ],
      table: { name: "schemas", doc: "Every default-mode model by type name." },
    },
    api: {
      runtime: "../../v0.3/validators.js",
      names,
      typeImports: { T: "./types.js", S: "./strict-types.js", V: "../../v0.3/validators.js" },
      validatorModules: { first: "./first.js", full: "./full.js" },
      validatorArgs: (n) => `first.${n}, full.${n}`,
      docs: (n) => ({
        validate: `Validates ${article(n)} A2A v0.3 ${n} (the v0.3.0 JSON Schema, definitions/${n}): default mode tolerates unknown properties, \`{ mode: "strict" }\` rejects them. Never throws: returns a ValidationResult with every issue.`,
        guard: `Type guard: is \`input\` a valid v0.3 ${n} ${modes}? Never throws.`,
        assert: `Throws a ValidationError listing every issue unless \`input\` is a valid v0.3 ${n} ${modes}.`,
      }),
      guardType: (n) => `V.V03Guard<T.${n}, S.${n}>`,
      assertType: (n) => `V.V03Assert<T.${n}, S.${n}>`,
      table: { name: "validators", doc: "Every v0.3 validator by type name (the CLI and the fixture tests look them up here)." },
    },
  };
  const out = emitFamily(family);
  for (const f of ["first.js", "full.js"]) out.set(`src/generated/v0.3/${f}`, asAdditional(out.get(`src/generated/v0.3/${f}`)!));
  out.set(V03_BUNDLE, text(bundle));
  out.set(V03_STRICT, text(strict));
  return { family: "v0.3", files: out };
}
