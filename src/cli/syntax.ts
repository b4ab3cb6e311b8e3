/**
 * Why a text is not JSON, in words: what the grammar expected at the first
 * mistake, what was found there, and a hint for the usual causes (JSON Lines in
 * a .json file, a trailing comma, comments, single quotes, unquoted names).
 * Run only after JSON.parse has refused the text. One pass, no recursion: a
 * hostile depth costs an array entry per open bracket.
 *
 * The text is not quoted: a file that is not JSON may be anything (a token
 * reached through a link, a .env file), and a CI log is public. What was found
 * is told by its kind and length ("an unquoted word (40 characters)"), a name
 * by where it is; only JSON's own punctuation, the literals and their usual
 * misspellings (True, NaN, undefined) are shown as written.
 */
import { positionAt, type Position } from "./positions.js";

export interface SyntaxDiagnosis extends Position {
  /** `expected …, found …` */
  readonly message: string;
  readonly hint?: string | undefined;
  /** The text is one complete value followed, on a later line, by another: JSON Lines, most likely. */
  readonly jsonLines?: boolean;
}

const BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const COMMA = 0x2c;
const COLON = 0x3a;
const BACKSLASH = 0x5c;

const isWs = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
const isWordStart = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x24;
const isWord = (c: number): boolean => isWordStart(c) || isDigit(c);
/** What may start a JSON value: a bracket, a string, a number, or true, false, null. */
const startsValue = (c: number): boolean =>
  c === BRACE || c === BRACKET || c === QUOTE || c === 0x2d || isDigit(c) || c === 0x74 || c === 0x66 || c === 0x6e;

const CONTROL_NAMES: Readonly<Record<number, string>> = { 0x09: "a tab", 0x0a: "a line break", 0x0d: "a carriage return", 0x00: "a NUL character" };

/** ASCII punctuation: the grammar's own vocabulary, shown as written (one character). */
const isPunctuation = (c: number): boolean => (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e);

/** What a character is, for "found …": punctuation as written, an invisible character by its code point, others by class. */
function charWords(text: string, i: number): string {
  const cp = text.codePointAt(i)!;
  const name = CONTROL_NAMES[cp];
  if (name) return name;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp === 0xfeff || (cp >= 0x2000 && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202f) || cp === 0x3000) {
    return cp === 0xfeff ? `${hex} (a byte-order mark)` : cp === 0xa0 ? `${hex} (a no-break space)` : hex;
  }
  if (isPunctuation(cp)) return JSON.stringify(String.fromCodePoint(cp));
  if (isDigit(cp)) return "a digit";
  if (isWordStart(cp)) return "a letter";
  return "a non-ASCII character";
}

/** `(40 characters)` */
const length = (n: number): string => `(${n} character${n === 1 ? "" : "s"})`;

/** JSON's literals, their usual misspellings and beginnings: shown as written, as they name no secret. */
const LITERALS = ["true", "false", "null"];
function isLiteralLike(word: string): boolean {
  if (word === "NaN" || word === "Infinity" || word === "undefined" || word === "None") return true;
  const lower = word.toLowerCase();
  return LITERALS.some((l) => l.startsWith(lower));
}

/** A run of string characters that need no look (sticky: matches at lastIndex, possibly empty). */
const PLAIN = /[^"\\\u0000-\u001f]*/y;

/**
 * The open brackets, innermost last, as their offsets in the text (the text says which bracket):
 * 4 bytes each, so 10 MiB of "[" costs 40 MB, not an object per bracket.
 */
class Brackets {
  private offsets = new Uint32Array(64);
  length = 0;
  push(offset: number): void {
    if (this.length === this.offsets.length) {
      const bigger = new Uint32Array(this.offsets.length * 2);
      bigger.set(this.offsets);
      this.offsets = bigger;
    }
    this.offsets[this.length++] = offset;
  }
  pop(): void {
    this.length--;
  }
  /** The innermost open bracket's offset, or -1. */
  top(): number {
    return this.length === 0 ? -1 : this.offsets[this.length - 1]!;
  }
}

type State =
  | "value" // a value: the document's, or after ":" or "," in an array
  | "firstItem" // just after "[": an item or "]"
  | "firstKey" // just after "{": a name or "}"
  | "key" // after "," in an object
  | "colon" // after a name
  | "after" // after a value inside a container: "," or the closing bracket
  | "end"; // after the document's value: only whitespace

export function diagnoseSyntax(text: string, firstLine = 1): SyntaxDiagnosis | undefined {
  const n = text.length;
  const stack = new Brackets();
  let state = "value" as State;
  let i = 0;
  /** The last "," read, for the trailing-comma hint. */
  let comma = -1;
  /** Where the name whose value is expected starts, for "a value for the property named at 2:3". */
  let keyAt = 0;
  /** Where the document's value ended (state "end"). */
  let ended = -1;

  const at = (offset: number): Position => {
    const p = positionAt(text, offset);
    return { line: p.line + firstLine - 1, column: p.column };
  };
  const where = (offset: number): string => {
    const p = at(offset);
    return `${p.line}:${p.column}`;
  };
  const fail = (offset: number, expected: string, found: string, hint?: string, jsonLines?: boolean): SyntaxDiagnosis => ({
    ...at(offset),
    message: `expected ${expected}, found ${found}`,
    ...(hint !== undefined ? { hint } : {}),
    ...(jsonLines ? { jsonLines } : {}),
  });
  /** Whether the innermost open bracket is "[" (false for "{", or none). */
  const inArray = (): boolean => stack.length > 0 && text.charCodeAt(stack.top()) === BRACKET;

  /** What the current state expects, in words. */
  const expected = (): string => {
    switch (state) {
      case "value":
        if (stack.length === 0) return "a JSON value";
        if (inArray()) return 'an item after ","';
        return `a value for the property named at ${where(keyAt)}`;
      case "firstItem":
        return 'an item or "]"';
      case "firstKey":
        return 'a property name in double quotes or "}"';
      case "key":
        return 'a property name in double quotes after ","';
      case "colon":
        return `":" after the property name at ${where(keyAt)}`;
      case "after":
        return inArray() ? '"," or "]" after the item' : '"," or "}" after the member';
      case "end":
        return "the end of the document after its value";
    }
  };

  /** What starts at `j`, in words, and a hint when it is a usual mistake wherever it is (a comment, a single quote). */
  const foundAt = (j: number): { found: string; hint?: string | undefined; word?: string } => {
    const c = text.charCodeAt(j);
    if (c === 0x2f && (text.charCodeAt(j + 1) === 0x2f || text.charCodeAt(j + 1) === 0x2a)) {
      return { found: `a comment ("${text.slice(j, j + 2)}")`, hint: "JSON does not allow comments: remove it" };
    }
    if (c === 0x27) {
      return { found: "\"'\" (a single quote)", hint: "JSON strings and property names take double quotes (\"), not single quotes" };
    }
    if (isWordStart(c)) {
      let k = j;
      while (k < n && isWord(text.charCodeAt(k))) k++;
      const word = text.slice(j, k);
      return { found: isLiteralLike(word) ? JSON.stringify(word) : `an unquoted word ${length(k - j)}`, word };
    }
    if (c === QUOTE) {
      // Closed on its line: its length.
      const close = text.indexOf('"', j + 1);
      const s = close === -1 ? "" : text.slice(j, close + 1);
      return { found: close !== -1 && !/[\\\u0000-\u001f]/.test(s) ? `a string ${length(close - j - 1)}` : "a string" };
    }
    if (isDigit(c) || c === 0x2d) {
      const m = /-?[0-9][0-9.eE+-]*/y;
      m.lastIndex = j;
      const num = m.exec(text)?.[0];
      return { found: num !== undefined ? `a number ${length(num.length)}` : "a number" };
    }
    return { found: charWords(text, j) };
  };

  /** What a word was probably meant to be, where a property name or a value was expected. */
  const wordHint = (word: string): string => {
    if (state === "firstKey" || state === "key") return "property names must be strings in double quotes";
    if (word === "NaN" || word === "Infinity") return "JSON has no NaN or Infinity: use null, or the number as a string";
    if (word === "undefined") return "JSON has no undefined: leave the member out, or use null";
    const lower = word.toLowerCase();
    if (lower === "true" || lower === "false" || lower === "null") return `JSON's literals are lowercase: ${lower}`;
    if (word === "None") return "JSON's null is null";
    if (LITERALS.some((l) => l.startsWith(lower))) return "JSON's literals are true, false and null";
    return "strings take double quotes";
  };

  /** Reads a string from the opening quote at `i`; returns its end, or a diagnosis. */
  const string = (): number | SyntaxDiagnosis => {
    const start = i;
    let j = i + 1;
    for (;;) {
      // Plain characters in one step: only a quote, a backslash or a control character needs a look.
      PLAIN.lastIndex = j;
      PLAIN.test(text);
      j = PLAIN.lastIndex;
      if (j >= n) return fail(n, `the closing '"' of the string that starts at ${where(start)}`, "the end of the text");
      const c = text.charCodeAt(j);
      if (c === QUOTE) return j + 1;
      if (c === BACKSLASH) {
        const e = text.charCodeAt(j + 1);
        if (j + 1 >= n) return fail(n, `the closing '"' of the string that starts at ${where(start)}`, "the end of the text");
        if (e === 0x75) {
          for (let h = 2; h < 6; h++) {
            if (j + h >= n || !isHex(text.charCodeAt(j + h))) {
              return fail(j + h, 'four hex digits after "\\u"', j + h >= n ? "the end of the text" : charWords(text, j + h));
            }
          }
          j += 6;
          continue;
        }
        if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
          j += 2;
          continue;
        }
        return fail(j, 'an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)', `"\\" followed by ${charWords(text, j + 1)}`, 'a backslash itself is written "\\\\"');
      }
      if (c < 0x20) {
        const hint =
          c === 0x0a || c === 0x0d
            ? `the string that starts at ${where(start)} is not closed on its line; a line break inside a string is written "\\n"`
            : `control characters inside strings must be escaped (\\t, \\n, \\u0000, ...)`;
        return fail(j, `the closing '"' of the string that starts at ${where(start)}`, charWords(text, j), hint);
      }
      j++;
    }
  };

  /** Reads a number from `i`; returns its end, or a diagnosis. */
  const number = (): number | SyntaxDiagnosis => {
    let j = i;
    if (text.charCodeAt(j) === 0x2d) j++;
    const digitOr = (what: string): SyntaxDiagnosis => fail(j, what, j >= n ? "the end of the text" : charWords(text, j));
    if (j >= n || !isDigit(text.charCodeAt(j))) return digitOr(j === i ? "a digit" : 'a digit after "-"');
    if (text.charCodeAt(j) === 0x30) {
      j++;
      if (j < n && isDigit(text.charCodeAt(j))) return fail(j, '".", an exponent or the end of the number after its leading 0', charWords(text, j), "JSON numbers have no leading zeros");
      if (j < n && (text.charCodeAt(j) === 0x78 || text.charCodeAt(j) === 0x58)) return fail(j, '".", an exponent or the end of the number after 0', charWords(text, j), "JSON has no hexadecimal numbers: write the number in decimal");
    } else while (j < n && isDigit(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) === 0x2e) {
      j++;
      if (j >= n || !isDigit(text.charCodeAt(j))) return digitOr('a digit after the decimal point "."');
      while (j < n && isDigit(text.charCodeAt(j))) j++;
    }
    const e = text.charCodeAt(j);
    if (e === 0x65 || e === 0x45) {
      j++;
      const s = text.charCodeAt(j);
      if (s === 0x2b || s === 0x2d) j++;
      if (j >= n || !isDigit(text.charCodeAt(j))) return digitOr("a digit in the exponent");
      while (j < n && isDigit(text.charCodeAt(j))) j++;
    }
    return j;
  };

  /** A value has ended at `i`. */
  const valueDone = (): void => {
    if (stack.length === 0) {
      state = "end";
      ended = i;
    } else state = "after";
  };

  for (;;) {
    while (i < n && isWs(text.charCodeAt(i))) i++;
    if (i >= n) {
      if (state === "end") return undefined;
      // The text ends just after its last token, not where trailing whitespace stops.
      const last = text.trimEnd().length;
      const open = stack.top();
      const hint = open >= 0 ? `the "${text[open]}" at ${where(open)} is never closed` : text.trim() === "" ? "the document is empty" : undefined;
      return fail(last, expected(), "the end of the text", hint);
    }
    const c = text.charCodeAt(i);
    switch (state) {
      case "end": {
        const lineBreak = text.slice(ended, i).includes("\n");
        if (lineBreak && startsValue(c)) return fail(i, expected(), `${foundAt(i).found}, the start of another value on a new line`, undefined, true);
        if (startsValue(c)) {
          // A second value on the same line ("{}{}"): not JSON Lines, which puts one per line.
          return fail(i, expected(), foundAt(i).found, "a JSON document holds exactly one value");
        }
        const f = foundAt(i);
        return fail(i, expected(), f.found, f.hint);
      }
      case "colon":
        if (c === COLON) {
          state = "value";
          i++;
          continue;
        }
        return fail(i, expected(), foundAt(i).found, c === 0x3d ? 'names and values are separated by ":", not "="' : undefined);
      case "after": {
        const array = inArray();
        if (c === COMMA) {
          comma = i;
          state = array ? "value" : "key";
          i++;
          continue;
        }
        if (c === (array ? CLOSE_BRACKET : CLOSE_BRACE)) {
          stack.pop();
          i++;
          valueDone();
          continue;
        }
        const f = foundAt(i);
        const closer = array ? "]" : "}";
        const hint =
          c === CLOSE_BRACE || c === CLOSE_BRACKET
            ? `the "${text[stack.top()]}" at ${where(stack.top())} is closed by "${closer}", not "${String.fromCharCode(c)}"`
            : (f.hint ?? (startsValue(c) || f.word !== undefined ? `a "," is missing before it` : undefined));
        return fail(i, expected(), f.found, hint);
      }
      case "firstKey":
      case "key":
        if (c === QUOTE) {
          const end = string();
          if (typeof end !== "number") return end;
          keyAt = i;
          i = end;
          state = "colon";
          continue;
        }
        if (c === CLOSE_BRACE && state === "firstKey") {
          stack.pop();
          i++;
          valueDone();
          continue;
        }
        if (c === CLOSE_BRACE) return fail(i, expected(), '"}"', `trailing comma after the last member (JSON does not allow it): remove the "," at ${where(comma)}`);
        {
          const f = foundAt(i);
          return fail(i, expected(), f.found, f.hint ?? (f.word !== undefined ? wordHint(f.word) : undefined));
        }
      case "firstItem":
      case "value": {
        if (c === CLOSE_BRACKET && state === "firstItem") {
          stack.pop();
          i++;
          valueDone();
          continue;
        }
        if (c === CLOSE_BRACKET && inArray()) {
          return fail(i, expected(), '"]"', `trailing comma after the last item (JSON does not allow it): remove the "," at ${where(comma)}`);
        }
        if (c === BRACE || c === BRACKET) {
          stack.push(i);
          state = c === BRACE ? "firstKey" : "firstItem";
          i++;
          continue;
        }
        if (c === QUOTE) {
          const end = string();
          if (typeof end !== "number") return end;
          i = end;
          valueDone();
          continue;
        }
        if (c === 0x2d || isDigit(c)) {
          const end = number();
          if (typeof end !== "number") return end;
          i = end;
          valueDone();
          continue;
        }
        if (isWordStart(c)) {
          let k = i;
          while (k < n && isWord(text.charCodeAt(k))) k++;
          const word = text.slice(i, k);
          if (word === "true" || word === "false" || word === "null") {
            i = k;
            valueDone();
            continue;
          }
        }
        const f = foundAt(i);
        const hint =
          c === 0x2b
            ? "JSON numbers take no + sign"
            : c === 0x2e
              ? 'a number starts with a digit: write "0." before the decimal point'
              : (f.hint ?? (f.word !== undefined ? wordHint(f.word) : undefined));
        return fail(i, expected(), f.found, hint);
      }
    }
  }
}

/** V8's message without the position or any echo of the input (a token, a quoted excerpt). */
function v8Message(err: unknown): { message: string; offset: number | undefined } {
  const raw = err instanceof Error ? err.message : String(err);
  const at = /at position (\d+)/.exec(raw);
  const message = raw
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/\s*\(line \d+ column \d+\)$/, "")
    .replace(/\s*['"].*$/s, "");
  return { message, offset: at ? Number(at[1]) : /end of JSON input/.test(raw) ? Infinity : undefined };
}

/**
 * Where and why `text` is not JSON (called after JSON.parse threw `err`); lines count from
 * `firstLine` (an NDJSON record's line in its file). Should the diagnosis find no mistake where
 * V8 did, V8's own message and position are used.
 */
export function syntaxProblem(text: string, err: unknown, firstLine = 1): SyntaxDiagnosis {
  const d = diagnoseSyntax(text, firstLine);
  if (d) return d;
  const v = v8Message(err);
  const p = v.offset === undefined ? { line: 1, column: 1 } : positionAt(text, v.offset);
  return { message: v.message, line: p.line + firstLine - 1, column: p.column };
}
