/**
 * The per-type API of every family: `validate<T>`, `is<T>`, `assert<T>` for each
 * named type, built by the family's runtime front end (`validatorFor`, `guardFor`,
 * `assertFor` of src/<family>/validators.ts), plus the by-name and dispatch tables.
 * Every export is a pure call, so a bundler drops the ones an application does not use.
 */
import type { Family } from "../family.js";
import type { JsonSchemaMode } from "./json-schema.js";

function quote(s: string): string {
  return JSON.stringify(s);
}

export function emitApi(family: Family, sourceHeader: string, jsonSchema: readonly JsonSchemaMode[] = []): string {
  const api = family.api;
  const core = "../".repeat(family.id.split("/").length + 1) + "core/json-schema.js";
  // Standard JSON Schema: the first mode on the validator, the others on its mode properties (`.strict`).
  const alias = (i: number) => `jsonSchema${i}`;
  const withSchema = (n: string, made: string): string => {
    if (jsonSchema.length === 0) return made;
    made = made.replace("/* @__PURE__ */ ", "");
    const parts = jsonSchema.slice(1).map((m, i) => `${m.property}: ${alias(i + 1)}.${n}`);
    return `/* @__PURE__ */ withJsonSchema(/* @__PURE__ */ ${made}, ${alias(0)}.${n}${parts.length > 0 ? `, { ${parts.join(", ")} }` : ""})`;
  };
  const out: string[] = [
    sourceHeader,
    `import { assertFor, guardFor, validatorFor } from ${quote(api.runtime)};`,
    ...(jsonSchema.length > 0 ? [`import { withJsonSchema } from ${quote(core)};`] : []),
    ...jsonSchema.map((m, i) => `import * as ${alias(i)} from ${quote(`./${m.prefix}json-schema.js`)};`),
    ...Object.entries(api.validatorModules ?? {}).map(([alias, from]) => `import * as ${alias} from ${quote(from)};`),
    ...Object.entries(api.typeImports).map(([alias, from]) => `import type * as ${alias} from ${quote(from)};`),
    "",
  ];
  for (const n of api.names) {
    const doc = api.docs(n);
    // The generated functions are passed by name, so a bundler keeps only those of the validators used.
    const args = api.validatorArgs ? `, ${api.validatorArgs(n)}` : "";
    out.push(`/** ${doc.validate} */`);
    out.push(`export const validate${n} = ${withSchema(n, `/* @__PURE__ */ validatorFor(${quote(n)}${args})`)};`);
    out.push(`/** ${doc.guard} */`);
    out.push(`export const is${n}: ${api.guardType(n)} = /* @__PURE__ */ guardFor(validate${n});`);
    out.push(`/** ${doc.assert} */`);
    out.push(`export const assert${n}: ${api.assertType(n)} = /* @__PURE__ */ assertFor(validate${n});`);
  }
  if (api.table) {
    out.push("", `/** ${api.table.doc} */`, `export const ${api.table.name} = {`, ...api.names.map((n) => `  ${n}: validate${n},`), "} as const;");
  }
  for (const d of api.dispatch ?? []) {
    out.push("", `/** ${d.doc} */`, `export const ${d.name}: ${d.type} = {`, ...d.members.map(([value, n]) => `  ${value}: validate${n},`), "};");
  }
  return out.join("\n") + "\n";
}
