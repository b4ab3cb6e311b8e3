/**
 * A HAR file read as a stream: the elements of `log.entries` cut out of the bytes one at a time,
 * each handed on as its own JSON text (then parsed whole: JSON.parse of one entry is the fastest
 * parser there is), with the line and column where it starts. Only strings, brackets and the keys
 * of the root and `log` objects are looked at between entries, so memory is one entry, whatever
 * the file's size. Strings are skipped with indexOf (bodies are most of a HAR's bytes).
 */

/** One element of `log.entries`, or one other member of `log` (version, creator, …). */
export type HarItem =
  | { readonly kind: "entry"; readonly index: number; readonly text: string | undefined; readonly bytes: number; readonly line: number; readonly column: number }
  | { readonly kind: "member"; readonly key: string; readonly text: string | undefined };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;

type Role = "root" | "log" | "entries" | "other";

/** Where a value being captured ends. */
type Capture = { kind: "container" } | { kind: "string" } | { kind: "scalar" };

export class HarScanner {
  private readonly roles: Role[] = [];
  private readonly isObject: boolean[] = [];
  private expectKey = false;
  private inString = false;
  /** Backslashes just before the current position, inside a string (their parity escapes a quote). */
  private slashes = 0;
  private keyParts: Buffer[] | undefined;
  /** The last key read in the root and log objects, by depth. */
  private readonly keys: (string | undefined)[] = [];
  private capture: Capture | undefined;
  private capParts: Buffer[] = [];
  private capBytes = 0;
  private capKey: string | undefined; // a log member's key; undefined for an entry
  private capLine = 1;
  private capColumn = 1;
  private entries = 0;
  private line = 1;
  /** Stream offset of the current line's first byte. */
  private lineStart = 0;
  private offset = 0;
  private started = false;
  /** Seen: a root object, a log object in it, an entries array in that. */
  sawLog = false;
  sawEntries = false;
  rootNotObject = false;

  constructor(private readonly maxEntryBytes: number) {}

  /** How many entries were found so far. */
  get count(): number {
    return this.entries;
  }

  /** Whether the text ended inside a value (truncated or unbalanced JSON). */
  get unfinished(): boolean {
    return this.inString || this.roles.length > 0 || !this.started;
  }

  push(chunk: Uint8Array, out: HarItem[]): void {
    const n = chunk.length;
    let i = 0;
    let from = 0; // where the part of the chunk being cut out starts (a value begun before starts at 0)
    let keyFrom = 0; // the same for a key being read
    const base = this.offset;
    while (i < n) {
      if (this.inString) {
        const q = chunk.indexOf(QUOTE, i);
        if (q === -1) {
          this.slashes = trailingSlashes(chunk, i, n, this.slashes);
          break;
        }
        const before = trailingSlashes(chunk, i, q, this.slashes);
        this.slashes = 0;
        i = q + 1;
        if (before % 2 === 1) continue; // an escaped quote
        this.inString = false;
        if (this.keyParts !== undefined) {
          this.keyParts.push(Buffer.from(chunk.subarray(keyFrom, q)));
          this.endKey();
        } else if (this.capture?.kind === "string") from = this.finish(chunk, from, i, out);
        continue;
      }
      const c = chunk[i]!;
      if (c === QUOTE) {
        const depth = this.roles.length;
        if (this.capture === undefined) {
          if (depth > 0 && this.isObject[depth - 1] && this.expectKey) {
            // A key: those of the root and log objects are kept, the rest are not needed.
            if (depth <= 2) {
              this.keyParts = [];
              keyFrom = i + 1;
            }
          } else if (this.roleOf(depth, false) === "capture") from = this.begin({ kind: "string" }, base + i, i);
        }
        this.inString = true;
        this.slashes = 0;
        i++;
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        // { or [
        if (this.capture === undefined) {
          const depth = this.roles.length;
          const role = this.roleOf(depth, c === 0x7b);
          if (role === "capture") from = this.begin({ kind: "container" }, base + i, i);
          else {
            this.roles.push(role);
            this.isObject.push(c === 0x7b);
            this.expectKey = c === 0x7b;
            if (role === "log") this.sawLog = true;
            if (role === "entries") this.sawEntries = true;
          }
        }
        if (this.capture !== undefined) this.capDepth++;
        i++;
        continue;
      }
      if (c === 0x7d || c === 0x5d) {
        // } or ]
        if (this.capture?.kind === "scalar") from = this.finish(chunk, from, i, out);
        i++;
        if (this.capture !== undefined) {
          if (--this.capDepth === 0) from = this.finish(chunk, from, i, out);
          continue;
        }
        this.roles.pop();
        this.isObject.pop();
        this.expectKey = false;
        continue;
      }
      if (c === 0x2c) {
        // ,
        if (this.capture?.kind === "scalar") from = this.finish(chunk, from, i, out);
        if (this.capture === undefined) this.expectKey = this.isObject[this.roles.length - 1] === true;
        i++;
        continue;
      }
      if (c === 0x3a) {
        if (this.capture === undefined) this.expectKey = false;
        i++;
        continue;
      }
      if (c === LF || c === 0x20 || c === 0x09 || c === 0x0d) {
        if (this.capture?.kind === "scalar") from = this.finish(chunk, from, i, out);
        if (c === LF) {
          this.line++;
          this.lineStart = base + i + 1;
        }
        i++;
        continue;
      }
      // A number or a literal.
      if (this.capture === undefined && this.roleOf(this.roles.length, false) === "capture") from = this.begin({ kind: "scalar" }, base + i, i);
      i++;
    }
    if (this.capture !== undefined) this.keep(chunk.subarray(from === -1 ? 0 : from, n));
    if (this.inString && this.keyParts !== undefined) this.keyParts.push(Buffer.from(chunk.subarray(keyFrom, n)));
    this.offset += n;
  }

  /** Ends the text: a value still being cut out (a scalar at the very end) is handed on. */
  end(out: HarItem[]): void {
    if (this.capture?.kind === "scalar") this.finish(new Uint8Array(0), 0, 0, out);
  }

  private capDepth = 0;

  /** The role of a container opened at `depth`, or "capture" when it is a value to cut out. */
  private roleOf(depth: number, object: boolean): Role | "capture" {
    if (depth === 0) {
      this.started = true;
      if (!object) this.rootNotObject = true;
      return object ? "root" : "other";
    }
    const parent = this.roles[depth - 1];
    if (parent === "root" && this.keys[depth] === "log" && object) return "log";
    if (parent === "log" && this.keys[depth] === "entries") return object ? "capture" : "entries";
    if (parent === "entries" || parent === "log") return "capture";
    return "other";
  }

  private endKey(): void {
    const raw = Buffer.concat(this.keyParts!).toString("utf8");
    this.keyParts = undefined;
    let key: string;
    try {
      key = JSON.parse(`"${raw}"`) as string;
    } catch {
      key = raw;
    }
    this.keys[this.roles.length] = key;
  }

  /** Starts cutting out a value at stream offset `at` (chunk index `i`); returns the new `from`. */
  private begin(c: Capture, at: number, i: number): number {
    this.capture = c;
    this.capDepth = 0;
    this.capParts = [];
    this.capBytes = 0;
    const depth = this.roles.length;
    this.capKey = this.roles[depth - 1] === "log" ? (this.keys[depth] ?? "") : undefined;
    this.capLine = this.line;
    this.capColumn = at - this.lineStart + 1;
    return i;
  }

  private keep(part: Uint8Array): void {
    this.capBytes += part.length;
    const max = this.capKey === undefined ? this.maxEntryBytes : Math.min(this.maxEntryBytes, 1024 * 1024);
    if (this.capBytes > max) {
      this.capParts = [];
      return;
    }
    // A copy: the caller reuses its buffer.
    this.capParts.push(Buffer.from(part));
  }

  /** Ends the value being cut out at chunk index `end` (exclusive); returns the new `from` (-1: nothing held). */
  private finish(chunk: Uint8Array, from: number, end: number, out: HarItem[]): number {
    this.keep(chunk.subarray(from === -1 ? 0 : from, end));
    const max = this.capKey === undefined ? this.maxEntryBytes : Math.min(this.maxEntryBytes, 1024 * 1024);
    const text = this.capBytes > max ? undefined : Buffer.concat(this.capParts, this.capBytes).toString("utf8");
    if (this.capKey === undefined) out.push({ kind: "entry", index: this.entries++, text, bytes: this.capBytes, line: this.capLine, column: this.capColumn });
    else out.push({ kind: "member", key: this.capKey, text });
    this.capture = undefined;
    this.capParts = [];
    this.capBytes = 0;
    return -1;
  }
}

/** How many backslashes end chunk[start, end), counting on from `carried` when all of them are. */
function trailingSlashes(chunk: Uint8Array, start: number, end: number, carried: number): number {
  let k = end;
  while (k > start && chunk[k - 1] === BACKSLASH) k--;
  return k === start ? carried + (end - start) : end - k;
}
