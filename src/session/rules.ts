/**
 * Session rules JSON Schema does not state: an artifact's data must suit its
 * type (A2A Protocol JSON Specification, §Multimodal Content). The Ajv validators and the Zod models
 * both call `artifactDataProblem`, so they agree by construction, with the same
 * issue paths. No zod import here: the Zod context is typed structurally.
 */
import { describeValue, makeIssue, type IssueCode, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { isAbsoluteUri } from "../core/uri.js";

/** What an artifact's `type` asks of its data. */
export type ArtifactKind = "text" | "json" | "binary" | "url" | "other";

/** Binary media types whose data is `base64:<standard Base64>` (the image artifact example of the A2A Protocol JSON Specification, §Multimodal Content). */
export const BINARY_TYPE_PREFIXES: readonly string[] = ["image/", "audio/", "video/"];
/** Binary media types, besides those of BINARY_TYPE_PREFIXES, whose data is `base64:<standard Base64>`. */
export const BINARY_TYPES: readonly string[] = ["application/octet-stream", "application/pdf"];
/** The prefix of binary artifact data: `base64:` followed by standard, padded Base64. */
export const BASE64_PREFIX = "base64:";

const MAX_ESSENCE = 1024;

/**
 * The kind of a type string. Media types are case-insensitive and may carry
 * parameters (`text/plain; charset=utf-8`), so the essence before `;` is compared,
 * trimmed and lowercased.
 */
export function artifactKind(type: string): ArtifactKind {
  const semi = type.indexOf(";");
  const end = semi === -1 ? type.length : semi;
  // No media type's essence is that long (RFC 6838 section 4.2: 127 characters a name); do not copy megabytes to find out.
  if (end > MAX_ESSENCE) return "other";
  const essence = type.slice(0, end).trim().toLowerCase();
  if (essence.startsWith("text/")) return "text";
  if (essence === "application/json") return "json";
  if (essence === "url/reference") return "url";
  if (BINARY_TYPES.includes(essence) || BINARY_TYPE_PREFIXES.some((p) => essence.startsWith(p) && essence.length > p.length)) return "binary";
  return "other";
}

/** Index of the first character that breaks standard, padded Base64 (RFC 4648 section 4), or -1. Linear. */
export function base64Error(s: string, from = 0): number {
  const n = s.length - from;
  let pad = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    if (c === 61) {
      // "=" only as the last one or two characters.
      if (i < s.length - 2) return i;
      pad++;
    } else if (!alpha || pad > 0) return i;
  }
  return n % 4 === 0 ? -1 : s.length;
}

export interface DataProblem {
  readonly code: IssueCode;
  readonly message: string;
  readonly expected: string;
}

/** Why `data` does not suit `type`, or undefined when it does. */
export function artifactDataProblem(type: string, data: unknown): DataProblem | undefined {
  const kind = artifactKind(type);
  if (kind === "json" || kind === "other") return undefined;
  const got = describeValue(data);
  const what = kind === "text" ? "a string" : kind === "binary" ? `a string "${BASE64_PREFIX}<standard Base64>"` : "an absolute URL string";
  if (typeof data !== "string") {
    return { code: "type", expected: what, message: `must be ${what} for an artifact of type ${JSON.stringify(type)}, got ${got}` };
  }
  if (kind === "binary") {
    if (!data.startsWith(BASE64_PREFIX)) {
      return { code: "format", expected: what, message: `must be ${what} for an artifact of type ${JSON.stringify(type)}, got ${got} (no "${BASE64_PREFIX}" prefix)` };
    }
    const at = base64Error(data, BASE64_PREFIX.length);
    if (at !== -1) {
      const why =
        at === data.length
          ? `the Base64 length ${data.length - BASE64_PREFIX.length} is not a multiple of 4`
          : `character ${JSON.stringify(data[at])} at position ${at} is not standard Base64`;
      return { code: "format", expected: what, message: `must be ${what} for an artifact of type ${JSON.stringify(type)}, got ${got} (${why})` };
    }
  }
  if (kind === "url" && !isAbsoluteUri(data)) {
    return { code: "format", expected: what, message: `must be ${what} for an artifact of type ${JSON.stringify(type)}, got ${got}` };
  }
  return undefined;
}

const has = Object.prototype.hasOwnProperty;

function field(o: unknown, key: string): unknown {
  return o !== null && typeof o === "object" && has.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

function artifactIssues(out: ValidationIssue[], artifact: unknown, path: readonly PathSegment[]): void {
  const type = field(artifact, "type");
  if (typeof type !== "string") return;
  const p = artifactDataProblem(type, field(artifact, "data"));
  if (p) out.push(makeIssue([...path, "data"], p.code, p.message, { expected: p.expected, received: describeValue(field(artifact, "data")) }));
}

function artifactListIssues(out: ValidationIssue[], list: unknown, path: readonly PathSegment[]): void {
  if (!Array.isArray(list)) return;
  list.forEach((a, i) => artifactIssues(out, a, [...path, i]));
}

function collect(f: (out: ValidationIssue[]) => void): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  f(out);
  return out;
}

/** Rules per session type, run by the validators on schema-valid input. */
export const SESSION_RULES = {
  Artifact: (a: unknown) => collect((out) => artifactIssues(out, a, [])),
  Message: (m: unknown) => collect((out) => artifactListIssues(out, field(m, "artifacts"), ["artifacts"])),
  SendMessageRequest: (m: unknown) => collect((out) => artifactListIssues(out, field(m, "artifacts"), ["artifacts"])),
  SendMessageResponse: (r: unknown) => collect((out) => artifactListIssues(out, field(field(r, "message"), "artifacts"), ["message", "artifacts"])),
  GetSessionMessagesResponse: (r: unknown) =>
    collect((out) => {
      const messages = field(r, "messages");
      if (Array.isArray(messages)) messages.forEach((m, i) => artifactListIssues(out, field(m, "artifacts"), ["messages", i, "artifacts"]));
    }),
} as const;

/** The slice of Zod's refinement context the rules use. */
export interface RefinementContext {
  addIssue(issue: { code: "custom"; message: string; path: PropertyKey[]; params: { a2aCode: IssueCode } }): void;
}

/** The artifact rule as a Zod `superRefine`: the same check, the issue at `data`. */
export function refineArtifact(value: { readonly type: string; readonly data?: unknown }, ctx: RefinementContext): void {
  const p = artifactDataProblem(value.type, value.data);
  if (p) ctx.addIssue({ code: "custom", message: p.message, path: ["data"], params: { a2aCode: p.code } });
}
