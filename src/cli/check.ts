/** One parsed document: detect what it is, validate it as that (detect.ts decides both). */
import { decide, decideFast, keyMemo, typeResolution, type Decided, type Wanted } from "./detect.js";
import type { CheckContext, CliIssue, Families, Family } from "./registry.js";
import type { DocumentVersion } from "./versions.js";

export interface DocumentCheck {
  readonly family: string | null;
  readonly type: string | null;
  /** Only for families with modes. */
  readonly mode: string | undefined;
  readonly issues: readonly CliIssue[];
  /** No error-severity issue. */
  readonly valid: boolean;
  /** Under `--a2a-version`: the A2A version it was validated as, and why. */
  readonly a2aVersion?: DocumentVersion;
}

export function isError(i: { severity?: string | undefined }): boolean {
  return i.severity !== "warning";
}

/** Checks the documents of one file; a promise only while a family's validators load. */
export type Checker = (value: unknown) => DocumentCheck | Promise<DocumentCheck>;

function toCheck(d: Decided, wanted: Wanted): DocumentCheck {
  if ("issue" in d) return { family: wanted.family ?? null, type: null, mode: undefined, issues: [d.issue], valid: false };
  const { type, issues, mode } = d.checked;
  return { family: d.family.name, type, mode, issues, valid: issues.length === 0 || !issues.some(isError) };
}

const toChecked = (d: Decided | Promise<Decided>, wanted: Wanted): DocumentCheck | Promise<DocumentCheck> =>
  d instanceof Promise ? d.then((x) => toCheck(x, wanted)) : toCheck(d, wanted);

/**
 * The checker of one file, whose wanted family and type, context and folders hold for all its
 * documents. A type that one family alone has is looked up once here, so that no document of the
 * file is detected at all; otherwise each goes through detection (decideFast, then decide).
 */
export function checker(families: Families, wanted: Wanted, ctx: CheckContext, folders: readonly string[]): Checker | Promise<Checker> {
  if (wanted.type === undefined) {
    const memo = keyMemo();
    return (value) => toChecked(decideFast(value, families, wanted, ctx, folders, memo), wanted);
  }
  const all = families.all();
  return all instanceof Promise ? all.then((l) => typedChecker(l, wanted, ctx, folders)) : typedChecker(all, wanted, ctx, folders);
}

function typedChecker(families: readonly Family[], wanted: Wanted, ctx: CheckContext, folders: readonly string[]): Checker | Promise<Checker> {
  const fixed = typeResolution(families, wanted);
  if (fixed === undefined) {
    // Several families have the type: the document's content chooses between them.
    return (value) => toChecked(decide(value, families, wanted, ctx, folders), wanted);
  }
  if ("issue" in fixed) {
    const none = toCheck(fixed, wanted);
    return () => none;
  }
  const { family, type } = fixed;
  const check: Checker = (value) => toCheck({ family, checked: family.validate(type, value, ctx) }, wanted);
  return family.ready ? check : family.prepare().then(() => check);
}
