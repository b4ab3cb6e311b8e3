/**
 * Text that comes from documents (keys, values, file names) made safe to show:
 * control characters become visible `\u001b`-style escapes, so a document
 * cannot move the cursor, retitle or clear a terminal, or forge report lines.
 * Escaped: C0, DEL and C1 controls; the Unicode bidi controls (they reorder
 * what is shown, as in "Trojan Source"); U+2028/U+2029 (line breaks to some
 * viewers). A backslash is left as it is, so ordinary text reads unchanged.
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
// The same but CR and LF, for formats with their own escaping of line breaks (GitHub's %0D/%0A).
const CONTROL_BUT_CR_LF = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
// What JSON.stringify leaves raw of the above (it escapes C0 itself); \u escapes there parse back to the same text.
const JSON_RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

export const unicodeEscape = (c: string): string => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");

export function visible(s: string): string {
  return s.replace(CONTROL, unicodeEscape);
}

export function visibleButLineBreaks(s: string): string {
  return s.replace(CONTROL_BUT_CR_LF, unicodeEscape);
}

/** JSON.stringify, with what it leaves raw escaped too: it parses back to the same value. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(JSON_RAW, unicodeEscape);
}
