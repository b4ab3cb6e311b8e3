/**
 * Where a stream's issues are: an issue's path starts with its event's index (pointer
 * `/3/result/task/id`); in an event-stream body, the event's `data:` lines are found from its byte
 * offset and the pointer's rest is located in the joined data, so the issue lands on the body's
 * line and column. Issues about the whole stream (path []) are placed at 1:1.
 */
import type { ValidationIssue } from "../core/issue.js";
import type { Locator } from "./positions.js";
import type { CliIssue } from "./registry.js";

/** An event as framed: its byte offset in the body (after a BOM) and its data. */
export interface EventPlace {
  readonly offset: number;
  readonly data: string;
}

type Placed = CliIssue & { readonly line: number; readonly column: number };

const LF = 10;
const CR = 13;

/** The body line of each of the event's `data` lines, and how many characters precede the value on it. */
function dataLines(bytes: Uint8Array, offset: number): { line: number; prefix: number }[] {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === LF) line++;
    else if (bytes[i] === CR) {
      line++;
      if (bytes[i + 1] === LF) i++;
    }
  }
  const out: { line: number; prefix: number }[] = [];
  let i = offset;
  while (i < bytes.length) {
    let end = i;
    while (end < bytes.length && bytes[end] !== LF && bytes[end] !== CR) end++;
    if (end === i) break; // the blank line ends the event
    // "data" then ":" (and one optional space), or "data" alone.
    if (bytes[i] === 0x64 && bytes[i + 1] === 0x61 && bytes[i + 2] === 0x74 && bytes[i + 3] === 0x61 && (i + 4 === end || bytes[i + 4] === 0x3a)) {
      out.push({ line, prefix: i + 4 === end ? 4 : bytes[i + 5] === 0x20 ? 6 : 5 });
    }
    i = bytes[end] === CR && bytes[end + 1] === LF ? end + 2 : end + 1;
    line++;
  }
  return out;
}

/** The issues with their event named in the message and their line:col in `body`. */
export function streamIssuesPlaced(body: string, events: ReadonlyMap<number, EventPlace>, issues: readonly ValidationIssue[], locator: Locator): Placed[] {
  const bytes = Buffer.from(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  return issues.map((i) => {
    const index = i.path[0];
    if (typeof index !== "number") return { ...i, line: 1, column: 1 };
    const message = `event ${index}: ${i.message}`;
    const ev = events.get(index);
    if (ev === undefined) return { ...i, message, line: 1, column: 1 };
    const lines = dataLines(bytes, ev.offset);
    const first = lines[0] ?? { line: 1, prefix: 0 };
    const rest = i.pointer.slice(i.pointer.indexOf("/", 1) === -1 ? i.pointer.length : i.pointer.indexOf("/", 1));
    let at: { line: number; column: number } | undefined;
    try {
      JSON.parse(ev.data);
      at = locator.locate(ev.data, [{ pointer: rest, code: i.code }])[0];
    } catch {
      at = undefined;
    }
    const l = at === undefined ? first : (lines[at.line - 1] ?? first);
    return { ...i, message, line: l.line, column: l.prefix + (at?.column ?? 1) };
  });
}
