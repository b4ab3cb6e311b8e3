/** Shared by the CLI tests: run() in-process with captured streams, and scratch fixture folders. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Writable } from "node:stream";
import { afterAll } from "vitest";
import { run } from "../../src/cli/index.js";
import { createRequestMessage } from "../../src/legacy/index.js";

export class Sink extends Writable {
  text = "";
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(
  argv: string[],
  o: { cwd: string; env?: Record<string, string>; stdin?: string | Buffer; tty?: boolean },
): Promise<CliResult> {
  const stdout = new Sink(o.tty ?? false);
  const stderr = new Sink();
  const stdin = o.stdin === undefined ? undefined : Readable.from([Buffer.from(o.stdin)]);
  // An explicit env: the GITHUB_ACTIONS of a real CI run must not switch the default format.
  const code = await run(argv, { stdout, stderr, cwd: o.cwd, env: o.env ?? {}, ...(stdin ? { stdin } : {}) });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A fresh folder, removed after the test file. */
export function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), "a2a-cli-"));
  made.push(d);
  return d;
}

export function put(root: string, rel: string, content: string | Buffer | object): string {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === "string" || Buffer.isBuffer(content) ? content : JSON.stringify(content, null, 2));
  return path;
}

/** A valid legacy request, built by the library's own builder. */
export function request(method = "get_price"): Record<string, unknown> {
  return { ...createRequestMessage({ senderId: "agent-a", recipientId: "agent-b", method, parameters: { symbol: "ACME" } }) } as Record<string, unknown>;
}

/** The 1-based line and column of the first occurrence of `needle` in `text`. */
export function where(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, at).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
