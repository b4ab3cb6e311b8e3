/**
 * A list of stream events offline (`--stream <method>`, or a sidecar's `"stream"`): a JSON array,
 * or JSON Lines one event a line, each event's data as a client would parse it. Each event is
 * validated as what its binding carries and the stream rules run across them (the same code as
 * `readA2aStream`), one report for the file, each issue naming its event's index (pointer
 * `/3/result/statusUpdate/taskId`) at its line:col in the file.
 */
import type { ValidationIssue } from "../core/issue.js";
import { StreamRules, validateStreamEvent, type StreamMethod, type StreamRuleOptions } from "../wire/stream-rules.js";
import { isError } from "./check.js";
import type { Source } from "./discover.js";
import type { FileScope } from "./engine.js";
import { missingIssues } from "./expectations.js";
import { LineSplitter } from "./lines.js";
import { loadLocator } from "./positions.js";
import type { DocumentReport, ReportIssue } from "./report.js";
import { sourceChunks } from "./chunks.js";
import { readJsonFile, readStreamDocument, type Read } from "./sources.js";
import { syntaxProblem } from "./syntax.js";

/** The engine's hands: the file's report is opened, written and closed through them. */
export interface StreamSink {
  begin(): void;
  emit(doc: DocumentReport): void;
  finish(): void;
  unreadable(e: unknown): void;
}

export interface StreamFileOptions {
  readonly method: string;
  readonly binding: string | undefined;
  readonly maxBytes: number;
  readonly stdin: NodeJS.ReadableStream | undefined;
}

/** An event's text and where it starts in the file, kept only for events with issues. */
interface Held {
  readonly text: string;
  readonly line: number;
}

const bindingOf = (first: unknown, given: string | undefined): StreamRuleOptions["binding"] =>
  given === "http" || given === "jsonrpc" ? given : typeof first === "object" && first !== null && !Array.isArray(first) && "jsonrpc" in first ? "jsonrpc" : "http";

/** `event 3: …` for an issue under an event; the rest as they are. */
const named = (i: ValidationIssue): ValidationIssue => (typeof i.path[0] === "number" ? { ...i, message: `event ${i.path[0]}: ${i.message}` } : i);

export async function checkStreamFile(src: Source, scope: FileScope, o: StreamFileOptions, sink: StreamSink): Promise<void> {
  const method = o.method as StreamMethod;
  const issues: ValidationIssue[] = [];
  /** Each event's text by index (JSON Lines), for the positions of its issues. */
  const held = new Map<number, Held>();
  let whole: string | undefined; // a JSON array: positions are in the whole text
  let syntax: ReportIssue[] = [];
  let binding: StreamRuleOptions["binding"] | undefined;
  if (src.ndjson) {
    let chunks: AsyncIterable<string | Buffer> | Iterable<Buffer>;
    try {
      chunks = sourceChunks(src, o.stdin);
    } catch (e) {
      return sink.unreadable(e);
    }
    sink.begin();
    const splitter = new LineSplitter(o.maxBytes);
    let rules: StreamRules | undefined;
    let opts: StreamRuleOptions | undefined;
    let index = 0;
    const take = (records: ReturnType<LineSplitter["push"]>): void => {
      for (const r of records) {
        const i = index++;
        let value: unknown;
        if (r.text === undefined) {
          syntax.push(at(`/${i}`, "too_large", `event ${i}: is longer than the --max-bytes limit of ${o.maxBytes} bytes`, r.line, 1));
          rules?.unknown();
          continue;
        }
        try {
          value = JSON.parse(r.text);
        } catch (err) {
          const p = syntaxProblem(r.text, err, r.line);
          syntax.push(at(`/${i}`, "invalid_json", `event ${i}: is not valid JSON: at ${p.line}:${p.column}, ${p.message}`, p.line, p.column));
          rules?.unknown();
          continue;
        }
        if (opts === undefined) {
          binding = bindingOf(value, o.binding);
          opts = { binding, method };
          rules = new StreamRules(opts);
        }
        const own: ValidationIssue[] = [];
        const v = validateStreamEvent(value, i, opts);
        if (!v.ok) own.push(...v.issues);
        else if (v.warnings) own.push(...v.warnings);
        own.push(...rules!.next(i, value));
        if (own.length > 0) held.set(i, { text: r.text, line: r.line });
        issues.push(...own);
      }
    };
    try {
      for await (const chunk of chunks) take(splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk));
      take(splitter.end());
    } catch (e) {
      if (typeof (e as NodeJS.ErrnoException).code !== "string") throw e;
      sink.unreadable(e);
      return sink.finish();
    }
    issues.push(...(rules ?? new StreamRules({ binding: "jsonrpc", method })).end());
  } else {
    let read: Read;
    try {
      read = src.kind === "stdin" ? await readStreamDocument(o.stdin ?? process.stdin, o.maxBytes) : readJsonFile(src.path, o.maxBytes);
    } catch (e) {
      return sink.unreadable(e);
    }
    sink.begin();
    if (read.kind !== "text") {
      const message = read.kind === "bad_utf8" ? "is not valid UTF-8 (JSON text must be)" : `is ${read.bytes} bytes or more, over the --max-bytes limit of ${o.maxBytes}`;
      syntax = [at("", read.kind === "bad_utf8" ? "invalid_utf8" : "too_large", message, 1, 1)];
    } else {
      let events: unknown;
      try {
        events = JSON.parse(read.text);
      } catch (err) {
        const p = syntaxProblem(read.text, err);
        syntax = [at("", "invalid_json", `is not valid JSON: at ${p.line}:${p.column}, ${p.message}`, p.line, p.column)];
      }
      if (syntax.length === 0) {
        if (!Array.isArray(events)) syntax = [at("", "type", "a stream file is a JSON array of events (or JSON Lines, one event a line)", 1, 1)];
        else {
          whole = read.text;
          binding = bindingOf(events[0], o.binding);
          const opts: StreamRuleOptions = { binding, method };
          const rules = new StreamRules(opts);
          for (let i = 0; i < events.length; i++) {
            const v = validateStreamEvent(events[i], i, opts);
            if (!v.ok) issues.push(...v.issues);
            else if (v.warnings) issues.push(...v.warnings);
            issues.push(...rules.next(i, events[i]));
          }
          issues.push(...rules.end());
        }
      }
    }
  }
  const placed = [...syntax, ...(await place(issues.map(named), whole, held))];
  const valid = !placed.some((i) => i.severity === "error");
  const missing = scope.expected === "invalid" ? missingIssues(scope.expectedIssues, placed) : [];
  const met = scope.expected === "valid" ? valid : !valid && missing.length === 0;
  sink.emit({
    file: scope.file,
    kind: "stream",
    record: undefined,
    line: 1,
    family: "v1",
    type: `${method} stream${binding === "http" ? " (HTTP+JSON)" : binding === "jsonrpc" ? " (JSON-RPC)" : ""}`,
    mode: "strict",
    expected: scope.expected,
    valid,
    met,
    issues: placed,
    missing,
  });
  sink.finish();
}

function at(pointer: string, code: string, message: string, line: number, column: number): ReportIssue {
  return { pointer, code, message, severity: "error", line, column };
}

/** Line:col of each issue: in the whole array's text, or in its event's line (JSON Lines). */
async function place(issues: readonly ValidationIssue[], whole: string | undefined, held: ReadonlyMap<number, Held>): Promise<ReportIssue[]> {
  if (issues.length === 0) return [];
  const locator = await loadLocator();
  const wholeAt = whole === undefined ? [] : locator.locate(whole, issues);
  return issues.map((i, n) => {
    let line = 1;
    let column = 1;
    if (whole !== undefined) {
      line = wholeAt[n]?.line ?? 1;
      column = wholeAt[n]?.column ?? 1;
    } else if (typeof i.path[0] === "number" && held.has(i.path[0])) {
      const h = held.get(i.path[0])!;
      const rest = i.pointer.slice(String(i.path[0]).length + 1);
      const p = locator.locate(h.text, [{ pointer: rest, code: i.code }])[0];
      line = h.line + (p ? p.line - 1 : 0);
      column = p?.column ?? 1;
    }
    return { pointer: i.pointer, code: i.code, message: i.message, severity: isError(i) ? "error" : "warning", line, column, property: i.property, expected: i.expected, received: i.received, allowed: i.allowed, hint: i.hint };
  });
}

