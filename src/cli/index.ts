/**
 * `a2a-schemas/cli`: the programmatic entry of `a2a-validate`. `run()` never
 * exits the process; it resolves to the exit code (0 every document met its
 * expectation, 1 some did not, 2 usage error or unreadable path).
 */
import { parseCommand, UsageError, type ValidateOptions } from "./args.js";
import { painter, wantsColor } from "./color.js";
import { listCommand, schemaCommand } from "./commands.js";
import { discover } from "./discover.js";
import { Engine } from "./engine.js";
import { createFormatter, defaultFormat } from "./formats/index.js";
import { HELP } from "./help.js";
import { Output, type OutStream } from "./output.js";
import { packageVersion } from "./package.js";
import { loadFamilies } from "./registry.js";

export interface RunOptions {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  /** Read for the operand `-`; defaults to process.stdin. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Relative operands and reported paths are resolved against it. */
  readonly cwd: string;
  /** Defaults to process.env (GITHUB_ACTIONS, NO_COLOR, FORCE_COLOR). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type { OutStream } from "./output.js";
export { FORMAT_VERSION } from "./formats/json.js";

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
      case "list":
        return await listCommand(cmd.family, cmd.json, io.stdout);
      case "schema":
        return await schemaCommand(cmd.family, cmd.type, cmd.mode, io.stdout, io.stderr);
      default:
        return await validate(cmd, io);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`a2a-validate: ${e.message}\nTry 'a2a-validate --help'.\n`);
      return 2;
    }
    // A bug, not the input's fault: say so plainly and fail the run.
    io.stderr.write(`a2a-validate: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 2;
  }
}

async function validate(cmd: ValidateOptions, io: RunOptions): Promise<number> {
  const env = io.env ?? process.env;
  const families = await loadFamilies(cmd.family === undefined ? undefined : [cmd.family]);
  if (cmd.type !== undefined && !families.some((f) => f.resolveType(cmd.type!) !== undefined)) {
    const where = cmd.family === undefined ? "any family" : `family ${cmd.family}`;
    throw new UsageError(`--type: there is no type "${cmd.type}" in ${where}; \`a2a-validate list\` shows them`);
  }
  const { sources, errors } = await discover(cmd.operands, io.cwd, cmd.ndjson);
  const out = new Output(io.stdout);
  const format = cmd.format ?? defaultFormat(env);
  const fmt = createFormatter(format, out, painter(wantsColor(io.stdout.isTTY, env)), packageVersion());
  const engine = new Engine(
    {
      families,
      family: cmd.family,
      type: cmd.type,
      mode: cmd.mode,
      method: cmd.method,
      expect: cmd.expect,
      freshness: cmd.freshness,
      maxBytes: cmd.maxBytes,
      now: Date.now(),
      stdin: io.stdin,
    },
    fmt,
    out,
  );
  engine.errors.push(...errors);
  await engine.run(sources);
  const summary = engine.summary();
  for (const e of summary.errors) io.stderr.write(`a2a-validate: ${e.path}: ${e.message}\n`);
  if (summary.errors.length > 0) return 2;
  return summary.failed > 0 ? 1 : 0;
}
