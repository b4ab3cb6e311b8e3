/**
 * JSON Lines / NDJSON, split record by record from a byte stream in constant
 * memory: a line longer than the limit is dropped as it arrives and reported
 * as too large, never buffered whole.
 */
import { StringDecoder } from "node:string_decoder";

const BLANK = /^[ \t\r]*$/;

export interface LineRecord {
  /** 1-based line number of the record in the stream. */
  readonly line: number;
  /** The record's text (no line ending); undefined when it exceeded the limit. */
  readonly text: string | undefined;
}

export class LineSplitter {
  // Not fatal: one bad byte spoils its record, not the rest of the stream. Six times faster than a
  // streaming TextDecoder, with the same replacement characters (test/cli/lines.test.ts compares them).
  private readonly decoder = new StringDecoder("utf8");
  /** Until the first character: a byte-order mark there is dropped, as TextDecoder does. */
  private atStart = true;
  private rest = "";
  private lineNo = 1;
  private skipping = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Uint8Array): LineRecord[] {
    const out: LineRecord[] = [];
    this.split(this.decode(this.decoder.write(chunk)), out);
    return out;
  }

  end(): LineRecord[] {
    const out: LineRecord[] = [];
    this.split(this.decode(this.decoder.end()), out);
    if (this.skipping) out.push({ line: this.lineNo, text: undefined });
    else if (this.rest !== "") this.emit(this.rest, out);
    this.rest = "";
    this.skipping = false;
    return out;
  }

  private decode(s: string): string {
    if (!this.atStart || s === "") return s;
    this.atStart = false;
    return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
  }

  private split(s: string, out: LineRecord[]): void {
    let start = 0;
    for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", start)) {
      if (this.skipping) {
        out.push({ line: this.lineNo, text: undefined });
        this.skipping = false;
      } else {
        const piece = s.slice(start, i);
        const text = this.rest === "" ? piece : this.rest + piece;
        this.rest = "";
        this.emit(text, out);
      }
      this.lineNo++;
      start = i + 1;
    }
    if (this.skipping || start === s.length) return;
    this.rest += start === 0 ? s : s.slice(start);
    // More UTF-16 units than the byte limit means more bytes too: stop buffering now.
    if (this.rest.length > this.maxBytes) {
      this.rest = "";
      this.skipping = true;
    }
  }

  private emit(raw: string, out: LineRecord[]): void {
    const text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    // Lines of JSON whitespace only are not records; a first-character test keeps the regex rare.
    const c = text.charCodeAt(0);
    if (text.length === 0 || ((c === 32 || c === 9 || c === 13) && BLANK.test(text))) return;
    const tooLarge = text.length > this.maxBytes || (text.length * 3 > this.maxBytes && Buffer.byteLength(text) > this.maxBytes);
    out.push({ line: this.lineNo, text: tooLarge ? undefined : text });
  }
}
