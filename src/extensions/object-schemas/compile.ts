/**
 * Bounded compilation of untrusted JSON Schemas (other agents' cards). This is
 * the one place where the library runs the Ajv compiler at run time, so every
 * input is checked before Ajv sees it: size, depth, expanded size, references
 * (local JSON Pointers only, never fetched, never recursive), no `$data`, and
 * patterns screened for catastrophic backtracking. The checks walk the schema
 * by the JSON Schema vocabulary (schema-walk.ts), as Ajv reads it, never by key
 * names. Compiled validators live in a bounded LRU cache keyed by the schema's
 * canonical JSON; one call compiles a bounded number of schemas and nodes.
 * Data is checked only when the schema's cost on it (cost.ts) is within budget.
 */
import type { ValidateFunction } from "ajv";
import { RE2JS } from "re2js";
import safeRegex from "safe-regex2";
import { isStackOverflow } from "../../core/guard.js";
import { issuesOf, type GeneratedValidator } from "../../core/validator.js";
import { makeIssue, type PathSegment, type ValidationIssue } from "../../core/issue.js";
import { jsonByteSize } from "../../core/json-size.js";
import { DATA_KEYWORDS, isPlainObject, jsonValues, objectsIn, walkSchemas, type RefTarget } from "./schema-walk.js";
import { evaluationCost, measureData, schemaCost, type SchemaCost } from "./cost.js";
import { canonical } from "./unique.js";
import { ajvCompile, forbidsCodeGeneration, metaSchemaProblem, type Draft } from "./ajv-setup.js";

/** The schema was not judged: this extension compiles other agents' schemas to code at run time. */
const CODE_GENERATION_FORBIDDEN =
  "could not be compiled: this runtime forbids code generation from strings (new Function), which the input/output-schemas extension needs to check other agents' schemas (a Content Security Policy without 'unsafe-eval', --disallow-code-generation-from-strings, Cloudflare Workers); the schema itself was not judged";

export type { Draft };

/** Limits for untrusted schemas and the data checked against them. */
export interface SchemaLimits {
  /** Serialized UTF-8 size of one schema. */
  readonly maxSchemaBytes: number;
  /** Nesting depth of one schema's JSON, data (`enum`, `examples`, ...) included. */
  readonly maxSchemaDepth: number;
  /** Schema nodes and keywords after following every `$ref`, each value of `enum`, `const` and other assertions counting one (bounds the work per data node). */
  readonly maxExpandedNodes: number;
  /** Length of one `pattern` or `patternProperties` key. */
  readonly maxPatternLength: number;
  /** Serialized UTF-8 size of the data validated against a schema. */
  readonly maxDataBytes: number;
  /** Nesting depth of that data. */
  readonly maxDataDepth: number;
  /** With `uniqueItems`, the longest array the data may hold. */
  readonly maxUniqueItems: number;
  /** Units of work (4 to 7 ns each) validating one piece of data may need: the schema's cost per data node at each depth times the data's size there (see cost.ts). */
  readonly maxEvaluationCost: number;
  /** Schemas one card may declare. */
  readonly maxSchemasPerCard: number;
  /** Schemas one call may compile (cache hits are free). */
  readonly maxCompilesPerCall: number;
  /** Schema nodes and keywords (enum values not included) one call may compile: Ajv's compile costs about 0.1 ms each. */
  readonly maxCompiledNodesPerCall: number;
  /** Compiled schemas kept in the cache. */
  readonly cacheSize: number;
}

/** The default SchemaLimits: 64 KiB and depth 32 per schema, 5000 expanded nodes, 512-character patterns, 1 MiB and depth 64 of data, 2000 unique items, 4 million units of evaluation work (about 25 ms a pass), 100 schemas per card and 100 compiles per call, 64 cached schemas. */
export const DEFAULT_LIMITS: SchemaLimits = {
  maxSchemaBytes: 64 * 1024,
  maxSchemaDepth: 32,
  maxExpandedNodes: 5000,
  maxPatternLength: 512,
  maxDataBytes: 1024 * 1024,
  maxDataDepth: 64,
  maxUniqueItems: 2000,
  maxEvaluationCost: 4_000_000,
  maxSchemasPerCard: 100,
  maxCompilesPerCall: 100,
  maxCompiledNodesPerCall: 5000,
  cacheSize: 64,
};

/** A schema that passed the checks and compiled. */
export interface CompiledSchema {
  readonly ok: true;
  readonly draft: Draft;
  readonly usesUniqueItems: boolean;
  /** The work validating data costs, per data node at each depth (cost.ts). */
  readonly cost: SchemaCost;
  readonly first: ValidateFunction;
  /** Compiled lazily, only when data fails and the issue list is needed. */
  full(): ValidateFunction;
}

export type CompileResult = CompiledSchema | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

const has = Object.prototype.hasOwnProperty;

export { isStackOverflow };

function draftOf(schema: unknown, at: readonly PathSegment[]): Draft | ValidationIssue {
  if (schema === null || typeof schema !== "object" || !has.call(schema, "$schema")) return "2020-12";
  const s = (schema as Record<string, unknown>).$schema;
  if (typeof s === "string") {
    const u = s.replace(/^https?:\/\//, "").replace(/#$/, "");
    if (u === "json-schema.org/draft/2020-12/schema") return "2020-12";
    if (u === "json-schema.org/draft-07/schema") return "draft-07";
  }
  return makeIssue([...at, "$schema"], "enum", `must be the 2020-12 or the draft-07 meta-schema URI, got ${JSON.stringify(s)?.slice(0, 80)}`, {
    allowed: ["https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema#"],
  });
}

/**
 * Patterns run on data from other agents, so they must not backtrack
 * catastrophically: safe-regex2 rejects nested repetition (star height > 1) and
 * long repetition chains; backreferences, lookarounds and a repeated group with
 * alternation inside (`(a|aa)*`, exponential without nesting) are rejected too.
 */
export function patternProblem(pattern: string, maxLength: number): string | undefined {
  if (typeof pattern !== "string") return "is not a string";
  if (pattern.length > maxLength) return `is longer than ${maxLength} characters`;
  try {
    new RegExp(pattern, "u");
  } catch {
    return "is not a valid regular expression (with the u flag, as JSON Schema requires)";
  }
  if (/\\[1-9]|\\k</.test(pattern)) return "uses a backreference, which can backtrack without bound";
  if (/\(\?<?[=!]/.test(pattern)) return "uses a lookaround, which is not allowed in untrusted patterns";
  if (repeatedAlternation(pattern)) return "repeats a group that contains an alternation, which can backtrack exponentially";
  // An optional group (`(...)?`) repeats at most once, so it adds no star height; safe-regex2 would count it.
  if (!safeRegex(pattern.replace(/(?<!\\)\)\?(?![?+])/g, ")"))) return "can backtrack catastrophically (nested or too many repetitions)";
  try {
    RE2JS.compile(pattern);
  } catch {
    return "uses syntax the linear-time matcher (RE2) does not support";
  }
  return undefined;
}

/** True when a group that contains `|` is followed by `*`, `+` or `{n,}`. */
function repeatedAlternation(p: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") stack.push(false);
    else if (c === "|" && stack.length > 0) stack[stack.length - 1] = true;
    else if (c === ")") {
      const alt = stack.pop() ?? false;
      const next = p.slice(i + 1, i + 12);
      if (alt && /^(?:[*+]|\{\d+,\d*\})/.test(next) && !/^\{\d+,\d+\}/.test(next)) return true;
      if (alt && stack.length > 0) stack[stack.length - 1] = true;
    }
  }
  return false;
}

/** Nesting depth of the schema's JSON, whatever it holds (data included): the first place past the limit. */
function tooDeep(schema: unknown, at: readonly PathSegment[], limits: SchemaLimits): ValidationIssue | undefined {
  const stack: Array<[unknown, PathSegment[]]> = [[schema, []]];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (path.length > limits.maxSchemaDepth) return makeIssue([...at, ...path], "too_large", `is nested more than ${limits.maxSchemaDepth} levels deep`);
    if (Array.isArray(node)) node.forEach((v, i) => stack.push([v, [...path, i]]));
    else for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], [...path, key]]);
  }
  return undefined;
}

interface Scan {
  issues: ValidationIssue[];
  usesUniqueItems: boolean;
}

function refIssue(here: readonly PathSegment[], ref: string, problem: Extract<RefTarget, { ok: false }>["problem"]): ValidationIssue | undefined {
  const shown = JSON.stringify(ref).slice(0, 80);
  switch (problem) {
    case "remote":
      return makeIssue(here, "not_allowed", `must be a reference inside this schema (#/...), got ${shown}: remote references are never fetched`);
    case "anchor":
    case "not_pointer":
      return makeIssue(here, "not_allowed", "must be a JSON Pointer reference (#/...); anchors are not supported in untrusted schemas");
    case "malformed":
      return makeIssue(here, "invalid", `is not a valid URI fragment (bad percent-encoding): ${shown}`);
    case "nested_id":
      return makeIssue(here, "not_allowed", `passes through a nested $id (a second base URI), which is not allowed in untrusted schemas: ${shown}`);
    case "dangling":
      return makeIssue(here, "invalid", `points to nothing: ${shown}`);
    default:
      return undefined;
  }
}

/**
 * Each schema node once (every subschema, every reference target): keywords
 * that are never allowed, references, patterns. Data is not looked into,
 * except for `$id`: Ajv registers an `$id` it finds in an unknown keyword's
 * value as a base URI, which can redirect a `#/...` reference.
 */
function scan(schema: unknown, at: readonly PathSegment[], limits: SchemaLimits): Scan {
  const out: Scan = { issues: [], usesUniqueItems: false };
  const issues = out.issues;
  walkSchemas(schema, false, {
    schema(_node, path, keywords) {
      for (const k of keywords) {
        const here = [...at, ...path, k.key];
        const v = k.value;
        if (k.key === "$data") issues.push(makeIssue(here, "not_allowed", "$data references are not allowed in untrusted schemas"));
        else if (k.key === "$id" && path.length > 0) issues.push(makeIssue(here, "not_allowed", "a nested $id (a second base URI) is not allowed in untrusted schemas"));
        else if (k.key === "pattern" && typeof v === "string") {
          const why = patternProblem(v, limits.maxPatternLength);
          if (why) issues.push(makeIssue(here, "pattern", `unsafe pattern ${JSON.stringify(v).slice(0, 80)}: ${why}`));
        } else if (k.key === "patternProperties" && isPlainObject(v)) {
          for (const p of Object.keys(v)) {
            const why = patternProblem(p, limits.maxPatternLength);
            if (why) issues.push(makeIssue([...here, p], "pattern", `unsafe pattern ${JSON.stringify(p).slice(0, 80)}: ${why}`));
          }
        } else if (k.key === "uniqueItems" && v === true) out.usesUniqueItems = true;
        else if (k.kind === "assertion" && !DATA_KEYWORDS.has(k.key) && isPlainObject(v) && has.call(v, "$data")) {
          issues.push(makeIssue([...here, "$data"], "not_allowed", "$data references are not allowed in untrusted schemas"));
        }
        if (DATA_KEYWORDS.has(k.key)) continue;
        for (const [value, rel] of k.data) {
          for (const [o, inner] of objectsIn(value)) {
            if (typeof o.$id === "string" && has.call(o, "$id")) {
              issues.push(makeIssue([...here, ...rel, ...inner, "$id"], "not_allowed", "a nested $id (a second base URI) is not allowed in untrusted schemas, even in an unknown keyword: Ajv still registers it"));
            }
          }
        }
      }
      return issues.length < 20;
    },
    reference(path, ref, target) {
      const issue = target.ok ? undefined : refIssue([...at, ...path], ref, target.problem);
      if (issue) issues.push(issue);
      return issues.length < 20;
    },
  });
  return out;
}

/**
 * Counts the tree Ajv evaluates for one data node, with every reference
 * followed: each schema node and keyword counts one, and the values of
 * assertions (`enum`, `const`, `required`, ...) one per JSON value, since
 * each is compared against the data. Recursion is refused: with `anyOf`,
 * validation time can grow exponentially with data depth.
 */
function expand(schema: unknown, at: readonly PathSegment[], limits: SchemaLimits): { issue?: ValidationIssue; code: number } {
  const max = limits.maxExpandedNodes;
  let count = 0;
  // What Ajv generates code for: schema nodes and keywords, not the values `enum` loops over.
  let code = 0;
  let issue: ValidationIssue | undefined;
  walkSchemas(schema, true, {
    schema(_node, _path, keywords) {
      count++;
      code += 1 + keywords.length;
      for (const k of keywords) count += k.kind === "assertion" ? jsonValues(k.value, max - count) : 1;
      if (count <= max) return true;
      issue = makeIssue(at, "too_large", `expands to more than ${max} schema nodes (enum and const values included) once its references are followed`);
      return false;
    },
    reference(_path, ref, target) {
      if (target.ok || target.problem !== "recursive") return true;
      issue = makeIssue(at, "not_allowed", `is recursive (${JSON.stringify(ref).slice(0, 80)} refers back to a schema that contains it); untrusted schemas must be finite`);
      return false;
    },
  });
  return issue ? { issue, code } : { code };
}

/** A bounded cache of compiled schemas, keyed by draft and the schema's canonical JSON; its limits apply to every schema it compiles. */
export class SchemaCache {
  private readonly entries = new Map<string, CompileResult>();
  constructor(readonly limits: SchemaLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * Checks and compiles `schema`; issues are reported at `at` (e.g. `["schemas", "fightComparison"]`).
   * `budget` is the compiles this call may still make (see compileBudget): a cache miss past it is refused. Never throws.
   */
  compile(schema: unknown, at: readonly PathSegment[] = [], budget?: CompileBudget): CompileResult {
    try {
      return this.compileUnsafe(schema, at, budget);
    } catch (err) {
      const why = isStackOverflow(err) ? "it is nested too deeply" : "reading it failed";
      return { ok: false, issues: [makeIssue(at, "invalid", `could not be checked: ${why}`)] };
    }
  }

  private compileUnsafe(schema: unknown, at: readonly PathSegment[], budget: CompileBudget | undefined): CompileResult {
    const limits = this.limits;
    if (typeof schema === "boolean") return this.compileChecked(schema, "2020-12", false, at, budget, 1);
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
      return { ok: false, issues: [makeIssue(at, "type", "must be a JSON Schema (an object or a boolean)")] };
    }
    const shape = shapeIssue(schema, at, limits);
    if (shape) return { ok: false, issues: [shape] };
    // The checks and Ajv must see the same JSON: read the input once (a getter could answer differently the second time).
    const plain: unknown = JSON.parse(JSON.stringify(schema));
    const again = shapeIssue(plain, at, limits);
    if (again) return { ok: false, issues: [again] };
    const draft = draftOf(plain, at);
    if (typeof draft !== "string") return { ok: false, issues: [draft] };
    const s = scan(plain, at, limits);
    if (s.issues.length > 0) return { ok: false, issues: s.issues };
    const big = expand(plain, at, limits);
    if (big.issue) return { ok: false, issues: [big.issue] };
    return this.compileChecked(plain, draft, s.usesUniqueItems, at, budget, big.code);
  }

  private compileChecked(schema: unknown, draft: Draft, usesUniqueItems: boolean, at: readonly PathSegment[], budget: CompileBudget | undefined, code: number): CompileResult {
    const key = `${draft}\u0000${canonical(schema)}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return relocate(hit, at);
    }
    if (budget !== undefined) {
      // Not cached: the next call has a budget of its own.
      const over = budget.compiles <= 0 ? "compiles" : budget.nodes < code ? "nodes" : undefined;
      if (over) return { ok: false, issues: [compileLimitIssue(at, over, code, this.limits)] };
      budget.compiles--;
      budget.nodes -= code;
    }
    let result: CompileResult;
    try {
      const problem = metaSchemaProblem(draft, schema);
      if (problem !== undefined) throw new Error(problem);
      const first = ajvCompile(draft, schema, false);
      let full: ValidateFunction | undefined;
      const cost = schemaCost(schema, this.limits.maxDataDepth + 1);
      result = { ok: true, draft, usesUniqueItems, cost, first, full: () => (full ??= ajvCompile(draft, schema, true)) };
    } catch (err) {
      const why = err instanceof Error ? err.message.slice(0, 300) : "it does not compile";
      result = forbidsCodeGeneration(err)
        ? { ok: false, issues: [makeIssue([], "invalid", CODE_GENERATION_FORBIDDEN)] }
        : { ok: false, issues: [makeIssue([], "invalid", `is not a valid JSON Schema (${draft}): ${why}`)] };
    }
    this.entries.set(key, result);
    while (this.entries.size > this.limits.cacheSize) this.entries.delete(this.entries.keys().next().value as string);
    return relocate(result, at);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The compiles one call may still make, and the schema nodes they may still generate code for. */
export interface CompileBudget {
  compiles: number;
  nodes: number;
}

/** A fresh budget for one call under `limits`. */
export function compileBudget(limits: SchemaLimits): CompileBudget {
  return { compiles: limits.maxCompilesPerCall, nodes: limits.maxCompiledNodesPerCall };
}

function compileLimitIssue(at: readonly PathSegment[], over: "compiles" | "nodes", code: number, limits: SchemaLimits): ValidationIssue {
  const why =
    over === "compiles"
      ? `this call already compiled ${limits.maxCompilesPerCall} schemas, the most one call may compile (maxCompilesPerCall)`
      : `its ${code} schema nodes and keywords are more than this call may still compile; one call compiles at most ${limits.maxCompiledNodesPerCall} (maxCompiledNodesPerCall)`;
  return makeIssue(at, "too_large", `was not compiled: ${why}`);
}

/** Size, plain JSON, nesting depth: bounded checks that come before anything else reads the schema. */
function shapeIssue(schema: unknown, at: readonly PathSegment[], limits: SchemaLimits): ValidationIssue | undefined {
  const size = jsonByteSize(schema, limits.maxSchemaBytes);
  if (size.kind === "over") return makeIssue(at, "too_large", `must serialize to at most ${limits.maxSchemaBytes} bytes`);
  if (size.kind === "not_json") return makeIssue(at, "not_serializable", `must be plain JSON, but it contains ${size.reason}`);
  return tooDeep(schema, at, limits);
}

/** Cached failures are stored at the root; report them where this schema lives. */
function relocate(r: CompileResult, at: readonly PathSegment[]): CompileResult {
  if (r.ok || at.length === 0) return r;
  return { ok: false, issues: r.issues.map((i) => makeIssue([...at, ...i.path], i.code, i.message)) };
}

/** Validates data against a compiled schema within the data limits; issues relative to the data, under `at`. Never throws. */
export function validateData(compiled: CompiledSchema, data: unknown, at: readonly PathSegment[], limits: SchemaLimits): ValidationIssue[] {
  try {
    const size = jsonByteSize(data, limits.maxDataBytes);
    if (size.kind === "over") return [makeIssue(at, "too_large", `must serialize to at most ${limits.maxDataBytes} bytes to be checked against an untrusted schema`)];
    if (size.kind === "not_json") return [makeIssue(at, "not_serializable", `must be plain JSON, but it contains ${size.reason}`)];
    const measured = measureData(data, limits.maxDataDepth, compiled.usesUniqueItems ? limits.maxUniqueItems : undefined);
    if (typeof measured === "string") return [makeIssue(at, "too_large", measured)];
    const work = evaluationCost(compiled.cost, measured);
    if (work > limits.maxEvaluationCost) {
      return [
        makeIssue(at, "too_complex", `is not checked: its schema on this data would need about ${work.toLocaleString("en-US")} steps, and the limit is ${limits.maxEvaluationCost.toLocaleString("en-US")} (the schema's work per data node times the data's size; maxEvaluationCost)`),
      ];
    }
    if (compiled.first(data)) return [];
    const list = issuesOf(compiled.full() as unknown as GeneratedValidator, data, {}, "value of its schema");
    return list.map((i) => ({ ...i, path: [...at, ...i.path], pointer: makeIssue([...at, ...i.path], i.code, "").pointer }));
  } catch (err) {
    const why = isStackOverflow(err) ? "it is nested too deeply" : "validation failed";
    return [makeIssue(at, "invalid", `could not be checked against its schema: ${why}`)];
  }
}
