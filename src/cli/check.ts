/** One parsed document: detect what it is, validate it as that. */
import { resolve, type Wanted } from "./detect.js";
import type { CheckContext, CliIssue, Family, Mode } from "./registry.js";

export interface DocumentCheck {
  readonly family: string | null;
  readonly type: string | null;
  /** Only for families with modes (v1). */
  readonly mode: Mode | undefined;
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
): DocumentCheck {
  const r = resolve(value, families, wanted, folders);
  if ("issue" in r) return { family: wanted.family ?? null, type: null, mode: undefined, issues: [r.issue], valid: false };
  const { type, issues } = r.family.validate(r.type, value, ctx);
  return {
    family: r.family.name,
    type,
    mode: r.family.hasModes ? ctx.mode : undefined,
    issues,
    valid: !issues.some(isError),
  };
}
