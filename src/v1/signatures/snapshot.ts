/**
 * A plain-data copy of untrusted input, read once: every getter and proxy trap
 * runs at most once, so what is canonicalized, signed and verified is one
 * consistent value, and the caller's object is never touched again.
 */
import type { PathSegment, ValidationIssue } from "../../core/issue.js";
import { issue, reason } from "./issues.js";

/** JSON data in objects without Object.prototype (see NullObject), so `__proto__` is an ordinary key. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

/**
 * A fast-mode object with no Object.prototype behind it: `__proto__` is an
 * ordinary key and no inherited member answers a lookup. `Object.create(null)`
 * gives the same, but in V8's dictionary mode, 3 to 5 times slower to build and read.
 */
export const NullObject = function NullObject() {} as unknown as { new (): JsonObject };
NullObject.prototype = Object.freeze(Object.create(null) as object) as JsonObject;

export const MAX_DEPTH = 256;
export const MAX_VALUES = 1_000_000;

// In a `u` regex a valid surrogate pair is one code point, so this finds only lone surrogates.
export const LONE_SURROGATE = /\p{Cs}/u;

class Stop {
  constructor(readonly issue: ValidationIssue) {}
}

export function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Copies `input` into plain JSON data, or returns the first reason it is not RFC 8785 input. */
export function snapshot(input: unknown): { ok: true; value: Json } | { ok: false; issues: ValidationIssue[] } {
  let count = 0;
  // The container open at each depth. A cycle always runs into the depth limit, so it is
  // looked for only there: a Set of ancestors per container cost more than the copy.
  const chain: object[] = [];
  const path: PathSegment[] = [];
  const fail = (message: string, code: "not_serializable" | "too_large" | "invalid" = "not_serializable"): never => {
    throw new Stop(issue([...path], code, message));
  };
  const str = (s: string, what: string): string => {
    if (LONE_SURROGATE.test(s)) fail(`${what} contains a lone UTF-16 surrogate, which has no UTF-8 form (RFC 8785 section 3.2.2.2)`);
    return s;
  };

  const copy = (v: unknown, depth: number): Json | undefined => {
    if (++count > MAX_VALUES) fail(`holds more than ${MAX_VALUES} values`, "too_large");
    switch (typeof v) {
      case "string":
        return str(v, "string");
      case "number":
        if (!Number.isFinite(v)) fail(`${v} is not a JSON number (RFC 8785 section 3.2.2.3)`);
        return v;
      case "boolean":
        return v;
      case "undefined":
        return undefined;
      case "object":
        break;
      default:
        return fail(`a ${typeof v} is not JSON data`);
    }
    if (v === null) return null;
    chain[depth] = v;
    if (depth >= MAX_DEPTH) {
      const seen = new Set<object>();
      for (let d = 0; d <= depth; d++) {
        if (seen.has(chain[d]!)) {
          path.length = d; // where the cycle first comes back
          fail("contains a cycle");
        }
        seen.add(chain[d]!);
      }
      fail(`nested deeper than ${MAX_DEPTH} levels`, "too_large");
    }
    if (Array.isArray(v)) {
      const n: unknown = v.length;
      if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) fail("is an array with an impossible length");
      const out: Json[] = [];
      for (let i = 0; i < (n as number); i++) {
        path.push(i);
        const item = copy(v[i], depth + 1);
        if (item === undefined) fail("undefined is not JSON data");
        out.push(item!);
        path.pop();
      }
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) fail("is not a plain object (pass JSON data, e.g. the result of JSON.parse)");
    const out = new NullObject();
    for (const key of Object.keys(v)) {
      path.push(key);
      str(key, "key");
      const item = copy((v as Record<string, unknown>)[key], depth + 1);
      if (item !== undefined) out[key] = item;
      path.pop();
    }
    return out;
  };

  try {
    const value = copy(input, 0);
    if (value === undefined) return { ok: false, issues: [issue([], "not_serializable", "undefined is not JSON data")] };
    return { ok: true, value };
  } catch (e) {
    if (isStop(e)) return { ok: false, issues: [e.issue] };
    // A throwing getter or proxy trap, or a stack overflow inside one.
    return { ok: false, issues: [issue([...path], "invalid", `could not be read: ${reason(e)}`)] };
  }
}

/** JSON text of a snapshot, in its own key order (null-prototype objects serialize as usual). */
export function toPlain<T>(value: Json): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** `instanceof` throws on a thrown revoked proxy; ask safely. */
function isStop(e: unknown): e is Stop {
  try {
    return e instanceof Stop;
  } catch {
    return false;
  }
}
