/**
 * Absolute URI per RFC 3986 (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`),
 * checked character by character: no spaces, no raw non-ASCII, `%` only before two hex digits.
 */

const SCHEME_FIRST = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// unreserved / reserved / "%" (checked below): everything RFC 3986 lets appear in a URI.
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;

export const MAX_URI_LENGTH = 8192;

/** Is `s` an absolute URI (RFC 3986: a scheme, then a non-empty rest of allowed characters), at most MAX_URI_LENGTH long? Never throws. */
export function isAbsoluteUri(s: string): boolean {
  if (s.length > MAX_URI_LENGTH) return false;
  const m = SCHEME_FIRST.exec(s);
  if (m === null) return false;
  const rest = s.slice(m[0].length);
  if (rest.length === 0) return false;
  if (!URI_CHARS.test(rest) || BAD_PERCENT.test(rest)) return false;
  // A fragment may not contain another "#".
  const hash = rest.indexOf("#");
  return hash === -1 || rest.indexOf("#", hash + 1) === -1;
}

/** http(s) URL with a host, for fields the protocols call URLs. */
export function isHttpUrl(s: string): boolean {
  return isAbsoluteUri(s) && /^https?:\/\/[^/?#@\s]+/i.test(s);
}
