/**
 * GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message`
 * per issue, so each shows on the line it is about, then the plain summary.
 */
import { visibleButLineBreaks } from "../escape.js";
import type { Output } from "../output.js";
import { summaryLine, verdictLine, type DocumentReport, type Formatter } from "../report.js";

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
    positions: "failed",
    start() {},
    fileStart() {},
    document(d: DocumentReport) {
      if (d.met) return;
      const what = d.type ?? "document";
      const verdict = verdictLine(d);
      const where = d.record === undefined ? "" : `record ${d.record}: `;
      if (d.problem || d.issues.length === 0 || d.expected === "invalid") {
        out.write(annotation("error", d.file, d.line, 1, `${what}: not as expected`, where + verdict));
      }
      // A negative fixture's own issues are context for the verdict, not errors of their own.
      const level = d.expected === "invalid" ? "notice" : undefined;
      if (d.problem) return;
      for (const i of d.issues) {
        const msg = `${where}${i.pointer === "" ? "(root)" : i.pointer}: ${i.message}${i.hint ? ` (hint: ${i.hint})` : ""}`;
        out.write(annotation(level ?? (i.severity === "warning" ? "warning" : "error"), d.file, i.line, i.column, `${what}: ${i.code}`, msg));
      }
    },
    fileEnd() {},
    end(s) {
      for (const e of s.errors) out.write(`::error title=${escapeProperty("a2a-validate: unreadable path")}::${escapeData(`${e.path}: ${e.message}`)}\n`);
      out.write(summaryLine(s) + "\n");
    },
  };
}
