/**
 * For people: one block per failing file, `file:line:col  pointer  message` per issue, then a summary.
 * Text from documents (file names, keys, values) goes through visible(): a terminal must not obey it.
 */
import type { Paint } from "../color.js";
import { visible } from "../escape.js";
import type { Output } from "../output.js";
import { summaryLine, verdictLine, type DocumentReport, type Formatter, type ReportIssue } from "../report.js";

export function issueLine(file: string, i: ReportIssue, paint: Paint): string {
  const where = paint("cyan", `${visible(file)}:${i.line}:${i.column}`);
  const pointer = paint("bold", i.pointer === "" ? "(root)" : visible(i.pointer));
  const warn = i.severity === "warning" ? paint("yellow", "warning: ") : "";
  let s = `  ${where}  ${pointer}  ${warn}${visible(i.message)}  ${paint("gray", visible(i.code))}\n`;
  if (i.hint) s += `      ${paint("yellow", "hint:")} ${visible(i.hint)}\n`;
  return s;
}

export function prettyFormatter(out: Output, paint: Paint): Formatter {
  let opened = false;
  return {
    positions: "failed",
    start() {},
    fileStart() {
      opened = false;
    },
    document(d: DocumentReport) {
      if (d.met) return;
      if (!opened) {
        out.write(`${paint(["bold", "red"], "FAIL")} ${paint("bold", visible(d.file))}\n`);
        opened = true;
      }
      const verdict = visible(verdictLine(d));
      const what = d.type ? visible(`${d.type}${d.family ? ` (${d.family})` : ""}`) : "";
      const tail = what && !verdict.includes(what) ? paint("gray", `  ${what}`) : "";
      const head = paint("red", `${d.record === undefined ? "" : `record ${d.record}: `}${verdict}`) + tail;
      if (d.problem || d.issues.length === 0) {
        // Nothing to list: the verdict itself is the located line.
        out.write(`  ${paint("cyan", `${visible(d.file)}:${d.line}:1`)}  ${head}\n`);
        return;
      }
      out.write(`  ${head}\n`);
      for (const i of d.issues) out.write(issueLine(d.file, i, paint));
    },
    fileEnd() {
      if (opened) out.write("\n");
    },
    end(s) {
      for (const e of s.errors) out.write(`${paint(["bold", "red"], "ERROR")} ${visible(e.path)}: ${visible(e.message)}\n`);
      const ok = s.failed === 0 && s.errors.length === 0;
      out.write(paint(["bold", ok ? "green" : "red"], summaryLine(s)) + "\n");
    },
  };
}
