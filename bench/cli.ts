/**
 * The a2a-validate CLI, as users run it (a fresh process on the built binary),
 * side by side with plain Node loops doing the least the same job needs:
 * NDJSON throughput and peak memory, many small files, and startup.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { fmt, median } from "./harness.js";

const root = join(import.meta.dirname, "..");
const tmp = join(root, "bench/.tmp/cli");

interface Run {
  ms: number;
  maxRssMb: number;
  status: number | null;
  stdout: string;
}

/**
 * Runs a module in a fresh node process and reads its peak RSS from inside
 * (process.resourceUsage at exit), so the figure is that process's own.
 */
function runNode(script: string, args: readonly string[]): Run {
  const wrapper = join(tmp, "peak.mjs");
  const t0 = process.hrtime.bigint();
  const p = spawnSync(process.execPath, [wrapper, script, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const m = /maxRSS=(\d+)/.exec(p.stderr);
  if (!m) throw new Error(`no RSS from ${script}: ${p.stderr.slice(0, 500)}`);
  return { ms, maxRssMb: Number(m[1]) / 1024, status: p.status, stdout: p.stdout };
}

function setup(): void {
  mkdirSync(tmp, { recursive: true });
  // Makes the child look like `node <script> args…`, then reports its peak RSS (KiB) on exit.
  writeFileSync(
    join(tmp, "peak.mjs"),
    [
      'import { pathToFileURL } from "node:url";',
      "const [script, ...args] = process.argv.slice(2);",
      "process.argv = [process.argv[0], script, ...args];",
      'process.on("exit", () => process.stderr.write(`maxRSS=${process.resourceUsage().maxRSS}\\n`));',
      "await import(pathToFileURL(script).href);",
    ].join("\n"),
  );
  // The baselines: read and JSON.parse, nothing else.
  writeFileSync(
    join(tmp, "loop-lines.mjs"),
    [
      'import { createReadStream } from "node:fs";',
      'import { createInterface } from "node:readline";',
      "let n = 0;",
      "for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) if (line) { JSON.parse(line); n++; }",
      "console.log(n);",
    ].join("\n"),
  );
  writeFileSync(
    join(tmp, "loop-files.mjs"),
    [
      'import { readdirSync, readFileSync } from "node:fs";',
      'import { join } from "node:path";',
      "const dir = process.argv[2];",
      "let n = 0;",
      "for (const f of readdirSync(dir)) { JSON.parse(readFileSync(join(dir, f), \"utf8\")); n++; }",
      "console.log(n);",
    ].join("\n"),
  );
}

/** Legacy request messages, one per line, distinct ids and methods, until `bytes`. */
async function makeNdjson(path: string, bytes: number): Promise<number> {
  if (existsSync(path) && statSync(path).size >= bytes) return statSync(path).size;
  const L = await import(join(root, "dist/legacy/index.js"));
  const fd = openSync(path, "w");
  let size = 0;
  let i = 0;
  try {
    while (size < bytes) {
      let chunk = "";
      for (let k = 0; k < 1000; k++, i++) {
        const m = L.createRequestMessage({ senderId: "agent-bench", recipientId: "agent-target", method: `method_${i % 97}`, parameters: { n: i, symbol: "ACME" } });
        chunk += JSON.stringify(m) + "\n";
      }
      size += writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  return size;
}

async function makeFiles(dir: string, count: number): Promise<void> {
  if (existsSync(join(dir, `${count - 1}.json`))) return;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const L = await import(join(root, "dist/legacy/index.js"));
  for (let i = 0; i < count; i++) {
    const m = L.createRequestMessage({ senderId: "agent-bench", recipientId: "agent-target", method: `method_${i % 97}`, parameters: { n: i } });
    writeFileSync(join(dir, `${i}.json`), JSON.stringify(m, null, 2));
  }
}

/** Interleaved rounds of a baseline and the CLI; ratios are per round, then the median. */
function sideBySide(baseline: () => Run, cli: () => Run, rounds: number): { speed: number; baseMs: number; cliMs: number; cliRss: number; baseRss: number } {
  const speeds: number[] = [];
  const b: Run[] = [];
  const c: Run[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which goes first, so neither always inherits a warm page cache.
    let x: Run;
    let y: Run;
    if (r % 2 === 0) {
      x = baseline();
      y = cli();
    } else {
      y = cli();
      x = baseline();
    }
    if (y.status !== 0) throw new Error(`a2a-validate exited ${y.status}: ${y.stdout.slice(0, 500)}`);
    b.push(x);
    c.push(y);
    speeds.push(x.ms / y.ms);
  }
  return {
    speed: median(speeds),
    baseMs: median(b.map((r) => r.ms)),
    cliMs: median(c.map((r) => r.ms)),
    cliRss: Math.max(...c.map((r) => r.maxRssMb)),
    baseRss: Math.max(...b.map((r) => r.maxRssMb)),
  };
}

export interface CliBenchOptions {
  /** The built executable (default dist/cli/bin.js). */
  readonly bin?: string;
  /** Size of the big NDJSON file (default 110 MB, over the 100 MB the target names). */
  readonly ndjsonBytes?: number;
  readonly files?: number;
  readonly rounds?: number;
}

export async function benchCli(o: CliBenchOptions = {}): Promise<string> {
  const bin = o.bin ?? join(root, "dist/cli/bin.js");
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
  const rounds = o.rounds ?? 3;
  setup();
  const out: string[] = ["## CLI (a2a-validate)", ""];

  // NDJSON: a small and a big file, so that flat memory shows as flat.
  const bigBytes = o.ndjsonBytes ?? 110 * 1024 * 1024;
  const sizes = [Math.round(bigBytes / 4), bigBytes];
  out.push("### NDJSON throughput and memory (target: at least 0.5× the plain loop's throughput, peak RSS under 100 MB)", "");
  out.push("Legacy request messages, one per line; the plain loop is `readline` + `JSON.parse` per line in its own process.", "");
  out.push("| file | × plain loop throughput (median of rounds) | plain loop ms | a2a-validate ms | a2a-validate MB/s | peak RSS a2a-validate | peak RSS plain loop |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const want of sizes) {
    const path = join(tmp, `requests-${want}.ndjson`);
    const size = await makeNdjson(path, want);
    const r = sideBySide(() => runNode(join(tmp, "loop-lines.mjs"), [path]), () => runNode(bin, [path]), rounds);
    out.push(`| ${fmt(size / 1024 / 1024, 0)} MB | ${fmt(r.speed)} | ${fmt(r.baseMs, 0)} | ${fmt(r.cliMs, 0)} | ${fmt(size / 1024 / 1024 / (r.cliMs / 1000), 0)} | ${fmt(r.cliRss, 0)} MB | ${fmt(r.baseRss, 0)} MB |`);
  }
  out.push("");

  const count = o.files ?? 10_000;
  const dir = join(tmp, `files-${count}`);
  await makeFiles(dir, count);
  const many = sideBySide(() => runNode(join(tmp, "loop-files.mjs"), [dir]), () => runNode(bin, [dir]), rounds);
  out.push(`### ${count} small files (target: at least 0.5× the plain loop's speed)`, "");
  out.push("| case | × plain loop speed (median of rounds) | median ms |", "| --- | ---: | ---: |");
  out.push(`| plain loop: readdir + readFileSync + JSON.parse | 1.00 | ${fmt(many.baseMs, 0)} |`);
  out.push(`| a2a-validate <folder> | ${fmt(many.speed)} | ${fmt(many.cliMs, 0)} |`, "");

  // Startup: fresh processes, interleaved with a bare node.
  const one = join(tmp, "one.json");
  writeFileSync(one, readFileSync(join(dir, "0.json")));
  const cases: Record<string, string[]> = { "bare node": ["-e", "0"], "a2a-validate --version": [bin, "--version"], "a2a-validate one.json": [bin, one] };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let r = 0; r < 15; r++) {
    for (const [name, args] of Object.entries(cases)) {
      const t0 = process.hrtime.bigint();
      const p = spawnSync(process.execPath, args, { encoding: "utf8" });
      if (p.status !== 0) throw new Error(`${name} exited ${p.status}: ${p.stderr}`);
      times[name]!.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  const bare = median(times["bare node"]!);
  out.push("### Startup (target: each at most 60 ms over a bare node process)", "");
  out.push("| case | ms over bare node (median of 15) | median ms |", "| --- | ---: | ---: |");
  for (const [name, t] of Object.entries(times)) out.push(`| ${name} | ${fmt(median(t) - bare, 1)} | ${fmt(median(t), 1)} |`);
  out.push("");
  return out.join("\n");
}

// `tsx bench/cli.ts [bin]` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchCli(process.argv[2] ? { bin: process.argv[2] } : {}));
}
