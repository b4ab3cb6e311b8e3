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

/** Types artifacts mostly carry, by their exact text: one comparison each instead of the scan below (the valid path's hot spot). */
function commonKind(type: string): ArtifactKind | undefined {
  switch (type) {
    case "application/json":
      return "json";
    case "text/plain":
    case "text/markdown":
    case "text/html":
    case "text/csv":
      return "text";
    case "url/reference":
      return "url";
    case "image/png":
    case "image/jpeg":
    case "application/pdf":
      return "binary";
  }
  return undefined;
}

/**
 * The kind of a type string. Media types are case-insensitive and may carry
 * parameters (`text/plain; charset=utf-8`), so the essence before `;` is compared,
 * trimmed and lowercased.
 */
export function artifactKind(type: string): ArtifactKind {
  return commonKind(type) ?? kindOfEssence(type);
}

function kindOfEssence(type: string): ArtifactKind {
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

/** The standard Base64 alphabet (RFC 4648 section 4) by char code: one load a character instead of five range tests. */
const BASE64_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") BASE64_CHAR[c.charCodeAt(0)] = 1;

/** Index of the first character that breaks standard, padded Base64 (RFC 4648 section 4), or -1. Linear. */
export function base64Error(s: string, from = 0): number {
  const len = s.length;
  let pad = 0;
  for (let i = from; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && BASE64_CHAR[c] === 1 && pad === 0) continue;
    // "=" only as the last one or two characters; nothing after it.
    if (c !== 61 || i < len - 2) return i;
    pad++;
  }
  return (len - from) % 4 === 0 ? -1 : len;
}

// What isBase64Data accepts: the prefix, the alphabet, at most two "=" at the end (and a length that is a multiple of 4).
const BASE64_DATA = /^base64:[A-Za-z0-9+/]*={0,2}$/;

/**
 * `data.startsWith(BASE64_PREFIX) && base64Error(data, BASE64_PREFIX.length) === -1`, for the valid path: a regular
 * expression's native loop (one simple character class, so no backtracking stack however long the data).
 */
export function isBase64Data(data: string): boolean {
  return (data.length - BASE64_PREFIX.length) % 4 === 0 && BASE64_DATA.test(data);
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
  if (typeof data === "string" && (kind === "text" || (kind === "binary" && isBase64Data(data)) || (kind === "url" && isAbsoluteUri(data)))) {
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

// One reader per key: a constant key keeps each property load monomorphic (one `field(o, key)` for every key went megamorphic).
// Rules run on schema-valid input only, where a required key (type, data, message, messages) is an own property: no
// hasOwnProperty for those; an optional one (artifacts) might come from a polluted prototype, so it is checked.
const isObject = (o: unknown): o is Record<string, unknown> => o !== null && typeof o === "object";
const typeOf = (a: unknown): unknown => (isObject(a) ? a.type : undefined);
const dataOf = (a: unknown): unknown => (isObject(a) ? a.data : undefined);
const artifactsOf = (m: unknown): unknown => (isObject(m) && has.call(m, "artifacts") ? m.artifacts : undefined);
const messageOf = (r: unknown): unknown => (isObject(r) ? r.message : undefined);
const messagesOf = (r: unknown): unknown => (isObject(r) ? r.messages : undefined);

const NONE: readonly ValidationIssue[] = Object.freeze([]);

/** Where an artifact is, from its index (and its message's, in a list of messages); called only for an issue, so a fine artifact costs no allocation. */
type Where = (index: number, outer: number) => PathSegment[];

/** Adds the issue of one artifact, if any, at `where(index, outer)` + "data". */
function artifactIssue(out: ValidationIssue[] | undefined, artifact: unknown, where: Where, index: number, outer: number): ValidationIssue[] | undefined {
  const type = typeOf(artifact);
  if (typeof type !== "string") return out;
  const data = dataOf(artifact);
  const p = artifactDataProblem(type, data);
  if (p === undefined) return out;
  (out ??= []).push(makeIssue([...where(index, outer), "data"], p.code, p.message, { expected: p.expected, received: describeValue(data) }));
  return out;
}

function artifactList(out: ValidationIssue[] | undefined, list: unknown, where: Where, outer = -1): ValidationIssue[] | undefined {
  if (!Array.isArray(list)) return out;
  for (let i = 0; i < list.length; i++) out = artifactIssue(out, list[i], where, i, outer);
  return out;
}

const ROOT: Where = () => [];
const ARTIFACTS: Where = (i) => ["artifacts", i];
const MESSAGE_ARTIFACTS: Where = (i) => ["message", "artifacts", i];
const MESSAGES_ARTIFACTS: Where = (i, m) => ["messages", m, "artifacts", i];

/** Rules per session type, run by the validators on schema-valid input (and by ArtifactSchema). The valid path allocates nothing. */
export const SESSION_RULES = {
  Artifact: (a: unknown) => (artifactIssue(undefined, a, ROOT, -1, -1) ?? NONE) as ValidationIssue[],
  Message: (m: unknown) => (artifactList(undefined, artifactsOf(m), ARTIFACTS) ?? NONE) as ValidationIssue[],
  SendMessageRequest: (m: unknown) => (artifactList(undefined, artifactsOf(m), ARTIFACTS) ?? NONE) as ValidationIssue[],
  SendMessageResponse: (r: unknown) => (artifactList(undefined, artifactsOf(messageOf(r)), MESSAGE_ARTIFACTS) ?? NONE) as ValidationIssue[],
  GetSessionMessagesResponse: (r: unknown) => {
    const messages = messagesOf(r);
    let out: ValidationIssue[] | undefined;
    if (Array.isArray(messages)) for (let m = 0; m < messages.length; m++) out = artifactList(out, artifactsOf(messages[m]), MESSAGES_ARTIFACTS, m);
    return (out ?? NONE) as ValidationIssue[];
  },
} as const;
