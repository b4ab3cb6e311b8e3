/**
 * A module run in a fresh node process, its peak memory read from inside: RSS from
 * process.resourceUsage at exit (that process's own), heap from process.memoryUsage sampled every
 * 10 ms (a figure for orientation: a long synchronous call is seen only at its end).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Run {
  ms: number;
  maxRssMb: number;
  heapMb: number;
  status: number | null;
  stdout: string;
}

/** Writes the wrapper into `dir`: it makes the child look like `node <script> args…`, then reports its peaks on exit. */
export function writePeakWrapper(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "peak.mjs");
  writeFileSync(
    path,
    [
      'import { pathToFileURL } from "node:url";',
      "const [script, ...args] = process.argv.slice(2);",
      "process.argv = [process.argv[0], script, ...args];",
      "let heap = 0;",
      "const sample = () => { heap = Math.max(heap, process.memoryUsage().heapUsed); };",
      "setInterval(sample, 10).unref();",
      'process.on("exit", () => { sample(); process.stderr.write(`maxRSS=${process.resourceUsage().maxRSS} heap=${heap}\\n`); });',
      "await import(pathToFileURL(script).href);",
    ].join("\n"),
  );
  return path;
}

export function runNode(wrapper: string, script: string, args: readonly string[]): Run {
  const t0 = process.hrtime.bigint();
  const p = spawnSync(process.execPath, [wrapper, script, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const m = /maxRSS=(\d+) heap=(\d+)/.exec(p.stderr);
  if (!m) throw new Error(`no figures from ${script}: ${p.stderr.slice(0, 500)}`);
  return { ms, maxRssMb: Number(m[1]) / 1024, heapMb: Number(m[2]) / 1024 / 1024, status: p.status, stdout: p.stdout };
}
