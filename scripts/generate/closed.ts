/**
 * Strict mode as a flag, for families with a tolerant and a strict mode (session, v0.3): the strict
 * schema closes every object that lists its properties (closeObjects), and the compiled code carries,
 * in place of each `additionalProperties: false` strict mode adds, an `a2aClosed` check that runs only
 * while src/core/closed.ts's flag is on. One compilation serves both modes.
 */
import { _, type Ajv, type KeywordCxt } from "ajv";
import { not, or } from "ajv/dist/compile/codegen/index.js";

type Json = Record<string, any>;

/** Keywords whose value is one subschema / a map of subschemas / a list of subschemas. */
const SUB_ONE = ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedProperties"];
const SUB_MAP = ["properties", "$defs", "definitions", "patternProperties", "dependentSchemas"];
const SUB_LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];

/** The schema with `additionalProperties: false` on every object schema that lists properties and says nothing of others. */
export function closeObjects(schema: Json): Json {
  const walk = (s: unknown): unknown => {
    if (s === null || typeof s !== "object" || Array.isArray(s)) return s;
    const out: Json = {};
    for (const [k, v] of Object.entries(s as Json)) {
      if (SUB_ONE.includes(k)) out[k] = walk(v);
      else if (SUB_MAP.includes(k)) out[k] = Object.fromEntries(Object.entries(v as Json).map(([n, d]) => [n, walk(d)]));
      else if (SUB_LIST.includes(k)) out[k] = (v as unknown[]).map(walk);
      else out[k] = v;
    }
    if (out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  };
  return walk(schema) as Json;
}

/** The keyword of strict mode in the compiled code: the properties an object may have, enforced while src/core/closed.ts's flag is on. */
export const CLOSED = "a2aClosed";

/** The bundle as compiled: where strict mode closes an object (`additionalProperties: false`), an `a2aClosed` list of its properties instead. */
export function closable(bundle: Json): Json {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk);
    if (s === null || typeof s !== "object") return s;
    const o = s as Json;
    const out: Json = {};
    for (const [k, v] of Object.entries(o)) out[k] = k === "enum" || k === "const" || k === "examples" || k === "default" || k === "required" ? v : walk(v);
    if (out.additionalProperties === false && out.properties !== undefined) {
      delete out.additionalProperties;
      out[CLOSED] = Object.keys(out.properties);
    }
    return out;
  };
  return walk(closeObjects(bundle)) as Json;
}

/** `a2aClosed`: Ajv's additionalProperties: false, run only in strict mode (the flag of src/core/closed.ts, the module's default export). */
export function closedKeyword(flagModule: string) {
  return (ajv: Ajv): void => {
    ajv.addKeyword({
      keyword: CLOSED,
      type: "object",
      // Where Ajv runs additionalProperties: before the properties, so issues keep its order.
      before: "properties",
      schemaType: "array",
      trackErrors: true,
      error: { message: "must NOT have additional properties", params: ({ params }) => _`{additionalProperty: ${params.additionalProperty}}` },
      code(cxt: KeywordCxt) {
        const { gen, data, it } = cxt;
        const props = cxt.schema as string[];
        const flag = gen.scopeValue("keyword", { ref: { strict: false }, code: _`require(${flagModule})` });
        gen.if(_`${flag}.strict`, () =>
          gen.forIn("key", data, (key) => {
            gen.if(props.length === 0 ? _`true` : not(or(...props.map((p) => _`${key} === ${p}`))), () => {
              cxt.setParams({ additionalProperty: key });
              cxt.error();
              if (!it.allErrors) gen.break();
            });
          }),
        );
        cxt.ok(_`${cxt.errsCount!} === errors`);
      },
    });
  };
}

/** Errors of the strict-mode keyword read as Ajv's own additionalProperties errors (src/core/ajv-issues.ts: unknown_property). */
export const asAdditional = (code: string) => code.replaceAll(`"${CLOSED}"`, '"additionalProperties"').replaceAll(`/${CLOSED}"`, '/additionalProperties"');
