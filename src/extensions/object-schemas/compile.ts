/**
 * Bounded compilation of untrusted JSON Schemas (other agents' cards). This is
 * the one place where the library runs the Ajv compiler at run time, so every
 * input is checked before Ajv sees it: size, depth, expanded size, references
 * (local JSON Pointers only, never fetched, never recursive), no `$data`, and
 * patterns screened for catastrophic backtracking. Compiled validators live in
 * a bounded LRU cache keyed by the schema's canonical JSON.
 */
import { Ajv, type Options, type ValidateFunction } from "ajv";
import { RE2JS } from "re2js";
import { Ajv2020 } from "ajv/dist/2020.js";
import safeRegex from "safe-regex2";
import { issuesFromAjv, type AjvError } from "../../core/ajv-issues.js";
import { makeIssue, type PathSegment, type ValidationIssue } from "../../core/issue.js";
import { jsonByteSize } from "../../core/json-size.js";

export interface SchemaLimits {
  /** Serialized UTF-8 size of one schema. */
  readonly maxSchemaBytes: number;
  /** Nesting depth of one schema's JSON. */
  readonly maxSchemaDepth: number;
  /** Schema nodes after following every `$ref` (bounds the work per data node). */
  readonly maxExpandedNodes: number;
  /** Length of one `pattern` or `patternProperties` key. */
  readonly maxPatternLength: number;
  /** Serialized UTF-8 size of the data validated against a schema. */
  readonly maxDataBytes: number;
  /** Nesting depth of that data. */
  readonly maxDataDepth: number;
  /** With `uniqueItems` (quadratic), the longest array the data may hold. */
  readonly maxUniqueItems: number;
  /** Compiled schemas kept in the cache. */
  readonly cacheSize: number;
}

export const DEFAULT_LIMITS: SchemaLimits = {
  maxSchemaBytes: 64 * 1024,
  maxSchemaDepth: 32,
  maxExpandedNodes: 5000,
  maxPatternLength: 512,
  maxDataBytes: 1024 * 1024,
  maxDataDepth: 64,
  maxUniqueItems: 2000,
  cacheSize: 64,
};

export type Draft = "2020-12" | "draft-07";

/** A schema that passed the checks and compiled. */
export interface CompiledSchema {
  readonly ok: true;
  readonly draft: Draft;
  readonly usesUniqueItems: boolean;
  readonly first: ValidateFunction;
  /** Compiled lazily, only when data fails and the issue list is needed. */
  full(): ValidateFunction;
}

export type CompileResult = CompiledSchema | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

const has = Object.prototype.hasOwnProperty;
const REF_KEYS = ["$ref", "$dynamicRef", "$recursiveRef"];
/** Values under these keywords are data, not schemas: nothing in them is a keyword. */
const DATA_KEYWORDS = new Set(["enum", "const", "examples", "default"]);

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

/**
 * Every untrusted pattern runs on RE2 (linear time), not on the backtracking
 * RegExp: the checks above reject the obvious cases with a clear issue, and RE2
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

/** Resolves `#/a/b` inside `root`; undefined when it does not exist. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === "#") return root;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !has.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

interface Scan {
  issues: ValidationIssue[];
  usesUniqueItems: boolean;
}

/** One pass over the schema JSON: depth, keywords that are never allowed, references and patterns. */
function scan(schema: unknown, at: readonly PathSegment[], limits: SchemaLimits): Scan {
  const out: Scan = { issues: [], usesUniqueItems: false };
  const stack: Array<[unknown, PathSegment[]]> = [[schema, [...at]]];
  while (stack.length > 0 && out.issues.length < 20) {
    const [node, path] = stack.pop()!;
    if (path.length - at.length > limits.maxSchemaDepth) {
      out.issues.push(makeIssue(path, "too_large", `is nested more than ${limits.maxSchemaDepth} levels deep`));
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      node.forEach((v, i) => stack.push([v, [...path, i]]));
      continue;
    }
    const o = node as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      const v = o[key];
      const here = [...path, key];
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === "$data") out.issues.push(makeIssue(here, "not_allowed", "$data references are not allowed in untrusted schemas"));
      else if (REF_KEYS.includes(key) && typeof v === "string") {
        if (!v.startsWith("#")) out.issues.push(makeIssue(here, "not_allowed", `must be a reference inside this schema (#/...), got ${JSON.stringify(v).slice(0, 80)}: remote references are never fetched`));
        else if (v !== "#" && !v.startsWith("#/")) out.issues.push(makeIssue(here, "not_allowed", "must be a JSON Pointer reference (#/...); anchors are not supported in untrusted schemas"));
        else if (resolvePointer(schema, v) === undefined) out.issues.push(makeIssue(here, "invalid", `points to nothing: ${JSON.stringify(v).slice(0, 80)}`));
      } else if (key === "$id" && path.length > at.length) {
        out.issues.push(makeIssue(here, "not_allowed", "a nested $id (a second base URI) is not allowed in untrusted schemas"));
      } else if (key === "pattern" && typeof v === "string") {
        const why = patternProblem(v, limits.maxPatternLength);
        if (why) out.issues.push(makeIssue(here, "pattern", `unsafe pattern ${JSON.stringify(v).slice(0, 80)}: ${why}`));
      } else if (key === "patternProperties" && v !== null && typeof v === "object") {
        for (const p of Object.keys(v)) {
          const why = patternProblem(p, limits.maxPatternLength);
          if (why) out.issues.push(makeIssue([...here, p], "pattern", `unsafe pattern ${JSON.stringify(p).slice(0, 80)}: ${why}`));
        }
      } else if (key === "uniqueItems" && v === true) out.usesUniqueItems = true;
      if (v !== null && typeof v === "object") stack.push([v, here]);
    }
  }
  return out;
}

/**
 * Counts schema nodes with every `$ref` followed, and rejects recursion: with
 * recursion and `anyOf`, validation time can grow exponentially with data depth.
 */
function expand(schema: unknown, at: readonly PathSegment[], limits: SchemaLimits): ValidationIssue | undefined {
  let count = 0;
  const visit = (node: unknown, refs: readonly string[]): ValidationIssue | undefined => {
    if (++count > limits.maxExpandedNodes) {
      return makeIssue(at, "too_large", `expands to more than ${limits.maxExpandedNodes} schema nodes once its references are followed`);
    }
    if (node === null || typeof node !== "object") return undefined;
    if (Array.isArray(node)) {
      for (const v of node) {
        const r = visit(v, refs);
        if (r) return r;
      }
      return undefined;
    }
    const o = node as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (DATA_KEYWORDS.has(key)) continue;
      const v = o[key];
      if (REF_KEYS.includes(key) && typeof v === "string" && (v === "#" || v.startsWith("#/"))) {
        if (refs.includes(v)) return makeIssue(at, "not_allowed", `is recursive (${JSON.stringify(v)} refers back to itself); untrusted schemas must be finite`);
        const r = visit(resolvePointer(schema, v), [...refs, v]);
        if (r) return r;
      } else if (v !== null && typeof v === "object") {
        const r = visit(v, refs);
        if (r) return r;
      }
    }
    return undefined;
  };
  return visit(schema, []);
}

/** Canonical JSON (sorted keys): the cache key, so equal schemas share one compilation. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(",")}}`;
}

function newAjv(draft: Draft, allErrors: boolean): Ajv {
  const options: Options = {
    // Unknown keywords are legal JSON Schema (they are annotations), so strict mode would reject valid cards.
    strict: false,
    allErrors,
    ownProperties: true,
    // 2020-12 makes format an annotation; without ajv-formats at run time, it stays one in both drafts.
    validateFormats: false,
    $data: false,
    addUsedSchema: false,
    code: { regExp: linearRegExp },
    inlineRefs: true,
  };
  const C = (draft === "2020-12" ? Ajv2020 : Ajv) as unknown as new (o: Options) => Ajv;
  return new C(options);
}

/** A fresh Ajv per schema: Ajv caches every compiled schema forever, so a shared instance would grow without bound. */
function ajvCompile(draft: Draft, schema: unknown, allErrors: boolean): ValidateFunction {
  return newAjv(draft, allErrors).compile(structuredClone(schema) as object);
}

export class SchemaCache {
  private readonly entries = new Map<string, CompileResult>();
  constructor(readonly limits: SchemaLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.entries.size;
  }

  /** Checks and compiles `schema`; issues are reported at `at` (e.g. `["schemas", "fightComparison"]`). Never throws. */
  compile(schema: unknown, at: readonly PathSegment[] = []): CompileResult {
    try {
      return this.compileUnsafe(schema, at);
    } catch (err) {
      const why = err instanceof RangeError ? "it is nested too deeply" : "reading it failed";
      return { ok: false, issues: [makeIssue(at, "invalid", `could not be checked: ${why}`)] };
    }
  }

  private compileUnsafe(schema: unknown, at: readonly PathSegment[]): CompileResult {
    const limits = this.limits;
    if (typeof schema === "boolean") return this.compileChecked(schema, "2020-12", false, at);
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
      return { ok: false, issues: [makeIssue(at, "type", "must be a JSON Schema (an object or a boolean)")] };
    }
    const size = jsonByteSize(schema, limits.maxSchemaBytes);
    if (size.kind === "over") return { ok: false, issues: [makeIssue(at, "too_large", `must serialize to at most ${limits.maxSchemaBytes} bytes`)] };
    if (size.kind === "not_json") return { ok: false, issues: [makeIssue(at, "not_serializable", `must be plain JSON, but it contains ${size.reason}`)] };
    const draft = draftOf(schema, at);
    if (typeof draft !== "string") return { ok: false, issues: [draft] };
    const s = scan(schema, at, limits);
    if (s.issues.length > 0) return { ok: false, issues: s.issues };
    const big = expand(schema, at, limits);
    if (big) return { ok: false, issues: [big] };
    return this.compileChecked(schema, draft, s.usesUniqueItems, at);
  }

  private compileChecked(schema: unknown, draft: Draft, usesUniqueItems: boolean, at: readonly PathSegment[]): CompileResult {
    const key = `${draft}\u0000${canonical(schema)}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return relocate(hit, at);
    }
    let result: CompileResult;
    try {
      const first = ajvCompile(draft, schema, false);
      let full: ValidateFunction | undefined;
      result = { ok: true, draft, usesUniqueItems, first, full: () => (full ??= ajvCompile(draft, schema, true)) };
    } catch (err) {
      const why = err instanceof Error ? err.message.slice(0, 300) : "it does not compile";
      result = { ok: false, issues: [makeIssue([], "invalid", `is not a valid JSON Schema (${draft}): ${why}`)] };
    }
    this.entries.set(key, result);
    while (this.entries.size > this.limits.cacheSize) this.entries.delete(this.entries.keys().next().value as string);
    return relocate(result, at);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Cached failures are stored at the root; report them where this schema lives. */
function relocate(r: CompileResult, at: readonly PathSegment[]): CompileResult {
  if (r.ok || at.length === 0) return r;
  return { ok: false, issues: r.issues.map((i) => makeIssue([...at, ...i.path], i.code, i.message)) };
}

function dataDepthAndArrays(data: unknown, limits: SchemaLimits, uniqueItems: boolean): string | undefined {
  const stack: Array<[unknown, number]> = [[data, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= limits.maxDataDepth) return `is nested more than ${limits.maxDataDepth} levels deep`;
    if (Array.isArray(node)) {
      if (uniqueItems && node.length > limits.maxUniqueItems) return `holds an array of ${node.length} items; with uniqueItems in the schema, at most ${limits.maxUniqueItems} are checked`;
      for (const v of node) stack.push([v, depth + 1]);
    } else for (const k of Object.keys(node)) stack.push([(node as Record<string, unknown>)[k], depth + 1]);
  }
  return undefined;
}

/** Validates data against a compiled schema within the data limits; issues relative to the data, under `at`. Never throws. */
export function validateData(compiled: CompiledSchema, data: unknown, at: readonly PathSegment[], limits: SchemaLimits): ValidationIssue[] {
  try {
    const size = jsonByteSize(data, limits.maxDataBytes);
    if (size.kind === "over") return [makeIssue(at, "too_large", `must serialize to at most ${limits.maxDataBytes} bytes to be checked against an untrusted schema`)];
    if (size.kind === "not_json") return [makeIssue(at, "not_serializable", `must be plain JSON, but it contains ${size.reason}`)];
    const shape = dataDepthAndArrays(data, limits, compiled.usesUniqueItems);
    if (shape) return [makeIssue(at, "too_large", shape)];
    if (compiled.first(data)) return [];
    const full = compiled.full();
    full(data);
    const issues = issuesFromAjv((full.errors ?? []) as AjvError[], data);
    const list = issues.length > 0 ? issues : [makeIssue([], "invalid", "does not match its schema")];
    return list.slice(0, 100).map((i) => ({ ...i, path: [...at, ...i.path], pointer: makeIssue([...at, ...i.path], i.code, "").pointer }));
  } catch (err) {
    const why = err instanceof RangeError ? "it is nested too deeply" : "validation failed";
    return [makeIssue(at, "invalid", `could not be checked against its schema: ${why}`)];
  }
}
