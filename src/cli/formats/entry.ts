/**
 * How a document of a HAR capture is named in every format: its entry (index, method, URL) and
 * body. Issue lines and columns of such a document are inside that body, so the place printed
 * before `:line:col` is the body's, `capture.har#3.response`, not the file's.
 */
import type { DocumentReport, FileReport } from "../report.js";

/** What `:line:col` is counted in: the file, or a HAR entry's body. */
export const placeOf = (d: DocumentReport): string => (d.entry ? `${d.file}#${d.entry.index}.${d.entry.part}` : d.file);

/** `entry 3 POST http://…/a2a (response): `, `record 2: `, or nothing. */
export function whereIn(d: DocumentReport): string {
  if (d.entry) return `entry ${d.entry.index} ${d.entry.method} ${d.entry.url} (${d.entry.part}): `;
  return d.record === undefined ? "" : `record ${d.record}: `;
}

/** `12 entries: 5 A2A exchanges, 7 other entries skipped` for a HAR capture; undefined otherwise. */
export function harLine(f: FileReport): string | undefined {
  if (!f.har) return undefined;
  const { entries, exchanges, skipped } = f.har;
  return `${entries} ${entries === 1 ? "entry" : "entries"}: ${exchanges} A2A ${exchanges === 1 ? "exchange" : "exchanges"}, ${skipped} other ${skipped === 1 ? "entry" : "entries"} skipped`;
}
