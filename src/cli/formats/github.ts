/**
 * GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message`
 * per issue (`::warning` for a warning, also on a document that passed; `::notice` for a
 * negative fixture's own issues), so each shows on the line it is about, then the plain summary.
 */
import { visibleButLineBreaks } from "../escape.js";
import type { Output } from "../output.js";
import { shownIssues, summaryLine, verdictLine, type DocumentReport, type Formatter } from "../report.js";
import { versionWords } from "../versions.js";
import { issueSentence } from "./issue.js";

/**
 * Escaping of a command's message (GitHub's `escapeData`: a raw line break would
 * end the command and let the rest start another). Other control characters
 * are made visible as in pretty: the log viewer would obey ANSI sequences.
 */
export function escapeData(s: string): string {
  return visibleButLineBreaks(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escaping of a property value (GitHub's `escapeProperty`): `:` and `,` would end it. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function annotation(level: "error" | "warning" | "notice", file: string, line: number, col: number, title: string, message: string): string {
  const props = `file=${escapeProperty(file)},line=${line},col=${col},title=${escapeProperty(title)}`;
  return `::${level} ${props}::${escapeData(message)}\n`;
}

export function githubFormatter(out: Output): Formatter {
  return {
    positions: "shown",
    // The annotation is where a CI run shows an unreadable path; standard error would repeat it in the log.
    showsUnreadable: true,
    start() {},
    fileStart() {},
    document(d: DocumentReport) {
      const what = `${d.type ?? "document"}${d.a2aVersion ? ` (${versionWords(d.a2aVersion)})` : ""}`;
      const where = d.record === undefined ? "" : `record ${d.record}: `;
      if (!d.met && (d.problem || d.issues.length === 0 || d.expected === "invalid")) {
        out.write(annotation("error", d.file, d.line, 1, `${what}: not as expected`, where + verdictLine(d)));
      }
      for (const { issue: i, level } of shownIssues(d)) {
        out.write(annotation(level, d.file, i.line, i.column, `${what}: ${i.code}`, where + issueSentence(i)));
      }
    },
    fileEnd() {},
    end(s) {
      for (const k of s.skipped) out.write(`::warning file=${escapeProperty(k.path)},title=${escapeProperty("a2a-validate: symbolic link not followed")}::${escapeData(`${k.path}: ${k.reason}`)}\n`);
      for (const e of s.errors) out.write(`::error title=${escapeProperty("a2a-validate: unreadable path")}::${escapeData(`${e.path}: ${e.message}`)}\n`);
      out.write(summaryLine(s) + "\n");
    },
  };
}
