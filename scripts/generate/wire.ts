/**
 * The error forms of the A2A v1.0 bindings: schemas/v1/errors.json (hand-written) →
 * src/generated/wire/ (Ajv standalone first-error and all-errors validators). Their
 * TypeScript types are the public interfaces of src/wire/ (a handful, documented there),
 * and the rules JSON Schema cannot state are src/wire/rules.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { compileModules, header, validatorDeclarations } from "./compile.js";
import type { FamilyOutput } from "./family.js";

const SOURCE = "schemas/v1/errors.json";
const ID = "urn:a2a-schemas:v1:errors";
/** The exported validators: the two top-level forms. */
export const WIRE_TYPES = ["JsonRpcError", "HttpErrorBody"] as const;

export function generateWire(root: string): FamilyOutput {
  const schema = JSON.parse(readFileSync(join(root, SOURCE), "utf8")) as { $id?: string };
  if (schema.$id !== ID) throw new Error(`${SOURCE}: $id must be ${ID}`);
  const exports = Object.fromEntries(WIRE_TYPES.map((n) => [n, `${ID}#/$defs/${n}`]));
  // No formats: the module is still given one to import, the v1 family's (unused by these schemas).
  // inlineRefs off: both forms call one compiled ErrorDetail instead of each carrying a copy of it (a third of the bytes).
  const code = compileModules({ draft: "2020", schemas: [schema], exports, formats: {}, formatsImport: "../../v1/formats.js", options: { inlineRefs: false } });
  const dts = header([SOURCE], "declarations") + validatorDeclarations(WIRE_TYPES, "../../core/validator.js");
  const dir = "src/generated/wire";
  return {
    family: "wire",
    files: new Map([
      [`${dir}/first.js`, header([SOURCE], "first-error validators (fast path)") + code.first],
      [`${dir}/full.js`, header([SOURCE], "all-errors validators (issue lists)") + code.full],
      [`${dir}/first.d.ts`, dts],
      [`${dir}/full.d.ts`, dts],
    ]),
  };
}
