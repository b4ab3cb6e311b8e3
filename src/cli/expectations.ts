/**
 * What each document is expected to do: pass, or fail (with the issues its
 * sidecar `<name>.expect.json` names). A negative fixture that fails for the
 * wrong reason does not meet its expectation.
 */
import type { Mode } from "./registry.js";
import { isNotRegularFile, readJsonFile } from "./sources.js";
import { syntaxProblem } from "./syntax.js";

export type Expect = "auto" | "valid" | "invalid";
export type Verdict = "valid" | "invalid";

export interface ExpectedIssue {
  readonly pointer: string;
  readonly code: string;
}

export interface Sidecar {
  readonly family?: string;
  readonly type?: string;
  readonly mode?: Mode;
  readonly method?: string;
  readonly issues?: readonly ExpectedIssue[];
  /** Lenient mode instead: the issues expected then, or "valid" for a document lenient mode accepts. */
  readonly lenient?: readonly ExpectedIssue[] | "valid";
  readonly reason?: string;
  readonly source?: string;
  /** The protocol revision the document is checked in, unless `--revision` says otherwise (v1). */
  readonly revision?: string;
  /** Per non-default revision, each mode's verdict: "valid", or the issues it must fail with. */
  readonly revisions?: Readonly<Record<string, { readonly strict?: readonly ExpectedIssue[] | "valid"; readonly lenient?: readonly ExpectedIssue[] | "valid" }>>;
  /** The file is a list of stream events of this RPC (`SendStreamingMessage`, `SubscribeToTask`), as `--stream` says. */
  readonly stream?: string;
  /** A stream's binding, `jsonrpc` or `http`; default: `jsonrpc` when the first event has a `jsonrpc` member. */
  readonly binding?: string;
}

export const SIDECAR_SUFFIX = ".expect.json";

export const isSidecar = (path: string): boolean => path.endsWith(SIDECAR_SUFFIX);

/** `a/b.json` and `a/b.jsonl` → `a/b.expect.json` */
export function sidecarPath(path: string): string {
  return path.replace(/\.(json|jsonl|ndjson)$/i, "") + SIDECAR_SUFFIX;
}

/** With `auto`, a document below a folder named `invalid` must fail; any other must pass. */
export function expectedVerdict(expect: Expect, folders: readonly string[]): Verdict {
  if (expect !== "auto") return expect;
  return folders.includes("invalid") ? "invalid" : "valid";
}

/** The sidecar's issues that were not produced (matched on pointer and code). */
export function missingIssues(expected: readonly ExpectedIssue[], produced: readonly ExpectedIssue[]): ExpectedIssue[] {
  return expected.filter((e) => !produced.some((p) => p.pointer === e.pointer && p.code === e.code));
}

const KEYS = new Set(["family", "type", "mode", "method", "issues", "lenient", "reason", "source", "revision", "revisions", "stream", "binding"]);

function issueListProblem(key: string, list: unknown): string | undefined {
  if (!Array.isArray(list)) return `"${key}" must be an array or "valid"`;
  for (const [n, i] of list.entries()) {
    const ok = i !== null && typeof i === "object" && typeof i.pointer === "string" && typeof i.code === "string";
    if (!ok) return `"${key}[${n}]" must be { "pointer": string, "code": string }`;
  }
  return undefined;
}

/** Checks a parsed sidecar; returns the problem in words, or the sidecar. */
export function parseSidecar(value: unknown, families: readonly string[]): Sidecar | string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "must be a JSON object";
  const o = value as Record<string, unknown>;
  // Unknown keys are rejected so that a typo ("isues") cannot silently drop an expectation.
  for (const k of Object.keys(o)) if (!KEYS.has(k)) return `unknown key "${k}" (allowed: ${[...KEYS].join(", ")})`;
  if (o.family !== undefined && !(typeof o.family === "string" && families.includes(o.family))) {
    return `"family" must be one of ${families.join(", ")}`;
  }
  for (const k of ["type", "method", "reason", "source", "revision"]) {
    if (o[k] !== undefined && typeof o[k] !== "string") return `"${k}" must be a string`;
  }
  if (o.mode !== undefined && o.mode !== "strict" && o.mode !== "lenient") return `"mode" must be "strict" or "lenient"`;
  if (o.stream !== undefined && o.stream !== "SendStreamingMessage" && o.stream !== "SubscribeToTask") return `"stream" must be "SendStreamingMessage" or "SubscribeToTask"`;
  if (o.binding !== undefined && o.binding !== "jsonrpc" && o.binding !== "http") return `"binding" must be "jsonrpc" or "http"`;
  for (const k of ["issues", "lenient"]) {
    const list = o[k];
    if (list === undefined || (k === "lenient" && list === "valid")) continue;
    if (!Array.isArray(list)) return k === "lenient" ? `"lenient" must be an array or "valid"` : `"issues" must be an array`;
    for (const [n, i] of list.entries()) {
      const ok = i !== null && typeof i === "object" && typeof i.pointer === "string" && typeof i.code === "string";
      if (!ok) return `"${k}[${n}]" must be { "pointer": string, "code": string }`;
    }
  }
  if (o.revisions !== undefined) {
    const r = o.revisions;
    if (r === null || typeof r !== "object" || Array.isArray(r)) return `"revisions" must be an object of revisions`;
    for (const [rev, modes] of Object.entries(r)) {
      if (modes === null || typeof modes !== "object" || Array.isArray(modes)) return `"revisions.${rev}" must be { "strict"?, "lenient"? }`;
      for (const [m, list] of Object.entries(modes as Record<string, unknown>)) {
        if (m !== "strict" && m !== "lenient") return `"revisions.${rev}" has an unknown key "${m}" (allowed: strict, lenient)`;
        const problem = list === "valid" ? undefined : issueListProblem(`revisions.${rev}.${m}`, list);
        if (problem) return problem;
      }
    }
  }
  return o as Sidecar;
}

/** What the sidecar says for a non-default revision in `mode`, if anything. */
function revisionEntry(sidecar: Sidecar | undefined, mode: string | undefined, revision: string | undefined): readonly ExpectedIssue[] | "valid" | undefined {
  const r = revision === undefined ? undefined : sidecar?.revisions?.[revision];
  return r === undefined ? undefined : mode === "lenient" ? r.lenient : r.strict;
}

/** The issues a sidecar expects in `mode`: its `lenient` list in lenient mode when it has one, else `issues`. */
export function expectedIssuesOf(sidecar: Sidecar | undefined, mode: string | undefined, revision?: string): readonly ExpectedIssue[] {
  if (!sidecar) return [];
  const byRevision = revisionEntry(sidecar, mode, revision);
  if (byRevision !== undefined) return byRevision === "valid" ? [] : byRevision;
  const lenient = mode === "lenient" ? sidecar.lenient : undefined;
  if (lenient === "valid") return [];
  return lenient ?? sidecar.issues ?? [];
}

/** The verdict a document must reach: `--expect`, else its folders, except where the sidecar says lenient mode accepts it. */
export function verdictFor(expect: Expect, folders: readonly string[], sidecar: Sidecar | undefined, mode: string | undefined, revision?: string): Verdict {
  const byRevision = expect === "auto" ? revisionEntry(sidecar, mode, revision) : undefined;
  if (byRevision !== undefined) return byRevision === "valid" ? "valid" : "invalid";
  if (expect === "auto" && mode === "lenient" && sidecar?.lenient === "valid") return "valid";
  return expectedVerdict(expect, folders);
}

/** Reads and checks a sidecar, bounded like documents; a problem is returned as a sentence. */
export function readSidecar(path: string, families: readonly string[], maxBytes: number): Sidecar | string {
  let text: string;
  try {
    const r = readJsonFile(path, maxBytes);
    if (r.kind === "too_large") return `is ${r.bytes} bytes or more, over the --max-bytes limit of ${maxBytes}`;
    if (r.kind === "bad_utf8") return "is not valid UTF-8";
    text = r.text;
  } catch (e) {
    if (isNotRegularFile(e)) return e.message;
    return `cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // In words, never quoting the text (V8's message does): a file that is not JSON may be anything.
    const p = syntaxProblem(text, e);
    return `is not valid JSON: at ${p.line}:${p.column}, ${p.message}`;
  }
  return parseSidecar(value, families);
}
