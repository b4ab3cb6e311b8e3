/**
 * The one guard around everything that reads untrusted input: a throwing
 * getter, a Proxy trap, a revoked proxy or a stack overflow becomes the
 * library's last-resort issue, never an exception (whatever was thrown,
 * `throw 42` included).
 */
import { makeIssue, type ValidationIssue } from "./issue.js";
import type { ValidationResult } from "./result.js";

/**
 * Is `err` a stack overflow? `instanceof` itself throws when the thrown value
 * is a revoked proxy or a proxy whose `getPrototypeOf` trap throws, so ask safely.
 */
export function isStackOverflow(err: unknown): boolean {
  try {
    return err instanceof RangeError;
  } catch {
    return false;
  }
}

/** The issue for input that could not be read to the end. */
export function unreadable(err: unknown): ValidationIssue {
  const why = isStackOverflow(err) ? "it is nested too deeply" : "reading it failed";
  return makeIssue([], "invalid", `input could not be validated: ${why}`);
}

/** Wraps `fn` so that a throw becomes `onThrow(issue)`. */
export function neverThrows<A extends unknown[], R>(fn: (...args: A) => R, onThrow: (issue: ValidationIssue) => R): (...args: A) => R {
  return (...args: A): R => {
    try {
      return fn(...args);
    } catch (err) {
      return onThrow(unreadable(err));
    }
  };
}

/** The failed result for input that could not be read. */
export const unreadableResult = (issue: ValidationIssue): ValidationResult<never> => ({ ok: false, issues: [issue] });

/** A thrown value as one short line, without trusting its getters. */
export function thrownReason(e: unknown): string {
  try {
    if (e instanceof Error && typeof e.message === "string") return e.message.slice(0, 300);
    return String(e).slice(0, 300);
  } catch {
    return "an unreadable value was thrown";
  }
}
