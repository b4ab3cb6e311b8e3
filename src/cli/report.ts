/** What the formats are given: one report per document, per file, and the summary. */
import type { DiscoveryError, SkippedPath } from "./discover.js";
import type { ExpectedIssue, Verdict } from "./expectations.js";
import type { DocumentVersion } from "./versions.js";

export interface ReportIssue {
  readonly pointer: string;
  readonly code: string;
  readonly message: string;
  readonly severity: "error" | "warning";
  /** 1-based, from the source text; the document's start when unknown. */
  readonly line: number;
  readonly column: number;
  readonly property?: string | undefined;
  readonly expected?: string | undefined;
  readonly received?: string | undefined;
  readonly allowed?: readonly unknown[] | undefined;
  readonly hint?: string | undefined;
}

export type FileKind = "json" | "ndjson";

export interface DocumentReport {
  readonly file: string;
  readonly kind: FileKind;
  /** NDJSON: 1-based record number. */
  readonly record: number | undefined;
  /** The line the document starts on (1 for a JSON file). */
  readonly line: number;
  readonly family: string | null;
  readonly type: string | null;
  readonly mode: string | undefined;
  readonly expected: Verdict;
  readonly valid: boolean;
  readonly met: boolean;
  readonly issues: readonly ReportIssue[];
  /** Issues the sidecar expected that were not produced. */
  readonly missing: readonly ExpectedIssue[];
  /** Why the expectation could not be checked at all (a broken sidecar). */
  readonly problem?: string | undefined;
  /** Under `--a2a-version`: the A2A version it was validated as, and why. */
  readonly a2aVersion?: DocumentVersion | undefined;
}

export interface FileReport {
  readonly file: string;
  readonly kind: FileKind;
  readonly documents: number;
  readonly met: number;
  readonly failed: number;
}

export interface Summary {
  readonly files: number;
  readonly documents: number;
  readonly met: number;
  readonly failed: number;
  /** Warnings the report shows (see shownIssues): they never fail a run. */
  readonly warnings: number;
  readonly errors: readonly DiscoveryError[];
  /** Symbolic links a walk or a glob did not follow: reported by every format, never a failure. */
  readonly skipped: readonly SkippedPath[];
  /** Under `--a2a-version`: how many documents were validated as each A2A version. */
  readonly versions?: Readonly<Record<string, number>> | undefined;
}

export interface Formatter {
  /**
   * Which documents need line and column for their issues (momoa is not free): "shown", those
   * whose issues shownIssues() shows; "all", every document with issues.
   */
  readonly positions: "shown" | "all";
  /**
   * Whether the format's own output is where people read about unreadable paths (GitHub's
   * annotations); otherwise they are written to standard error, once each, and the format
   * records them only as data (the JSON `errors`, a JUnit error case) or in its summary count.
   */
  readonly showsUnreadable: boolean;
  start(): void;
  fileStart(file: string, kind: FileKind): void;
  document(doc: DocumentReport): void;
  fileEnd(file: FileReport): void;
  end(summary: Summary): void;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `312 files: 309 as expected, 3 failed, 2 warnings` (documents are named when NDJSON makes them differ). */
export function summaryLine(s: Summary): string {
  const what = s.documents === s.files ? plural(s.files, "file") : `${plural(s.files, "file")}, ${plural(s.documents, "document")}`;
  const warnings = s.warnings > 0 ? `, ${plural(s.warnings, "warning")}` : "";
  const unreadable = s.errors.length > 0 ? `; ${plural(s.errors.length, "path")} could not be read` : "";
  const skipped = s.skipped.length > 0 ? `; ${plural(s.skipped.length, "symbolic link")} not followed` : "";
  const versions = s.versions === undefined ? "" : `; A2A versions: ${Object.entries(s.versions).map(([v, n]) => `${v} ${n}`).join(", ") || "none"}`;
  return `${what}: ${s.met} as expected, ${s.failed} failed${warnings}${unreadable}${skipped}${versions}`;
}

/** How a report presents an issue: GitHub's three annotation levels, which every format mirrors. */
export type IssueLevel = "error" | "warning" | "notice";

export interface ShownIssue {
  readonly issue: ReportIssue;
  readonly level: IssueLevel;
}

/**
 * Which of a document's issues a report shows, and at which level: the one place that decides,
 * for every format. A document that did not meet its expectation shows them all; one that did
 * shows its warnings when it is valid (a negative fixture's issues, warnings included, are the
 * failure it was meant to have). A warning is always a warning; an error is an error, except in a
 * negative fixture, where it is context for the verdict (a notice).
 */
export function shownIssues(d: DocumentReport): ShownIssue[] {
  if (d.problem || d.issues.length === 0) return [];
  const all = !d.met;
  if (!all && !d.valid) return [];
  const out: ShownIssue[] = [];
  for (const issue of d.issues) {
    if (issue.severity === "warning") out.push({ issue, level: "warning" });
    else if (all) out.push({ issue, level: d.expected === "invalid" ? "notice" : "error" });
  }
  return out;
}

/** Why a document did not meet its expectation, in one sentence. */
export function verdictLine(d: DocumentReport): string {
  const what = d.type ? `${d.type}${d.family ? ` (${d.family})` : ""}` : "document";
  if (d.problem) return `its sidecar ${d.problem}`;
  if (d.expected === "valid") {
    const found = `expected a valid document, found ${plural(d.issues.filter((i) => i.severity === "error").length, "issue")}`;
    return d.type ? `${found} as ${what}` : found;
  }
  if (d.valid) return `expected to be invalid, but it is a valid ${what}`;
  return `failed, but not with the expected ${d.missing.length === 1 ? "issue" : "issues"} ${d.missing.map((m) => `${m.code} at ${m.pointer === "" ? "(root)" : m.pointer}`).join(", ")}`;
}
