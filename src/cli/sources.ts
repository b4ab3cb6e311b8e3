/**
 * Reading one whole JSON document, bounded: bytes are counted as they arrive
 * and reading stops just past the limit, whatever fstat says (it says 0 for
 * /dev/zero and /proc files). Only regular files are read; standard input is
 * read as a stream.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

export type Read =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "too_large"; readonly bytes: number }
  | { readonly kind: "bad_utf8" };

// fatal: JSON must be UTF-8, and a replacement character would hide where it is not. Strips a BOM.
const utf8 = new TextDecoder("utf-8", { fatal: true });

function decode(bytes: Uint8Array): Read {
  try {
    return { kind: "text", text: utf8.decode(bytes) };
  } catch {
    return { kind: "bad_utf8" };
  }
}

/** What a non-regular file is, for messages; undefined for a regular file. */
export function notRegular(st: Stats): string | undefined {
  if (st.isFile()) return undefined;
  const what = st.isDirectory()
    ? "a directory"
    : st.isFIFO()
      ? "a FIFO"
      : st.isCharacterDevice()
        ? "a character device"
        : st.isBlockDevice()
          ? "a block device"
          : st.isSocket()
            ? "a socket"
            : "a special file";
  return `is ${what}, not a regular file`;
}

/** A path that turned out not to be a regular file when opened (it may have changed since it was found). */
export class NotRegularFile extends Error {
  override readonly name = "NotRegularFile";
}

/** Whether `e` is a NotRegularFile, by its name: each file of the built CLI has its own copy of the class (see isUsageError). */
export function isNotRegularFile(e: unknown): e is NotRegularFile {
  return e instanceof Error && e.name === "NotRegularFile";
}

// O_NONBLOCK: opening a FIFO must never wait for a writer (it is refused right after). Windows has no such flag.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Opens a regular file for reading, checking the opened descriptor itself (no
 * race with a path swapped after discovery). Throws the fs error, or
 * NotRegularFile. The caller closes the descriptor.
 */
export function openRegular(path: string): { fd: number; size: number } {
  const fd = openSync(path, OPEN_FLAGS);
  let st: Stats;
  try {
    st = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  const why = notRegular(st);
  if (why !== undefined) {
    closeSync(fd);
    throw new NotRegularFile(why);
  }
  return { fd, size: st.size };
}

/** Reads at most `maxBytes` + 1 bytes: the extra byte tells "exactly the limit" from "over it". */
function readBounded(fd: number, sizeHint: number, maxBytes: number): Read | Buffer {
  // The size is a hint for the first buffer; a file reporting 0 (procfs) starts small and grows.
  let buf = Buffer.allocUnsafe(Math.min(sizeHint > 0 ? sizeHint : 16 * 1024, maxBytes) + 1);
  let n = 0;
  for (;;) {
    if (n === buf.length) {
      if (n > maxBytes) return { kind: "too_large", bytes: n };
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
      buf.copy(bigger, 0, 0, n);
      buf = bigger;
    }
    const got = readSync(fd, buf, n, buf.length - n, null);
    if (got === 0) return buf.subarray(0, n);
    n += got;
  }
}

/**
 * Synchronous on purpose: for thousands of small files this beats the
 * thread-pool round trips of fs/promises several times over. A size over the
 * limit is refused before reading. Throws the fs error, or NotRegularFile.
 */
export function readJsonFile(path: string, maxBytes: number): Read {
  // One path look-up: fstat and reads go through the descriptor.
  const { fd, size } = openRegular(path);
  let bytes: Read | Buffer;
  try {
    if (size > maxBytes) return { kind: "too_large", bytes: size };
    bytes = readBounded(fd, size, maxBytes);
  } finally {
    closeSync(fd);
  }
  if (!Buffer.isBuffer(bytes)) return bytes;
  const text = bytes.toString("utf8");
  // The native decoder replaces bad bytes; only then are the bytes decoded again, strictly.
  if (text.includes("\uFFFD")) return decode(bytes);
  return { kind: "text", text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/**
 * The bytes of an open regular file, in chunks of one reused buffer (each valid until the next is
 * read); closes the descriptor. Synchronous reads, as readJsonFile's: for a file they cost half of
 * a stream's, which allocates a buffer and a promise per chunk.
 */
export function* fileChunks(fd: number, size: number): Generator<Buffer, void, undefined> {
  try {
    const buf = Buffer.allocUnsafe(size);
    for (let n = readSync(fd, buf, 0, size, null); n > 0; n = readSync(fd, buf, 0, size, null)) yield buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export async function readStreamDocument(stream: NodeJS.ReadableStream, maxBytes: number): Promise<Read> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    total += buf.length;
    // Leaving the loop stops reading: the rest would only be thrown away.
    if (total > maxBytes) return { kind: "too_large", bytes: total };
    chunks.push(buf);
  }
  return decode(Buffer.concat(chunks, total));
}
