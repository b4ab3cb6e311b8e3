/**
 * Format checks for the session family. The generated validators import the
 * default export (see scripts/generate/session.ts); the Zod models and the
 * rules use the named functions, so both paths give the same verdicts.
 */
import { timestampChecker, timestampProblem, type TimestampRule } from "../core/timestamp.js";
import { isAbsoluteUri } from "../core/uri.js";

/** A2A Protocol JSON Specification, §Implementation Guidance: "YYYY-MM-DDTHH:MM:SSZ"; a fraction of 1 to 9 digits is accepted, offsets are not. */
export const SESSION_TIMESTAMP: TimestampRule = {};

const sessionTimestamp = timestampChecker(SESSION_TIMESTAMP);

/** `timestampProblem(s, SESSION_TIMESTAMP) === undefined`, on the hot path. */
export function isSessionTimestamp(s: string): boolean {
  return sessionTimestamp(s);
}

/** RFC 5321 limits: 254 characters in all, 64 in the local part, 63 per domain label. */
const MAX_EMAIL = 254;
// RFC 5322 dot-atom characters.
const ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * A pragmatic address check (what ajv-formats' "email" accepts): dot-atom local
 * part, `@`, a domain of at least two LDH labels. No quoted local parts, no IP
 * literals. Linear, bounded by the 254-character limit.
 */
export function isEmail(s: string): boolean {
  if (s.length > MAX_EMAIL) return false;
  const at = s.lastIndexOf("@");
  if (at < 1 || at > 64 || at === s.length - 1) return false;
  const local = s.slice(0, at);
  for (const atom of local.split(".")) if (!ATOM.test(atom)) return false;
  const labels = s.slice(at + 1).split(".");
  if (labels.length < 2) return false;
  for (const label of labels) if (!LABEL.test(label)) return false;
  return true;
}

/** Why a string failed a format, for issue messages. */
export function sessionFormatProblem(format: string, value: string): string | undefined {
  return format === "date-time" ? timestampProblem(value, SESSION_TIMESTAMP) : undefined;
}

/**
 * The formats the published session schemas (`a2a-schemas/schemas/session/*.json` and `session/strict/*.json`) use, by name, for a
 * JSON Schema validator of your own. With Ajv:
 * `for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: "string", validate })`.
 * Exactly these names; the same checks as this package's validators.
 */
export const formats: Readonly<Record<"date-time" | "uri" | "email", (s: string) => boolean>> = {
  "date-time": isSessionTimestamp,
  uri: isAbsoluteUri,
  email: isEmail,
};

export default formats;
