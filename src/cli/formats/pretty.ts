/**
 * For people: one block per file with something to say (FAIL when a document did not meet its
 * expectation, WARN when it only has warnings), `file:line:col  pointer  message  code` per issue,
 * then a summary. Text from documents (file names, keys, values) goes through visible(): a
 * terminal must not obey it. Unreadable paths are told on standard error (validate.ts), once.
 */
import type { Paint } from "../color.js";
import { visible } from "../escape.js";
import type { Output } from "../output.js";
import { shownIssues, summaryLine, verdictLine, type DocumentReport, type Formatter } from "../report.js";
import { versionWords } from "../versions.js";
import { issueLine } from "./issue.js";

/** `Task (v1)`, and under --a2a-version `Task (v1; A2A 0.3, by /method "message/send")`; made visible (it quotes the document). */
function whatOf(d: DocumentReport): string {
  if (!d.type && !d.a2aVersion) return "";
  const family = [d.family, d.a2aVersion ? versionWords(d.a2aVersion) : undefined].filter((x) => x).join("; ");
  return visible(`${d.type ?? "document"}${family ? ` (${family})` : ""}`);
}

export function prettyFormatter(out: Output, paint: Paint): Formatter {
  /** The file's block header written so far: FAIL outranks WARN, so a failure after a warning opens a FAIL block. */
  let opened: "FAIL" | "WARN" | undefined;
  const open = (d: DocumentReport, as: "FAIL" | "WARN"): void => {
    if (opened === "FAIL" || opened === as) return;
    out.write(`${as === "FAIL" ? paint(["bold", "red"], "FAIL") : paint(["bold", "yellow"], "WARN")} ${paint("bold", visible(d.file))}\n`);
    opened = as;
  };
  return {
    positions: "shown",
    showsUnreadable: false,
    start() {},
    fileStart() {
      opened = undefined;
    },
    document(d: DocumentReport) {
      const shown = shownIssues(d);
      if (d.met) {
        // As expected, with warnings: the warnings alone.
        if (shown.length === 0) return;
        open(d, "WARN");
        for (const s of shown) out.write(issueLine(d.file, s.issue, paint, s.level));
        return;
      }
      open(d, "FAIL");
      const verdict = visible(verdictLine(d));
      const what = whatOf(d);
      const tail = what && !verdict.includes(what) ? paint("gray", `  ${what}`) : "";
      const head = paint("red", `${d.record === undefined ? "" : `record ${d.record}: `}${verdict}`) + tail;
      if (shown.length === 0) {
        // Nothing to list: the verdict itself is the located line.
        out.write(`  ${paint("cyan", `${visible(d.file)}:${d.line}:1`)}  ${head}\n`);
        return;
      }
      out.write(`  ${head}\n`);
      for (const s of shown) out.write(issueLine(d.file, s.issue, paint, s.level));
    },
    fileEnd() {
      if (opened) out.write("\n");
    },
    end(s) {
      // Skipped links are not failures: told in the report, before the summary that counts them.
      for (const k of s.skipped) out.write(`${paint(["bold", "yellow"], "SKIP")} ${paint("bold", visible(k.path))}  ${visible(k.reason)}\n`);
      if (s.skipped.length > 0) out.write("\n");
      const ok = s.failed === 0 && s.errors.length === 0;
      out.write(paint(["bold", ok ? "green" : "red"], summaryLine(s)) + "\n");
    },
  };
}
