/**
 * Run-time Ajv peer: what a user would otherwise write, the published schemas
 * compiled at start-up with ajv-formats. Two instances per family: first error
 * (the valid path) and allErrors (the full issue list, as the package gives).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
export const root = join(import.meta.dirname, "../..");

export type Json = Record<string, any>;

export function readSchemas(dir: string): Json[] {
  const abs = join(root, dir);
  return readdirSync(abs)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(abs, f), "utf8")));
}

/** A first-error and an all-errors validator for each `$id` or `$id#fragment` asked for. */
export interface AjvPair {
  readonly first: ValidateFunction;
  readonly all: ValidateFunction;
}

function pairs(make: (allErrors: boolean) => Ajv): (ref: string) => AjvPair {
  const first = make(false);
  const all = make(true);
  return (ref) => ({ first: first.getSchema(ref)!, all: all.getSchema(ref)! });
}

const options = (allErrors: boolean) => ({ strict: true, allowUnionTypes: true, ownProperties: true, allErrors });

/** Legacy family: draft-07, one document per schema. */
export function legacyAjv(): (ref: string) => AjvPair {
  const schemas = readSchemas("schemas/legacy");
  return pairs((allErrors) => addFormats(new Ajv({ ...options(allErrors), schemas })));
}

/** v1 bundle (2020-12) plus any extra documents (the JSON-RPC envelope). */
export function v1Ajv(extra: readonly Json[]): (ref: string) => AjvPair {
  const bundle = JSON.parse(readFileSync(join(root, "schemas/v1/a2a.json"), "utf8"));
  return pairs((allErrors) => addFormats(new Ajv2020({ ...options(allErrors), schemas: [bundle, ...extra] }) as unknown as Ajv));
}

/** Session family (2020-12), default mode (unknown properties tolerated). */
export function sessionAjv(): (ref: string) => AjvPair {
  const schemas = readSchemas("schemas/session");
  return pairs((allErrors) => addFormats(new Ajv2020({ ...options(allErrors), schemas }) as unknown as Ajv));
}
