/**
 * Hostile values: what a throwing getter throws, proxies with throwing traps,
 * non-plain objects, exotic primitives, and the pooled heavy values (huge
 * strings, huge arrays, deep nesting) that are too costly to rebuild per input.
 */
import type { Rng } from "./rng.js";

/** Every proxy the harness makes, so the inspector never touches one (its traps would fire). */
export const PROXIES = new WeakSet<object>();

function track<T extends object>(p: T): T {
  PROXIES.add(p);
  return p;
}

function revoked(target: object = {}): object {
  const r = Proxy.revocable(target, {});
  r.revoke();
  return track(r.proxy);
}

const THROWN_OBJECTS = new WeakSet<object>();

function thrownObject<T extends object>(o: T): T {
  THROWN_OBJECTS.add(o);
  return o;
}

/** What a getter or a trap throws: Errors and the non-Error values that break `err.message` and `instanceof`. */
export const THROWN: readonly (readonly [string, () => unknown])[] = [
  ["Error", () => new Error("fuzz: getter throws")],
  ["TypeError", () => new TypeError("fuzz: getter throws")],
  // What a validator takes for "nested too deeply".
  ["RangeError", () => new RangeError("fuzz: getter throws a RangeError")],
  ["42", () => 42],
  ["undefined", () => undefined],
  ["null", () => null],
  ["a string", () => "fuzz"],
  ["a Symbol", () => Symbol("fuzz")],
  ["an object whose toString throws", () => thrownObject({ toString: () => { throw new Error("fuzz: toString"); } })],
  // `err instanceof RangeError` on a revoked proxy throws inside the catch block itself.
  ["a revoked proxy", () => revoked()],
  ["a proxy whose getPrototypeOf throws", () => track(new Proxy({}, { getPrototypeOf: () => { throw new Error("fuzz: getPrototypeOf trap"); } }))],
];

/** Is `e` something the harness's getters and traps throw (so a function let it escape), rather than the function's own error? */
export function isHarnessThrown(e: unknown): boolean {
  if (e === undefined || e === null || e === 42 || e === "fuzz") return true;
  if (typeof e === "symbol") return e.description === "fuzz";
  if (typeof e !== "object") return false;
  if (PROXIES.has(e) || THROWN_OBJECTS.has(e)) return true;
  return e instanceof Error && typeof e.message === "string" && e.message.startsWith("fuzz: ");
}

export function thrownValue(rng: Rng): { label: string; make: () => unknown } {
  const [label, make] = rng.pick(THROWN);
  return { label, make };
}

export const OBJECT_TRAPS = [
  "get", "set", "has", "deleteProperty", "ownKeys", "getOwnPropertyDescriptor",
  "defineProperty", "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions",
] as const;
const FUNCTION_TRAPS = ["apply", "construct"] as const;

/** A proxy over `target` with one throwing trap (or every trap throwing), or one that breaks the engine's invariants. */
export function hostileProxy(target: object, rng: Rng): { value: object; label: string; stateful: boolean } {
  const thrown = thrownValue(rng);
  const raise = () => {
    throw thrown.make();
  };
  const traps: readonly string[] = typeof target === "function" ? [...OBJECT_TRAPS, ...FUNCTION_TRAPS] : OBJECT_TRAPS;
  const kind = rng.int(10);
  if (kind < 6) {
    const trap = rng.pick(traps);
    return { value: track(new Proxy(target, { [trap]: raise })), label: `proxy whose ${trap} trap throws ${thrown.label}`, stateful: false };
  }
  if (kind < 7) {
    const handler: ProxyHandler<object> = {};
    for (const t of traps) (handler as Record<string, unknown>)[t] = raise;
    return { value: track(new Proxy(target, handler)), label: `proxy whose every trap throws ${thrown.label}`, stateful: false };
  }
  if (kind < 8) {
    // ownKeys lists a key twice: the engine throws a TypeError on the invariant.
    return { value: track(new Proxy(target, { ownKeys: () => ["a", "a"] })), label: "proxy whose ownKeys breaks an invariant", stateful: false };
  }
  if (kind < 9) {
    let n = 0;
    return {
      value: track(new Proxy(target, { get: (t, k, r) => (n++ % 2 === 0 ? Reflect.get(t, k, r) : 12345) })),
      label: "proxy whose get answers differently on every read",
      stateful: true,
    };
  }
  return { value: track(new Proxy(target, {})), label: "transparent proxy", stateful: false };
}

export function revokedProxy(rng: Rng, target?: object): { value: object; label: string } {
  const t = target ?? rng.pick<() => object>([() => ({}), () => [], () => () => 0])();
  return { value: revoked(t), label: `revoked proxy over ${Array.isArray(t) ? "an array" : typeof t === "function" ? "a function" : "an object"}` };
}

class Point {
  x = 1;
}
class Subclassed extends Array<unknown> {}

function copyInto<T extends object>(target: T, from: object): T {
  // Descriptors, not assignment: a `__proto__` key stays an own property, accessors stay accessors.
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(from));
  return target;
}

/** A non-plain object carrying (where it can) the same fields as `from`. */
export function nonPlain(from: object, rng: Rng): { value: unknown; label: string } {
  const entries = Array.isArray(from) ? from.map((v, i) => [String(i), v] as const) : Object.entries(from);
  const makers: readonly (readonly [string, () => unknown])[] = [
    ["Map with the same entries", () => new Map(entries)],
    ["Set of the values", () => new Set(entries.map(([, v]) => v))],
    ["Date", () => new Date(0)],
    ["invalid Date", () => new Date(NaN)],
    ["RegExp", () => /fuzz/g],
    ["class instance with the same fields", () => copyInto(new Point(), from)],
    ["null-prototype object with the same fields", () => copyInto(Object.create(null) as object, from)],
    ["object inheriting every field (none own)", () => Object.create(from) as object],
    // Its stack is made a plain value first: V8 formats `stack` when it is first read, and the formatter calls
    // toString(), which would reach a hostile `message` getter from inside the harness's own snapshot.
    ["Error with the same fields", () => copyInto(Object.defineProperty(new Error("fuzz"), "stack", { value: "Error: fuzz", writable: true, configurable: true }), from)],
    ["boxed String", () => new String("fuzz")],
    ["boxed Number", () => new Number(1)],
    ["Uint8Array", () => new Uint8Array([1, 2, 3])],
    ["ArrayBuffer", () => new ArrayBuffer(8)],
    ["Array subclass with the same elements", () => Subclassed.from(Array.isArray(from) ? from : Object.values(from))],
    ["frozen copy", () => Object.freeze(copyInto(Array.isArray(from) ? [] : {}, from))],
    ["object with toJSON", () => copyInto({ toJSON: () => ({}) }, from)],
    ["object claiming to be an Array via Symbol.toStringTag", () => copyInto({ [Symbol.toStringTag]: "Array" }, from)],
    ["array with extra named properties", () => Object.assign(Array.isArray(from) ? from.slice() : Object.values(from), { extra: 1 })],
    ["function carrying the same fields", () => copyInto(function fuzz() {}, from)],
    ["arguments object", () => (function (..._a: unknown[]) { return arguments; })(...entries.map(([, v]) => v))],
    ["WeakMap", () => new WeakMap()],
    ["Promise", () => Promise.resolve(1)],
  ];
  const [label, make] = rng.pick(makers);
  return { value: make(), label };
}

export const EXOTIC: readonly (readonly [string, () => unknown])[] = [
  ["BigInt 1n", () => 1n],
  ["BigInt 0n", () => 0n],
  ["BigInt 2^64", () => 2n ** 64n],
  ["Symbol()", () => Symbol("fuzz")],
  ["Symbol.iterator", () => Symbol.iterator],
  ["arrow function", () => () => 1],
  ["class", () => class Fuzz {}],
  ["async function", () => async () => 1],
  ["generator function", () => function* gen() {}],
  ["bound function", () => function f() {}.bind(null)],
  ["native function", () => Math.max],
  ["undefined", () => undefined],
];

export const SPECIAL_NUMBERS: readonly number[] = [
  NaN, Infinity, -Infinity, -0, 1e308, 5e-324, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 0.5, 1e21, -1, 1e-7, 0.1 + 0.2,
];

export const EDGE_VALUES: readonly (() => unknown)[] = [
  () => "", () => " ", () => "x", () => "0", () => "true", () => "null", () => 0, () => -1, () => 1, () => 1.5, () => 100, () => 101,
  () => true, () => false, () => null, () => [], () => ({}), () => [null], () => [[]], () => ({ "": null }), () => ["x"], () => [1, 2, 3],
  () => [{}], () => ({ a: {} }),
];

/** Keys that break naive code: pointer escapes, prototype names, array-ish names, odd Unicode. */
export const HOSTILE_KEYS: readonly string[] = [
  "", "~", "/", "~0", "~1", "a/b", "a~b", "~01", "//", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty",
  "isPrototypeOf", "__defineGetter__", "length", "0", "-1", "1e3", "NaN", "\u0000", "\u{1F600}", "\ud800", " ", "then", "toJSON", "x".repeat(300),
];

// ---- pooled heavy values: built once per process, shared by reference (never written by the harness) ----

const cache = new Map<string, unknown>();
function pooled<T>(key: string, make: () => T): T {
  let v = cache.get(key) as T | undefined;
  if (v === undefined) cache.set(key, (v = make()));
  return v;
}

/** 10 MiB: the legacy payload limit, so sizes around it probe the boundary. */
const MIB = 1024 * 1024;
export const HUGE_STRING_BYTES = [1_000_000, 2 * MIB, 5 * MIB, 10 * MIB - 64, 10 * MIB + 64, 10_000_000] as const;

export interface Heavy {
  value: unknown;
  label: string;
}

function flat(s: string): string {
  // Flatten rope strings once, so every call sees the same cheap representation.
  return Buffer.from(s, "utf16le").toString("utf16le");
}

export function hugeString(rng: Rng): Heavy {
  const bytes = rng.pick(HUGE_STRING_BYTES);
  const kind = rng.pick(["ascii letters", "base64 alphabet", "astral", "url", "base64: prefixed", "quotes and backslashes"] as const);
  const value = pooled(`str:${kind}:${bytes}`, () => {
    switch (kind) {
      case "ascii letters":
        return "a".repeat(bytes);
      case "base64 alphabet":
        return "QUJD".repeat(Math.floor(bytes / 4));
      case "astral":
        return flat("\u{1F600}".repeat(Math.floor(bytes / 4)));
      case "url":
        return "https://example.com/" + "a".repeat(bytes - 20);
      case "base64: prefixed":
        return "base64:" + "QUJD".repeat(Math.floor((bytes - 7) / 4));
      case "quotes and backslashes":
        return '"\\'.repeat(Math.floor(bytes / 2));
    }
  });
  return { value, label: `huge string (${kind}, ${fmtBytes(bytes)})` };
}

export function hugeArray(rng: Rng, like: unknown): Heavy {
  const n = rng.pick([10_000, 30_000, 100_000]);
  const kind = rng.pick(["empty objects", "nulls", "copies of the original", "empty strings", "numbers"] as const);
  let value: unknown[];
  switch (kind) {
    case "empty objects":
      value = pooled(`arr:{}:${n}`, () => Array.from({ length: n }, () => ({})));
      break;
    case "nulls":
      value = pooled(`arr:null:${n}`, () => new Array(n).fill(null));
      break;
    case "empty strings":
      value = pooled(`arr:"":${n}`, () => new Array(n).fill(""));
      break;
    case "numbers":
      value = pooled(`arr:n:${n}`, () => Array.from({ length: n }, (_, i) => i));
      break;
    case "copies of the original":
      // Shared references: the same work per element, none of the allocation.
      value = new Array(n).fill(like);
      break;
  }
  return { value, label: `huge array (${n.toLocaleString("en")} × ${kind})` };
}

export function deepNesting(rng: Rng, key: string): Heavy {
  const depth = rng.pick([10_000, 30_000, 100_000]);
  const shape = rng.pick(["arrays", "objects", "objects under the same key", "alternating"] as const);
  const value = pooled(`deep:${shape}:${depth}:${shape === "objects under the same key" ? key : ""}`, () => {
    let v: unknown = shape === "arrays" ? [] : {};
    for (let i = 0; i < depth; i++) {
      if (shape === "arrays") v = [v];
      else if (shape === "objects") v = { a: v };
      else if (shape === "objects under the same key") v = { [key]: v };
      else v = i % 2 === 0 ? [v] : { a: v };
    }
    return v;
  });
  return { value, label: `deep nesting (${depth.toLocaleString("en")} levels of ${shape === "objects under the same key" ? `{"${key.slice(0, 20)}": …}` : shape})` };
}

export function fmtBytes(n: number): string {
  if (n >= MIB) return `${(n / MIB).toFixed(n % MIB === 0 ? 0 : 2)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/** A moderate string (100 B – 100 KB) of a shape validators treat specially. */
export function moderateString(rng: Rng, near: string): { value: string; label: string } {
  const n = rng.logRange(100, 100_000);
  const kind = rng.int(10);
  switch (kind) {
    case 0:
      return { value: "a".repeat(n), label: `${n}-char ASCII string` };
    case 1:
      return { value: "\u{1F600}".repeat(Math.ceil(n / 2)), label: `${n}-unit astral string` };
    case 2:
      return { value: "\ud800".repeat(n), label: `${n} lone high surrogates` };
    case 3:
      return { value: "\udc00\ud800".repeat(Math.ceil(n / 2)), label: `${n} reversed surrogate pairs` };
    case 4:
      return { value: "\u0000\u001f\u007f\u2028".repeat(Math.ceil(n / 4)), label: `${n} control characters` };
    case 5:
      return { value: '"\\'.repeat(Math.ceil(n / 2)), label: `${n} quotes and backslashes` };
    case 6:
      // Valid-looking prefix, then a long tail: regexes and prefix checks walk all of it.
      return { value: near + "a".repeat(n), label: `${JSON.stringify(near.slice(0, 30))} + ${n} × "a"` };
    case 7:
      return { value: "a".repeat(n) + "!", label: `${n} × "a" + "!" (backtracking bait)` };
    case 8:
      return { value: "a-".repeat(Math.ceil(n / 2)), label: `${n}-char "a-a-…" (id-pattern bait)` };
    default:
      return { value: " ".repeat(n) + near, label: `${n} spaces + ${JSON.stringify(near.slice(0, 30))}` };
  }
}
