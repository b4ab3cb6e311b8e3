/**
 * The validation loop: each source is read (bounded), parsed, detected,
 * validated, held against its expectation and handed to the format.
 * Positions are computed only for documents whose issues will be shown.
 */
import { basename } from "node:path";
import { checker, isError, type Checker, type DocumentCheck } from "./check.js";
import type { Wanted } from "./detect.js";
import type { DiscoveryError, SkippedPath, Source } from "./discover.js";
import { duplicateNames, type PlacedIssue } from "./duplicates.js";
import { expectedIssuesOf, missingIssues, readSidecar, verdictFor, type Expect, type ExpectedIssue, type Sidecar, type Verdict } from "./expectations.js";
import { LineSplitter } from "./lines.js";
import type { Output } from "./output.js";
import { loadLocator, type Locator } from "./positions.js";
import { FAMILY_NAMES, type CheckContext, type CliIssue, type Families, type Mode } from "./registry.js";
import { shownIssues, type DocumentReport, type FileKind, type FileReport, type Formatter, type ReportIssue, type Summary } from "./report.js";
import { sourceChunks } from "./chunks.js";
import { isNotRegularFile, readJsonFile, readStreamDocument, type Read } from "./sources.js";
import { versionChecker, type A2aVersionOption } from "./versions.js";
import { syntaxProblem } from "./syntax.js";

export interface EngineOptions {
  /** The families the run allows (--family), loaded as documents need them. */
  readonly families: Families;
  readonly family: string | undefined;
  readonly type: string | undefined;
  readonly mode: Mode | undefined;
  /** The v1 protocol revision (`--revision`); undefined means the default (1.0) or the sidecar's. */
  readonly revision: string | undefined;
  readonly method: string | undefined;
  readonly expect: Expect;
  readonly freshness: boolean;
  readonly maxBytes: number;
  readonly now: number;
  readonly stdin: NodeJS.ReadableStream | undefined;
  /** `--stream <method>`: every file is a list of stream events (a JSON array or JSON Lines). */
  readonly stream?: string | undefined;
  /** `--har`: standard input is a HAR capture. */
  readonly harStdin?: boolean | undefined;
  /** `--a2a-version`: validate each document as this A2A version, or as the one it is (auto). */
  readonly a2aVersion?: A2aVersionOption | undefined;
  /** Checks an agent card's signatures (`--verify-signatures`): issues to add, pointing into the document. */
  readonly verifyCard?: ((card: unknown) => Promise<readonly CliIssue[]>) | undefined;
}

/** One file's settings: the command line, then its sidecar. */
export interface FileScope {
  readonly file: string;
  readonly kind: FileKind;
  /** Standard input (`-`): hints name --ndjson there, a file name elsewhere. */
  readonly stdin: boolean;
  readonly folders: readonly string[];
  readonly wanted: Wanted;
  readonly ctx: CheckContext;
  readonly expected: Verdict;
  readonly expectedIssues: readonly ExpectedIssue[];
  /** How its documents are checked: built at its first document. */
  checker?: Checker | Promise<Checker>;
}

/** HAR captures are found by name (their content is read as a stream, never whole). */
const HAR_FILE = /\.har$/i;

const cliIssue = (code: string, message: string): CliIssue => ({ path: [], pointer: "", code, message });

function readProblem(r: Exclude<Read, { kind: "text" }>, maxBytes: number): CliIssue {
  if (r.kind === "bad_utf8") return cliIssue("invalid_utf8", "is not valid UTF-8 (JSON text must be)");
  return cliIssue("too_large", `is ${r.bytes} bytes or more, over the --max-bytes limit of ${maxBytes}`);
}

export class Engine {
  private locator: Locator | undefined;
  private files = 0;
  private documents = 0;
  private met = 0;
  private failed = 0;
  private warnings = 0;
  private fileDocs = 0;
  private fileMet = 0;
  /** Under --a2a-version: documents per A2A version. */
  private readonly versions: Record<string, number> | undefined;
  readonly errors: DiscoveryError[] = [];
  /** Links a walk or a glob did not follow (discover() pushes them). */
  readonly skipped: SkippedPath[] = [];

  constructor(
    private readonly o: EngineOptions,
    private readonly fmt: Formatter,
    private readonly out: Output,
  ) {
    this.versions = o.a2aVersion === undefined ? undefined : {};
  }

  summary(): Summary {
    return { files: this.files, documents: this.documents, met: this.met, failed: this.failed, warnings: this.warnings, errors: this.errors, skipped: this.skipped, ...(this.versions ? { versions: this.versions } : {}) };
  }

  /** Sources may be produced as they are found (discover() walks lazily): nothing needs them all at once. */
  async run(sources: AsyncIterable<Source> | Iterable<Source>): Promise<void> {
    this.fmt.start();
    for await (const src of sources) {
      await this.source(src);
      await this.out.flush();
    }
    this.fmt.end(this.summary());
    await this.out.flush(true);
  }

  private async source(src: Source): Promise<void> {
    let sidecar: Sidecar | undefined;
    let problem: string | undefined;
    if (src.sidecar) {
      const r = readSidecar(src.sidecar, FAMILY_NAMES, this.o.maxBytes);
      if (typeof r === "string") problem = `${basename(src.sidecar)} ${r}`;
      else if (src.ndjson && r.stream === undefined && this.o.stream === undefined && (r.issues !== undefined || r.lenient !== undefined)) problem = `${basename(src.sidecar)} lists "issues", which only a single-document file can have`;
      else sidecar = r;
    }
    const o = this.o;
    const har = src.kind === "file" ? HAR_FILE.test(src.path) : o.harStdin === true;
    const stream = har ? undefined : (o.stream ?? sidecar?.stream);
    const scope: FileScope = {
      file: src.display,
      kind: har ? "har" : stream !== undefined ? "stream" : src.ndjson ? "ndjson" : "json",
      stdin: src.kind === "stdin",
      folders: src.folders,
      wanted: { family: o.family ?? sidecar?.family, type: o.type ?? sidecar?.type },
      ctx: {
        mode: o.mode ?? sidecar?.mode,
        revision: o.revision ?? sidecar?.revision,
        method: o.method ?? sidecar?.method,
        freshness: o.freshness,
        now: o.now,
        stream: new Map(),
      },
      expected: verdictFor(o.expect, src.folders, sidecar, o.mode ?? sidecar?.mode, o.revision ?? sidecar?.revision),
      expectedIssues: expectedIssuesOf(sidecar, o.mode ?? sidecar?.mode, o.revision ?? sidecar?.revision),
    };
    if (problem !== undefined) {
      this.begin(scope);
      this.emit({ ...this.bare(scope, 1, undefined), problem });
      this.finish(scope);
      return;
    }
    if (har) await this.har(src, scope);
    else if (stream !== undefined) await this.streamFile(src, scope, stream, sidecar?.binding);
    else if (src.ndjson) await this.ndjson(src, scope);
    else await this.single(src, scope);
  }

  /** The source's chunks, its report begun; undefined when it cannot be opened (then it is an unreadable path). */
  private open(src: Source, scope: FileScope): AsyncIterable<string | Buffer> | Iterable<Buffer> | undefined {
    let chunks: AsyncIterable<string | Buffer> | Iterable<Buffer>;
    try {
      chunks = sourceChunks(src, this.o.stdin);
    } catch (e) {
      this.unreadable(src, e);
      return undefined;
    }
    this.begin(scope);
    return chunks;
  }

  /** A HAR capture (har-file.ts), read in chunks: one report per body of each A2A exchange. */
  private async har(src: Source, scope: FileScope): Promise<void> {
    const chunks = this.open(src, scope);
    if (chunks === undefined) return;
    const { checkHarFile } = await import("./har-file.js");
    const o = this.o;
    const run = { file: scope.file, families: o.families, family: o.family, mode: scope.ctx.mode, ctx: scope.ctx, maxBytes: o.maxBytes, expected: scope.expected, expectedIssues: scope.expectedIssues };
    let counts;
    try {
      counts = await checkHarFile({ ...run, emit: (d) => this.emit(d), flush: () => this.out.flush() }, chunks);
    } catch (e) {
      if (typeof (e as NodeJS.ErrnoException).code !== "string") throw e;
      this.unreadable(src, e);
    }
    this.finish(scope, counts);
  }

  /** A list of stream events (stream-file.ts): one report, each issue at its event. */
  private async streamFile(src: Source, scope: FileScope, method: string, binding: string | undefined): Promise<void> {
    const { checkStreamFile } = await import("./stream-file.js");
    await checkStreamFile(src, scope, { method, binding, maxBytes: this.o.maxBytes, stdin: this.o.stdin }, { begin: () => this.begin(scope), emit: (d) => this.emit(d), finish: () => this.finish(scope), unreadable: (e) => this.unreadable(src, e) });
  }

  private begin(scope: FileScope): void {
    this.files++;
    this.fileDocs = 0;
    this.fileMet = 0;
    this.fmt.fileStart(scope.file, scope.kind);
  }

  private finish(scope: FileScope, har?: FileReport["har"]): void {
    this.fmt.fileEnd({ file: scope.file, kind: scope.kind, documents: this.fileDocs, met: this.fileMet, failed: this.fileDocs - this.fileMet, ...(har ? { har } : {}) });
  }

  private emit(doc: DocumentReport): void {
    this.documents++;
    this.fileDocs++;
    if (doc.met) {
      this.met++;
      this.fileMet++;
    } else this.failed++;
    for (const s of shownIssues(doc)) if (s.level === "warning") this.warnings++;
    if (this.versions && doc.a2aVersion) this.versions[doc.a2aVersion.version] = (this.versions[doc.a2aVersion.version] ?? 0) + 1;
    this.fmt.document(doc);
  }

  private unreadable(src: Source, e: unknown): void {
    // A path that became a FIFO or device after discovery says so, like one named on the command line.
    if (isNotRegularFile(e)) {
      this.errors.push({ path: src.display, message: e.message });
      return;
    }
    const code = (e as NodeJS.ErrnoException).code;
    this.errors.push({ path: src.display, message: `cannot be read (${code ?? (e as Error).message})` });
  }

  private async single(src: Source, scope: FileScope): Promise<void> {
    let read: Read;
    try {
      read = src.kind === "stdin" ? await readStreamDocument(this.o.stdin ?? process.stdin, this.o.maxBytes) : readJsonFile(src.path, this.o.maxBytes);
    } catch (e) {
      this.unreadable(src, e);
      return;
    }
    this.begin(scope);
    const doc = read.kind === "text" ? this.document(scope, read.text, 1, undefined) : this.failure(scope, 1, undefined, readProblem(read, this.o.maxBytes));
    this.emit(doc instanceof Promise ? await doc : doc);
    this.finish(scope);
  }

  private async ndjson(src: Source, scope: FileScope): Promise<void> {
    const chunks = this.open(src, scope);
    if (chunks === undefined) return;
    const splitter = new LineSplitter(this.o.maxBytes);
    let record = 0;
    const handle = async (records: ReturnType<LineSplitter["push"]>): Promise<void> => {
      for (const r of records) {
        record++;
        const doc =
          r.text === undefined
            ? this.failure(scope, r.line, record, cliIssue("too_large", `is longer than the --max-bytes limit of ${this.o.maxBytes} bytes`))
            : this.document(scope, r.text, r.line, record);
        this.emit(doc instanceof Promise ? await doc : doc);
      }
      await this.out.flush();
    };
    try {
      for await (const chunk of chunks) await handle(splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk));
      await handle(splitter.end());
    } catch (e) {
      // A read error mid-stream makes the path unreadable; anything else is a bug and propagates.
      if (typeof (e as NodeJS.ErrnoException).code !== "string") throw e;
      this.unreadable(src, e);
    }
    this.finish(scope);
  }

  private bare(scope: FileScope, line: number, record: number | undefined): DocumentReport {
    return {
      file: scope.file,
      kind: scope.kind,
      record,
      line,
      family: scope.wanted.family ?? null,
      type: null,
      mode: undefined,
      expected: scope.expected,
      valid: false,
      met: false,
      issues: [],
      missing: [],
    };
  }

  /** A document that could not even be parsed: it is invalid, positioned at `at` in the file (its start by default). */
  private failure(scope: FileScope, line: number, record: number | undefined, issue: CliIssue, at = { line, column: 1 }): DocumentReport {
    const base = this.bare(scope, line, record);
    const issues = [toReport(issue, at.line, at.column)];
    const missing = base.expected === "invalid" ? missingIssues(scope.expectedIssues, issues) : [];
    return { ...base, issues, missing, met: base.expected === "invalid" && missing.length === 0 };
  }

  /** Returns a promise only when momoa or a family's validators must be loaded first. */
  private document(scope: FileScope, text: string, line: number, record: number | undefined): DocumentReport | Promise<DocumentReport> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      // Positions in the file: a record's text starts on its line.
      const p = syntaxProblem(text, err, line);
      const hint = p.jsonLines ? jsonLinesHint(scope) : p.hint;
      const issue = { ...cliIssue("invalid_json", `is not valid JSON: at ${p.line}:${p.column}, ${p.message}`), ...(hint !== undefined ? { hint } : {}) };
      return this.failure(scope, line, record, issue, p);
    }
    // Duplicate names are found in the text (the value keeps only the last of each), already placed.
    const dups = duplicateNames(text, value, line);
    const c = (scope.checker ??=
      this.o.a2aVersion !== undefined ? versionChecker(this.o.families, scope.wanted, scope.ctx, scope.folders, this.o.a2aVersion) : checker(this.o.families, scope.wanted, scope.ctx, scope.folders));
    const check = c instanceof Promise ? c.then((f) => (scope.checker = f)(value)) : c(value);
    const verify = this.o.verifyCard;
    if (verify !== undefined) {
      // Signatures are checked on every v1 agent card, after its shape (jose loads only then).
      return Promise.resolve(check).then(async (c) => {
        if (c.family === null || c.type !== "AgentCard" || (c.family !== "v1" && c.family !== "object-schemas" && c.family !== "v1+v0.3")) return this.judge(scope, text, line, record, withIssues(c, dups));
        // The text, not the parsed value: only text shows a member name given twice. Those are already
        // reported above at their line:col, so the signature module's own duplicate_key issues are not repeated.
        const more = (await verify(text)).filter((i) => dups.length === 0 || i.code !== "duplicate_key");
        return this.judge(scope, text, line, record, withIssues(c, [...dups, ...more]));
      });
    }
    if (check instanceof Promise) return check.then((c) => this.judge(scope, text, line, record, withIssues(c, dups)));
    return this.judge(scope, text, line, record, withIssues(check, dups));
  }

  /** Holds a checked document against its expectation; positions only where they will be shown. */
  private judge(scope: FileScope, text: string, line: number, record: number | undefined, check: DocumentCheck): DocumentReport | Promise<DocumentReport> {
    const expected = scope.expected;
    const missing = expected === "invalid" ? missingIssues(scope.expectedIssues, check.issues) : [];
    const met = expected === "valid" ? check.valid : !check.valid && missing.length === 0;
    const report = (issues: ReportIssue[]): DocumentReport => ({
      file: scope.file,
      kind: scope.kind,
      record,
      line,
      family: check.family,
      type: check.type,
      mode: check.mode,
      expected,
      valid: check.valid,
      met,
      issues,
      missing,
      ...(check.a2aVersion !== undefined ? { a2aVersion: check.a2aVersion } : {}),
    });
    if (check.issues.length === 0) return report([]);
    const unplaced = report(check.issues.map((i: PlacedIssue) => toReport(i, i.at?.line ?? line, i.at?.column ?? 1)));
    // Positions only where the format shows the issues (momoa is not free), and where they are not known yet.
    if (this.fmt.positions !== "all" && shownIssues(unplaced).length === 0) return unplaced;
    if (check.issues.every((i: PlacedIssue) => i.at !== undefined)) return unplaced;
    if (this.locator) return report(place(this.locator, text, check, line));
    return loadLocator().then((l) => {
      this.locator = l;
      return report(place(l, text, check, line));
    });
  }
}

/** JSON Lines in a single-document source: how to have it read record by record. */
function jsonLinesHint(scope: FileScope): string {
  return scope.stdin
    ? "this looks like JSON Lines: pass --ndjson to read standard input record by record"
    : "this looks like JSON Lines: name the file .jsonl or .ndjson to have it checked record by record (--ndjson is for standard input)";
}

/** Issues added to a check (they are errors: the document is then invalid). */
function withIssues(c: DocumentCheck, more: readonly CliIssue[]): DocumentCheck {
  if (more.length === 0) return c;
  const issues = [...more, ...c.issues];
  return { ...c, issues, valid: !issues.some(isError) };
}

function place(l: Locator, text: string, check: DocumentCheck, line: number): ReportIssue[] {
  const at = l.locate(text, check.issues);
  return check.issues.map((i: PlacedIssue, n) => {
    if (i.at) return toReport(i, i.at.line, i.at.column);
    const p = at[n];
    return toReport(i, p ? p.line + line - 1 : line, p ? p.column : 1);
  });
}

export function toReport(i: CliIssue, line: number, column: number): ReportIssue {
  return {
    pointer: i.pointer,
    code: i.code,
    message: i.message,
    severity: isError(i) ? "error" : "warning",
    line,
    column,
    property: i.property,
    expected: i.expected,
    received: i.received,
    allowed: i.allowed,
    hint: i.hint,
  };
}
