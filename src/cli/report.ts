/** What the formats are given: one report per document, per file, and the summary. */
import type { DiscoveryError } from "./discover.js";
import type { ExpectedIssue, Verdict } from "./expectations.js";

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
  readonly errors: readonly DiscoveryError[];
}

export interface Formatter {
  /** Which documents need line and column for their issues (momoa is not free). */
  readonly positions: "failed" | "all";
  start(): void;
  fileStart(file: string, kind: FileKind): void;
  document(doc: DocumentReport): void;
  fileEnd(file: FileReport): void;
  end(summary: Summary): void;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `312 files: 309 as expected, 3 failed` (documents are named when NDJSON makes them differ). */
export function summaryLine(s: Summary): string {
  const what = s.documents === s.files ? plural(s.files, "file") : `${plural(s.files, "file")}, ${plural(s.documents, "document")}`;
  const unreadable = s.errors.length > 0 ? `; ${plural(s.errors.length, "path")} could not be read` : "";
  return `${what}: ${s.met} as expected, ${s.failed} failed${unreadable}`;
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
