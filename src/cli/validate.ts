/** A validation run: discover the documents, check them, report, and choose the exit code. */
import { UsageError, type ValidateOptions } from "./args.js";
import { painter, wantsColor } from "./color.js";
import { discover } from "./discover.js";
import { Engine } from "./engine.js";
import { visible } from "./escape.js";
import { createFormatter, defaultFormat } from "./formats/index.js";
import type { RunOptions } from "./index.js";
import { Output } from "./output.js";
import { packageVersion } from "./package.js";
import { loadFamilies } from "./registry.js";

export async function validate(cmd: ValidateOptions, io: RunOptions): Promise<number> {
  const env = io.env ?? process.env;
  const families = await loadFamilies(cmd.family === undefined ? undefined : [cmd.family]);
  if (cmd.type !== undefined && !families.some((f) => f.resolveType(cmd.type!) !== undefined)) {
    const where = cmd.family === undefined ? "any family" : `family ${cmd.family}`;
    throw new UsageError(`--type: there is no type "${cmd.type}" in ${where}; \`a2a-validate list\` shows them`);
  }
  const out = new Output(io.stdout);
  const format = cmd.format ?? defaultFormat(env);
  const fmt = createFormatter(format, out, painter(wantsColor(io.stdout.isTTY, env)), packageVersion());
  const engine = new Engine(
    {
      families,
      family: cmd.family,
      type: cmd.type,
      mode: cmd.mode,
      revision: cmd.revision,
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
  // Found while validating, not before: a deep or wide tree is never listed whole.
  await engine.run(discover(cmd.operands, io.cwd, cmd.ndjson, engine.errors));
  const summary = engine.summary();
  // Paths come from the file system: a newline in one must not start a line of its own (a CI runner reads `::` commands there too).
  for (const e of summary.errors) io.stderr.write(`a2a-validate: ${visible(e.path)}: ${visible(e.message)}\n`);
  if (summary.errors.length > 0) return 2;
  return summary.failed > 0 ? 1 : 0;
}
