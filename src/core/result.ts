import type { ValidationIssue } from "./issue.js";

/** The one result type of the whole library. */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings?: readonly ValidationIssue[] }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

export const MAX_ISSUES = 100;
