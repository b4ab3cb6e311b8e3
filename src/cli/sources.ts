/**
 * Reading one whole JSON document, bounded: the size is checked before the
 * bytes are read (files) or while they arrive (standard input).
 */
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";

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
 * Synchronous on purpose: for thousands of small files this beats the
 * thread-pool round trips of fs/promises several times over, and
 * readFileSync(path, "utf8") is a single native call in Node 20. The size is
 * checked first. Throws the fs error when the file cannot be read.
 */
export function readJsonFile(path: string, maxBytes: number): Read {
  // One path look-up: fstat and read go through the descriptor.
  const fd = openSync(path, "r");
  let text: string;
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) return { kind: "too_large", bytes: size };
    text = readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
  // It may have grown since the stat: at least one byte per UTF-16 unit.
  if (text.length > maxBytes) return { kind: "too_large", bytes: text.length };
  // The native decoder replaces bad bytes; only then is the file decoded again, strictly.
  if (text.includes("\uFFFD")) return decode(readFileSync(path));
  return { kind: "text", text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
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
