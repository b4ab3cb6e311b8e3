/**
 * `a2a-validate <url>…`: each card fetched through the safe fetch (SSRF guard on, https only,
 * unless --allow-private), judged, and with --probe its interfaces checked by read-only requests.
 * A card that could not be fetched is reported as an unreadable path (exit 2); a fetched card
 * with issues fails (exit 1). Reported through the same formats as files.
 */
import type { ValidateOptions } from "./args.js";
import { inspectAgentCard } from "../client/fetch-card.js";
import type { CardVersion } from "../client/version.js";
import { probeInterfaces } from "../client/probe.js";
import type { ValidationIssue } from "../core/issue.js";
import { isError } from "./check.js";
import { painter, wantsColor } from "./color.js";
import type { DiscoveryError } from "./discover.js";
import { toReport } from "./engine.js";
import { visible } from "./escape.js";
import { createFormatter, defaultFormat } from "./formats/index.js";
import type { RunOptions } from "./index.js";
import { Output } from "./output.js";
import { packageVersion } from "./package.js";
import { loadLocator } from "./positions.js";
import type { DocumentReport, ReportIssue } from "./report.js";
import { readJwks } from "./validate.js";

/** Validates every URL operand; resolves to the exit code. */
export async function validateUrls(cmd: ValidateOptions, io: RunOptions): Promise<number> {
  const env = io.env ?? process.env;
  const keys = cmd.jwks === undefined ? undefined : await readJwks(cmd.jwks, io.cwd, cmd.maxBytes);
  const out = new Output(io.stdout);
  const fmt = createFormatter(cmd.format ?? defaultFormat(env), out, painter(wantsColor(io.stdout.isTTY, env)), packageVersion);
  const errors: DiscoveryError[] = [];
  let met = 0;
  let failed = 0;
  let warnings = 0;
  let files = 0;
  fmt.start();
  for (const url of cmd.operands) {
    const r = await inspectAgentCard(url, {
      allowPrivate: cmd.allowPrivate,
      maxBytes: cmd.maxBytes,
      ...(cmd.mode !== undefined ? { mode: cmd.mode } : {}),
      ...(keys !== undefined ? { keys } : {}),
      ...(cmd.a2aVersion === "1.0" || cmd.a2aVersion === "0.3" ? { version: cmd.a2aVersion } : {}),
    });
    if (r.stage === "fetch") {
      errors.push({ path: r.url, message: r.issues.map((i) => i.message).join("; ") });
      continue;
    }
    const issues: ValidationIssue[] = [...r.issues];
    if (cmd.probe && r.document !== undefined) for (const p of await probeInterfaces(r.interfaces, { allowPrivate: cmd.allowPrivate })) issues.push(...p.issues);
    const valid = !issues.some(isError);
    const doc = await report(r.url, r.text, issues, valid, cmd.mode, r.version, cmd.a2aVersion !== undefined, cmd.a2aVersion === "1.0" || cmd.a2aVersion === "0.3");
    files++;
    if (valid) met++;
    else failed++;
    warnings += doc.issues.filter((i) => i.severity === "warning").length;
    fmt.fileStart(r.url, "json");
    fmt.document(doc);
    fmt.fileEnd({ file: r.url, kind: "json", documents: 1, met: valid ? 1 : 0, failed: valid ? 0 : 1 });
    await out.flush();
  }
  fmt.end({ files, documents: files, met, failed, warnings, errors, skipped: [] });
  await out.flush(true);
  if (!fmt.showsUnreadable) for (const e of errors) io.stderr.write(`a2a-validate: ${visible(e.path)}: ${visible(e.message)}\n`);
  if (errors.length > 0) return 2;
  return failed > 0 ? 1 : 0;
}

/** One card's report, issues placed at their line:col in the fetched text. */
async function report(url: string, text: string | undefined, issues: readonly ValidationIssue[], valid: boolean, mode: string | undefined, version: CardVersion | undefined, showVersion: boolean, forced: boolean): Promise<DocumentReport> {
  let placed: ReportIssue[] = issues.map((i) => toReport(i, 1, 1));
  if (text !== undefined && issues.length > 0) {
    const at = (await loadLocator()).locate(text, issues);
    placed = issues.map((i, n) => toReport(i, at[n]?.line ?? 1, at[n]?.column ?? 1));
  }
  const family = version === "0.3" ? "v0.3" : "v1";
  const shown = showVersion && version !== undefined ? { a2aVersion: { version, decidedBy: forced ? ("option" as const) : ("document" as const), evidence: [] } } : {};
  return { file: url, kind: "json", record: undefined, line: 1, family, type: "AgentCard", mode: mode ?? "strict", expected: "valid", valid, met: valid, issues: placed, missing: [], ...shown };
}
