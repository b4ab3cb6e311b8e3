/**
 * The checks every generated Zod model is made of (scripts/generate/emit/zod.ts).
 * Each JSON Schema keyword Zod has no exact method for is one check that behaves as
 * the compiled validators do: lengths in code points (as JSON Schema counts them,
 * not UTF-16 units), regular expressions with the `u` flag, integers as Ajv
 * defines them (any finite whole number, not only safe integers), and a string
 * longer than twice its cap skips its pattern and format (as the validators'
 * all-errors pass does: the length issue says what is wrong). A failed check
 * carries the Ajv error the validators report for the same keyword
 * (`params.ajv`), so issuesFromZod reads it without parsing messages.
 */
// A namespace import, never `import { z }`: that object holds all of zod (locales, JSON Schema
// conversion), which a bundler then cannot drop (bench/size.ts, test/package/zod-size.test.ts).
import * as z from "zod";
// By name: an assertion signature (`init`) is not callable through a namespace import, and `z.core`
// (a namespace inside the namespace) would keep all of zod's core, locales included.
import { ZodObject, ZodRecord } from "zod";
import { $constructor, util } from "zod/v4/core";
import type { ValidationIssue } from "./issue.js";

/** The Ajv error a failed check stands for: keyword, its params and the schema path of the keyword. */
export interface AjvSite {
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly schemaPath: string;
  /** The words of a keyword the core does not know (a family's own). */
  readonly message?: string;
}

export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

function check<T>(ok: (value: T) => boolean, message: string, ajv: AjvSite) {
  return z.refine<T>(ok, { message, params: { ajv } });
}

/** `minLength`: a string has between length/2 and length code points, so most strings need no count. */
export function minLength(n: number, schemaPath: string) {
  return check((s: string) => s.length >= 2 * n || codePoints(s) >= n, `must be at least ${n} characters long`, { keyword: "minLength", params: { limit: n }, schemaPath });
}

/** `maxLength`, settled by `.length` unless the string is between the cap and twice it. */
export function maxLength(n: number, schemaPath: string) {
  return check((s: string) => s.length <= n || (s.length <= 2 * n && codePoints(s) <= n), `must be at most ${n} characters long`, {
    keyword: "maxLength",
    params: { limit: n },
    schemaPath,
  });
}

/** `pattern`; `cap` is the schema's maxLength, past twice which the pattern is not matched. */
export function pattern(source: string, schemaPath: string, cap?: number) {
  const re = new RegExp(source, "u");
  const limit = cap === undefined ? Infinity : 2 * cap;
  return check((s: string) => s.length > limit || re.test(s), `must match ${source}`, { keyword: "pattern", params: { pattern: source }, schemaPath });
}

/** `format` with the family's implementation of it; `cap` as for `pattern`. */
export function format(name: string, valid: (s: string) => boolean, schemaPath: string, cap?: number) {
  const limit = cap === undefined ? Infinity : 2 * cap;
  return check((s: string) => s.length > limit || valid(s), `must be a valid ${name}`, { keyword: "format", params: { format: name }, schemaPath });
}

/** What a non-number says where the schema wants an integer (Zod's type issue carries no params). */
export const INTEGER_MESSAGE = "must be an integer";

/** `type: "integer"`: a number (Zod's type check, worded for an integer), then whole. */
export function integer(schemaPath: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? undefined : INTEGER_MESSAGE) })
    .check(check((n: number) => Number.isInteger(n), INTEGER_MESSAGE, { keyword: "type", params: { type: "integer" }, schemaPath }));
}

export function minimum(limit: number, schemaPath: string) {
  return check((n: number) => n >= limit, `must be >= ${limit}`, { keyword: "minimum", params: { limit, comparison: ">=" }, schemaPath });
}

export function maximum(limit: number, schemaPath: string) {
  return check((n: number) => n <= limit, `must be <= ${limit}`, { keyword: "maximum", params: { limit, comparison: "<=" }, schemaPath });
}

/** A required key whose schema accepts any value: it must be there (undefined is not JSON). */
export function present(schemaPath: string) {
  return check((v: unknown) => v !== undefined, "is required", { keyword: "required", params: {}, schemaPath });
}

/** A check of the whole object by a family's own keyword (the same function the validators call). */
export function keyword(name: string, valid: (value: Record<string, unknown>) => boolean, message: string, schemaPath: string) {
  return check((v: Record<string, unknown>) => valid(v), message, { keyword: name, params: {}, schemaPath, message });
}

/**
 * Zod v4 leaves a `__proto__` member out of what it builds (z.record and an object's catchall skip
 * the key, so that assigning it cannot change the output's prototype), while JSON.parse, the
 * validators and JSON Schema treat it as any other member. The schemas below are Zod's own (same
 * type, same methods, clones and derived schemas included) with one change: after Zod's parse, an
 * own `__proto__` member of the input is checked by `member` and defined as an own data property of
 * the output, as JSON.parse defines it (never assigned: no prototype changes).
 */
type Run = (value: unknown, ctx: z.core.ParseContextInternal) => z.core.util.MaybeAsync<z.core.ParsePayload>;

const hasOwn = Object.prototype.hasOwnProperty;

function keepProto(inst: z.core.$ZodType, member: Run): void {
  // z.compile (and `import "zod/compile"`) would inline Zod's own parse and skip this one; it leaves a
  // schema it refuses to the runtime, and it refuses a def that asks for coercion (which an object or
  // a record parse does not read).
  (inst._zod.def as { coerce?: boolean }).coerce = true;
  const parse = inst._zod.parse;
  const finish = (input: object, out: z.core.ParsePayload, ctx: z.core.ParseContextInternal): z.core.util.MaybeAsync<z.core.ParsePayload> => {
    const r = member((input as Record<string, unknown>)["__proto__"], ctx);
    const done = (r: z.core.ParsePayload): z.core.ParsePayload => {
      if (r.issues.length > 0) out.issues.push(...util.prefixIssues("__proto__", r.issues));
      const o = out.value;
      if (o !== null && typeof o === "object" && o !== input) Object.defineProperty(o, "__proto__", { value: r.value, writable: true, enumerable: true, configurable: true });
      return out;
    };
    return r instanceof Promise ? r.then(done) : done(r);
  };
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    const out = parse(payload, ctx);
    if (input === null || typeof input !== "object" || !hasOwn.call(input, "__proto__")) return out;
    return out instanceof Promise ? out.then((o) => finish(input, o, ctx)) : finish(input, out, ctx);
  };
}

const runOf = (schema: z.core.$ZodType): Run => (value, ctx) => schema._zod.run({ value, issues: [] }, ctx);

/** z.looseObject that keeps `__proto__`, checked by its catchall (a clone made strict or stripping treats it as Zod does). */
const OpenObject = /*@__PURE__*/ $constructor<z.ZodObject, z.core.$ZodObjectDef>("A2AOpenObject", (inst, def) => {
  ZodObject.init(inst, def);
  if (def.catchall !== undefined && def.catchall._zod.def.type !== "never") keepProto(inst, runOf(def.catchall));
});

/** z.record(z.string(), value) that checks and keeps `__proto__` like any other key. */
const OpenRecord = /*@__PURE__*/ $constructor<z.ZodRecord, z.core.$ZodRecordDef>("A2AOpenRecord", (inst, def) => {
  ZodRecord.init(inst, def);
  keepProto(inst, runOf(def.valueType));
});

/** An object with known members that keeps any others (`additionalProperties` true or absent), `__proto__` included. */
export function openObject<S extends z.core.$ZodLooseShape>(shape: S): z.ZodObject<z.core.util.Writeable<S>, z.core.$loose> {
  return new OpenObject({ type: "object", shape, catchall: z.unknown() }) as unknown as z.ZodObject<z.core.util.Writeable<S>, z.core.$loose>;
}

/** A map (`additionalProperties` with a schema): every member, `__proto__` included, is checked and kept. */
export function map<V extends z.ZodType>(value: V): z.ZodRecord<z.ZodString, V> {
  return new OpenRecord({ type: "record", keyType: z.string(), valueType: value }) as unknown as z.ZodRecord<z.ZodString, V>;
}

/** A JSON object (not an array, not null) with any members. */
export const jsonObject = map(z.unknown());

/**
 * The schema of a oneof member that a branch does not set: an optional key of type never, so `z.infer`
 * and `z.input` give `?: never` as the generated types do. Any value fails; like a missing key, `undefined`
 * (which JSON cannot hold) passes, as it does for the validators.
 */
export type AbsentMember = z.ZodType<never, never> & {
  /** Zod's internals, narrowed. */
  _zod: {
    /** The key may be absent on input. */
    optin: "optional";
    /** The key may be absent on output. */
    optout: "optional";
  };
};
/** The one AbsentMember (the cast only narrows the inferred type of z.never().optional()). */
export const absent = z.never().optional() as unknown as AbsentMember;

/** Adds library issues (from a shared rules function) to a Zod context with the same paths. */
export function addIssues(ctx: { addIssue: (i: any) => void }, issues: readonly ValidationIssue[]): void {
  for (const i of issues) {
    if (i.severity === "warning") continue;
    ctx.addIssue({ code: "custom", path: [...i.path], message: i.message, params: { a2aCode: i.code } });
  }
}

/** A family's rules in code as a superRefine: the validators' own function, its issues as they are. */
export function withRules<T>(rules: (value: T) => readonly ValidationIssue[]) {
  return (value: T, ctx: { addIssue: (i: any) => void }): void => addIssues(ctx, rules(value));
}

/** Like the validators, run cross-field rules only once the shape is valid (Zod's default runs them on partial shapes too). */
export const shapeIsValid = (payload: { issues: readonly unknown[] }): boolean => payload.issues.length === 0;
