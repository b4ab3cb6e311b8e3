/**
 * Absolute URI per RFC 3986 (`scheme ":" hier-part [ "?" query ] [ "#" fragment ]`),
 * checked character by character: no spaces, no raw non-ASCII, `%` only before two hex digits.
 */

export const MAX_URI_LENGTH = 8192;

/** Characters RFC 3986 lets appear in a URI after the scheme (unreserved, reserved and "%"), by char code. */
const URI_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%") URI_CHAR[c.charCodeAt(0)] = 1;

const isAlpha = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHex = (c: number): boolean => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * Is `s` an absolute URI (RFC 3986: a scheme, then a non-empty rest of allowed characters), at most MAX_URI_LENGTH long? Never throws.
 * One pass over the characters, allocating nothing (it runs on every URL of every valid message).
 */
export function isAbsoluteUri(s: string): boolean {
  const n = s.length;
  if (n > MAX_URI_LENGTH || n === 0 || !isAlpha(s.charCodeAt(0))) return false;
  let i = 1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 58) break; // ":"
    if (!(isAlpha(c) || isDigit(c) || c === 43 || c === 45 || c === 46)) return false;
  }
  if (i >= n - 1) return false; // no ":", or nothing after it
  let hashes = 0;
  for (i++; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || URI_CHAR[c] === 0) return false;
    if (c === 37 && !(i + 2 < n && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)))) return false; // "%" before two hex digits
    if (c === 35 && ++hashes > 1) return false; // a fragment may not contain another "#"
  }
  return true;
}

/** http(s) URL with a host, for fields the protocols call URLs. */
export function isHttpUrl(s: string): boolean {
  return isAbsoluteUri(s) && /^https?:\/\/[^/?#@\s]+/i.test(s);
}
