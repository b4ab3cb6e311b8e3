/** The v0.3 family's reading of Zod issues (see src/core/zod-issues.ts): no formats; a `const` is a `const`. */
import type { ValidationIssue } from "../core/issue.js";
import { zodIssues, type ZodErrorLike, type ZodIssueOptions } from "../core/zod-issues.js";

const V03_OPTIONS: ZodIssueOptions = {};

/**
 * The v0.3 family's reading of a Zod error of the models of `a2a-schemas/v0.3/zod` (either mode):
 * the library's issues, as `validateX(input, { mode }).issues` gives them.
 */
export function v03IssuesFromZod(error: ZodErrorLike | undefined, input: unknown): ValidationIssue[] {
  return zodIssues(error, input, V03_OPTIONS);
}
