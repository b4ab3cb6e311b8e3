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

/** No uppercase letter and no whitespace at either end: trimming and lowercasing would not change it. */
function isEssence(type: string): boolean {
  const n = type.length;
  if (n === 0 || type.charCodeAt(0) <= 32 || type.charCodeAt(n - 1) <= 32) return n === 0;
  for (let i = 0; i < n; i++) {
    const c = type.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return false;
  }
  return true;
}

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
  // Most types are written as their essence already (lowercase, no parameters, no spaces): no copy then.
  const essence = end === type.length && isEssence(type) ? type : type.slice(0, end).trim().toLowerCase();
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
  if (typeof data === "string" && (kind === "text" || (kind === "binary" && data.startsWith(BASE64_PREFIX) && base64Error(data, BASE64_PREFIX.length) === -1) || (kind === "url" && isAbsoluteUri(data)))) {
    return undefined; // the valid path builds no words
  }
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

const NONE: readonly ValidationIssue[] = Object.freeze([]);

/**
 * Adds the issue of one artifact, if any, at `path` + `index` (when given) + "data". Nothing is
 * allocated for a fine artifact: the path is built only for an issue.
 */
function artifactIssue(out: ValidationIssue[] | undefined, artifact: unknown, path: readonly PathSegment[], index?: number): ValidationIssue[] | undefined {
  const type = field(artifact, "type");
  if (typeof type !== "string") return out;
  const data = field(artifact, "data");
  const p = artifactDataProblem(type, data);
  if (p === undefined) return out;
  const at = index === undefined ? [...path, "data"] : [...path, index, "data"];
  (out ??= []).push(makeIssue(at, p.code, p.message, { expected: p.expected, received: describeValue(data) }));
  return out;
}

function artifactList(out: ValidationIssue[] | undefined, list: unknown, path: readonly PathSegment[]): ValidationIssue[] | undefined {
  if (!Array.isArray(list)) return out;
  for (let i = 0; i < list.length; i++) out = artifactIssue(out, list[i], path, i);
  return out;
}

const ROOT: readonly PathSegment[] = [];
const ARTIFACTS: readonly PathSegment[] = ["artifacts"];
const MESSAGE_ARTIFACTS: readonly PathSegment[] = ["message", "artifacts"];

/** Rules per session type, run by the validators on schema-valid input (and by ArtifactSchema). The valid path allocates nothing. */
export const SESSION_RULES = {
  Artifact: (a: unknown) => (artifactIssue(undefined, a, ROOT) ?? NONE) as ValidationIssue[],
  Message: (m: unknown) => (artifactList(undefined, field(m, "artifacts"), ARTIFACTS) ?? NONE) as ValidationIssue[],
  SendMessageRequest: (m: unknown) => (artifactList(undefined, field(m, "artifacts"), ARTIFACTS) ?? NONE) as ValidationIssue[],
  SendMessageResponse: (r: unknown) => (artifactList(undefined, field(field(r, "message"), "artifacts"), MESSAGE_ARTIFACTS) ?? NONE) as ValidationIssue[],
  GetSessionMessagesResponse: (r: unknown) => {
    const messages = field(r, "messages");
    let out: ValidationIssue[] | undefined;
    if (Array.isArray(messages)) {
      for (let i = 0; i < messages.length; i++) {
        const list = field(messages[i], "artifacts");
        if (Array.isArray(list) && list.length > 0) out = artifactList(out, list, ["messages", i, "artifacts"]);
      }
    }
    return (out ?? NONE) as ValidationIssue[];
  },
} as const;
