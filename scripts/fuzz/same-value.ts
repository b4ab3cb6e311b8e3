/**
 * Deep equality of two plain-JSON values for the Ajv/Zod value comparison: own enumerable string
 * keys (an own `__proto__` data property included, read as a member, never as the prototype), in
 * any order; the same prototype; numbers by Object.is (-0 is not 0). Iterative (inputs nest
 * 100,000 deep) and each pair of objects compared once (inputs share subtrees); a shared reference
 * is equal at once, which is what Zod's z.unknown hands back.
 */

export interface Difference {
  /** RFC 6901 pointer of the first difference. */
  readonly pointer: string;
  /** What differs, without the pointer (so findings group by it). */
  readonly what: string;
}

/** Member names a difference names in its description (others are "a member"): the ones data loss hides behind. */
const NAMED = new Set(["__proto__", "constructor", "prototype"]);

const escape = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");
const member = (k: string) => (NAMED.has(k) ? `member ${JSON.stringify(k)}` : "a member");
const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const ownValue = (o: object, k: string) => Object.getOwnPropertyDescriptor(o, k)?.value;

/** The first difference between `expected` (the validator's value) and `actual` (the Zod output), or undefined. */
export function firstDifference(expected: unknown, actual: unknown): Difference | undefined {
  const compared = new Map<object, Set<object>>();
  const stack: [unknown, unknown, string][] = [[expected, actual, ""]];
  while (stack.length > 0) {
    const [a, b, at] = stack.pop()!;
    if (Object.is(a, b)) continue;
    if (a === null || b === null || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b)) {
      return { pointer: at, what: kind(a) === kind(b) ? `different ${kind(a)} values` : `${kind(a)} in the validator's value, ${kind(b)} in the Zod output` };
    }
    let seen = compared.get(a);
    if (seen?.has(b)) continue;
    if (!seen) compared.set(a, (seen = new Set()));
    seen.add(b);
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return { pointer: at, what: "different prototypes" };
    if (Array.isArray(a)) {
      const bb = b as unknown[];
      if (a.length !== bb.length) return { pointer: at, what: "arrays of different lengths" };
      for (let i = a.length - 1; i >= 0; i--) stack.push([a[i], bb[i], `${at}/${i}`]);
      continue;
    }
    const ka = Object.keys(a);
    const kb = new Set(Object.keys(b));
    for (const k of ka) if (!kb.has(k)) return { pointer: `${at}/${escape(k)}`, what: `${member(k)} missing in the Zod output` };
    if (kb.size !== ka.length) {
      const extra = [...kb].find((k) => !Object.prototype.hasOwnProperty.call(a, k))!;
      return { pointer: `${at}/${escape(extra)}`, what: `${member(extra)} only in the Zod output` };
    }
    for (const k of ka) stack.push([ownValue(a, k), ownValue(b, k), `${at}/${escape(k)}`]);
  }
  return undefined;
}
