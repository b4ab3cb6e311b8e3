/**
 * Reading one whole JSON document, bounded: the size is checked before the
 * bytes are read (files) or while they arrive (standard input).
 */
import { readFileSync, statSync } from "node:fs";

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

/**
 * Synchronous on purpose: for thousands of small files a stat and a read
 * beat the thread-pool round trips of fs/promises several times over.
 * Throws the fs error when the file cannot be read.
 */
export function readJsonFile(path: string, maxBytes: number): Read {
  const size = statSync(path).size;
  if (size > maxBytes) return { kind: "too_large", bytes: size };
  const bytes = readFileSync(path);
  // It may have grown between the stat and the read.
  if (bytes.length > maxBytes) return { kind: "too_large", bytes: bytes.length };
  return decode(bytes);
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
