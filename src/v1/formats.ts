/**
 * Format checks for the v1 bundles. The generated strict validators import the
 * default export, the lenient ones `formats-lenient.ts`; Zod models use the named functions.
 */
import { timestampChecker, timestampProblem, type TimestampRule } from "../core/timestamp.js";
import { isAbsoluteUri } from "../core/uri.js";

/** proto3 JSON output: UTC with Z and 0, 3, 6 or 9 fractional digits. */
export const V1_STRICT_TIMESTAMP: TimestampRule = { fractionDigits: [0, 3, 6, 9] };
/** proto3 JSON input: any RFC 3339 offset, up to 9 fractional digits. */
export const V1_LENIENT_TIMESTAMP: TimestampRule = { offsets: true };

/** Is `s` a timestamp as proto3 JSON output writes it: UTC with Z and 0, 3, 6 or 9 fractional digits? Never throws. */
export function isStrictTimestamp(s: string): boolean {
  return strictTimestamp(s);
}
const strictTimestamp = /* @__PURE__ */ timestampChecker(V1_STRICT_TIMESTAMP);

/** Is `s` a timestamp proto3 JSON input accepts: RFC 3339 with any offset, up to 9 fractional digits? Never throws. */
export function isLenientTimestamp(s: string): boolean {
  return lenientTimestamp(s);
}
const lenientTimestamp = /* @__PURE__ */ timestampChecker(V1_LENIENT_TIMESTAMP);

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

// The compiled validators check AgentInterface.url and the optional URLs with these formats; the
// published bundles state the same rules as patterns and alternatives, for other tools
// (scripts/generate/v1.ts rewrites one into the other; test/v1/ajv2020-parity.test.ts compares them).
const HOST_PORT = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63})*\.?):(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$/;
const WITH_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s]*$/;
const MAX_URL = 8192;

/** A gRPC target: `hostname:port`, or a URL with an authority. */
export function isGrpcTarget(s: string): boolean {
  return s.length <= MAX_URL && (HOST_PORT.test(s) || (WITH_AUTHORITY.test(s) && isAbsoluteUri(s)));
}

/** An absolute http or https URL with a host (HTTP_URL and an absolute URI; the URI check already rules out whitespace). */
export function isHttpUrl(s: string): boolean {
  if (s.length > MAX_URL) return false;
  // The usual lowercase prefixes first; RFC 3986 schemes are case-insensitive, so any case passes.
  const at = s.startsWith("https://") ? 8 : s.startsWith("http://") ? 7 : httpPrefix(s);
  if (at === 0 || at >= s.length) return false;
  const c = s.charCodeAt(at);
  return c !== 0x2f /* / */ && c !== 0x3f /* ? */ && c !== 0x23 /* # */ && isAbsoluteUri(s);
}

/** The length of an `http://` or `https://` prefix in any letter case, or 0. */
function httpPrefix(s: string): number {
  const p = s.slice(0, 8).toLowerCase();
  return p.startsWith("https://") ? 8 : p.startsWith("http://") ? 7 : 0;
}

/** An absolute URI, or "" (the default of a string without presence: unset). */
export function isUriOrEmpty(s: string): boolean {
  return s === "" || isAbsoluteUri(s);
}

/**
 * `AgentInterface.url` for its `protocolBinding` (the first-error validators call this once per
 * interface; the all-errors ones and the published bundles state it as if/then/else). Values of
 * the wrong type pass here: the fields' own type checks reject them.
 */
export function isAgentInterfaceUrl(binding: unknown, url: unknown): boolean {
  if (typeof url !== "string" || typeof binding !== "string") return true;
  if (binding === "JSONRPC" || binding === "HTTP+JSON") return isHttpUrl(url);
  if (binding === "GRPC") return isGrpcTarget(url);
  return isAbsoluteUri(url);
}

/** What `AgentInterface.url` must be for a `protocolBinding`, in words (for issues). */
export function agentInterfaceUrlExpected(binding: string): string {
  if (binding === "GRPC") return 'a gRPC address "hostname:port" (like grpc.example.com:443 or 127.0.0.1:50051) or a URL with an authority (protocolBinding "GRPC")';
  if (binding === "JSONRPC" || binding === "HTTP+JSON") return `an absolute http or https URL (protocolBinding ${JSON.stringify(binding)})`;
  return "an absolute URI";
}

/**
 * The formats the published v1 strict schemas (`a2a-schemas/schemas/v1/a2a.json`, and `v1/2026-02-17/a2a.json`) use, by name, for a
 * JSON Schema validator of your own. With Ajv:
 * `for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: "string", validate })`.
 * Exactly these names; the same checks as this package's validators.
 */
export const formats: Readonly<Record<"date-time" | "uri" | "byte", (s: string) => boolean>> = {
  "date-time": isStrictTimestamp,
  uri: isAbsoluteUri,
  byte: isStrictBase64,
};

/** As {@link formats}, for the lenient bundles (`a2a.lenient.json`): timestamps with any offset, URL-safe or unpadded Base64. */
export const lenientFormats: Readonly<Record<"date-time" | "uri" | "byte", (s: string) => boolean>> = {
  "date-time": isLenientTimestamp,
  uri: isAbsoluteUri,
  byte: isLenientBase64,
};

/** What the generated validators import: the published formats and the checks behind this package's own keywords. */
const generated = {
  ...formats,
  "uri-or-empty": isUriOrEmpty,
  "grpc-target": isGrpcTarget,
  "http-url": isHttpUrl,
  // Not a format: the object-level check behind the a2aInterfaceUrl keyword of the first-error validators.
  "agent-interface-url": isAgentInterfaceUrl,
};

export default generated;
