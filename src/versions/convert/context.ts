/**
 * What one conversion carries along: the warnings for what it could not keep.
 * Paths are those of the input document, so a warning points at what was lost.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../../core/issue.js";
import { SAY } from "./messages.js";

const has = Object.prototype.hasOwnProperty;

/** A JSON object as the converters read and write it. */
export type Obj = Record<string, unknown>;

/**
 * Where the converters are in the input, as a chain to the root (null): one small node per level,
 * made into a path array only for a warning.
 */
export type Path = { readonly up: Path; readonly key: PathSegment } | null;

/** The path one, two or three steps below `at`. */
export function sub(at: Path, a: PathSegment, b?: PathSegment, c?: PathSegment): Path {
  let p: Path = { up: at, key: a };
  if (b !== undefined) p = { up: p, key: b };
  if (c !== undefined) p = { up: p, key: c };
  return p;
}

function segments(at: Path): PathSegment[] {
  const out: PathSegment[] = [];
  for (let p = at; p !== null; p = p.up) out.push(p.key);
  return out.reverse();
}

/** The warnings of one conversion. */
export class Ctx {
  readonly warnings: ValidationIssue[] = [];

  /** Records that `what` (at `path` of the input) has no counterpart and was left out or changed. */
  lost(path: Path, what: string, hint?: string): void {
    this.warnings.push(makeIssue(segments(path), "lossy", what, hint === undefined ? { severity: "warning" } : { severity: "warning", hint }));
  }

  /** A warning for each member of `o` that no converter reads (the source schema allows extra members; the target has no place for them). */
  extras(o: Obj, path: Path, known: ReadonlySet<string>): void {
    // for-in, not Object.keys: no array per object on the path every valid document takes.
    for (const k in o) if (!known.has(k) && has.call(o, k)) this.lost(sub(path, k), SAY.extra(k));
  }
}

/** A deep copy of a JSON value (metadata, params, headers): the output never shares objects with the input. */
export function copyJson(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = copyJson(v[i]);
    return out;
  }
  const out: Obj = {};
  for (const k in v) if (has.call(v, k)) put(out, k, copyJson((v as Obj)[k]));
  return out;
}

/** `o[k] = v`, also for the key `__proto__` (a member of JSON like any other, not the prototype). */
export function put(o: Obj, k: string, v: unknown): void {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** Copies `from[key]` to `to[toKey]` when present (a deep copy). */
export function carry(from: Obj, to: Obj, key: string, toKey: string = key): void {
  if (from[key] !== undefined) put(to, toKey, copyJson(from[key]));
}

/** The keys a converter reads, as a set. */
export const keys = (...k: string[]): ReadonlySet<string> => new Set(k);

/** `o` is a plain JSON object (not an array, not null). */
export function isObj(o: unknown): o is Obj {
  return typeof o === "object" && o !== null && !Array.isArray(o);
}
