/**
 * A bound on the work of validating data against an untrusted schema, known
 * before the validator runs. Each limit alone (schema nodes, data bytes) holds,
 * but their product does not: `items: {anyOf: [1,600 consts]}` on 16,000 items
 * is 25 million comparisons. So the schema gets a cost per data node at each
 * relative depth (the schema nodes that can apply to one data node there, the
 * values of `enum` and `const` at the depth where they are compared), the data
 * a size per depth (nodes, members, characters), and their product is checked
 * against one budget. Keys select one `properties` entry, so that keyword
 * costs its dearest entry, not their sum; every other applicator adds.
 */
import { isPlainObject, keywordsOf, resolveRef } from "./schema-walk.js";
import { toPointer } from "../../core/issue.js";

/** Per relative data depth: work per data node and per character of string data (values, and member names at the member's depth). */
export interface SchemaCost {
  readonly node: Float64Array;
  readonly char: Float64Array;
  /** Work per unit of the whole data below any depth (the linear `uniqueItems` check reads each item once per keyword). */
  readonly whole: number;
}

/** The data's size per depth, as the cost model reads it. */
export interface DataSize {
  /** Nodes plus their members (Object.keys and deep-equal read each). */
  readonly node: Float64Array;
  /** Characters of string values, and of member names at the member's depth. */
  readonly char: Float64Array;
  readonly total: number;
}

/*
 * Weights, so that a unit costs about the same whatever the shape: measured
 * with `npx tsx` on the shapes of bench/hostile.ts, a schema node or keyword
 * on one data node costs 4 to 7 ns (the unit), a character through
 * `maxLength` about 7 ns, through RE2 up to 15 ns, a string `enum` value
 * about 13 ns against a string, and the canonical form `uniqueItems` hashes
 * up to 60 ns per unit of data (hence 12: 2,000 objects of 40 keys are over
 * the budget, 1,000 within). Failing data runs a second, all-errors pass, so
 * the default budget (4 million units) is about 25 ms of work per pass.
 */
const PATTERN_WEIGHT = 3;
const STRING_VALUE_WEIGHT = 2;
/** An object or array value makes deep-equal list the data node's own keys (Object.keys allocates). */
const CONTAINER_VALUE_WEIGHT = 2;
const UNIQUE_WEIGHT = 12;
/** Characters of a compared string constant per unit (comparisons run at memory speed). */
const CHARS_PER_UNIT = 32;

const SAME_INSTANCE_ONE = new Set(["not", "if", "then", "else"]);
const SAME_INSTANCE_LIST = new Set(["allOf", "anyOf", "oneOf"]);
const SAME_INSTANCE_MAP = new Set(["dependentSchemas", "dependencies"]);
const CHILD_ONE = new Set(["additionalProperties", "unevaluatedProperties", "propertyNames", "additionalItems", "contains", "unevaluatedItems"]);
const CHILD_ONE_OF_MANY = new Set(["properties", "prefixItems"]);

class Rates {
  readonly node: Float64Array;
  readonly char: Float64Array;
  whole = 0;
  constructor(readonly depth: number) {
    this.node = new Float64Array(depth);
    this.char = new Float64Array(depth);
  }
  add(r: Rates, shift: number): void {
    for (let i = 0; i + shift < this.depth; i++) {
      this.node[i + shift]! += r.node[i]!;
      this.char[i + shift]! += r.char[i]!;
    }
    this.whole += r.whole;
  }
  max(list: readonly Rates[], shift: number): void {
    const m = new Rates(this.depth);
    for (const r of list) {
      for (let i = 0; i < this.depth; i++) {
        m.node[i] = Math.max(m.node[i]!, r.node[i]!);
        m.char[i] = Math.max(m.char[i]!, r.char[i]!);
      }
      m.whole = Math.max(m.whole, r.whole);
    }
    this.add(m, shift);
  }
}

/** Adds an `enum`/`const` value's nodes at the depth where deep-equal compares them to the data. */
function addValue(r: Rates, value: unknown, depth: number): void {
  const stack: Array<[unknown, number]> = [[value, depth]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (d >= r.depth) continue;
    r.node[d]! += typeof v === "string" ? STRING_VALUE_WEIGHT + v.length / CHARS_PER_UNIT : v !== null && typeof v === "object" ? CONTAINER_VALUE_WEIGHT : 1;
    if (Array.isArray(v)) for (const x of v) stack.push([x, d + 1]);
    else if (isPlainObject(v)) for (const k of Object.keys(v)) stack.push([v[k], d + 1]);
  }
}

function count(value: unknown): number {
  if (Array.isArray(value)) return value.length + 1;
  if (isPlainObject(value)) return Object.keys(value).length + 1;
  return 1;
}

/**
 * The cost of `root` (already checked: finite, references local and
 * resolvable). `depth` is one more than the deepest data the limits let
 * through; rates deeper than that can never apply.
 */
export function schemaCost(root: unknown, depth: number): SchemaCost {
  const memo = new Map<string, Rates>();
  const open = new Set<string>();
  const rateOf = (node: unknown, at: readonly string[]): Rates => {
    const loc = toPointer(at);
    const known = memo.get(loc);
    if (known) return known;
    const r = new Rates(depth);
    r.node[0] = 1;
    // Recursion was refused before; never loop regardless.
    if (!isPlainObject(node) || open.has(loc)) return r;
    open.add(loc);
    const sub = (v: unknown, ...rel: Array<string | number>): Rates => rateOf(v, [...at, ...rel.map(String)]);
    for (const k of keywordsOf(node)) {
      const v = k.value;
      r.node[0]! += 1;
      if (k.kind === "reference") {
        const t = typeof v === "string" ? resolveRef(root, v) : undefined;
        if (t?.ok) r.add(rateOf(t.node, t.at), 0);
      } else if (k.key === "enum" && Array.isArray(v)) for (const x of v) addValue(r, x, 0);
      else if (k.key === "const") addValue(r, v, 0);
      else if (k.key === "pattern") r.char[0]! += PATTERN_WEIGHT;
      else if (k.key === "minLength" || k.key === "maxLength") r.char[0]! += 1;
      else if (k.key === "uniqueItems") r.whole += v === true ? UNIQUE_WEIGHT : 0;
      else if (k.kind === "assertion") r.node[0]! += count(v);
      else if (k.kind !== "applicator") continue;
      else if (SAME_INSTANCE_ONE.has(k.key) || SAME_INSTANCE_LIST.has(k.key) || SAME_INSTANCE_MAP.has(k.key)) for (const [s, rel] of k.schemas) r.add(sub(s, k.key, ...rel), 0);
      else if (CHILD_ONE_OF_MANY.has(k.key) || (k.key === "items" && Array.isArray(v))) {
        // Ajv looks each named property (or position) up in every instance, present or not.
        r.node[0]! += k.schemas.length;
        r.max(k.schemas.map(([s, rel]) => sub(s, k.key, ...rel)), 1);
      }
      else if (k.key === "patternProperties") {
        for (const [s, rel] of k.schemas) r.add(sub(s, k.key, ...rel), 1);
        if (depth > 1) r.char[1]! += PATTERN_WEIGHT * k.schemas.length;
      } else if (CHILD_ONE.has(k.key) || k.key === "items") for (const [s, rel] of k.schemas) r.add(sub(s, k.key, ...rel), 1);
      // `$defs`, `definitions`: never applied by themselves, only through a reference.
    }
    open.delete(loc);
    memo.set(loc, r);
    return r;
  };
  const r = rateOf(root, []);
  return { node: r.node, char: r.char, whole: r.whole };
}

/**
 * The data's size per depth, in one walk that also enforces its shape limits:
 * depth (containers at `maxDepth` or deeper) and, when `maxUniqueItems` is
 * given, array length. Returns the problem as a message instead when one is
 * past its limit. Parallel stacks, not tuples: this walk runs on up to a
 * megabyte of data per call, and allocation was most of its time.
 */
export function measureData(data: unknown, maxDepth: number, maxUniqueItems?: number): DataSize | string {
  const depth = maxDepth + 1;
  const node = new Float64Array(depth);
  const char = new Float64Array(depth);
  let total = 0;
  // A primitive is counted where it is met; only containers go on the stacks.
  const leaf = (v: unknown, d: number): boolean => {
    if (v !== null && typeof v === "object") return false;
    node[d]! += 1;
    total += 1;
    if (typeof v === "string") {
      char[d]! += v.length;
      total += v.length;
    }
    return true;
  };
  if (leaf(data, 0)) return { node, char, total };
  const values: object[] = [data as object];
  const depths: number[] = [0];
  while (values.length > 0) {
    const v = values.pop()!;
    const d = depths.pop()!;
    if (d >= maxDepth) return `is nested more than ${maxDepth} levels deep`;
    let n = 1;
    if (Array.isArray(v)) {
      if (maxUniqueItems !== undefined && v.length > maxUniqueItems) return `holds an array of ${v.length} items; with uniqueItems in the schema, at most ${maxUniqueItems} are checked`;
      n += v.length;
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (!leaf(x, d + 1)) {
          values.push(x as object);
          depths.push(d + 1);
        }
      }
    } else {
      const o = v as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        n++;
        char[d + 1]! += k.length;
        total += k.length;
        const x = o[k];
        if (!leaf(x, d + 1)) {
          values.push(x as object);
          depths.push(d + 1);
        }
      }
    }
    node[d]! += n;
    total += n;
  }
  return { node, char, total };
}

/** Units of work to validate data of size `data` against a schema of cost `schema`. */
export function evaluationCost(schema: SchemaCost, data: DataSize): number {
  let sum = schema.whole * data.total;
  for (let i = 0; i < schema.node.length && i < data.node.length; i++) sum += schema.node[i]! * data.node[i]! + schema.char[i]! * data.char[i]!;
  return Math.ceil(sum);
}
