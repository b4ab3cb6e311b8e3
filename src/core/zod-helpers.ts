/**
 * Zod building blocks that agree with Ajv: string lengths in code points (as
 * JSON Schema counts them, not UTF-16 units), integers as Ajv defines them
 * (any finite whole number, not only safe integers), regexes with the `u` flag.
 */
import { z } from "zod";
import type { ValidationIssue } from "./issue.js";

export function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** A string of `min` to `max` code points. */
export function sized(min: number, max = Infinity) {
  return z.string().check(
    z.refine((s: string) => {
      const n = codePoints(s);
      return n >= min && n <= max;
    }, max === Infinity ? `must be at least ${min} characters long` : `must be ${min} to ${max} characters long`),
  );
}

/** A string of at most `max` code points matching `pattern` (compiled with the `u` flag like Ajv). */
export function patterned(pattern: string, max: number, min = 0) {
  const re = new RegExp(pattern, "u");
  // Past twice the cap the length check has failed already; like the validators, do not match megabytes
  // (a backtracking pattern over 10 MB can overflow the stack).
  return sized(min, max).check(z.refine((s: string) => s.length > 2 * max || re.test(s), `must match ${pattern}`));
}

export function wholeNumber(min?: number, max?: number) {
  return z.number().check(
    z.refine(
      (n: number) => Number.isInteger(n) && (min === undefined || n >= min) && (max === undefined || n <= max),
      "must be an integer in range",
    ),
  );
}

/** A JSON object (not an array, not null) with any members. */
export const jsonObject = z.record(z.string(), z.unknown());

/** Adds library issues (from a shared rules function) to a Zod context with the same paths. */
export function addIssues(ctx: { addIssue: (i: any) => void }, issues: readonly ValidationIssue[]): void {
  for (const i of issues) {
    if (i.severity === "warning") continue;
    ctx.addIssue({ code: "custom", path: [...i.path], message: i.message, params: { a2aCode: i.code } });
  }
}

/** Like the validators, run cross-field rules only once the shape is valid (Zod's default runs them on partial shapes too). */
export const shapeIsValid = (payload: { issues: readonly unknown[] }): boolean => payload.issues.length === 0;
