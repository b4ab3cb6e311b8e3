/** The one issue shape of the whole library. */
import { jsonText } from "./messages.js";

/** Every issue code the library emits, keyed like Ajv's keyword union. */
export type IssueCode =
  | "required"
  | "unknown_property"
  | "not_allowed"
  | "type"
  | "enum"
  | "const"
  | "format"
  | "pattern"
  | "too_short"
  | "too_long"
  | "too_small"
  | "too_big"
  | "too_few_items"
  | "too_many_items"
  | "duplicate_items"
  | "duplicate_key"
  | "no_match"
  | "mismatch"
  | "too_large"
  | "too_complex"
  | "not_serializable"
  | "too_many_issues"
  | "stale"
  | "from_future"
  | "replayed"
  | "replay_store_full"
  | "replay_sender_quota"
  | "replay_store_unavailable"
  | "signature_invalid"
  | "signature_unverifiable"
  | "signature_missing"
  | "syntax"
  | "unsupported"
  | "extension_required"
  | "truncated"
  | "out_of_order"
  | "blocked_address"
  | "insecure_url"
  | "timeout"
  | "network"
  | "too_many_redirects"
  | "http_status"
  | "hybrid_card"
  | "lossy"
  | "invalid";

/** One step of an issue path: a property name or an array index. */
export type PathSegment = string | number;

/** One problem found in the input: where (path and pointer), what (code, message) and details. The one issue shape of the whole library. */
export interface ValidationIssue {
  /** Where the problem is, as segments; `[]` is the document itself. */
  readonly path: readonly PathSegment[];
  /** The same place as an RFC 6901 JSON Pointer (`""` is the document). */
  readonly pointer: string;
  /** What kind of problem it is, e.g. "required" or "format"; see IssueCode. */
  readonly code: IssueCode;
  /** A sentence for humans: `must be a string, got 42`. */
  readonly message: string;
  /** What was expected, in words (`a lowercase UUID v4`). */
  readonly expected?: string;
  /** What was found, rendered short (`42`, `"abc"`, `an array`). */
  readonly received?: string;
  /** For enum/const issues: the values that would have been accepted. */
  readonly allowed?: readonly unknown[];
  /** For `required`: the missing property; for `unknown_property`: the extra one. */
  readonly property?: string;
  /** Where the violated rule lives in the JSON Schema (Ajv's schemaPath). */
  readonly schemaPath?: string;
  /** Advice, e.g. the v1 form of a v0.3 construct. */
  readonly hint?: string;
  /** Absent means "error"; warnings never make a result fail. */
  readonly severity?: "error" | "warning";
}

/** RFC 6901: `~` becomes `~0`, `/` becomes `~1`. */
export function toPointer(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    out += "/";
    out += typeof seg === "number" ? String(seg) : escapeSegment(String(seg)); // a number needs no escape
  }
  return out;
}

/** One segment of a JSON Pointer, escaped (RFC 6901). */
export function escapeSegment(s: string): string {
  return s.includes("~") || s.includes("/") ? s.replace(/~/g, "~0").replace(/\//g, "~1") : s;
}

/** Inverse of {@link toPointer}; every segment comes back as a string. */
export function fromPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Renders a received value short enough for a one-line message. */
export function describeValue(value: unknown): string {
  try {
    return describe(value);
  } catch {
    return "an unreadable value"; // Array.isArray throws on a revoked proxy
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string": {
      return jsonText(value.length > 60 ? value.slice(0, 57) + "..." : value)!;
    }
    case "number":
    case "boolean":
      return String(value);
    case "bigint":
      return `${value}n`;
    case "object":
      return "an object";
    default:
      return `a ${typeof value}`;
  }
}

export function makeIssue(
  path: readonly PathSegment[],
  code: IssueCode,
  message: string,
  extra?: Partial<Omit<ValidationIssue, "path" | "pointer" | "code" | "message">>,
): ValidationIssue {
  const issue: { -readonly [K in keyof ValidationIssue]: ValidationIssue[K] } = { path, pointer: toPointer(path), code, message };
  // A loop over own keys instead of a spread: this runs once per issue on hostile input.
  if (extra !== undefined) for (const k in extra) if (extra[k as keyof typeof extra] !== undefined) (issue as any)[k] = extra[k as keyof typeof extra];
  return issue;
}

/** The member orders of the issues hints most often go on (an enum or oneof value; a field unknown or missing; a wrong type). */
const WITH_ALLOWED = ["path", "pointer", "code", "message", "schemaPath", "allowed", "received"] as const;
const WITH_PROPERTY = ["path", "pointer", "code", "message", "schemaPath", "property"] as const;
const WITH_VALUES = ["path", "pointer", "code", "message", "schemaPath", "expected", "received"] as const;

/** Does `issue` have exactly these members, in this order? */
function inOrder(issue: ValidationIssue, order: readonly string[]): boolean {
  let i = 0;
  for (const k in issue) if (k !== order[i++]) return false;
  return i === order.length;
}

/**
 * `{ ...issue, hint }`: V8 takes a slow path (about a microsecond) for a
 * member added to a spread copy; a copy by Object.assign (the same members:
 * an issue has no setter-named key) takes the member at a tenth of that. An
 * issue of a common member order is copied by an object literal of that order,
 * the same members again, which also keeps them all inside the object: the
 * Object.assign copy moves them out, and the JSON-RPC binding's copy of it
 * (prefixed) was slower for that (a hinted issue cost about 8 % of a failed
 * request's time).
 */
export function withHint(issue: ValidationIssue, hint: string): ValidationIssue {
  const i = issue;
  // inOrder found each member (an issue never holds an undefined member), so each is defined.
  if (inOrder(i, WITH_ALLOWED)) return { path: i.path, pointer: i.pointer, code: i.code, message: i.message, schemaPath: i.schemaPath!, allowed: i.allowed!, received: i.received!, hint };
  if (inOrder(i, WITH_PROPERTY)) return { path: i.path, pointer: i.pointer, code: i.code, message: i.message, schemaPath: i.schemaPath!, property: i.property!, hint };
  if (inOrder(i, WITH_VALUES)) return { path: i.path, pointer: i.pointer, code: i.code, message: i.message, schemaPath: i.schemaPath!, expected: i.expected!, received: i.received!, hint };
  const copy: { -readonly [K in keyof ValidationIssue]: ValidationIssue[K] } = Object.assign({}, issue);
  copy.hint = hint;
  return copy;
}

/** `/payload/method: must be a string, got 42` */
export function formatIssue(issue: ValidationIssue): string {
  const where = issue.pointer === "" ? "(root)" : issue.pointer;
  const warn = issue.severity === "warning" ? "warning: " : "";
  return `${where}: ${warn}${issue.message}${issue.hint ? ` (hint: ${issue.hint})` : ""}`;
}
