/** One parsed document: detect what it is, validate it as that. */
import { resolve, type Wanted } from "./detect.js";
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
  const r = resolve(value, families, wanted, folders);
  if ("issue" in r) return { family: wanted.family ?? null, type: null, mode: undefined, issues: [r.issue], valid: false };
  const { family } = r;
  const run = (): DocumentCheck => {
    const { type, issues, mode } = family.validate(r.type, value, ctx);
    return { family: family.name, type, mode, issues, valid: !issues.some(isError) };
  };
  // A promise only the first time a family is met (its validators load then).
  return family.ready ? run() : family.prepare().then(run);
}
