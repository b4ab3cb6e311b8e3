/**
 * `a2a-validate capture.har`: the file read in chunks through the HAR scanner, each entry parsed
 * alone and checked (har.ts), one report per body of each A2A exchange, as the entries come: a
 * 100 MB capture costs one entry's memory. The capture itself must be HAR 1.2 (`log.version`,
 * `log.entries`); entries that carry no A2A exchange are counted, never failed.
 */
import { checkEntry, type HarContext, type HarDocument } from "./har.js";
import { HarScanner, type HarItem } from "./har-scan.js";
import { loadLocator } from "./positions.js";
import type { CheckContext, CliIssue, Families, Mode } from "./registry.js";
import type { DocumentReport, FileReport, ReportIssue } from "./report.js";
import { missingIssues, type ExpectedIssue, type Verdict } from "./expectations.js";
import { isError } from "./check.js";

/** What the engine lends the HAR reader: its options for this file and its report stream. */
export interface HarRun {
  readonly file: string;
  readonly families: Families;
  readonly family: string | undefined;
  readonly mode: Mode | undefined;
  readonly ctx: CheckContext;
  readonly maxBytes: number;
  readonly expected: Verdict;
  readonly expectedIssues: readonly ExpectedIssue[];
  emit(doc: DocumentReport): void;
  flush(): Promise<void>;
}

export interface HarCounts {
  entries: number;
  exchanges: number;
  skipped: number;
}

function report(run: HarRun, d: HarDocument): DocumentReport {
  const issues: ReportIssue[] = d.issues.map((i) => ({
    pointer: i.pointer,
    code: i.code,
    message: i.message,
    severity: isError(i) ? "error" : "warning",
    line: i.line,
    column: i.column,
    property: i.property,
    expected: i.expected,
    received: i.received,
    allowed: i.allowed,
    hint: i.hint,
  }));
  const valid = !issues.some((i) => i.severity === "error");
  const missing = run.expected === "invalid" ? missingIssues(run.expectedIssues, issues) : [];
  const met = run.expected === "valid" ? valid : !valid && missing.length === 0;
  return { file: run.file, kind: "har", record: d.entry.index, line: d.entry.line, family: d.family, type: d.type, mode: d.mode, expected: run.expected, valid, met, issues, missing, entry: d.entry };
}

/** A problem with the capture as a whole (not HAR, cut short): one failed document at the file's start. */
function fileProblem(run: HarRun, i: CliIssue, line = 1): DocumentReport {
  const issue: ReportIssue = { pointer: i.pointer, code: i.code, message: i.message, severity: isError(i) ? "error" : "warning", line, column: 1 };
  const valid = issue.severity === "warning";
  const missing = run.expected === "invalid" ? missingIssues(run.expectedIssues, [issue]) : [];
  const met = run.expected === "valid" ? valid : !valid && missing.length === 0;
  return { file: run.file, kind: "har", record: undefined, line, family: null, type: "HAR", mode: undefined, expected: run.expected, valid, met, issues: [issue], missing };
}

const problem = (code: string, message: string): CliIssue => ({ path: [], pointer: "", code, message });

/** Reads the capture from `chunks`; returns what its entries were. */
export async function checkHarFile(run: HarRun, chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array | string>): Promise<FileReport["har"]> {
  const counts: HarCounts = { entries: 0, exchanges: 0, skipped: 0 };
  const scanner = new HarScanner(run.maxBytes);
  const h: HarContext = { families: run.families, family: run.family, mode: run.mode, ctx: run.ctx, maxBytes: run.maxBytes, locator: loadLocator, bases: new Set() };
  let version: string | undefined;
  const items: HarItem[] = [];
  const handle = async (): Promise<void> => {
    for (const item of items) {
      if (item.kind === "member") {
        if (item.key === "version" && item.text !== undefined) {
          try {
            const v = JSON.parse(item.text);
            version = typeof v === "string" ? v : String(item.text);
          } catch {
            version = item.text;
          }
        }
        continue;
      }
      counts.entries++;
      const place = { index: item.index, line: item.line, column: item.column };
      let docs: HarDocument[] | "skipped";
      if (item.text === undefined) {
        const why = problem("too_large", `the entry is ${item.bytes} bytes or more, over the --max-bytes limit of ${run.maxBytes}`);
        docs = [{ entry: { ...place, method: "", url: "", part: "request" }, family: null, type: "HAR entry", mode: undefined, issues: [{ ...why, line: 1, column: 1 }] }];
      } else {
        let entry: unknown;
        try {
          entry = JSON.parse(item.text);
        } catch {
          entry = undefined;
        }
        docs = await checkEntry(h, entry, place);
      }
      if (docs === "skipped") counts.skipped++;
      else {
        counts.exchanges++;
        for (const d of docs) run.emit(report(run, d));
      }
    }
    items.length = 0;
    await run.flush();
  };
  for await (const chunk of chunks) {
    scanner.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk, items);
    await handle();
  }
  scanner.end(items);
  await handle();
  // The capture itself: HAR 1.2 is a JSON object { log: { version, creator, entries: [...] } }.
  if (scanner.rootNotObject || !scanner.sawLog || !scanner.sawEntries) {
    run.emit(fileProblem(run, problem("invalid_har", "is not a HAR capture: a HAR is a JSON object whose log member holds an entries array (HAR 1.2, section \"log\")")));
  } else if (scanner.unfinished) {
    run.emit(fileProblem(run, problem("invalid_json", `ends inside a JSON value: the capture is cut short after ${counts.entries} entries`)));
  } else if (version !== undefined && version !== "1.2" && version !== "1.1") {
    run.emit(fileProblem(run, { ...problem("invalid_har", `log.version is ${JSON.stringify(version)}: HAR 1.2 (or 1.1) is read`), severity: "warning" }));
  }
  return counts;
}
