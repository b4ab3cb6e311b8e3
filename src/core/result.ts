import type { ValidationIssue } from "./issue.js";

/** The one result type of the whole library. */
export type ValidationResult<T> =
  | {
      /** True: the input is valid. */
      readonly ok: true;
      /** The valid value: the input itself, or (v1 lenient mode) its canonical copy. */
      readonly value: T;
      /** Problems that do not make the input invalid (severity "warning"), if any. */
      readonly warnings?: readonly ValidationIssue[];
    }
  | {
      /** False: the input is invalid. */
      readonly ok: false;
      /** Every issue found, at most MAX_ISSUES (then a `too_many_issues` marker). */
      readonly issues: readonly ValidationIssue[];
    };

/** The most issues one result lists; beyond it a single `too_many_issues` issue says how many were left out. */
export const MAX_ISSUES = 100;
