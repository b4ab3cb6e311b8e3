/** One parsed document: detect what it is, validate it as that (detect.ts's decide does both). */
import { decide, type Decided, type Wanted } from "./detect.js";
import type { CheckContext, CliIssue, Family } from "./registry.js";

export interface DocumentCheck {
  readonly family: string | null;
  readonly type: string | null;
  /** Only for families with modes. */
  readonly mode: string | undefined;
  readonly issues: readonly CliIssue[];
  /** No error-severity issue. */
  readonly valid: boolean;
}

export function isError(i: { severity?: string | undefined }): boolean {
  return i.severity !== "warning";
}

export function checkDocument(
  value: unknown,
  families: readonly Family[],
  wanted: Wanted,
  ctx: CheckContext,
  folders: readonly string[],
): DocumentCheck | Promise<DocumentCheck> {
  const toCheck = (d: Decided): DocumentCheck => {
    if ("issue" in d) return { family: wanted.family ?? null, type: null, mode: undefined, issues: [d.issue], valid: false };
    const { type, issues, mode } = d.checked;
    return { family: d.family.name, type, mode, issues, valid: !issues.some(isError) };
  };
  // A promise only the first time a family is met (its validators load then).
  const d = decide(value, families, wanted, ctx, folders);
  return d instanceof Promise ? d.then(toCheck) : toCheck(d);
}
