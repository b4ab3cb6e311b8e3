#!/usr/bin/env node
/**
 * The `a2a-validate` executable. Sets the exit code and lets pending output
 * drain instead of calling process.exit(), which could cut a piped report short.
 */
import { run } from "./index.js";

// `a2a-validate … | head` closes the pipe early: that is not an error of ours.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
});

// No stdin: run() reads process.stdin only for the operand `-` (opening it costs start-up time).
run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`a2a-validate: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
