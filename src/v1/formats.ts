/**
 * Format checks for the v1 bundles. The generated strict validators import the
 * default export, the lenient ones `formats-lenient.ts`; Zod models use the named functions.
 */
import { timestampProblem, type TimestampRule } from "../core/timestamp.js";
import { isAbsoluteUri } from "../core/uri.js";

/** proto3 JSON output: UTC with Z and 0, 3, 6 or 9 fractional digits. */
export const V1_STRICT_TIMESTAMP: TimestampRule = { fractionDigits: [0, 3, 6, 9] };
/** proto3 JSON input: any RFC 3339 offset, up to 9 fractional digits. */
export const V1_LENIENT_TIMESTAMP: TimestampRule = { offsets: true };

export function isStrictTimestamp(s: string): boolean {
  return timestampProblem(s, V1_STRICT_TIMESTAMP) === undefined;
}

export function isLenientTimestamp(s: string): boolean {
  return timestampProblem(s, V1_LENIENT_TIMESTAMP) === undefined;
}

const STD = /^[A-Za-z0-9+/]*={0,2}$/;
const URL_SAFE = /^[A-Za-z0-9_-]*={0,2}$/;

/** Standard Base64 (RFC 4648 section 4), padded to a multiple of 4. */
export function isStrictBase64(s: string): boolean {
  return s.length % 4 === 0 && STD.test(s);
}

/** Standard or URL-safe Base64 (not mixed), with or without padding, as proto3 JSON parsers accept. */
export function isLenientBase64(s: string): boolean {
  if (!STD.test(s) && !URL_SAFE.test(s)) return false;
  return s.endsWith("=") ? s.length % 4 === 0 : s.length % 4 !== 1;
}

/** Why a string failed a v1 format, for issue messages. */
export function strictFormatProblem(format: string, value: string): string | undefined {
  if (format === "date-time") return timestampProblem(value, V1_STRICT_TIMESTAMP);
  if (format === "byte") {
    if (!STD.test(value)) return URL_SAFE.test(value) ? "URL-safe alphabet (- _); strict mode wants + /" : "a character outside A-Z a-z 0-9 + / or a misplaced =";
    if (value.length % 4 !== 0) return `length ${value.length} is not a multiple of 4`;
  }
  return undefined;
}

export function lenientFormatProblem(format: string, value: string): string | undefined {
  if (format === "date-time") return timestampProblem(value, V1_LENIENT_TIMESTAMP);
  if (format === "byte") {
    if (!STD.test(value) && !URL_SAFE.test(value)) return "a character outside the Base64 alphabets, mixed alphabets, or a misplaced =";
    return "a length no Base64 text has";
  }
  return undefined;
}

const formats = {
  "date-time": isStrictTimestamp,
  uri: isAbsoluteUri,
  byte: isStrictBase64,
};

export default formats;
