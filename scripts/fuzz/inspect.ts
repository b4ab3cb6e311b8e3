/**
 * Looking at an input without touching it: a snapshot of every reachable object
 * (own keys, values, prototype, extensibility; never a getter call, never a
 * harness proxy), compared after the calls to catch mutation; whether the input
 * is plain JSON (for the Zod comparison); its approximate serialized size.
 */
import { types } from "node:util";
import { PROXIES } from "./hostile.js";

interface ObjRecord {
  readonly o: object;
  readonly proto: object | null;
  readonly extensible: boolean;
  readonly keys: (string | symbol)[];
  /** Per key: the value (or getter) and, in careful mode, the setter and attribute bits. */
  readonly slots: unknown[];
  /** Internal state that own properties do not show (Map/Set entries, Date time). */
  readonly inner: unknown[] | undefined;
}

export interface Inspection {
  records: ObjRecord[];
  /** Descriptors were read (the input may hold accessors); otherwise values were read directly. */
  careful: boolean;
  /** Plain JSON: what JSON.parse could have produced (no cycles, holes, accessors, non-plain objects). */
  json: boolean;
  hasAccessor: boolean;
  hasProxy: boolean;
  /** Approximate UTF-8 size of JSON.stringify(input), counting each reachable object once. */
  bytes: number;
  /** Some object is reached through more than one reference (without a cycle): see {@link expandedBytes}. */
  shared: boolean;
  maxDepth: number;
  /** Some string leaves (the first 32), for functions that take a string. */
  strings: string[];
}

const OBJ_PROTO = Object.prototype;
const ARR_PROTO = Array.prototype;

function charBytes(c: number): number {
  return c < 0x20 || c === 0x22 || c === 0x5c ? 2 : c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c <= 0xdfff) ? 2 : 3;
}

function stringBytes(s: string): number {
  if (s.length > 4096) {
    // Sampled: megabyte strings are uniform (pooled) and the budget line is coarse.
    const step = Math.floor(s.length / 1024);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < s.length; i += step, n++) sum += charBytes(s.charCodeAt(i));
    return Math.round((s.length * sum) / n) + 2;
  }
  let b = 2;
  for (let i = 0; i < s.length; i++) b += charBytes(s.charCodeAt(i));
  return b;
}

const DESC_ENUM = 1;
const DESC_WRITE = 2;
const DESC_CONF = 4;
const DESC_ACCESSOR = 8;

function bitsOf(d: PropertyDescriptor, accessor: boolean): number {
  return (d.enumerable ? DESC_ENUM : 0) | (d.writable ? DESC_WRITE : 0) | (d.configurable ? DESC_CONF : 0) | (accessor ? DESC_ACCESSOR : 0);
}

/**
 * Walks `root` iteratively (deep nesting is part of the input mix); every
 * object is recorded once. `careful` reads property descriptors, so accessors
 * are recorded, not called; without it (the input is known to have none)
 * values are read directly, which is several times cheaper.
 */
export function inspect(root: unknown, careful = true): Inspection {
  const records: ObjRecord[] = [];
  const out: Inspection = { records, careful, json: true, hasAccessor: false, hasProxy: false, bytes: 0, shared: false, maxDepth: 0, strings: [] };
  const seen = new Set<object>();
  const onPath = new Set<object>();
  // Work items: [value, depth]; depth -1 marks leaving an object (cycle detection).
  const stack: unknown[] = [root, 0];
  while (stack.length > 0) {
    const depth = stack.pop() as number;
    const v = stack.pop();
    if (depth === -1) {
      onPath.delete(v as object);
      continue;
    }
    if (depth > out.maxDepth) out.maxDepth = depth;
    switch (typeof v) {
      case "string":
        out.bytes += stringBytes(v);
        if (out.strings.length < 32) out.strings.push(v);
        continue;
      case "number":
        out.bytes += 8;
        if (!Number.isFinite(v)) out.json = false;
        continue;
      case "boolean":
        out.bytes += 5;
        continue;
      case "undefined":
      case "bigint":
      case "symbol":
        out.json = false;
        out.bytes += 4;
        continue;
      default:
        break;
    }
    if (v === null) {
      out.bytes += 4;
      continue;
    }
    const o = v as object;
    if (typeof o === "function") out.json = false;
    if (PROXIES.has(o)) {
      out.hasProxy = true;
      out.json = false;
      continue;
    }
    if (onPath.has(o)) {
      out.json = false; // a cycle
      continue;
    }
    if (seen.has(o)) {
      out.shared = true; // a shared reference: already recorded, already measured
      continue;
    }
    seen.add(o);
    onPath.add(o);
    stack.push(o, -1);
    const proto = Object.getPrototypeOf(o) as object | null;
    const isArr = Array.isArray(o);
    if (proto !== (isArr ? ARR_PROTO : OBJ_PROTO)) out.json = false;
    const keys = Reflect.ownKeys(o);
    const stride = careful ? 3 : 1;
    const slots: unknown[] = new Array(keys.length * stride);
    out.bytes += 2;
    if (isArr && keys.length !== (o as unknown[]).length + 1) out.json = false; // holes or extra named properties
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      let value: unknown;
      let accessor = false;
      if (careful) {
        const d = Object.getOwnPropertyDescriptor(o, k)!;
        accessor = d.get !== undefined || d.set !== undefined;
        value = accessor ? d.get : d.value;
        slots[i * 3] = value;
        slots[i * 3 + 1] = accessor ? d.set : undefined;
        slots[i * 3 + 2] = bitsOf(d, accessor);
        if (!accessor && !d.enumerable && !(isArr && k === "length")) out.json = false;
      } else {
        value = (o as Record<string | symbol, unknown>)[k];
        slots[i] = value;
      }
      if (typeof k === "symbol") {
        out.json = false;
        if (!accessor) stack.push(value, depth + 1);
        continue;
      }
      if (isArr && k === "length") continue;
      if (accessor) {
        out.hasAccessor = true;
        out.json = false;
        continue;
      }
      out.bytes += isArr ? 1 : stringBytes(k) + 2;
      stack.push(value, depth + 1);
    }
    let inner: unknown[] | undefined;
    // Brand checks, not instanceof: an object inheriting from a Map is not one.
    if (types.isMap(o)) {
      inner = [];
      for (const [k, val] of Map.prototype.entries.call(o) as IterableIterator<[unknown, unknown]>) {
        inner.push(k, val);
        stack.push(k, depth + 1, val, depth + 1);
      }
    } else if (types.isSet(o)) {
      inner = [];
      for (const val of Set.prototype.values.call(o) as IterableIterator<unknown>) {
        inner.push(val);
        stack.push(val, depth + 1);
      }
    } else if (types.isDate(o)) inner = [Date.prototype.getTime.call(o)];
    records.push({ o, proto, extensible: Object.isExtensible(o), keys, slots, inner });
  }
  return out;
}

function isObject(v: unknown): v is object {
  return (typeof v === "object" && v !== null) || typeof v === "function";
}

function leafBytes(v: unknown): number {
  if (typeof v === "string") return stringBytes(v);
  if (typeof v === "number") return 8;
  if (typeof v === "boolean") return 5;
  return 4;
}

/**
 * The size of the input written out as JSON, a shared object counted once per
 * reference (as JSON.stringify writes it): what the time budget's "input of at
 * most 1 MiB" means. 1 KiB of objects sharing one subtree can stand for
 * gigabytes. Iterative post-order over the recorded objects; a cycle counts 0.
 */
export function expandedBytes(snap: Inspection): number {
  const root = snap.records[0];
  if (root === undefined) return snap.bytes;
  const byObject = new Map(snap.records.map((r) => [r.o, r] as const));
  const stride = snap.careful ? 3 : 1;
  const size = new Map<object, number>(); // -1 while its children are being measured
  const children = function* (r: ObjRecord): Generator<[keyBytes: number, value: unknown]> {
    const isArr = Array.isArray(r.o);
    for (let i = 0; i < r.keys.length; i++) {
      const k = r.keys[i]!;
      if (typeof k === "symbol" || (isArr && k === "length")) continue;
      if (snap.careful && ((r.slots[i * 3 + 2] as number) & DESC_ACCESSOR)) continue;
      yield [isArr ? 1 : stringBytes(k) + 2, r.slots[i * stride]];
    }
  };
  const stack: object[] = [root.o];
  while (stack.length > 0) {
    const o = stack[stack.length - 1]!;
    const r = byObject.get(o)!;
    if (!size.has(o)) {
      size.set(o, -1);
      for (const [, v] of children(r)) if (isObject(v) && byObject.has(v) && !size.has(v)) stack.push(v);
      continue;
    }
    stack.pop();
    if (size.get(o) !== -1) continue; // measured through another reference
    let total = 2;
    for (const [k, v] of children(r)) total += k + (isObject(v) ? (byObject.has(v) ? Math.max(0, size.get(v) ?? 0) : 4) : leafBytes(v));
    size.set(o, total);
  }
  return size.get(root.o)!;
}

function sameInner(a: unknown[] | undefined, o: object): boolean {
  if (a === undefined) return true;
  let b: unknown[];
  if (types.isMap(o)) b = [...(Map.prototype.entries.call(o) as IterableIterator<[unknown, unknown]>)].flat();
  else if (types.isSet(o)) b = [...(Set.prototype.values.call(o) as IterableIterator<unknown>)];
  else if (types.isDate(o)) b = [Date.prototype.getTime.call(o)];
  else return true;
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

function keyText(k: string | symbol): string {
  return typeof k === "symbol" ? k.toString() : JSON.stringify(k.length > 40 ? k.slice(0, 40) + "…" : k);
}

/** The first difference between a snapshot and the objects now, or undefined when nothing changed. */
export function changed(snap: Inspection): string | undefined {
  const careful = snap.careful;
  for (const r of snap.records) {
    const o = r.o;
    const what = Array.isArray(o) ? "an array" : "an object";
    if (Object.getPrototypeOf(o) !== r.proto) return `the prototype of ${what} was replaced`;
    if (Object.isExtensible(o) !== r.extensible) return `${what} was made non-extensible (frozen or sealed)`;
    const keys = Reflect.ownKeys(o);
    if (keys.length !== r.keys.length) {
      const before = new Set(r.keys);
      const added = keys.filter((k) => !before.has(k));
      const after = new Set(keys);
      const removed = r.keys.filter((k) => !after.has(k));
      return `${what} ${added.length ? `gained ${added.slice(0, 3).map(keyText).join(", ")}` : ""}${added.length && removed.length ? " and " : ""}${removed.length ? `lost ${removed.slice(0, 3).map(keyText).join(", ")}` : ""}`;
    }
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k !== r.keys[i]) return `the keys of ${what} were reordered or replaced (at ${keyText(k)})`;
      if (!careful) {
        if (!Object.is((o as Record<string | symbol, unknown>)[k], r.slots[i])) return `${keyText(k)} in ${what} was overwritten`;
        continue;
      }
      const d = Object.getOwnPropertyDescriptor(o, k)!;
      const accessor = d.get !== undefined || d.set !== undefined;
      if (bitsOf(d, accessor) !== r.slots[i * 3 + 2]) return `the attributes of ${keyText(k)} in ${what} changed`;
      if (!Object.is(accessor ? d.get : d.value, r.slots[i * 3]) || (accessor && d.set !== r.slots[i * 3 + 1])) {
        return `${keyText(k)} in ${what} was overwritten`;
      }
    }
    if (!sameInner(r.inner, o)) return `the entries of a ${types.isMap(o) ? "Map" : types.isSet(o) ? "Set" : "Date"} changed`;
  }
  return undefined;
}

// ---- prototype pollution ----

const WATCHED: readonly (readonly [string, object])[] = [
  ["Object.prototype", Object.prototype],
  ["Array.prototype", Array.prototype],
  ["Function.prototype", Function.prototype],
];

const BASELINE_DESCRIPTORS = WATCHED.map(([, p]) => Object.getOwnPropertyDescriptors(p) as Record<string | symbol, PropertyDescriptor>);
const BASELINE_COUNTS = WATCHED.map(([, p]) => Reflect.ownKeys(p).length);

/** Cheap, every input: a key added to (or removed from) Object.prototype (`all`: every watched prototype). */
export function pollutionQuick(all = false): string | undefined {
  for (let i = 0; i < (all ? WATCHED.length : 1); i++) {
    const [name, p] = WATCHED[i]!;
    const keys = Reflect.ownKeys(p);
    if (keys.length !== BASELINE_COUNTS[i]) {
      const base = BASELINE_DESCRIPTORS[i]!;
      const added = keys.filter((k) => !Object.prototype.hasOwnProperty.call(base, k));
      return added.length ? `${name} gained ${added.map(keyText).join(", ")}` : `${name} lost a key`;
    }
  }
  return undefined;
}

/** Thorough, now and then: also an existing member overwritten or redefined. */
export function pollution(): string | undefined {
  const quick = pollutionQuick(true);
  if (quick !== undefined) return quick;
  for (let i = 0; i < WATCHED.length; i++) {
    const [name, p] = WATCHED[i]!;
    const base = BASELINE_DESCRIPTORS[i]!;
    for (const k of Reflect.ownKeys(p)) {
      const d = Object.getOwnPropertyDescriptor(p, k)!;
      const b = base[k]!;
      if (d.value !== b.value || d.get !== b.get || d.set !== b.set || d.enumerable !== b.enumerable || d.writable !== b.writable) return `${name}[${keyText(k)}] was overwritten`;
    }
  }
  return undefined;
}

/** Undoes any pollution so the run can go on. */
export function restorePrototypes(): void {
  for (let i = 0; i < WATCHED.length; i++) {
    const [, p] = WATCHED[i]!;
    const base = BASELINE_DESCRIPTORS[i]!;
    for (const k of Reflect.ownKeys(p)) if (!Object.prototype.hasOwnProperty.call(base, k)) delete (p as Record<string | symbol, unknown>)[k];
    for (const k of Reflect.ownKeys(base)) Object.defineProperty(p, k, base[k]!);
  }
}
