/**
 * Structure-aware mutation of a seed's argument list. Every op works on a
 * "slot" (a property of some object in the input) or on the object holding it,
 * so the result stays close to a real message while one part of it turns
 * hostile. The argument list itself is harness-owned: ops may replace an
 * argument, never turn the list into a proxy or give it getters.
 */
import {
  EDGE_VALUES,
  EXOTIC,
  HOSTILE_KEYS,
  PROXIES,
  SPECIAL_NUMBERS,
  deepNesting,
  hostileProxy,
  hugeArray,
  hugeString,
  moderateString,
  nonPlain,
  revokedProxy,
  thrownValue,
} from "./hostile.js";
import type { Rng } from "./rng.js";

export interface Vocab {
  /** String leaves of every seed of the family, plus family-specific near-valid values. */
  readonly strings: readonly string[];
  readonly keys: readonly string[];
  /** JSON texts of seed subtrees, for splicing one message's part into another. */
  readonly subtrees: readonly string[];
}

export interface MutateOptions {
  /** Share of inputs that also get one huge value (1–10 MB string, 10k–100k array, 10k–100k levels). */
  readonly heavyRate: number;
  /** Relative weight of a slot by its argument index and first key (e.g. to spare costly subtrees); 1 by default. */
  readonly slotWeight?: (arg: number, second: string | number | undefined) => number;
}

export interface Mutated {
  readonly ops: string[];
  readonly kinds: string[];
  /** Some part answers differently on each read (flip-flop getter, lying proxy). */
  stateful: boolean;
  /** The input may hold accessors, proxies or odd objects: inspect it through descriptors only. */
  careful: boolean;
  heavy: boolean;
}

type Key = string | number;

interface Slot {
  readonly c: object;
  readonly k: Key;
  readonly value: unknown;
  readonly accessor: boolean;
  /** The slot holding `c` (undefined for an argument itself); paths and ancestors are walked up on demand. */
  readonly parent: Slot | undefined;
  /** The argument index and the first key under it, for slot weights. */
  readonly arg: number;
  readonly second: Key | undefined;
}

const MAX_SLOTS = 400;
const MAX_DEPTH = 48;

function isContainer(v: unknown): v is object {
  return v !== null && typeof v === "object" && !PROXIES.has(v);
}

function pathOf(s: Slot): Key[] {
  const out: Key[] = [];
  for (let x: Slot | undefined = s; x; x = x.parent) out.push(x.k);
  return out.reverse();
}

/** The objects from the argument down to the one holding `s`, outermost first. */
function ancestorsOf(s: Slot): object[] {
  const out: object[] = [];
  for (let x = s.parent; x; x = x.parent) out.push(x.value as object);
  return out.reverse();
}

/**
 * Every slot reachable without calling a getter or touching a proxy (bounded,
 * sampled in long arrays). Until an op has added accessors (`careful`), values
 * are read directly, which is much cheaper than descriptors.
 */
function slots(holder: unknown[], rng: Rng, careful: boolean): Slot[] {
  const out: Slot[] = [];
  const seen = new Set<object>([holder]);
  const queue: { s: Slot; depth: number }[] = [];
  for (let i = 0; i < holder.length; i++) {
    const v = holder[i];
    const s: Slot = { c: holder, k: i, value: v, accessor: false, parent: undefined, arg: i, second: undefined };
    out.push(s);
    if (isContainer(v) && !seen.has(v)) {
      seen.add(v);
      queue.push({ s, depth: 1 });
    }
  }
  for (let q = 0; q < queue.length && out.length < MAX_SLOTS; q++) {
    const { s: holderSlot, depth } = queue[q]!;
    const o = holderSlot.value as object;
    if (depth > MAX_DEPTH) continue;
    let keys: string[];
    try {
      keys = Object.keys(o);
    } catch {
      continue;
    }
    // Long arrays: a sample of indices is as good as all of them.
    if (keys.length > 64) keys = Array.from({ length: 16 }, () => keys[rng.int(keys.length)]!);
    const arr = Array.isArray(o);
    for (const key of keys) {
      let value: unknown;
      let accessor = false;
      if (careful) {
        const d = Object.getOwnPropertyDescriptor(o, key);
        if (!d) continue;
        accessor = d.get !== undefined || d.set !== undefined;
        value = accessor ? undefined : d.value;
      } else value = (o as Record<string, unknown>)[key];
      const k: Key = arr ? Number(key) : key;
      const s: Slot = { c: o, k, value, accessor, parent: holderSlot, arg: holderSlot.arg, second: holderSlot.parent ? holderSlot.second : k };
      out.push(s);
      if (!accessor && isContainer(value) && !seen.has(value)) {
        seen.add(value);
        queue.push({ s, depth: depth + 1 });
      }
    }
  }
  return out;
}

function define(c: object, k: Key, value: unknown): void {
  // Never assignment: `__proto__` must become an own property, not a prototype.
  Object.defineProperty(c, k, { value, writable: true, enumerable: true, configurable: true });
}

function fresh(text: string): unknown {
  return JSON.parse(text);
}

function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return v.length === 0 ? "[]" : `an array of ${v.length}`;
  switch (typeof v) {
    case "string":
      return v.length > 40 ? `a ${v.length}-char string` : JSON.stringify(v);
    case "number":
      return Object.is(v, -0) ? "-0" : String(v);
    case "object":
      return Object.keys(v as object).length === 0 ? "{}" : "an object";
    case "bigint":
      return `${v}n`;
    default:
      return typeof v === "function" ? "a function" : String(v);
  }
}

type Op = (ctx: Ctx) => string | undefined;

interface Ctx {
  readonly rng: Rng;
  readonly holder: unknown[];
  readonly vocab: Vocab;
  readonly all: Slot[];
  readonly m: Mutated;
  /** A slot, weighted; `inner` excludes the argument slots themselves. */
  slot(inner?: boolean): Slot | undefined;
  /** A slot whose value is an object or array (not a proxy). */
  container(kind?: "object" | "array"): Slot | undefined;
  where(s: Slot): string;
}

function near(ctx: Ctx): unknown {
  const { rng, vocab } = ctx;
  if (rng.chance(0.25)) return rng.pick([0, 1, -1, 2, 3, 10, 31, 32, 64, 100, 101, 127, 128, 129, 255, 256, 500, 501, 1000, 1001, 2147483647, 2147483648, 4294967296]);
  return rng.pick(vocab.strings);
}

function edge(ctx: Ctx, not: unknown): unknown {
  for (let i = 0; i < 4; i++) {
    const v = ctx.rng.pick(EDGE_VALUES)();
    if (typeof v !== typeof not || Array.isArray(v) !== Array.isArray(not)) return v;
  }
  return ctx.rng.pick(EDGE_VALUES)();
}

const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;
const PROTO_VALUES: readonly string[] = [
  '{"polluted":"fuzz"}',
  '{"prototype":{"polluted":"fuzz"}}',
  '{"__proto__":{"polluted":"fuzz"}}',
  "null",
  "1",
  '"x"',
  "[]",
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
];

const OPS: readonly (readonly [string, number, Op])[] = [
  ["delete", 8, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    if (s.c === ctx.holder) {
      ctx.holder[s.k as number] = undefined;
      return `${ctx.where(s)}: argument omitted`;
    }
    if (Array.isArray(s.c)) s.c.splice(s.k as number, 1);
    else delete (s.c as Record<string, unknown>)[s.k];
    return `${ctx.where(s)}: deleted`;
  }],
  ["duplicate", 4, (ctx) => {
    const s = ctx.slot(true);
    if (!s || s.accessor) return undefined;
    if (Array.isArray(s.c)) {
      s.c.splice(ctx.rng.int(s.c.length + 1), 0, s.value);
      return `${ctx.where(s)}: element duplicated`;
    }
    const key = ctx.rng.chance(0.5) ? ctx.rng.pick(ctx.vocab.keys) : `${s.k}${ctx.rng.pick(["_", "2", " ", "s"])}`;
    define(s.c, key, s.value);
    return `${ctx.where(s)}: value copied to sibling ${JSON.stringify(key)}`;
  }],
  ["retype", 10, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const v = edge(ctx, s.value);
    define(s.c, s.k, v);
    return `${ctx.where(s)}: ${describeValue(s.value)} → ${describeValue(v)}`;
  }],
  ["near-valid", 10, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const v = near(ctx);
    define(s.c, s.k, v);
    return `${ctx.where(s)}: → ${describeValue(v)}`;
  }],
  ["swap", 5, (ctx) => {
    const a = ctx.slot(true);
    const b = ctx.slot(true);
    if (!a || !b || a === b || a.accessor || b.accessor) return undefined;
    define(a.c, a.k, b.value);
    define(b.c, b.k, a.value);
    return `${ctx.where(a)} ⇄ ${ctx.where(b)}: values swapped`;
  }],
  ["wrap", 4, (ctx) => {
    const s = ctx.slot();
    if (!s || s.accessor) return undefined;
    define(s.c, s.k, [s.value]);
    return `${ctx.where(s)}: wrapped in an array`;
  }],
  ["unwrap", 2, (ctx) => {
    const s = ctx.container();
    if (!s) return undefined;
    // Through descriptors: reading through a getter here would spend a flip-flop getter's first answer.
    const key = Object.keys(s.value as object)[0];
    const d = key === undefined ? undefined : Object.getOwnPropertyDescriptor(s.value as object, key);
    if (d !== undefined && !("value" in d)) return undefined;
    define(s.c, s.k, d?.value);
    return `${ctx.where(s)}: replaced by its first member`;
  }],
  ["rename", 4, (ctx) => {
    const s = ctx.slot(true);
    if (!s || Array.isArray(s.c) || typeof s.k !== "string") return undefined;
    const k = s.k;
    const variants = [
      k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase()),
      k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      k.toUpperCase(),
      k + " ",
      k.slice(0, -1),
      k.replace(/[a-z]/, (c) => c.toUpperCase()),
      ctx.rng.pick(HOSTILE_KEYS),
    ];
    const nk = ctx.rng.pick(variants);
    if (nk === k) return undefined;
    const d = Object.getOwnPropertyDescriptor(s.c, k);
    if (!d) return undefined;
    delete (s.c as Record<string, unknown>)[k];
    Object.defineProperty(s.c, nk, d);
    return `${ctx.where(s)}: key renamed to ${JSON.stringify(nk.slice(0, 40))}`;
  }],
  ["add-key", 5, (ctx) => {
    const s = ctx.container("object");
    if (!s) return undefined;
    const key = ctx.rng.chance(0.5) ? ctx.rng.pick(HOSTILE_KEYS) : ctx.rng.pick(ctx.vocab.keys);
    const v = ctx.rng.chance(0.5) ? near(ctx) : edge(ctx, undefined);
    define(s.value as object, key, v);
    return `${ctx.where(s)}: extra key ${JSON.stringify(key.slice(0, 40))} = ${describeValue(v)}`;
  }],
  ["splice", 6, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const text = ctx.rng.pick(ctx.vocab.subtrees);
    define(s.c, s.k, fresh(text));
    return `${ctx.where(s)}: → a subtree of another seed (${text.length} B)`;
  }],
  ["empty", 3, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const v = ctx.rng.pick<() => unknown>([() => ({}), () => [], () => ""])();
    define(s.c, s.k, v);
    return `${ctx.where(s)}: → ${describeValue(v)}`;
  }],
  ["moderate-array", 4, (ctx) => {
    const s = ctx.slot();
    if (!s || s.accessor) return undefined;
    const n = ctx.rng.logRange(2, 1000);
    const [label, item] = ctx.rng.pick<readonly [string, () => unknown]>([
      ["copies of the value", () => s.value],
      ["empty objects", () => ({})],
      ["nulls", () => null],
      ["empty strings", () => ""],
      ["seed subtrees", () => fresh(ctx.rng.pick(ctx.vocab.subtrees))],
    ]);
    const one = item();
    define(s.c, s.k, new Array(n).fill(one));
    return `${ctx.where(s)}: → array of ${n} ${label}`;
  }],
  ["moderate-string", 4, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const base = typeof s.value === "string" && s.value.length < 200 ? s.value : ctx.rng.pick(ctx.vocab.strings);
    const v = moderateString(ctx.rng, base);
    define(s.c, s.k, v.value);
    return `${ctx.where(s)}: → ${v.label}`;
  }],
  ["special-number", 3, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const v = ctx.rng.pick(SPECIAL_NUMBERS);
    define(s.c, s.k, v);
    return `${ctx.where(s)}: → ${describeValue(v)}`;
  }],
  ["proto-key", 4, (ctx) => {
    const s = ctx.container("object");
    if (!s) return undefined;
    const key = ctx.rng.pick(PROTO_KEYS);
    let valueText = ctx.rng.pick(PROTO_VALUES);
    let text: string | undefined;
    try {
      text = JSON.stringify(s.value);
      if (ctx.rng.chance(0.2) && text !== undefined && text.length < 4096) valueText = text; // a copy of the object under its own __proto__
    } catch {
      text = undefined;
    }
    const member = `${JSON.stringify(key)}:${valueText}`;
    if (text !== undefined && text.startsWith("{")) {
      const first = ctx.rng.chance(0.5);
      const json = text === "{}" ? `{${member}}` : first ? `{${member},${text.slice(1)}` : `${text.slice(0, -1)},${member}}`;
      define(s.c, s.k, JSON.parse(json));
      return `${ctx.where(s)}: own ${JSON.stringify(key)} = ${valueText.length > 40 ? "a copy of the object" : valueText} (JSON.parse)`;
    }
    define(s.value as object, key, JSON.parse(valueText));
    return `${ctx.where(s)}: own ${JSON.stringify(key)} = ${valueText} (defineProperty)`;
  }],
  ["throwing-getter", 5, (ctx) => {
    const s = ctx.slot(true);
    if (!s) return undefined;
    const t = thrownValue(ctx.rng);
    const existing = ctx.rng.chance(0.8);
    const key = existing ? s.k : ctx.rng.pick(ctx.vocab.keys);
    const make = t.make;
    Object.defineProperty(s.c, key, {
      get() {
        throw make();
      },
      enumerable: true,
      configurable: true,
    });
    return `${existing ? ctx.where(s) : `${ctx.where(s)}/../${JSON.stringify(key)}`}: getter throws ${t.label}`;
  }],
  ["flip-getter", 2, (ctx) => {
    const s = ctx.slot(true);
    if (!s || s.accessor) return undefined;
    const first = s.value;
    const then = edge(ctx, first);
    let reads = 0;
    Object.defineProperty(s.c, s.k, { get: () => (reads++ === 0 ? first : then), enumerable: true, configurable: true });
    ctx.m.stateful = true;
    return `${ctx.where(s)}: getter returns ${describeValue(first)} once, then ${describeValue(then)}`;
  }],
  ["benign-getter", 1, (ctx) => {
    const s = ctx.slot(true);
    if (!s || s.accessor) return undefined;
    const v = s.value;
    Object.defineProperty(s.c, s.k, { get: () => v, enumerable: true, configurable: true });
    return `${ctx.where(s)}: an accessor that returns the same value`;
  }],
  ["proxy", 4, (ctx) => {
    const s = ctx.slot();
    if (!s || s.accessor) return undefined;
    const target = isContainer(s.value) || typeof s.value === "function" ? (s.value as object) : ctx.rng.pick<() => object>([() => ({}), () => [], () => () => 0])();
    const p = hostileProxy(target, ctx.rng);
    if (p.stateful) ctx.m.stateful = true;
    define(s.c, s.k, p.value);
    return `${ctx.where(s)}: ${p.label}`;
  }],
  ["revoked-proxy", 2, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const p = revokedProxy(ctx.rng, isContainer(s.value) ? s.value : undefined);
    define(s.c, s.k, p.value);
    return `${ctx.where(s)}: ${p.label}`;
  }],
  ["cycle", 3, (ctx) => {
    const s = ctx.slot(true);
    const ancestors = s ? ancestorsOf(s) : [];
    if (!s || ancestors.length === 0) return undefined;
    const i = ctx.rng.int(ancestors.length);
    define(s.c, s.k, ancestors[i]);
    const up = ancestors.length - i;
    return `${ctx.where(s)}: → its ${up === 1 ? "own container" : `ancestor ${up} levels up`} (a cycle)`;
  }],
  ["sparse", 2, (ctx) => {
    const s = ctx.slot();
    if (!s || s.accessor) return undefined;
    if (Array.isArray(s.value) && s.value.length > 0 && ctx.rng.chance(0.5)) {
      const a = s.value;
      const at = ctx.rng.int(a.length);
      delete a[at];
      return `${ctx.where(s)}/${at}: made a hole`;
    }
    const n = ctx.rng.logRange(2, 5000);
    const a: unknown[] = new Array(n);
    a[ctx.rng.int(n)] = s.value;
    define(s.c, s.k, a);
    return `${ctx.where(s)}: → sparse array (length ${n}, one element)`;
  }],
  ["non-plain", 5, (ctx) => {
    const s = ctx.slot();
    if (!s || s.accessor) return undefined;
    const from = isContainer(s.value) ? s.value : { value: s.value };
    const v = nonPlain(from, ctx.rng);
    define(s.c, s.k, v.value);
    return `${ctx.where(s)}: → ${v.label}`;
  }],
  ["exotic", 4, (ctx) => {
    const s = ctx.slot();
    if (!s) return undefined;
    const [label, make] = ctx.rng.pick(EXOTIC);
    define(s.c, s.k, make());
    return `${ctx.where(s)}: → ${label}`;
  }],
  ["hidden-key", 1, (ctx) => {
    const s = ctx.container("object");
    if (!s) return undefined;
    const o = s.value as object;
    const keys = Object.keys(o);
    if (keys.length > 0 && ctx.rng.chance(0.5)) {
      const k = ctx.rng.pick(keys);
      const d = Object.getOwnPropertyDescriptor(o, k)!;
      Object.defineProperty(o, k, { ...d, enumerable: false });
      return `${ctx.where(s)}/${k}: made non-enumerable`;
    }
    Object.defineProperty(o, Symbol("fuzz"), { value: near(ctx), enumerable: true, configurable: true });
    return `${ctx.where(s)}: own Symbol-keyed property`;
  }],
];

const WEIGHTED_OPS = OPS.map((o) => [o, o[1]] as const);

/** Ops after which the input may hold accessors, proxies, non-enumerable keys or objects with odd own properties. */
const CAREFUL = new Set(["throwing-getter", "flip-getter", "benign-getter", "proxy", "revoked-proxy", "non-plain", "hidden-key"]);

const HEAVY: readonly (readonly [string, number])[] = [
  ["huge-string", 2],
  ["huge-array", 2],
  ["deep-nesting", 2],
];

function opCount(rng: Rng): number {
  const x = rng.float();
  return x < 0.03 ? 0 : x < 0.5 ? 1 : x < 0.8 ? 2 : x < 0.93 ? 3 : 4;
}

/**
 * Mutates `holder` (a fresh argument list) in place with 0–4 ops, plus one
 * heavy value on a small share of inputs. `names` label the arguments in descriptions.
 */
export function mutate(holder: unknown[], rng: Rng, vocab: Vocab, options: MutateOptions, names?: readonly string[]): Mutated {
  const m: Mutated = { ops: [], kinds: [], stateful: false, heavy: false, careful: false };
  const where = (s: Slot): string => {
    const arg = holder.length > 1 || (names && names.length > 1) ? `${names?.[s.arg] ?? `arg${s.arg}`}:` : "";
    const rest = pathOf(s).slice(1).map((p) => String(p).slice(0, 40)).join("/");
    return `${arg}/${rest}`;
  };
  // One context for every op; `all` and the cumulative weights are refreshed per op (the structure changes).
  let all: Slot[] = [];
  let cumulative: number[] = [];
  const pickSlot = (filter: (s: Slot) => boolean): Slot | undefined => {
    const total = cumulative[cumulative.length - 1] ?? 0;
    if (total === 0) return undefined;
    // Rejection sampling: most filters accept most slots.
    for (let tries = 0; tries < 24; tries++) {
      const x = rng.float() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! > x) hi = mid;
        else lo = mid + 1;
      }
      const s = all[lo]!;
      if (filter(s)) return s;
    }
    const ok = all.filter(filter);
    return ok.length > 0 ? rng.pick(ok) : undefined;
  };
  const anySlot = (): boolean => true;
  const innerSlot = (s: Slot): boolean => s.c !== holder;
  const containerOf = (k: "object" | "array" | undefined) => (s: Slot): boolean =>
    !s.accessor && isContainer(s.value) && (k === undefined || (k === "array") === Array.isArray(s.value)) && !Object.isFrozen(s.value);
  const ctx: Ctx = {
    rng,
    holder,
    vocab,
    get all() {
      return all;
    },
    m,
    where,
    slot: (inner) => pickSlot(inner ? innerSlot : anySlot),
    container: (k) => pickSlot(containerOf(k)),
  };
  const run = (kind: string, op: Op): void => {
    all = slots(holder, rng, m.careful);
    cumulative = new Array(all.length);
    let acc = 0;
    for (let i = 0; i < all.length; i++) {
      const s = all[i]!;
      acc += (options.slotWeight ? options.slotWeight(s.arg, s.second) : 1) * (s.c === holder ? 0.15 : 1);
      cumulative[i] = acc;
    }
    try {
      const d = op(ctx);
      if (d !== undefined) {
        m.ops.push(d);
        m.kinds.push(kind);
        if (CAREFUL.has(kind)) m.careful = true;
      }
    } catch {
      // A frozen object or a non-writable slot: this op did nothing.
    }
  };
  const n = opCount(rng);
  for (let i = 0; i < n; i++) {
    const [kind, , op] = rng.weighted(WEIGHTED_OPS);
    run(kind, op);
  }
  if (rng.chance(options.heavyRate)) {
    const kind = rng.weighted(HEAVY);
    m.heavy = true;
    run(kind, (ctx) => {
      const s = ctx.slot();
      if (!s) return undefined;
      const key = typeof s.k === "string" ? s.k : "a";
      const h = kind === "huge-string" ? hugeString(rng) : kind === "huge-array" ? hugeArray(rng, s.value) : deepNesting(rng, key);
      define(s.c, s.k, h.value);
      return `${ctx.where(s)}: → ${h.label}`;
    });
  }
  return m;
}

/** String leaves, keys and subtrees of the seeds (bounded), for near-valid values and splicing. */
export function harvest(values: readonly unknown[], extraStrings: readonly string[] = []): Vocab {
  const strings = new Set<string>(extraStrings);
  const keys = new Set<string>();
  const subtrees = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === "string") {
      if (v.length <= 200) strings.add(v);
      return;
    }
    if (v === null || typeof v !== "object" || depth > 20) return;
    const text = JSON.stringify(v);
    if (text.length <= 2048) subtrees.add(text);
    if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else
      for (const [k, x] of Object.entries(v)) {
        keys.add(k);
        walk(x, depth + 1);
      }
  };
  for (const v of values) walk(v, 0);
  return { strings: [...strings], keys: [...keys], subtrees: [...subtrees] };
}
