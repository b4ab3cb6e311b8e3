/**
 * A hand-written validator of the legacy request message with the rules of
 * schemas/legacy/request-message.json, base-message.json and auth-tag.json, plus
 * the two checks the package makes in code (auth.agent_id equals sender_id; the
 * payload serializes to at most 10 MiB). What a careful user would write by
 * hand: the limit the generated validator is measured against.
 */

export interface Issue {
  readonly path: string;
  readonly message: string;
}

const NONE: readonly Issue[] = Object.freeze([]);
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

const REQUEST_KEYS = new Set(["message_id", "message_type", "sender_id", "recipient_id", "timestamp", "correlation_id", "auth", "payload"]);
const AUTH_KEYS = new Set(["agent_id", "timestamp", "nonce", "signature", "public_key_fingerprint"]);
const PAYLOAD_KEYS = new Set(["method", "parameters"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

// JSON Schema lengths count code points; only strings with surrogates need counting.
function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const lengthWithin = (s: string, min: number, max: number) => s.length >= min && (s.length <= max || codePoints(s) <= max);

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLowerHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102);
const isAlnum = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isBase64Char = (c: number) => isAlnum(c) || c === 43 || c === 47;

/** Lowercase RFC 4122 version 4 UUID. */
function isUuidV4(s: string): boolean {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false;
    } else if (!isLowerHex(c)) return false;
  }
  const variant = s.charCodeAt(19);
  return s.charCodeAt(14) === 52 && (variant === 56 || variant === 57 || variant === 97 || variant === 98);
}

/** 3 to 128 letters, digits and hyphens, starting and ending with a letter or digit. */
function isAgentId(s: string): boolean {
  const n = s.length;
  if (n < 3 || n > 128 || !isAlnum(s.charCodeAt(0)) || !isAlnum(s.charCodeAt(n - 1))) return false;
  for (let i = 1; i < n - 1; i++) {
    const c = s.charCodeAt(i);
    if (c !== 45 && !isAlnum(c)) return false;
  }
  return true;
}

const isRecipientId = (s: string) => s === "*" || isAgentId(s);
const isMethod = (s: string) => lengthWithin(s, 1, 128);

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + (b - 48) : -1;
}

/** YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DDTHH:MM:SS.sssZ, a real instant (no Feb 30, hour 24, second 60, year 0). */
function isUtcTimestamp(s: string): boolean {
  const n = s.length;
  if (n === 24) {
    if (s.charCodeAt(19) !== 46 || twoDigits(s, 20) < 0 || !isDigit(s.charCodeAt(22)) || s.charCodeAt(23) !== 90) return false;
  } else if (n !== 20 || s.charCodeAt(19) !== 90) return false;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false;
  const century = twoDigits(s, 0);
  const yy = twoDigits(s, 2);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  const year = century * 100 + yy;
  if (century < 0 || yy < 0 || year === 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]!)) return false;
  const hour = twoDigits(s, 11);
  const minute = twoDigits(s, 14);
  const second = twoDigits(s, 17);
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59;
}

function isNonce(s: string): boolean {
  if (s.length !== 32) return false;
  for (let i = 0; i < 32; i++) if (!isLowerHex(s.charCodeAt(i))) return false;
  return true;
}

/** Non-empty standard, padded Base64 of at most 8192 characters. */
function isBase64(s: string): boolean {
  const n = s.length;
  if (n === 0 || n > 8192 || n % 4 !== 0) return false;
  const pad = s.charCodeAt(n - 1) === 61 ? (s.charCodeAt(n - 2) === 61 ? 2 : 1) : 0;
  for (let i = 0; i < n - pad; i++) if (!isBase64Char(s.charCodeAt(i))) return false;
  return true;
}

/** An upper bound of the payload's JSON size without building it (6 bytes a UTF-16 unit at worst); -1 when too deep to tell. */
function sizeBound(v: unknown, depth: number): number {
  if (typeof v === "string") return 6 * v.length + 2;
  if (typeof v !== "object" || v === null) return 24;
  if (depth > 32) return -1;
  let total = 2;
  for (const k in v) {
    const b = sizeBound((v as Record<string, unknown>)[k], depth + 1);
    if (b < 0) return -1;
    total += 6 * k.length + 4 + b;
    if (total > MAX_PAYLOAD_BYTES) return total;
  }
  return total;
}

function payloadTooLarge(payload: object): boolean {
  const bound = sizeBound(payload, 0);
  if (bound >= 0 && bound <= MAX_PAYLOAD_BYTES) return false;
  try {
    return Buffer.byteLength(JSON.stringify(payload)) > MAX_PAYLOAD_BYTES;
  } catch {
    return true; // a cycle or a BigInt: not JSON
  }
}

const authMismatch = (m: Record<string, unknown>) =>
  isObject(m.auth) && typeof m.auth.agent_id === "string" && typeof m.sender_id === "string" && m.auth.agent_id !== m.sender_id;
const payloadOver = (m: Record<string, unknown>) => isObject(m.payload) && payloadTooLarge(m.payload);

/** The checks the package makes in code (for peers that only check the schema): do they hold? */
export function codeRulesHold(m: unknown): boolean {
  return isObject(m) && !authMismatch(m) && !payloadOver(m);
}

/** The same checks, as issues added to `out`. */
export function codeRuleIssues(m: unknown, out: Issue[]): Issue[] {
  if (!isObject(m)) return out;
  if (authMismatch(m)) out.push({ path: "/auth/agent_id", message: "must equal sender_id" });
  if (payloadOver(m)) out.push({ path: "/payload", message: "must serialize to at most 10 MiB" });
  return out;
}

function unknownKeys(o: Record<string, unknown>, allowed: Set<string>, at: string, out: Issue[]): void {
  for (const k in o) if (!allowed.has(k)) out.push({ path: `${at}/${k}`, message: "unknown property" });
}

/** The issue for a string member that is missing, not a string, or not `what`. Off the hot path. */
function stringIssue(out: Issue[], at: string, key: string, v: unknown, what: string): void {
  if (v === undefined) out.push({ path: at, message: `missing ${key}` });
  else out.push({ path: `${at}/${key}`, message: typeof v !== "string" ? "must be a string" : `must be ${what}` });
}

// Each check is written out (no checker passed as an argument), so every call site stays monomorphic.
function checkAuth(auth: unknown, out: Issue[]): void {
  if (!isObject(auth)) {
    out.push({ path: "/auth", message: "must be an object" });
    return;
  }
  const { agent_id, timestamp, nonce, signature, public_key_fingerprint: fp } = auth;
  if (typeof agent_id !== "string" || !isAgentId(agent_id)) stringIssue(out, "/auth", "agent_id", agent_id, "an agent id");
  if (typeof timestamp !== "string" || !isUtcTimestamp(timestamp)) stringIssue(out, "/auth", "timestamp", timestamp, "a UTC timestamp");
  if (typeof nonce !== "string" || !isNonce(nonce)) stringIssue(out, "/auth", "nonce", nonce, "32 lowercase hex digits");
  if (typeof signature !== "string" || !isBase64(signature)) stringIssue(out, "/auth", "signature", signature, "Base64");
  if (fp !== undefined && (typeof fp !== "string" || !lengthWithin(fp, 0, 512))) out.push({ path: "/auth/public_key_fingerprint", message: "must be a string of at most 512 characters" });
  unknownKeys(auth, AUTH_KEYS, "/auth", out);
}

function checkPayload(payload: unknown, out: Issue[]): void {
  if (!isObject(payload)) {
    out.push({ path: payload === undefined ? "" : "/payload", message: payload === undefined ? "missing payload" : "must be an object" });
    return;
  }
  const { method, parameters } = payload;
  if (typeof method !== "string" || !isMethod(method)) stringIssue(out, "/payload", "method", method, "1 to 128 characters");
  if (parameters !== undefined && !isObject(parameters)) out.push({ path: "/payload/parameters", message: "must be an object" });
  unknownKeys(payload, PAYLOAD_KEYS, "/payload", out);
}

// Reused between calls, so the valid path allocates nothing.
const found: Issue[] = [];

/** Every issue of `m` as a legacy request message; an empty (shared) list when it is valid. */
export function validateRequestMessage(m: unknown): readonly Issue[] {
  if (!isObject(m)) return [{ path: "", message: "must be an object" }];
  const out = found;
  out.length = 0;
  const { message_id, message_type, sender_id, recipient_id, timestamp, correlation_id, auth } = m;
  if (typeof message_id !== "string" || !isUuidV4(message_id)) stringIssue(out, "", "message_id", message_id, "a lowercase UUID v4");
  if (message_type !== "request") stringIssue(out, "", "message_type", message_type, '"request"');
  if (typeof sender_id !== "string" || !isAgentId(sender_id)) stringIssue(out, "", "sender_id", sender_id, "an agent id");
  if (typeof recipient_id !== "string" || !isRecipientId(recipient_id)) stringIssue(out, "", "recipient_id", recipient_id, 'an agent id or "*"');
  if (typeof timestamp !== "string" || !isUtcTimestamp(timestamp)) stringIssue(out, "", "timestamp", timestamp, "a UTC timestamp");
  if (correlation_id !== undefined && correlation_id !== null) out.push({ path: "/correlation_id", message: "must be null or absent" });
  if (auth !== undefined) checkAuth(auth, out);
  checkPayload(m.payload, out);
  unknownKeys(m, REQUEST_KEYS, "", out);
  // The code rules run on schema-valid input, as the package's do.
  if (out.length === 0) codeRuleIssues(m, out);
  return out.length === 0 ? NONE : out.splice(0);
}
