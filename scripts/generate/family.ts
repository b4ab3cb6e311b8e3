/**
 * The family descriptor: what one family (or one v1 revision) is made of. Every
 * representation of its types comes out of one descriptor through one pipeline
 * (emitFamily): TypeScript types (emit/types.ts), Zod models (emit/zod.ts) and the
 * validate/is/assert API (emit/api.ts). Each family generator only builds its
 * descriptor(s) and compiles its Ajv validators (compile.ts).
 */
import { emitApi } from "./emit/api.js";
import { emitTypes, type TypesInput } from "./emit/types.js";
import { emitZod, type ZodSpec } from "./emit/zod.js";
import { header } from "./compile.js";

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
  /** Its type modules (one per mode): file name in the folder, what it holds, its own sources when not the family's. */
  readonly types: ReadonlyArray<TypesInput & { readonly file: string; readonly what: string; readonly sources?: readonly string[] }>;
  /** Its Zod models (one module for every mode). */
  readonly zod: ZodSpec;
  readonly api: ApiSpec;
}

/** Every representation of a family's types: path → file content. */
export function emitFamily(family: Family): Map<string, string> {
  const dir = `src/generated/${family.id}`;
  const out = new Map<string, string>();
  for (const t of family.types) out.set(`${dir}/${t.file}`, header(t.sources ?? family.sources, t.what) + emitTypes(t));
  out.set(`${dir}/${family.zod.file}`, header(family.zod.sources ?? family.sources, family.zod.what) + emitZod(family.zod));
  out.set(`${dir}/api.ts`, emitApi(family, header(family.sources, "validate/is/assert per type")));
  return out;
}

export { article } from "./emit/schema.js";

/** The registry interface of the families whose types are not proto messages. */
export const REGISTRY = { name: "Registry", doc: "Every named type by name, for generic helpers." } as const;
