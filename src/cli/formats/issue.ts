/**
 * How one issue reads, in every format: the one place that words it. Which issues a
 * document shows, and at which level, is report.ts's shownIssues().
 */
import type { Paint } from "../color.js";
import { visible } from "../escape.js";
import type { IssueLevel, ReportIssue } from "../report.js";

/** An issue's place in words: its pointer, or "(root)". */
export const issuePlace = (i: ReportIssue): string => (i.pointer === "" ? "(root)" : i.pointer);

/**
 * `  file:line:col  pointer  message  code`, `warning: ` before the message of a warning, and a
 * `hint:` line under it when it has one (pretty; JUnit, unpainted). Text from documents is made
 * visible: a terminal or a CI page must not obey it.
 */
export function issueLine(file: string, i: ReportIssue, paint: Paint, level: IssueLevel = i.severity): string {
  const where = paint("cyan", `${visible(file)}:${i.line}:${i.column}`);
  const pointer = paint("bold", visible(issuePlace(i)));
  const warn = level === "warning" ? paint("yellow", "warning: ") : "";
  let s = `  ${where}  ${pointer}  ${warn}${visible(i.message)}  ${paint("gray", visible(i.code))}\n`;
  if (i.hint) s += `      ${paint("yellow", "hint:")} ${visible(i.hint)}\n`;
  return s;
}

/** `pointer: message (hint: …)` on one line, for formats that place the file and level themselves (GitHub). */
export function issueSentence(i: ReportIssue): string {
  return `${issuePlace(i)}: ${i.message}${i.hint ? ` (hint: ${i.hint})` : ""}`;
}
