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
import { FAMILIES, Families, type CliIssue } from "./registry.js";
import { readJsonFile } from "./sources.js";
import { isUrlOperand } from "./url-operand.js";
import { resolve } from "node:path";

export async function validate(cmd: ValidateOptions, io: RunOptions): Promise<number> {
  if (cmd.operands.every(isUrlOperand)) return (await import("./url.js")).validateUrls(cmd, io);
  const env = io.env ?? process.env;
  // Families load as documents need them: a run over legacy envelopes never loads the others.
  const families = new Families(cmd.family === undefined ? FAMILIES : FAMILIES.filter((f) => f.name === cmd.family));
  if (cmd.type !== undefined && !(await families.all()).some((f) => f.resolveType(cmd.type!) !== undefined)) {
    const where = cmd.family === undefined ? "any family" : `family ${cmd.family}`;
    throw new UsageError(`--type: there is no type "${cmd.type}" in ${where}; \`a2a-validate list\` shows them`);
  }
  const out = new Output(io.stdout);
  const format = cmd.format ?? defaultFormat(env);
  const fmt = createFormatter(format, out, painter(wantsColor(io.stdout.isTTY, env)), packageVersion);
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
      a2aVersion: cmd.a2aVersion,
      maxBytes: cmd.maxBytes,
      now: Date.now(),
      stdin: io.stdin,
      stream: cmd.stream,
      harStdin: cmd.har === true,
      verifyCard: cmd.jwks === undefined ? undefined : await cardVerifier(cmd.jwks, io.cwd, cmd.maxBytes),
    },
    fmt,
    out,
  );
  // Found while validating, not before: a deep or wide tree is never listed whole.
  await engine.run(discover(cmd.operands, io.cwd, cmd.ndjson, engine.errors, { followSymlinks: cmd.followSymlinks, skipped: engine.skipped }));
  const summary = engine.summary();
  // Each unreadable path is told once: here, unless the format's own output tells it (GitHub annotations).
  // Paths come from the file system: a newline in one must not start a line of its own (a CI runner reads `::` commands there too).
  if (!fmt.showsUnreadable) for (const e of summary.errors) io.stderr.write(`a2a-validate: ${visible(e.path)}: ${visible(e.message)}\n`);
  if (summary.errors.length > 0) return 2;
  return summary.failed > 0 ? 1 : 0;
}

/** Reads the JWK Set once; a bad file is a usage error (exit 2), never a per-document failure. */
async function cardVerifier(file: string, cwd: string, maxBytes: number): Promise<(card: unknown) => Promise<readonly CliIssue[]>> {
  const S = await import("../v1/signatures/index.js");
  const keys = await readJwks(file, cwd, maxBytes);
  return (card) => S.checkCardSignatures(card, { keys });
}

/** The JWK Set of `--jwks <file>`; a bad file is a UsageError. */
export async function readJwks(file: string, cwd: string, maxBytes: number): Promise<import("../v1/signatures/index.js").JwkSet> {
  const S = await import("../v1/signatures/index.js");
  let text: string;
  try {
    const r = readJsonFile(resolve(cwd, file), maxBytes);
    if (r.kind !== "text") throw new Error(r.kind === "too_large" ? "is over --max-bytes" : "is not valid UTF-8");
    text = r.text;
  } catch (e) {
    throw new UsageError(`--jwks ${visible(file)}: ${e instanceof Error ? e.message : String(e)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`--jwks ${visible(file)}: not JSON`);
  }
  const keys = S.parseJwkSet(json);
  if (!keys.ok) throw new UsageError(`--jwks ${visible(file)}: ${keys.issues[0]?.message ?? "not a JWK Set"}`);
  return keys.value;
}
