/**
 * Duplicate member names in an object (`{"role":"user", …, "role":"ROLE_USER"}`):
 * RFC 8259, section 4, says names SHOULD be unique, I-JSON (RFC 7493, section
 * 2.3) that they MUST. JSON.parse keeps the last, other parsers the first, so
 * two programs can read different documents from one text: each duplicate is
 * an error at its own line and column.
 *
 * Cheap where there is none: the text's name tokens (a `"` before a `:`, give
 * or take whitespace; a `\":` inside a string counts too, which only costs a
 * scan) are counted and held against the keys of the parsed value. Only when
 * the text has more names than the value has keys is it scanned, once, without
 * recursion.
 */
import { toPointer, type PathSegment } from "../core/issue.js";
import type { Position } from "./positions.js";
import type { CliIssue } from "./registry.js";

/** An issue whose place in the text is already known. */
export type PlacedIssue = CliIssue & { readonly at?: Position };

/** At most this many duplicates are listed per document; a last issue counts the rest. */
export const MAX_DUPLICATES = 100;

const QUOTE = 0x22;

/** Name tokens in the text, or more: every `"` followed (after whitespace) by `:`. */
function nameTokens(text: string): number {
  let n = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--j);
    if (c === QUOTE) n++;
  }
  return n;
}

/** The own keys of every object in a parsed value, with an explicit stack (JSON.parse accepts any depth). */
function keyCountDeep(value: object): number {
  let n = 0;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (Array.isArray(v)) {
      for (const x of v) if (typeof x === "object" && x !== null) stack.push(x);
      continue;
    }
    const keys = Object.keys(v);
    n += keys.length;
    for (const k of keys) {
      const x = (v as Record<string, unknown>)[k];
      if (typeof x === "object" && x !== null) stack.push(x);
    }
  }
  return n;
}

/** Past this depth, keyCount hands over to the explicit stack. */
const RECURSION = 200;
const EMPTY = {};

/**
 * The same count, faster on the usual shallow value: for-in, recursive (a third of Object.keys's
 * cost, measured). for-in would also count inherited enumerable keys, which JSON.parse's objects
 * have only if Object.prototype was given some; then the count is Object.keys's.
 */
function keyCount(v: object, depth: number): number {
  if (depth > RECURSION) return keyCountDeep(v);
  let n = 0;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null) n += keyCount(x, depth + 1);
    }
    return n;
  }
  for (const k in v) {
    n++;
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === "object" && x !== null) n += keyCount(x, depth + 1);
  }
  return n;
}

function inheritsEnumerable(): boolean {
  for (const _ in EMPTY) return true;
  return false;
}

interface Duplicate {
  /** Offsets of the duplicate name's opening quote and of the first one's. */
  readonly at: number;
  readonly firstAt: number;
  readonly path: PathSegment[];
}

/** The index just past the string whose opening quote is at `i` (the text is valid JSON). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; ; ) {
    const q = text.indexOf('"', j);
    let b = q - 1;
    while (text.charCodeAt(b) === 0x5c) b--;
    // An even run of backslashes before the quote escapes nothing.
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

/**
 * Every duplicate name of a valid JSON text, in order (at most `limit` listed), and how many there
 * are. Per open container, a path segment and the object's first name; a Map of names only once
 * an object has two, so a hostile depth costs a few array entries per level.
 */
function scan(text: string, limit: number): { found: Duplicate[]; total: number } {
  const path: PathSegment[] = [];
  const isObject: boolean[] = [];
  const first: (string | undefined)[] = [];
  const firstAt: number[] = [];
  const names: (Map<string, number> | undefined)[] = [];
  const found: Duplicate[] = [];
  let total = 0;
  let expectName = false;
  const open = (object: boolean): void => {
    isObject.push(object);
    path.push(object ? "" : 0);
    first.push(undefined);
    firstAt.push(-1);
    names.push(undefined);
    expectName = object;
  };
  const seen = (d: number, name: string, at: number): number | undefined => {
    const f = first[d];
    if (f === undefined) {
      first[d] = name;
      firstAt[d] = at;
      return undefined;
    }
    let m = names[d];
    if (m === undefined) {
      if (f === name) return firstAt[d];
      m = new Map([[f, firstAt[d]!]]);
      names[d] = m;
    }
    const before = m.get(name);
    if (before === undefined) m.set(name, at);
    return before;
  };
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (expectName) {
        const raw = text.slice(i + 1, end - 1);
        const name = raw.includes("\\") ? (JSON.parse(text.slice(i, end)) as string) : raw;
        const d = isObject.length - 1;
        path[d] = name;
        const before = seen(d, name, i);
        if (before !== undefined && total++ < limit) found.push({ at: i, firstAt: before, path: path.slice(0, d + 1) });
        expectName = false;
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) open(c === 0x7b);
    else if (c === 0x7d || c === 0x5d) {
      isObject.pop();
      path.pop();
      first.pop();
      firstAt.pop();
      names.pop();
      expectName = false;
    } else if (c === 0x2c) {
      const d = isObject.length - 1;
      if (isObject[d]) expectName = true;
      else (path[d] as number)++;
    }
    i++;
  }
  return { found, total };
}

/** Line and column of each offset, in one pass over the text (offsets sorted or not). */
function positionsOf(text: string, offsets: readonly number[], firstLine: number): Map<number, Position> {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const out = new Map<number, Position>();
  let line = firstLine;
  let start = 0;
  let from = 0;
  for (const o of sorted) {
    for (let nl = text.indexOf("\n", from); nl !== -1 && nl < o; nl = text.indexOf("\n", nl + 1)) {
      line++;
      start = nl + 1;
    }
    from = start;
    out.set(o, { line, column: o - start + 1 });
  }
  return out;
}

/**
 * The duplicate member names of `text` (valid JSON, parsed into `value`), as errors placed at each
 * duplicate's name; lines count from `firstLine`. Empty, after a count, for nearly every text.
 */
export function duplicateNames(text: string, value: unknown, firstLine: number): PlacedIssue[] {
  if (typeof value !== "object" || value === null) return [];
  if (nameTokens(text) <= (inheritsEnumerable() ? keyCountDeep(value) : keyCount(value, 0))) return [];
  const { found, total } = scan(text, MAX_DUPLICATES);
  if (total === 0) return [];
  const at = positionsOf(text, found.flatMap((d) => [d.at, d.firstAt]), firstLine);
  const issues: PlacedIssue[] = found.map((d) => {
    const name = d.path[d.path.length - 1] as string;
    const first = at.get(d.firstAt)!;
    return {
      path: d.path,
      pointer: toPointer(d.path),
      code: "duplicate_key",
      message: `duplicate member name ${JSON.stringify(name)} (first at ${first.line}:${first.column}): JSON.parse keeps the last of them, other parsers may keep the first`,
      property: name,
      hint: "member names must be unique (RFC 8259 section 4 says SHOULD, I-JSON, RFC 7493 section 2.3, MUST): remove all but one",
      at: at.get(d.at)!,
    };
  });
  if (total > found.length) {
    const last = issues[issues.length - 1]!;
    issues.push({ path: [], pointer: "", code: "too_many_issues", message: `${total} duplicate member names: showing the first ${found.length}`, received: String(total), at: last.at });
  }
  return issues;
}
