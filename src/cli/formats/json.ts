/**
 * One JSON document on stdout, written as it goes (so NDJSON of any size
 * streams). The shape is documented in docs/cli.md and versioned by
 * `formatVersion`: fields are only ever added. Strings go through jsonText(),
 * so C1, bidi and line-separator characters of documents are escaped like C0.
 */
import { jsonText } from "../escape.js";
import type { Output } from "../output.js";
import type { DocumentReport, Formatter, ReportIssue } from "../report.js";
import { FORMAT_VERSION } from "./names.js";

function issueJson(i: ReportIssue): Record<string, unknown> {
  const o: Record<string, unknown> = {
    pointer: i.pointer,
    code: i.code,
    message: i.message,
    severity: i.severity,
    line: i.line,
    column: i.column,
  };
  for (const k of ["property", "expected", "received", "allowed", "hint"] as const) if (i[k] !== undefined) o[k] = i[k];
  return o;
}

export function documentJson(d: DocumentReport): Record<string, unknown> {
  return {
    record: d.record ?? null,
    line: d.line,
    family: d.family,
    type: d.type,
    mode: d.mode ?? null,
    expected: d.expected,
    valid: d.valid,
    met: d.met,
    issues: d.issues.map(issueJson),
    missing: d.missing.map((m) => ({ pointer: m.pointer, code: m.code })),
    problem: d.problem ?? null,
    // Added under --a2a-version only: the version it was validated as, and the evidence.
    ...(d.a2aVersion !== undefined ? { a2aVersion: d.a2aVersion } : {}),
  };
}

export function jsonFormatter(out: Output, version: string): Formatter {
  let files = 0;
  let docs = 0;
  return {
    positions: "all",
    // `errors` is data for programs; people read the paths on standard error.
    showsUnreadable: false,
    start() {
      out.write(`{"tool":"a2a-validate","version":${jsonText(version)},"formatVersion":${FORMAT_VERSION},"files":[\n`);
    },
    fileStart(file, kind) {
      out.write(`${files++ === 0 ? "" : ",\n"}{"file":${jsonText(file)},"kind":"${kind}","documents":[`);
      docs = 0;
    },
    document(d) {
      out.write((docs++ === 0 ? "" : ",") + jsonText(documentJson(d)));
    },
    fileEnd(f) {
      out.write(`],"met":${f.failed === 0}}`);
    },
    end(s) {
      const summary = { files: s.files, documents: s.documents, asExpected: s.met, failed: s.failed, unreadable: s.errors.length, ok: s.failed === 0 && s.errors.length === 0, skipped: s.skipped.length, ...(s.versions ? { versions: s.versions } : {}) };
      const errors = jsonText(s.errors.map((e) => ({ path: e.path, message: e.message })));
      const skipped = jsonText(s.skipped.map((k) => ({ path: k.path, reason: k.reason })));
      out.write(`\n],"errors":${errors},"skipped":${skipped},"summary":${JSON.stringify(summary)}}\n`);
    },
  };
}
