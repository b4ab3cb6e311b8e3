/** A validation run: discover the documents, check them, report, and choose the exit code. */
import { UsageError, type ValidateOptions } from "./args.js";
import { painter, wantsColor } from "./color.js";
import { discover } from "./discover.js";
import { Engine } from "./engine.js";
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
