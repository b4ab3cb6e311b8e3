/** The session family's reading of Zod issues (see src/core/zod-issues.ts): its formats and one-value enums. */
import type { ValidationIssue } from "../core/issue.js";
import { zodIssues, type ZodErrorLike, type ZodIssueOptions } from "../core/zod-issues.js";
import { sessionFormatProblem } from "./formats.js";

const SESSION_OPTIONS: ZodIssueOptions = { formatProblem: sessionFormatProblem, singleValueEnum: true };

/**
 * The session family's reading of a Zod error of the models of `a2a-schemas/session/zod` (either
 * mode): the library's issues, as `validateX(input, { mode }).issues` gives them.
 */
export function sessionIssuesFromZod(error: ZodErrorLike | undefined, input: unknown): ValidationIssue[] {
  return zodIssues(error, input, SESSION_OPTIONS);
}
