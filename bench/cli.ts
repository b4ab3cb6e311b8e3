/**
 * The a2a-validate CLI, as users run it (a fresh process on the built binary),
 * side by side with plain Node loops doing the least the same job needs:
 * NDJSON throughput and peak memory, and many small files (start-up: bench/startup.ts).
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { detectionShare } from "./cli-profile.js";
import { built, snapshotDist } from "./dist.js";
import { fmt, median } from "./harness.js";
import { runNode as runPeak, writePeakWrapper, type Run } from "./peak.js";
import { CLI_NDJSON_MIN, judgeAtLeast } from "./targets.js";

const root = join(import.meta.dirname, "..");
const tmp = join(root, "bench/.tmp/cli");

/** Runs a module in a fresh node process and reads its peak RSS from inside (bench/peak.ts). */
const runNode = (script: string, args: readonly string[]): Run => runPeak(join(tmp, "peak.mjs"), script, args);

function setup(): void {
  writePeakWrapper(tmp);
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
  // What a user would write with the library instead of the CLI.
  writeFileSync(
    join(tmp, "loop-validate.mjs"),
    [
      'import { createReadStream } from "node:fs";',
      'import { createInterface } from "node:readline";',
      `import { validateMessage } from ${JSON.stringify(pathToFileURL(built("legacy/index.js")).href)};`,
      "let n = 0;",
      "for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) if (line && validateMessage(JSON.parse(line)).ok) n++;",
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
  const L = await import(built("legacy/index.js"));
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
  const L = await import(built("legacy/index.js"));
  for (let i = 0; i < count; i++) {
    const m = L.createRequestMessage({ senderId: "agent-bench", recipientId: "agent-target", method: `method_${i % 97}`, parameters: { n: i } });
    writeFileSync(join(dir, `${i}.json`), JSON.stringify(m, null, 2));
  }
}

interface Compared {
  /** Median over rounds of (baseline ms / this run's ms): its speed as a share of the baseline's. */
  readonly speed: number;
  readonly ms: number;
  readonly rssMb: number;
}

/** Interleaved rounds of a baseline (the first) and other runs; speeds are per round, then the median. */
function sideBySide(runs: ReadonlyArray<() => Run>, rounds: number): Compared[] {
  const seen: Run[][] = runs.map(() => []);
  for (let r = 0; r < rounds; r++) {
    // Rotate the order, so no run always inherits a warm page cache from the same other one.
    for (let k = 0; k < runs.length; k++) {
      const i = (k + r) % runs.length;
      const run = runs[i]!();
      if (run.status !== 0) throw new Error(`run ${i} exited ${run.status}: ${run.stdout.slice(0, 500)}`);
      seen[i]!.push(run);
    }
  }
  return seen.map((rs) => ({
    speed: median(rs.map((x, r) => seen[0]![r]!.ms / x.ms)),
    ms: median(rs.map((x) => x.ms)),
    rssMb: Math.max(...rs.map((x) => x.maxRssMb)),
  }));
}

export interface CliBenchOptions {
  /** The built executable (default: the snapshot's dist/cli/bin.js). */
  readonly bin?: string;
  /** Size of the big NDJSON file (default 110 MB, over the 100 MB the target names). */
  readonly ndjsonBytes?: number;
  readonly files?: number;
  readonly rounds?: number;
}

export async function benchCli(o: CliBenchOptions = {}): Promise<string> {
  const bin = o.bin ?? built("cli/bin.js");
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
  const rounds = o.rounds ?? 3;
  setup();
  const out: string[] = ["## CLI (a2a-validate)", ""];

  // NDJSON: a small and a big file, so that flat memory shows as flat.
  const bigBytes = o.ndjsonBytes ?? 110 * 1024 * 1024;
  const sizes = [Math.round(bigBytes / 4), bigBytes];
  out.push(`### NDJSON throughput and memory (target: a2a-validate at least ${CLI_NDJSON_MIN}× the plain loop's throughput; peak RSS under 100 MB)`, "");
  out.push(
    "Legacy request messages, one per line, each process on its own: the plain loop is `readline` + `JSON.parse` per line; the user's loop adds `validateMessage` from `a2a-schemas/legacy`; `--type RequestMessage` names the type, so no detection is needed.",
    "",
  );
  out.push("| file | run | × plain loop throughput (median of rounds) | median ms | MB/s | peak RSS | target | result |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
  const profilePath = join(tmp, `requests-${sizes[0]}.ndjson`);
  for (const want of sizes) {
    const path = join(tmp, `requests-${want}.ndjson`);
    const size = await makeNdjson(path, want);
    const names = ["plain loop (readline + JSON.parse)", "user's loop (readline + JSON.parse + validateMessage)", "a2a-validate file.ndjson", "a2a-validate --type RequestMessage file.ndjson"];
    const rows = sideBySide(
      [
        () => runNode(join(tmp, "loop-lines.mjs"), [path]),
        () => runNode(join(tmp, "loop-validate.mjs"), [path]),
        () => runNode(bin, [path]),
        () => runNode(bin, ["--type", "RequestMessage", path]),
      ],
      rounds,
    );
    rows.forEach((r, i) => {
      const isCli = i >= 2;
      const result = isCli ? judgeAtLeast(r.speed, CLI_NDJSON_MIN, `≥ ${CLI_NDJSON_MIN}`, `CLI NDJSON, ${fmt(size / 1024 / 1024, 0)} MB: ${names[i]}`) : "";
      out.push(`| ${fmt(size / 1024 / 1024, 0)} MB | ${names[i]} | ${fmt(r.speed)} | ${fmt(r.ms, 0)} | ${fmt(size / 1024 / 1024 / (r.ms / 1000), 0)} | ${fmt(r.rssMb, 0)} MB | ${isCli ? `≥ ${CLI_NDJSON_MIN}` : ""} | ${result} |`);
    });
  }
  out.push("", ...detectionShare(bin, profilePath), "");

  const count = o.files ?? 10_000;
  const dir = join(tmp, `files-${count}`);
  await makeFiles(dir, count);
  const [base, many] = sideBySide([() => runNode(join(tmp, "loop-files.mjs"), [dir]), () => runNode(bin, [dir])], rounds);
  out.push(`### ${count} small files (target: at least 0.5× the plain loop's speed)`, "");
  out.push("| case | × plain loop speed (median of rounds) | median ms |", "| --- | ---: | ---: |");
  out.push(`| plain loop: readdir + readFileSync + JSON.parse | 1.00 | ${fmt(base!.ms, 0)} |`);
  out.push(`| a2a-validate <folder> | ${fmt(many!.speed)} | ${fmt(many!.ms, 0)} |`, "");

  return out.join("\n");
}

// `tsx bench/cli.ts [bin]` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv[2]) snapshotDist();
  console.log(await benchCli(process.argv[2] ? { bin: process.argv[2] } : {}));
}
