/** Bytes from the wire: chunks joined, and a web stream read whole under a cap (the jku fetch, the fetch adapter). */

/** Standard, padded Base64 of bytes, without Buffer (works in browsers and workers). */
export function toBase64(bytes: Uint8Array): string {
  let bin = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

/** The chunks as one array of bytes. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.byteLength;
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** What is used of a web `ReadableStream<Uint8Array>` (structural, so no DOM types are needed). */
export interface ByteStreamLike {
  /** A reader of the stream's chunks. */
  getReader(): ByteReaderLike;
}

/** One read of a byte stream. */
export interface ByteChunk {
  /** True once the stream has ended. */
  readonly done: boolean;
  /** The chunk's bytes. */
  readonly value?: Uint8Array | undefined;
}

/** What is used of its reader. */
export interface ByteReaderLike {
  /** The next chunk, or `done`. */
  read(): Promise<ByteChunk>;
  /** Stops the stream: nothing more is read. */
  cancel(reason?: unknown): Promise<void>;
}

/**
 * Reads `stream` to its end, or until more than `max` bytes have come: then it is cancelled (nothing
 * more is read or buffered) and `over` is true; `bytes` holds what was read, the chunk that crossed
 * the cap included. Rejects when the stream errors.
 */
export async function readCapped(stream: ByteStreamLike, max: number): Promise<{ readonly bytes: Uint8Array; readonly over: boolean }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value === undefined) continue;
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return { bytes: concatBytes(chunks), over: true };
    }
  }
  return { bytes: concatBytes(chunks), over: false };
}
