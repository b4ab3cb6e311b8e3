/**
 * A2A v1 family, every protocol revision through one pipeline:
 *
 *   schemas/v1[/<revision>]/a2a.proto (+ a2a.upstream.json where the revision has one)
 *     → the repaired bundles (a2a.json strict, a2a.lenient.json)
 *     → src/generated/v1[/<revision>]/ (Ajv standalone validators for the strict bundle,
 *       types, Zod models, metadata, the per-message API).
 *
 * Revision "1.0" (A2A v1.0 as released) is the family's default and lives at the top of
 * schemas/v1/ and src/generated/v1/; older revisions live in a folder named after them.
 *
 * The validators of all revisions are compiled together into src/generated/v1/strict-{first,full}.js:
 * a definition that is the same in an older revision as in 1.0 (after annotations are stripped,
 * and everything it references too) is compiled once and shared, so the `a2a-schemas/v1` entry
 * can validate every revision for little more than the cost of one. The older revision's own
 * modules re-export its validators from there.
 *
 * Each revision is one family descriptor (../family.ts): its types, Zod models and API come
 * out of the pipeline every family shares. `npm run generate` runs this with every other family.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { isAgentInterfaceUrl, isGrpcTarget, isHttpUrl, isStrictBase64, isStrictTimestamp, isUriOrEmpty } from "../../src/v1/formats.js";
import { header, stripAnnotations, validatorDeclarations } from "./compile.js";
import { article, emitFamily, type FamilyOutput } from "./family.js";
import { _, type Ajv, type KeywordCxt } from "ajv";
import { BINDING_URL, deriveBundles, HOST_PORT, HTTP_URL, WITH_AUTHORITY } from "./v1/bundle.js";
import { emitMeta } from "./v1/meta.js";
import { jsonSchemaDefs, type JsonSchemaMode } from "./emit/json-schema.js";
import { parseProto } from "./v1/proto.js";

type Json = Record<string, any>;

/** One protocol revision of the v1 family: where its sources are and where its outputs go. */
export interface V1Revision {
  /** `"1.0"` (the release) or the date of a pre-release proto. */
  readonly id: string;
  /** The revision in words (bundle titles). */
  readonly name: string;
  readonly proto: string;
  /** An upstream JSON Schema bundle: descriptions only. Without one, the proto's comments are the descriptions. */
  readonly upstream?: string;
  readonly strict: string;
  readonly lenient: string;
  /** `$id` of the strict and lenient bundles. */
  readonly ids: { readonly strict: string; readonly lenient: string };
  /** Folder of the generated code. */
  readonly out: string;
  /** The module (under src/) holding the revision's `validatorFor`, `guardFor` and `assertFor`. */
  readonly validators: string;
  /** Prefix of the revision's exports in the shared validator modules ("" for 1.0). */
  readonly exportPrefix: string;
}

export const V1_REVISIONS: readonly V1Revision[] = [
  {
    id: "1.0",
    name: "A2A v1.0",
    proto: "schemas/v1/a2a.proto",
    strict: "schemas/v1/a2a.json",
    lenient: "schemas/v1/a2a.lenient.json",
    ids: { strict: "urn:a2a-schemas:v1:strict", lenient: "urn:a2a-schemas:v1:lenient" },
    out: "src/generated/v1",
    validators: "src/v1/revision.ts",
    exportPrefix: "",
  },
  {
    id: "2026-02-17",
    name: "A2A v1, pre-release revision 2026-02-17",
    proto: "schemas/v1/2026-02-17/a2a.proto",
    upstream: "schemas/v1/2026-02-17/a2a.upstream.json",
    strict: "schemas/v1/2026-02-17/a2a.json",
    lenient: "schemas/v1/2026-02-17/a2a.lenient.json",
    ids: { strict: "urn:a2a-schemas:v1:2026-02-17:strict", lenient: "urn:a2a-schemas:v1:2026-02-17:lenient" },
    out: "src/generated/v1/2026-02-17",
    validators: "src/v1/2026-02-17/revision.ts",
    exportPrefix: "r2026_02_17$",
  },
];

export const V1_DEFAULT = V1_REVISIONS[0]!;

export function revisionById(id: string): V1Revision {
  const r = V1_REVISIONS.find((x) => x.id === id);
  if (!r) throw new Error(`unknown v1 revision ${id}`);
  return r;
}

/** Pure: a revision's source texts → its two bundle texts (stable key order, 2-space JSON). */
export function repairBundle(revision: V1Revision, protoText: string, upstreamText?: string): { strict: string; lenient: string } {
  const model = parseProto(protoText);
  const { strict, lenient } = deriveBundles(model, {
    ids: revision.ids,
    name: revision.name,
    sources: [revision.proto, ...(revision.upstream ? [revision.upstream] : [])],
    ...(upstreamText !== undefined ? { upstream: JSON.parse(upstreamText) as Json } : {}),
  });
  return { strict: JSON.stringify(strict, null, 2) + "\n", lenient: JSON.stringify(lenient, null, 2) + "\n" };
}

/** Import specifier from a file in `fromDir` to `target` (both relative to the repository root). */
function specifier(fromDir: string, target: string): string {
  const rel = relative(fromDir, target).replace(/\\/g, "/").replace(/\.ts$/, ".js");
  return rel.startsWith(".") ? rel : "./" + rel;
}

/** The import alias of another revision's generated API: "2026-02-17" is r2026_02_17. */
function peerAlias(id: string): string {
  return "r" + id.replace(/\W/g, "_");
}

/** The `$ref` targets of a schema (local `#/$defs/X` names). */
function refsOf(s: unknown, acc = new Set<string>()): Set<string> {
  if (Array.isArray(s)) s.forEach((x) => refsOf(x, acc));
  else if (s !== null && typeof s === "object") {
    for (const [k, v] of Object.entries(s)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")) acc.add(v.slice("#/$defs/".length));
      else refsOf(v, acc);
    }
  }
  return acc;
}

/**
 * The definitions of `older` that validate exactly as 1.0's: the same schema without
 * annotations, and every definition they reference shared too (a fixpoint).
 */
export function sharedDefinitions(base: Json, older: Json): Set<string> {
  const same = new Set<string>();
  for (const [name, def] of Object.entries(older.$defs as Record<string, Json>)) {
    const other = (base.$defs as Record<string, Json>)[name];
    if (other !== undefined && JSON.stringify(stripAnnotations(def)) === JSON.stringify(stripAnnotations(other))) same.add(name);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of same) {
      if ([...refsOf(older.$defs[name])].some((r) => !same.has(r))) {
        same.delete(name);
        changed = true;
      }
    }
  }
  return same;
}

/** The older bundle for compilation: shared definitions dropped, references to them pointed at 1.0's bundle. */
function linked(older: Json, baseId: string, shared: ReadonlySet<string>): Json {
  const rewrite = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(rewrite);
    if (s === null || typeof s !== "object") return s;
    const out: Json = {};
    for (const [k, v] of Object.entries(s)) {
      if (k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/") && shared.has(v.slice(8))) out[k] = `${baseId}${v}`;
      else out[k] = k === "$defs" ? Object.fromEntries(Object.entries(v as Json).filter(([n]) => !shared.has(n)).map(([n, d]) => [n, rewrite(d)])) : rewrite(v);
    }
    return out;
  };
  return rewrite(older) as Json;
}

/** The keyword of the first-error validators for AgentInterface.url by protocolBinding (src/v1/formats.ts isAgentInterfaceUrl). */
const INTERFACE_URL_KEYWORD = "a2aInterfaceUrl";

function interfaceUrlKeyword(formatsImport: string) {
  return (ajv: Ajv): void => {
    ajv.addKeyword({
      keyword: INTERFACE_URL_KEYWORD,
      type: "object",
      schemaType: "boolean",
      code(cxt: KeywordCxt) {
        const fn = cxt.gen.scopeValue("formats", { ref: isAgentInterfaceUrl, code: _`require(${formatsImport})["agent-interface-url"]` });
        cxt.fail(_`!${fn}(${cxt.data}.protocolBinding, ${cxt.data}.url)`);
      },
    });
  };
}

/**
 * The copy of a strict bundle that becomes code: the rules the published bundle states as
 * patterns and alternatives, for other tools, are single checks here (src/v1/formats.ts):
 * `uri-or-empty` for `anyOf: [{ format: uri }, { maxLength: 0 }]`, and AgentInterface's
 * if/then/else on protocolBinding one `a2aInterfaceUrl` keyword (the branches' `grpc-target`
 * and `http-url` formats where one is left). Same verdicts (test/v1/ajv2020-parity.test.ts
 * compares the shipped code with the published bundles), a fraction of the code.
 */
export function compiledCopy(schema: Json): Json {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const grpc = [{ maxLength: 8192, pattern: HOST_PORT }, { maxLength: 8192, pattern: WITH_AUTHORITY, format: "uri" }];
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (s === null || typeof s !== "object") return s;
    const o = s as Json;
    if (same(o.anyOf, [{ format: "uri" }, { maxLength: 0 }])) {
      const { anyOf: _, ...rest } = o;
      return { ...rest, format: "uri-or-empty" };
    }
    if (o.type === "string" && same(o.anyOf, grpc)) return { type: "string", format: "grpc-target" };
    if (o.type === "string" && o.pattern === HTTP_URL && o.format === "uri") return { type: "string", format: "http-url" };
    // AgentInterface's if/then/else becomes one call (src/v1/issues.ts words its issue by the binding).
    if (o.title === BINDING_URL.message && Array.isArray(o.allOf) && o.allOf.length === 1 && o.allOf[0].if !== undefined) {
      const { allOf: _, ...rest } = o;
      return { ...(walk(rest) as Json), [INTERFACE_URL_KEYWORD]: true };
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, walk(v)]));
  };
  const out = walk(schema) as Json;
  // Nothing may be left in the published form: the formats must stand for every occurrence.
  const left = (x: unknown): boolean =>
    Array.isArray(x) ? x.some(left) : x !== null && typeof x === "object" && (Object.values(x as Json).some(left) || [HOST_PORT, HTTP_URL, WITH_AUTHORITY].includes((x as Json).pattern));
  if (left(out)) throw new Error("compiledCopy: a rule was left in its published form");
  return out;
}

/** The formats of the strict bundles' compiled form (src/v1/formats.ts; the same in every revision). */
const FORMATS = { "date-time": isStrictTimestamp, uri: isAbsoluteUri, byte: isStrictBase64, "uri-or-empty": isUriOrEmpty, "grpc-target": isGrpcTarget, "http-url": isHttpUrl };

/** A revision's Standard JSON Schema mode: its published strict bundle, one definition per message. */
function jsonSchemaMode(b: { strictSchema: Json; names: readonly string[] }): JsonSchemaMode {
  return { prefix: "strict-", schemas: [b.strictSchema], exports: Object.fromEntries(b.names.map((n) => [n, `${b.strictSchema.$id}#/$defs/${n}`])) };
}

/** What the v1 strict formats check (src/v1/formats.ts), for `x-a2a-rules`. */
const V1_FORMAT_DOCS = {
  "date-time": "a google.protobuf.Timestamp in proto3 JSON: UTC (\"Z\"), 0, 3, 6 or 9 fraction digits, a real date and time (the `formats[\"date-time\"]` exported by a2a-schemas/v1)",
  uri: "an absolute URI (RFC 3986 section 4.3; the `formats.uri` exported by a2a-schemas/v1)",
  byte: "bytes in proto3 JSON: standard, padded Base64 (RFC 4648 section 4; the `formats.byte` exported by a2a-schemas/v1)",
};

/** The documentation of a v1 model: what the definition is, and that it is the strict form. */
function zodDoc(bundle: Json): (name: string) => string {
  return (n) => {
    const def = bundle.$defs[n] as Json;
    if (Array.isArray(def.enum)) return `Zod model of the enum ${n}: its value names, as the strict validator accepts them (lenient input goes through the validators).`;
    if (def.type !== "object" || n === "Struct") return `Zod model of ${n}: ${def.description}`;
    return `Zod model of the message ${n} (strict mode: the checks of the strict JSON Schema); \`z.infer\` is the ${n} type. Parse with \`safeParse\` to get issues instead of a throw.`;
  };
}

export function generateV1(root: string): FamilyOutput {
  const out = new Map<string, string>();
  const built = V1_REVISIONS.map((rev) => {
    const protoText = readFileSync(join(root, rev.proto), "utf8");
    const upstreamText = rev.upstream ? readFileSync(join(root, rev.upstream), "utf8") : undefined;
    const model = parseProto(protoText);
    const { strict, lenient } = repairBundle(rev, protoText, upstreamText);
    out.set(rev.strict, strict);
    out.set(rev.lenient, lenient);
    return { rev, model, strictSchema: JSON.parse(strict) as Json, names: model.messages.map((m) => m.name) };
  });

  // One compilation for every revision: 1.0's definitions under their names, each older
  // revision's under its prefix, shared definitions compiled once.
  const base = built[0]!;
  const schemas: Json[] = [base.strictSchema];
  const exports: Record<string, string> = Object.fromEntries(base.names.map((n) => [n, `${base.rev.ids.strict}#/$defs/${n}`]));
  const sharedBy = new Map<string, Set<string>>();
  for (const b of built.slice(1)) {
    const shared = sharedDefinitions(base.strictSchema, b.strictSchema);
    sharedBy.set(b.rev.id, shared);
    schemas.push(linked(b.strictSchema, base.rev.ids.strict, shared));
    for (const n of b.names) if (!shared.has(n)) exports[b.rev.exportPrefix + n] = `${b.rev.ids.strict}#/$defs/${n}`;
  }
  // Lenient mode normalizes its input to the canonical form and reuses these (src/v1/lenient.ts),
  // so only the strict bundles become code; the lenient bundles are published for other languages.
  // Ajv's draft-07 class emits the same checks as Ajv2020 for the keywords the bundles use,
  // without 2020's evaluated-properties bookkeeping (test/v1/ajv2020-parity.test.ts compares them).
  const allStrict = built.map((b) => b.rev.strict);
  const g = base.rev.out;
  const compiled = {
    prefix: "strict-",
    what: "strict, every revision:",
    sources: allStrict,
    compile: {
      draft: "07" as const,
      schemas: schemas.map((x) => compiledCopy(x)),
      exports,
      // One function per definition, called by reference: inlining copies Message into every holder.
      // The issue words come from src/core, so Ajv's own messages are left out of the code.
      options: { inlineRefs: false },
      configure: interfaceUrlKeyword("../../v1/formats.js"),
    },
  };

  for (const b of built) {
    const dir = b.rev.out;
    const src = specifier(dir, "src") + "/";
    const fromStrict = [b.rev.strict];
    if (b.rev !== base.rev) {
      // The older revision's validators: re-exported under their own names from the shared modules.
      const shared = sharedBy.get(b.rev.id)!;
      const reexport = (f: string) =>
        header(allStrict, `${f === "strict-first" ? "first-error" : "all-errors"} validators of revision ${b.rev.id} (from the shared modules)`) +
        `export {\n${b.names.map((n) => `  ${shared.has(n) ? n : `${b.rev.exportPrefix}${n} as ${n}`},`).join("\n")}\n} from ${JSON.stringify(specifier(dir, `${g}/${f}.js`))};\n`;
      const dts = header(allStrict, "declarations") + validatorDeclarations(b.names, `${src}core/validator.js`);
      for (const f of ["strict-first", "strict-full"]) {
        out.set(`${dir}/${f}.js`, reexport(f));
        out.set(`${dir}/${f}.d.ts`, dts);
      }
    }
    const oneofNames = new Map(b.model.messages.flatMap((m) => m.oneofs.map((o) => [m.name, o.name] as const)));
    const defNames = Object.keys(b.strictSchema.$defs);
    const family = emitFamily({
      id: dir.slice("src/generated/".length),
      sources: fromStrict,
      formats: { module: "v1/formats.js", impl: FORMATS },
      // isStrictTimestamp accepts only what the Timestamp pattern accepts (test/core/timestamp.test.ts), and
      // isStrictBase64 tests the raw pattern itself: the yes/no pass need not run them again.
      fastPath: { patternImpliedBy: ["date-time", "byte"] },
      validators: b.rev === base.rev ? [compiled] : [],
      // Standard JSON Schema from the published strict bundle (the compiled copy has this package's own keywords).
      jsonSchema: {
        // An older revision imports the definitions that are the same in 1.0 (a bundle with one validator would hold both).
        modes: [{ ...jsonSchemaMode(b), ...(b.rev === base.rev ? {} : { shared: { from: specifier(dir, `${g}/strict-json-schema.js`), defs: jsonSchemaDefs(jsonSchemaMode(base), base.names) } }) }],
        formatDocs: V1_FORMAT_DOCS,
      },
      types: [
        {
          file: "types.ts",
          what: "TypeScript types",
          schemas: new Map([[b.strictSchema.$id, b.strictSchema]]),
          types: defNames.map((n) => [n, `${b.strictSchema.$id}#/$defs/${n}`] as const),
          registry: { name: "MessageTypes", doc: "Every message type by name.", members: b.names, memberDoc: "message" },
          oneofName: (n) => oneofNames.get(n),
        },
      ],
      zod: {
        file: "zod.ts",
        what: "Zod models (strict mode)",
        modes: [{ prefix: "", schemas: new Map([[b.strictSchema.$id, compiledCopy(b.strictSchema)]]), models: defNames.map((n) => [n, `${b.strictSchema.$id}#/$defs/${n}`] as const), doc: zodDoc(b.strictSchema) }],
        keywords: {
          [INTERFACE_URL_KEYWORD]: {
            import: `import { isAgentInterfaceUrl } from "${src}v1/formats.js";`,
            check: (sp) => `keyword(${JSON.stringify(INTERFACE_URL_KEYWORD)}, (v) => isAgentInterfaceUrl(v.protocolBinding, v.url), "must suit the protocol binding", ${sp})`,
          },
        },
        // As compiled (inlineRefs: false), so the issues' schema paths are the validators'.
        ownSchemaPaths: true,
        table: { name: "schemas", doc: "Every model by type name." },
      },
      api: {
        runtime: specifier(dir, b.rev.validators),
        // Each validator gets its own generated functions by name (and, in the default revision, a thunk
        // to the same message of every other revision), so a bundler keeps only what is called.
        validatorModules: {
          first: "./strict-first.js",
          full: "./strict-full.js",
          ...(b.rev === base.rev ? Object.fromEntries(built.slice(1).map((o) => [peerAlias(o.rev.id), specifier(dir, `${o.rev.out}/api.js`)])) : {}),
        },
        validatorArgs: (n) => {
          const peers = b.rev === base.rev ? built.slice(1).filter((o) => o.names.includes(n)) : [];
          const thunks = peers.map((o) => `${JSON.stringify(o.rev.id)}: () => ${peerAlias(o.rev.id)}.validate${n}`);
          return `first.${n}, full.${n}${thunks.length > 0 ? `, { ${thunks.join(", ")} }` : ""}`;
        },
        names: b.names,
        typeImports: { T: "./types.js" },
        table: { name: "validators", doc: "Validators by message name." },
        docs: (n) => ({
          validate: `Validates ${article(n)} ${n} (strict by default; \`{ mode: "lenient" }\` for proto3 JSON input). Never throws.`,
          guard: `Type guard: is \`input\` a canonical (strict) ${n}?`,
          assert: `Throws a ValidationError listing every issue unless \`input\` is a canonical (strict) ${n}.`,
        }),
        guardType: (n) => `(input: unknown) => input is T.${n}`,
        assertType: (n) => `(input: unknown) => asserts input is T.${n}`,
      },
    });
    for (const [path, text] of family) out.set(path, text);
    const baseMeta = b.rev === base.rev ? undefined : { model: base.model, from: specifier(dir, `${g}/meta.js`) };
    out.set(`${dir}/meta.ts`, emitMeta(b.model, header(baseMeta ? [b.rev.proto, base.rev.proto] : [b.rev.proto], "messages, fields, RPCs and HTTP routes"), b.rev.id, specifier(dir, "src/v1/http-binding.ts"), baseMeta));
  }
  return { family: "v1", files: out };
}
