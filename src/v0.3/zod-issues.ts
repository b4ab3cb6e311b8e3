/**
 * The v0.3 family's reading of Zod issues (see src/core/zod-issues.ts): no formats; a `const` is a
 * `const`; and a union whose branches are told apart by a property one requires and the others
 * forbid (FileWithBytes `bytes` / FileWithUri `uri`, an error response's `error` / a success
 * response's `result`) reads as the validators do (scripts/generate/v03.ts compiledCopy): the first
 * branch whose own property is present, else every branch.
 */
import type { ValidationIssue } from "../core/issue.js";
import { isObject, zodIssues, type ZodErrorLike, type ZodIssueOptions, type ZodIssueSite } from "../core/zod-issues.js";

type Branch = readonly ZodErrorLike["issues"][number][];

/** The issue says the property at depth one is absent (a required one) or present (a forbidden one). */
const missing = (i: Branch[number], value: Record<string, unknown>) => i.code === "invalid_type" && i.path.length === 1 && value[i.path[0] as string] === undefined;
const forbidden = (i: Branch[number]) => i.code === "invalid_type" && (i as { expected?: string }).expected === "never" && i.path.length === 1;

function presence(site: ZodIssueSite, branches: readonly Branch[]): number | { readonly each: true } | undefined {
  const value = site.value;
  // Not a union told apart by a discriminator's value (a literal refused at depth one).
  if (!isObject(value) || !branches.some((b) => b.some(forbidden)) || branches.some((b) => b.some((i) => i.code === "invalid_value" && i.path.length === 1))) return undefined;
  const pick = branches.findIndex((b) => !b.some((i) => missing(i, value)));
  return pick >= 0 ? pick : { each: true };
}

const V03_OPTIONS: ZodIssueOptions = { union: presence };

/**
 * The v0.3 family's reading of a Zod error of the models of `a2a-schemas/v0.3/zod` (either mode):
 * the library's issues, as `validateX(input, { mode }).issues` gives them.
 */
export function v03IssuesFromZod(error: ZodErrorLike | undefined, input: unknown): ValidationIssue[] {
  return zodIssues(error, input, V03_OPTIONS);
}
