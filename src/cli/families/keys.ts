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

/** Whether every required field is there, in one of its spellings. */
export function hasRequired(required: KeyShape["required"], value: object): boolean {
  return required.every((names) => names.some((n) => has(value, n)));
}

/**
 * Family.rejects for types detected by keys: a plain object that lacks a required field of the
 * type is invalid as it. Undefined types and other values: unsure.
 */
export function missingRequired(shapes: () => readonly KeyShape[]): (type: string, value: unknown) => boolean {
  let byName: Map<string, KeyShape["required"]> | undefined;
  return (type, value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
    const required = (byName ??= new Map(shapes().map((s) => [s.name, s.required]))).get(type);
    return required !== undefined && !hasRequired(required, value);
  };
}

export function keyMatcher(shapes: readonly KeyShape[]): (value: object) => Claim | undefined {
  const byKey = new Map<string, number[]>();
  shapes.forEach((s, i) => {
    for (const k of new Set(s.keys)) {
      const list = byKey.get(k) ?? [];
      list.push(i);
      byKey.set(k, list);
    }
  });
  // Per-shape key counts, reused across documents (detection is synchronous): only the shapes a
  // document touches are read and reset, so a document costs its keys, not the number of types.
  const known = new Uint16Array(shapes.length);
  const touched = new Uint16Array(shapes.length);

  return (value) => {
    const keys = Object.keys(value);
    if (keys.length === 0) return undefined;
    let best = 0;
    let count = 0;
    for (const k of keys) {
      const list = byKey.get(k);
      if (list === undefined) continue;
      for (const i of list) {
        const n = known[i]! + 1;
        if (n === 1) touched[count++] = i;
        known[i] = n;
        if (n > best) best = n;
      }
    }
    const top: number[] = [];
    for (let j = 0; j < count; j++) {
      const i = touched[j]!;
      if (known[i] === best) top.push(i);
      known[i] = 0;
    }
    if (best === 0) return undefined;
    const exact = best === keys.length;
    // Most keys must fit, or any JSON with a "name" would pass for a message.
    if (!exact && best * 2 < keys.length) return undefined;
    // In the order of the shapes, so that ties list (and settle) in a stable order.
    if (top.length > 1) top.sort((a, b) => a - b);
    let candidates = top.map((i) => shapes[i]!);
    // Narrowed to the types whose required keys are all there; one type alone stays (its issues say what is missing).
    if (candidates.length > 1) {
      const full = candidates.filter((s) => hasRequired(s.required, value));
      if (full.length > 0) candidates = full;
    }
    return { types: candidates.map((s) => s.name), strength: exact ? LIKELY : POSSIBLE, score: best };
  };
}
