/**
 * A card given as JSON text (a string, or UTF-8 bytes): parsed here so that
 * duplicate member names, which `JSON.parse` silently resolves to the last one,
 * are refused. Another parser may keep the first, and then read different
 * content under the same valid signature. An object argument cannot show them.
 */
import { scanJsonText } from "../../core/json-text.js";
import type { ValidationIssue } from "../../core/issue.js";
import { issue } from "./issues.js";
import { LONE_SURROGATE, MAX_DEPTH, MAX_VALUES, snapshot, type Json } from "./snapshot.js";

type Read = { ok: true; value: Json } | { ok: false; issues: ValidationIssue[] };

const utf8 = new TextDecoder("utf-8", { fatal: true });
// Any \uD800 to \uDFFF escape (paired or not, or after an escaped backslash): then the full copy decides.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** JSON text as a string, or undefined when `input` is not text (then it is read as an object). */
function asText(input: unknown): string | { issue: ValidationIssue } | undefined {
  if (typeof input === "string") return input;
  if (!(input instanceof Uint8Array)) return undefined;
  try {
    return utf8.decode(input);
  } catch {
    return { issue: issue([], "invalid", "the card's bytes are not UTF-8 (RFC 8259 section 8.1)") };
  }
}

/** Reads a card given as an object or as JSON text into one plain snapshot. */
export function readCard(input: unknown): Read {
  let text: ReturnType<typeof asText>;
  try {
    text = asText(input);
  } catch {
    text = undefined; // `instanceof` on a revoked proxy: the snapshot says what it is
  }
  if (text === undefined) return snapshot(input);
  if (typeof text !== "string") return { ok: false, issues: [text.issue] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    // Only the position: the text may not be a card at all, and is not quoted back.
    const at = /position (\d+)/.exec(e instanceof Error ? e.message : "");
    return { ok: false, issues: [issue([], "invalid", `the card is not JSON text (RFC 8259)${at ? ` at offset ${at[1]}` : ""}`)] };
  }
  const scan = scanJsonText(text, { maxDepth: MAX_DEPTH, maxValues: MAX_VALUES });
  if (scan.kind !== "ok") return { ok: false, issues: [issue(scan.path, "too_large", scan.kind === "too_deep" ? `nested deeper than ${MAX_DEPTH} levels` : `holds more than ${MAX_VALUES} values`)] };
  if (scan.duplicates.length > 0) {
    const issues = scan.duplicates.map((d) =>
      issue(d.path, "duplicate_key", `names "${d.name}" more than once (first at line ${d.first.line}, column ${d.first.column}, again at line ${d.line}, column ${d.column}); parsers disagree on which value counts, so a signed card must not (RFC 8259 section 4, RFC 7493 section 2.3)`, {
        property: d.name,
      }),
    );
    if (scan.truncated) issues.push(issue([], "duplicate_key", `${scan.total} duplicate names in all; only the first ${scan.duplicates.length} are listed`));
    return { ok: false, issues };
  }
  // JSON.parse gives plain data within the limits just checked; a copy is needed only where it
  // may hold what RFC 8785 cannot write: a lone surrogate (raw or escaped), or a number out of range.
  if (!scan.largeNumbers && !LONE_SURROGATE.test(text) && !SURROGATE_ESCAPE.test(text)) return { ok: true, value: parsed as Json };
  return snapshot(parsed);
}
