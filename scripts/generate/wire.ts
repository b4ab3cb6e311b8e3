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
import { emitJsonSchemaMode } from "./emit/json-schema.js";

/** The rules in code (src/wire/rules.ts), for the Standard JSON Schema's `x-a2a-rules`. */
const WIRE_RULES = {
  JsonRpcError: [
    { id: "wire.jsonrpc-code", description: "code is not in a reserved range it is not defined in (-32099..-32010 for A2A, -32768..-32100 for JSON-RPC); an application-defined code is a warning (A2A v1.0 specification, section 9.5)" },
    { id: "wire.error-info", description: "an ErrorInfo of domain \"a2a-protocol.org\" names a known A2A reason, the reason of this code; an A2A reason has that domain; an A2A code without its ErrorInfo is a warning (section 9.5)" },
  ],
  HttpErrorBody: [
    { id: "wire.http-status", description: "error.status is the google.rpc.Code whose HTTP status is error.code, and an A2A error (by its ErrorInfo) has the status and code of section 5.4 (section 11.6)" },
    { id: "wire.error-info", description: "an ErrorInfo of domain \"a2a-protocol.org\" names a known A2A reason; an A2A reason has that domain (section 11.6)" },
  ],
};

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
  const jsonSchema = emitJsonSchemaMode(
    { names: WIRE_TYPES, rules: WIRE_RULES, formatDocs: (f) => `format "${f}"`, core: "../../core/json-schema.js" },
    { prefix: "", schemas: [schema], exports },
    header([SOURCE], "Standard JSON Schema sources per type"),
  );
  return {
    family: "wire",
    files: new Map([
      [`${dir}/first.js`, header([SOURCE], "first-error validators (fast path)") + code.first],
      [`${dir}/full.js`, header([SOURCE], "all-errors validators (issue lists)") + code.full],
      [`${dir}/first.d.ts`, dts],
      [`${dir}/full.d.ts`, dts],
      [`${dir}/json-schema.ts`, jsonSchema],
    ]),
  };
}
