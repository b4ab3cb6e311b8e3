/**
 * How Ajv reads untrusted schemas: its options, a fresh instance per compiled
 * schema, and one meta-schema validator per draft, compiled once and shared.
 */
import { Ajv, type Options, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { RE2JS } from "re2js";
import { boundErrorWork, errorBudget } from "../../core/error-budget.js";
import { uniqueItemsKeyword } from "./unique.js";

/** The JSON Schema drafts a declared schema may use, chosen by its `$schema` (2020-12 when absent). */
export type Draft = "2020-12" | "draft-07";

/**
 * Every untrusted pattern runs on RE2 (linear time), not on the backtracking
 * RegExp: patternProblem (compile.ts) rejects the obvious cases with a clear issue, and RE2
 * makes the ones they miss (`^\d*\d*\d*$`, polynomial) harmless.
 */
const linearRegExp = Object.assign(
  (pattern: string, flags: string) => {
    const re = RE2JS.compile(pattern);
    // Ajv caches compiled patterns by toString(): it must differ per pattern.
    return { test: (s: string) => re.test(s), toString: () => `/${pattern}/${flags}` };
  },
  { code: "re2js" },
);

/**
 * An `enum` of 200 values or more is a loop over the values in Ajv's code (a
 * chain of 200 `||` or more would be worse: V8 overflows its stack parsing
 * 3,000), which the error bounds do not know and refused, so such a schema's
 * failing data could not be reported. Its length is the schema's, not the
 * data's; it stops with the others once the error budget is spent.
 */
function enumLoopsBounded(code: string): string {
  return code.replace(/for\(const v\d+ of [\w$.[\]"]+\)\{/g, "$&if(self.errorBudget.left<0)break;");
}

/** The Ajv options every untrusted schema is read with; `forCompile` leaves the meta-schemas out (meta.ts checks against them, compiled once). */
function ajvOptions(allErrors: boolean, forCompile: boolean): Options {
  return {
    // Unknown keywords are legal JSON Schema (they are annotations), so strict mode would reject valid cards.
    strict: false,
    allErrors,
    ownProperties: true,
    // 2020-12 makes format an annotation; without ajv-formats at run time, it stays one in both drafts.
    validateFormats: false,
    $data: false,
    addUsedSchema: false,
    // The all-errors code gets the same bounds as the build-time modules (see core/error-budget.ts);
    // `self` is the Ajv instance the compiled code closes over.
    // Ajv's code optimizer is superlinear in the schema's size (100 properties: 68 ms with it, 4 ms without) and only makes the code shorter.
    code: { regExp: linearRegExp, optimize: false, ...(allErrors ? { process: (code: string) => boundErrorWork(enumLoopsBounded(code), "self.errorBudget") } : {}) },
    inlineRefs: true,
    // A failed compile is reported as an issue; Ajv's logger would also print the generated code to stderr.
    logger: false,
    // Compiling the meta-schema cost 10 to 25 ms per instance; the schema was checked against the shared one already.
    ...(forCompile ? { meta: false, validateSchema: false } : {}),
  };
}

function ajvClass(draft: Draft): new (o: Options) => Ajv {
  return (draft === "2020-12" ? Ajv2020 : Ajv) as unknown as new (o: Options) => Ajv;
}

/**
 * A fresh Ajv per schema: Ajv keeps every compiled schema (and its code's
 * scope) forever, so a shared instance would grow without bound, and a peer's
 * schema could never meet another's `$id`. Without meta-schemas, an instance
 * costs about 0.2 ms.
 */
export function ajvCompile(draft: Draft, schema: unknown, allErrors: boolean): ValidateFunction {
  const ajv = new (ajvClass(draft))(ajvOptions(allErrors, true));
  if (allErrors) Object.assign(ajv, { errorBudget });
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword(uniqueItemsKeyword);
  return ajv.compile(structuredClone(schema) as object);
}

/**
 * The meta-schema check, shared: it only ever validates schemas as data, never
 * compiles one, so it never grows and no peer's `$id` reaches it.
 */
const instances = new Map<Draft, Ajv>();

/**
 * Whether an error is the runtime refusing `new Function` (a Content Security Policy without
 * 'unsafe-eval', `--disallow-code-generation-from-strings`, Cloudflare Workers): V8 throws an EvalError.
 */
export function forbidsCodeGeneration(err: unknown): boolean {
  return err instanceof EvalError || (err instanceof Error && /code generation from strings|unsafe-eval/i.test(err.message));
}

/** Why `schema` is not a valid JSON Schema of `draft`, in Ajv's own words (as its compile would throw), or undefined. */
export function metaSchemaProblem(draft: Draft, schema: unknown): string | undefined {
  let ajv = instances.get(draft);
  if (!ajv) instances.set(draft, (ajv = new (ajvClass(draft))(ajvOptions(false, false))));
  try {
    if (ajv.validateSchema(schema as object)) return undefined;
    return `schema is invalid: ${ajv.errorsText(ajv.errors)}`;
  } catch (err) {
    if (forbidsCodeGeneration(err)) throw err; // the runtime's refusal, not the schema's fault
    return err instanceof Error ? err.message : "it cannot be checked against its meta-schema";
  } finally {
    ajv.errors = null;
  }
}
