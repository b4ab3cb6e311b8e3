/**
 * A request body as the front door receives it: text, bytes, or a value a framework already
 * parsed. Text and bytes are measured against the size cap before they are parsed; a parsed
 * value is measured without serializing it (src/core/json-size.ts). Never throws.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import { checkJsonSize } from "../core/json-size.js";

/** The default size cap: 1 MiB, ample for a message with inline text parts; larger files go by URL. */
export const DEFAULT_MAX_BYTES = 1_048_576;

/** A body: JSON text, its UTF-8 bytes, or an already parsed value. */
export type BodyInput = string | Uint8Array | ArrayBuffer | unknown;

export type ReadBody =
  | { readonly kind: "value"; readonly value: unknown }
  | { readonly kind: "empty" }
  | { readonly kind: "too_large"; readonly issue: ValidationIssue }
  | { readonly kind: "syntax"; readonly issue: ValidationIssue };

let decoder: InstanceType<typeof TextDecoder> | undefined;

/** UTF-8 length of `s`, stopping once past `limit` (each UTF-16 unit is 1 to 3 bytes). */
function utf8Over(s: string, limit: number): boolean {
  if (s.length > limit) return true;
  if (s.length * 3 <= limit) return false;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3; // a surrogate pair: 2 + 2
    if (bytes > limit) return true;
  }
  return false;
}

const tooLarge = (limit: number): ReadBody => ({ kind: "too_large", issue: makeIssue([], "too_large", `the request body must be at most ${limit} bytes`) });

/** JSON.parse's complaint, cut short: it may quote the input. */
function syntax(err: unknown): ReadBody {
  let why = "it is not JSON";
  try {
    if (err instanceof Error) why = err.message.slice(0, 200);
  } catch {
    /* keep the plain words */
  }
  return { kind: "syntax", issue: makeIssue([], "syntax", `the request body is not valid JSON: ${why}`) };
}

/** Reads `body` under `maxBytes`: text and bytes are parsed as JSON, anything else is taken as parsed. */
export function readBody(body: BodyInput, maxBytes: number): ReadBody {
  let text: string;
  if (typeof body === "string") {
    if (utf8Over(body, maxBytes)) return tooLarge(maxBytes);
    text = body;
  } else if (body instanceof Uint8Array || body instanceof ArrayBuffer) {
    if (body.byteLength > maxBytes) return tooLarge(maxBytes);
    try {
      text = (decoder ??= new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })).decode(body);
    } catch (err) {
      return syntax(err);
    }
  } else {
    if (body === undefined) return { kind: "empty" };
    const size = checkJsonSize(body, maxBytes);
    if (size.kind === "over") return tooLarge(maxBytes);
    if (size.kind === "not_json") return { kind: "syntax", issue: makeIssue([], "syntax", `the request body is not JSON: ${size.reason}`) };
    return { kind: "value", value: body };
  }
  try {
    return { kind: "value", value: JSON.parse(text) };
  } catch (err) {
    return text.trim() === "" ? { kind: "empty" } : syntax(err); // whitespace only: known only once the parse failed
  }
}
