/**
 * Detection by keys, for families whose types have no discriminator: the
 * types that know every key of the document (narrowed to those whose
 * required keys are all there); failing that, the ones that know most of its
 * keys (so a v0.3 card with a stray `kind` still lands on its type, whose
 * issues carry the hints).
 */
import { LIKELY, POSSIBLE, type Claim } from "../registry.js";

export interface KeyShape {
  readonly name: string;
  /** Every key the type accepts (all spellings). */
  readonly keys: readonly string[];
  /** Each required field, as its accepted spellings. */
  readonly required: readonly (readonly string[])[];
}

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

export function keyMatcher(shapes: readonly KeyShape[]): (value: object) => Claim | undefined {
  const byKey = new Map<string, number[]>();
  shapes.forEach((s, i) => {
    for (const k of new Set(s.keys)) {
      const list = byKey.get(k) ?? [];
      list.push(i);
      byKey.set(k, list);
    }
  });
  const complete = (s: KeyShape, value: object): boolean => s.required.every((names) => names.some((n) => has(value, n)));

  return (value) => {
    const keys = Object.keys(value);
    if (keys.length === 0) return undefined;
    const known = new Uint16Array(shapes.length);
    for (const k of keys) for (const i of byKey.get(k) ?? []) known[i]! += 1;
    let best = 0;
    for (const n of known) if (n > best) best = n;
    if (best === 0) return undefined;
    const exact = best === keys.length;
    // Most keys must fit, or any JSON with a "name" would pass for a message.
    if (!exact && best * 2 < keys.length) return undefined;
    let candidates = shapes.filter((_, i) => known[i] === best);
    const full = candidates.filter((s) => complete(s, value));
    if (full.length > 0) candidates = full;
    return { types: candidates.map((s) => s.name), strength: exact ? LIKELY : POSSIBLE, score: best };
  };
}
