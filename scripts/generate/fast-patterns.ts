/**
 * Cheaper regular expressions for the first-error module, which answers yes or no: where a schema node
 * states both `maxLength` and one of these patterns, the compiled copy matches the cheaper one. Each pair
 * accepts the same strings of at most `maxLength` code points (proven by test/legacy/fast-patterns.test.ts),
 * and a longer string fails the node's `maxLength` whatever the pattern says, so every verdict is unchanged.
 * The all-errors module and the published schemas keep the pattern as written, so issues still quote it.
 */

export interface FastPattern {
  /** The pattern as the published schema writes it. */
  readonly pattern: string;
  /** The equivalent the first-error module matches instead. */
  readonly fast: string;
  /** The two agree on every string of at most this many code points. */
  readonly maxLength: number;
}

export const FAST_PATTERNS: readonly FastPattern[] = [
  // Legacy recipientId: a counted repetition is a loop with a counter and a backtrack entry per character in
  // V8's engine, a plain `+` is its native loop (measured: 33 against 52 ns on "crypto-agent-001"). The count
  // only bounds the length to 128, which maxLength: 128 already does.
  {
    pattern: "^(?:\\*|[a-zA-Z0-9][a-zA-Z0-9-]{1,126}[a-zA-Z0-9])$",
    fast: "^(?:\\*|[a-zA-Z0-9][a-zA-Z0-9-]+[a-zA-Z0-9])$",
    maxLength: 128,
  },
];

const BY_PATTERN = new Map(FAST_PATTERNS.map((p) => [p.pattern, p]));

/** `schema` with each pattern of FAST_PATTERNS that sits beside a small enough `maxLength` replaced (a copy; the input is kept). */
export function fastPatterns<T>(schema: T): T {
  const swap = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(swap);
    if (node === null || typeof node !== "object") return node;
    const o = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, swap(v)]));
    const fast = typeof o.pattern === "string" ? BY_PATTERN.get(o.pattern) : undefined;
    if (fast !== undefined && typeof o.maxLength === "number" && o.maxLength <= fast.maxLength) o.pattern = fast.fast;
    return o;
  };
  return swap(schema) as T;
}
