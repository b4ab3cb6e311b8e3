/**
 * The family descriptor: what one family (or one v1 revision) is made of. Every
 * representation of its types comes out of one descriptor through one pipeline
 * (emitFamily): TypeScript types (emit/types.ts), Zod models (emit/zod.ts) and the
 * validate/is/assert API (emit/api.ts). Each family generator only builds its
 * descriptor(s) and compiles its Ajv validators (compile.ts).
 */
import type { JsonSchemaRule } from "../../src/core/json-schema.js";
import { emitApi } from "./emit/api.js";
import { emitJsonSchemaMode, type JsonSchemaMode } from "./emit/json-schema.js";
import { emitTypes, type TypesInput } from "./emit/types.js";
import { emitZod, type ZodSpec } from "./emit/zod.js";
import { compileModules, header, validatorDeclarations, type CompileInput } from "./compile.js";

/** What every family generator returns: generated files by path relative to the repo root. */
export interface FamilyOutput {
  readonly family: string;
  readonly files: ReadonlyMap<string, string>;
}

export type FamilyGenerator = (root: string) => FamilyOutput | Promise<FamilyOutput>;

/** The validate/is/assert API and how it is named and documented. */
export interface ApiSpec {
  /** Import specifier (from the generated folder) of the front end with validatorFor, guardFor and assertFor. */
  readonly runtime: string;
  /** Type names with a validate/is/assert trio, in order. */
  readonly names: readonly string[];
  /** Type modules the signatures use: alias → specifier. */
  readonly typeImports: Readonly<Record<string, string>>;
  /** Generated validator modules the API hands to `validatorFor`: alias → specifier. */
  readonly validatorModules?: Readonly<Record<string, string>>;
  /** What `validatorFor` gets after the type name (from those modules), e.g. `first.X, full.X`. */
  readonly validatorArgs?: (name: string) => string;
  readonly docs: (name: string) => { readonly validate: string; readonly guard: string; readonly assert: string };
  readonly guardType: (name: string) => string;
  readonly assertType: (name: string) => string;
  /** A by-name table of the validators. */
  readonly table?: { readonly name: string; readonly doc: string };
  /** Tables from a discriminator value to the validator of the type that has it. */
  readonly dispatch?: ReadonlyArray<{ readonly name: string; readonly doc: string; readonly type: string; readonly members: ReadonlyArray<readonly [value: string, name: string]> }>;
}

/** One family, or one revision of a family. */
export interface Family {
  /** Folder under src/generated/: "legacy", "session", "v1", "v1/2026-02-17". */
  readonly id: string;
  /** The schema files it is generated from (the @generated header). */
  readonly sources: readonly string[];
  /** The family's formats: the module (under src/) whose default export holds them by name, and the functions. */
  readonly formats: { readonly module: string; readonly impl: Readonly<Record<string, (s: string) => boolean>> };
  /** Formats whose implementation accepts only strings a sibling `pattern` accepts (proven by a test): checks skip that pattern. */
  readonly patternImpliedBy?: readonly string[];
  /** The first-error validators' own shortcuts (see CompileInput.fastPath); their formats must be in `formats.impl`. */
  readonly fastPath?: CompileInput["fastPath"];
  /** Its Ajv validators: per entry a first-error and an all-errors module, `<prefix>first.js` and `<prefix>full.js`. */
  readonly validators: ReadonlyArray<{
    readonly prefix: string;
    /** What they are, for the header ("default-mode", "strict, every revision"). */
    readonly what: string;
    readonly sources?: readonly string[];
    readonly compile: Omit<CompileInput, "formats" | "formatsImport" | "patternImpliedBy">;
  }>;
  /** Its type modules (one per mode): file name in the folder, what it holds, its own sources when not the family's. */
  readonly types: ReadonlyArray<TypesInput & { readonly file: string; readonly what: string; readonly sources?: readonly string[] }>;
  /** Its Zod models (one module for every mode). */
  readonly zod: Omit<ZodSpec, "src" | "formats" | "patternImpliedBy">;
  readonly api: ApiSpec;
  /**
   * Standard JSON Schema (`~standard.jsonSchema`) of every validator. Without `modes`, one mode per entry of
   * `validators` (its schemas and exports: the shipped files), the first on the validator itself and each
   * other on the validator's property named by its prefix (`strict-` → `.strict`).
   */
  readonly jsonSchema?: {
    readonly modes?: readonly JsonSchemaMode[];
    /** Rules in code per type name, listed in `x-a2a-rules` (the Ajv parity test insists on them). */
    readonly rules?: Readonly<Record<string, readonly JsonSchemaRule[]>>;
    /** What a format checks, in words; the default names the family's exported `formats`. */
    readonly formatDocs?: Readonly<Record<string, string>>;
  };
}

/** The Standard JSON Schema modes of a family: its own, or one per validator pair (the shipped schemas they compile). */
export function jsonSchemaModes(family: Family): readonly JsonSchemaMode[] {
  return (
    family.jsonSchema?.modes ??
    family.validators.map((v, i) => ({
      prefix: v.prefix,
      ...(i === 0 ? {} : { property: v.prefix.replace(/-$/, "") }),
      schemas: v.compile.schemas,
      exports: v.compile.exports,
    }))
  );
}

/** Every representation of a family's types: path → file content. */
export function emitFamily(family: Family): Map<string, string> {
  const dir = `src/generated/${family.id}`;
  const out = new Map<string, string>();
  const src = "../".repeat(family.id.split("/").length + 1);
  for (const v of family.validators) {
    const code = compileModules({
      ...v.compile,
      formats: family.formats.impl,
      formatsImport: src + family.formats.module,
      ...(family.patternImpliedBy ? { patternImpliedBy: family.patternImpliedBy } : {}),
      ...(family.fastPath ? { fastPath: family.fastPath } : {}),
    });
    const from = v.sources ?? family.sources;
    const what = v.what === "" ? "" : `${v.what} `;
    out.set(`${dir}/${v.prefix}first.js`, header(from, `${what}first-error validators (fast path)`) + code.first);
    out.set(`${dir}/${v.prefix}full.js`, header(from, `${what}all-errors validators (issue lists)`) + code.full);
    const dts = header(from, "declarations") + validatorDeclarations(Object.keys(v.compile.exports), `${src}core/validator.js`);
    out.set(`${dir}/${v.prefix}first.d.ts`, dts);
    out.set(`${dir}/${v.prefix}full.d.ts`, dts);
  }
  for (const t of family.types) out.set(`${dir}/${t.file}`, header(t.sources ?? family.sources, t.what) + emitTypes(t));
  const zod = { ...family.zod, src, formats: family.formats.module, ...(family.patternImpliedBy ? { patternImpliedBy: family.patternImpliedBy } : {}) };
  out.set(`${dir}/${family.zod.file}`, header(family.zod.sources ?? family.sources, family.zod.what) + emitZod(zod));
  const modes = jsonSchemaModes(family);
  for (const mode of modes) {
    const docs = family.jsonSchema?.formatDocs ?? {};
    const spec = {
      names: family.api.names,
      rules: family.jsonSchema?.rules ?? {},
      formatDocs: (f: string) => docs[f] ?? `format "${f}" as this package checks it: add the \`formats\` exported by a2a-schemas/${family.id} to your validator (Ajv: ajv.addFormat(name, { type: "string", validate }))`,
      core: `${src}core/json-schema.js`,
    };
    out.set(`${dir}/${mode.prefix}json-schema.ts`, emitJsonSchemaMode(spec, mode, header(family.sources, "Standard JSON Schema sources per type")));
  }
  out.set(`${dir}/api.ts`, emitApi(family, header(family.sources, "validate/is/assert per type"), modes));
  return out;
}

export { article } from "./emit/schema.js";

/** The registry interface of the families whose types are not proto messages. */
export const REGISTRY = { name: "Registry", doc: "Every named type by name, for generic helpers." } as const;
