/**
 * `a2a-schemas/cli`: the programmatic entry of `a2a-validate`. `run()` never
 * exits the process; it resolves to the exit code (0 every document met its
 * expectation, 1 some did not, 2 usage error or unreadable path).
 */
import { isUsageError, parseCommand } from "./args.js";
import { visible } from "./escape.js";
import { HELP } from "./help.js";
import type { OutStream } from "./output.js";
import { packageVersion } from "./package.js";

// RunOptions.stdin is a Node stream: the declarations of this entry (and of no other) start with
// `/// <reference types="node" />` (tsup.config.ts), so a consumer needs @types/node to use them.
/** Where `run` reads and writes, and the working directory and environment it sees. */
export interface RunOptions {
  /** Where reports go (process.stdout for the binary). */
  readonly stdout: OutStream;
  /** Where usage errors and internal errors go (process.stderr for the binary). */
  readonly stderr: OutStream;
  /** Read for the operand `-`; defaults to process.stdin. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Relative operands and reported paths are resolved against it. */
  readonly cwd: string;
  /** Defaults to process.env (GITHUB_ACTIONS, NO_COLOR, FORCE_COLOR). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type { OutStream } from "./output.js";
export { FORMAT_VERSION } from "./formats/names.js";

/** Runs `a2a-validate` with `argv` (the arguments after the program name). Never exits the process: resolves to the exit code (0 every document met its expectation, 1 some did not, 2 usage error or unreadable path). */
export async function run(argv: readonly string[], io: RunOptions): Promise<number> {
  try {
    const cmd = parseCommand(argv);
    switch (cmd.command) {
      case "help":
        io.stdout.write(HELP);
        return 0;
      case "version":
        io.stdout.write(packageVersion() + "\n");
        return 0;
      // The rest is loaded on demand, so that --help and --version start fast.
      case "list":
        return await (await import("./commands.js")).listCommand(cmd.family, cmd.json, io.stdout);
      case "schema":
        return await (await import("./commands.js")).schemaCommand(cmd.family, cmd.type, cmd.mode, io.stdout, io.stderr);
      default:
        return await (await import("./validate.js")).validate(cmd, io);
    }
  } catch (e) {
    if (isUsageError(e)) {
      // The message may quote an operand, which may hold anything a file name can.
      io.stderr.write(`a2a-validate: ${visible(e.message)}\nTry 'a2a-validate --help'.\n`);
      return 2;
    }
    // A bug, not the input's fault: say so plainly and fail the run.
    io.stderr.write(`a2a-validate: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
}
