/**
 * a2a-validate (the source, through tsx) in a child process that cannot take
 * the test run down with it: killed past a time limit, or (on Linux, where
 * /proc shows its RSS) past a memory limit. Reports the child's own peak RSS.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { scratch } from "./helpers.js";

const bin = join(__dirname, "../../src/cli/bin.ts");
// By absolute URL: the processes run in scratch folders, where "tsx" would not resolve.
const tsx = pathToFileURL(createRequire(__filename).resolve("tsx")).href;

let wrapper: string | undefined;

/**
 * Runs a module as `node <module> args…` and prints its peak RSS (KiB) to stderr
 * on exit: VmHWM where /proc has it, since Linux carries the forking parent's
 * RSS over into a child's getrusage maxrss (the vitest worker's, here).
 */
function peakWrapper(): string {
  if (!wrapper) {
    wrapper = join(scratch(), "peak.mjs");
    writeFileSync(
      wrapper,
      [
        'import { readFileSync } from "node:fs";',
        'import { pathToFileURL } from "node:url";',
        "const [script, ...args] = process.argv.slice(2);",
        "process.argv = [process.argv[0], script, ...args];",
        "const peak = () => { try { return Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]); } catch { return process.resourceUsage().maxRSS; } };",
        'process.on("exit", () => process.stderr.write(`\\nmaxRSS=${peak()}\\n`));',
        "await import(pathToFileURL(script).href);",
      ].join("\n"),
    );
  }
  return wrapper;
}

export interface Bounded {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Why the child was killed, if it was. */
  killed: "time" | "memory" | undefined;
  /** The child's peak RSS in MB, when it exited by itself. */
  peakMb: number | undefined;
}

export function runBounded(args: readonly string[], o: { cwd: string; timeoutMs?: number; maxRssMb?: number; stdin?: string }): Promise<Bounded> {
  const timeoutMs = o.timeoutMs ?? 20_000;
  const maxRssMb = o.maxRssMb ?? 1024;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ["--import", tsx, peakWrapper(), bin, ...args], { cwd: o.cwd, env: { PATH: process.env.PATH ?? "" }, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let killed: Bounded["killed"];
    const kill = (why: "time" | "memory"): void => {
      killed ??= why;
      p.kill("SIGKILL");
    };
    const timer = setTimeout(() => kill("time"), timeoutMs);
    const status = `/proc/${p.pid}/status`;
    const watch = existsSync(status)
      ? setInterval(() => {
          try {
            const kb = /VmRSS:\s*(\d+)/.exec(readFileSync(status, "utf8"));
            if (kb && Number(kb[1]) / 1024 > maxRssMb) kill("memory");
          } catch {
            // exited meanwhile
          }
        }, 25)
      : undefined;
    p.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    p.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    p.on("error", reject);
    p.on("close", (code) => {
      clearTimeout(timer);
      if (watch) clearInterval(watch);
      const m = /\n?maxRSS=(\d+)\n$/.exec(stderr);
      if (m) stderr = stderr.slice(0, m.index);
      resolve({ code, stdout, stderr, ms: performance.now() - t0, killed, peakMb: m ? Number(m[1]) / 1024 : undefined });
    });
    p.stdin.on("error", () => {}).end(o.stdin ?? "");
  });
}
