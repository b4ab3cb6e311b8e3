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
 * the text has more names than the value has keys is it scanned, once, by the
 * core's scanner (src/core/json-text.ts, which the signature entry uses too).
 */
import { toPointer } from "../core/issue.js";
import { scanJsonText } from "../core/json-text.js";
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

/**
 * The duplicate member names of `text` (valid JSON, parsed into `value`), as errors placed at each
 * duplicate's name; lines count from `firstLine`. Empty, after a count, for nearly every text.
 */
export function duplicateNames(text: string, value: unknown, firstLine: number): PlacedIssue[] {
  if (typeof value !== "object" || value === null) return [];
  if (nameTokens(text) <= (inheritsEnumerable() ? keyCountDeep(value) : keyCount(value, 0))) return [];
  // JSON.parse accepted the text, so the scan needs no limits of its own.
  const scan = scanJsonText(text, { maxDepth: Infinity, maxValues: Infinity, maxDuplicates: MAX_DUPLICATES });
  if (scan.kind !== "ok" || scan.duplicates.length === 0) return [];
  const place = (p: { line: number; column: number }): Position => ({ line: p.line + firstLine - 1, column: p.column });
  const issues: PlacedIssue[] = scan.duplicates.map((d) => {
    const path = [...d.path, d.name];
    const first = place(d.first);
    return {
      path,
      pointer: toPointer(path),
      code: "duplicate_key",
      message: `duplicate member name ${JSON.stringify(d.name)} (first at ${first.line}:${first.column}): JSON.parse keeps the last of them, other parsers may keep the first`,
      property: d.name,
      hint: "member names must be unique (RFC 8259 section 4 says SHOULD, I-JSON, RFC 7493 section 2.3, MUST): remove all but one",
      at: place(d),
    };
  });
  if (scan.truncated) {
    const last = issues[issues.length - 1]!;
    issues.push({ path: [], pointer: "", code: "too_many_issues", message: `${scan.total} duplicate member names: showing the first ${issues.length}`, received: String(scan.total), at: last.at });
  }
  return issues;
}
