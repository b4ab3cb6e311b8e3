/**
 * Where a missing argument may have been given instead: under a near name (`sender_id` for
 * `senderId`, `contextID` for `contextId`), or one level or two down (`status.state` for `state`).
 * Bounded: hostile arguments with a million keys cost a few hundred comparisons, not a million.
 */
import type { PathSegment } from "./issue.js";

/** How many keys a search looks at, and how long a name it compares. */
const MAX_KEYS = 200;
const MAX_NAME = 64;

/** A non-null, non-array object: what an options object must be. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Case, `_` and `-` aside: `sender_id`, `SenderId` and `senderId` are one name. */
const folded = (s: string): string => s.toLowerCase().replace(/[_-]/g, "");

/** Levenshtein distance, stopping early once it exceeds `max` (names are short). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      least = Math.min(least, row[j]!);
    }
    if (least > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** The candidate that is `name` misspelt: the same once folded, else at most 1 edit away (2 for names of 6 or more). */
export function nearName(name: string, candidates: readonly string[]): string | undefined {
  if (name.length > MAX_NAME) return undefined;
  const f = folded(name);
  const list = candidates.slice(0, MAX_KEYS).filter((c) => c !== name && c.length <= MAX_NAME);
  const same = list.find((c) => folded(c) === f);
  if (same !== undefined) return same;
  if (f.length < 3) return undefined;
  const max = f.length >= 6 ? 2 : 1;
  let best: string | undefined;
  let bestD = max + 1;
  for (const c of list) {
    const d = distance(f, folded(c), max);
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}

/** The path, under one of `keys` of `o`, of a member named `name` one or two levels down (`["status", "state"]`). */
export function whereNested(o: Record<string, unknown>, name: string, keys: readonly string[]): PathSegment[] | undefined {
  for (const k of keys.slice(0, MAX_KEYS)) {
    const v = o[k];
    if (!isPlainObject(v)) continue;
    if (Object.prototype.hasOwnProperty.call(v, name) && v[name] !== undefined) return [k, name];
    for (const k2 of Object.keys(v).slice(0, MAX_KEYS)) {
      const w = v[k2];
      if (isPlainObject(w) && Object.prototype.hasOwnProperty.call(w, name) && w[name] !== undefined) return [k, k2, name];
    }
  }
  return undefined;
}
