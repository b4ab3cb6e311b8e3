/**
 * A 100 MB HAR capture through `a2a-validate` (a fresh process on the built binary), side by side
 * with the plain way of reading one: readFileSync + JSON.parse of the whole file. Peak RSS
 * (process.resourceUsage at exit) and peak heap (process.memoryUsage sampled every 10 ms) of each
 * process. Issue 21's budget: the CLI's peak memory under 200 MB.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { built, snapshotDist } from "./dist.js";
import { fmt, median } from "./harness.js";
import { runNode, writePeakWrapper, type Run } from "./peak.js";
import { judge } from "./targets.js";

const root = join(import.meta.dirname, "..");
const tmp = join(root, "bench/.tmp/har");
/** Issue 21: a 100 MB HAR validated with peak memory under 200 MB. */
export const HAR_PEAK_MB = 200;

function setup(): string {
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, "whole.mjs"), ['import { readFileSync } from "node:fs";', "const har = JSON.parse(readFileSync(process.argv[2], \"utf8\"));", "console.log(har.log.entries.length);"].join("\n"));
  return writePeakWrapper(tmp);
}

/** The shipped capture's entries (fixtures/har), repeated until `bytes`: every body checked as it is there. */
function makeHar(path: string, bytes: number): number {
  if (existsSync(path) && statSync(path).size >= bytes) return statSync(path).size;
  const fixture = JSON.parse(readFileSync(join(root, "fixtures/har/sdk-exchange.har"), "utf8"));
  const entries: string[] = fixture.log.entries.map((e: unknown) => JSON.stringify(e, null, 2).replace(/\n/g, "\n      "));
  const fd = openSync(path, "w");
  let size = 0;
  try {
    size += writeSync(fd, `{\n  "log": {\n    "version": "1.2",\n    "creator": ${JSON.stringify(fixture.log.creator)},\n    "entries": [\n      `);
    let first = true;
    while (size < bytes) {
      let chunk = "";
      for (const e of entries) {
        chunk += (first ? "" : ",\n      ") + e;
        first = false;
      }
      size += writeSync(fd, chunk);
    }
    size += writeSync(fd, "\n    ]\n  }\n}\n");
  } finally {
    closeSync(fd);
  }
  return size;
}

export async function benchHar(o: { bin?: string; bytes?: number; rounds?: number } = {}): Promise<string> {
  const bin = o.bin ?? built("cli/bin.js");
  const rounds = o.rounds ?? 3;
  const wrapper = setup();
  const path = join(tmp, "capture.har");
  const size = makeHar(path, o.bytes ?? 100 * 1024 * 1024);
  const names = ["readFileSync + JSON.parse of the whole file", "a2a-validate capture.har"];
  const runs = [() => runNode(wrapper, join(tmp, "whole.mjs"), [path]), () => runNode(wrapper, bin, [path])];
  const seen: Run[][] = runs.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < runs.length; k++) {
      const i = (k + r) % runs.length;
      const run = runs[i]!();
      if (run.status !== 0) throw new Error(`${names[i]} exited ${run.status}: ${run.stdout.slice(-500)}`);
      seen[i]!.push(run);
    }
  }
  const summary = seen[1]![0]!.stdout.trim().split("\n").slice(-2).join(" ").replace(/\|/g, "\\|");
  const mb = size / 1024 / 1024;
  const out = [
    "## HAR captures (a2a-validate)",
    "",
    `### ${fmt(mb, 0)} MB HAR 1.2 capture (the entries of fixtures/har/sdk-exchange.har repeated), ${rounds} interleaved rounds; target: a2a-validate's peak RSS under ${HAR_PEAK_MB} MB`,
    "",
    `Every entry is parsed and checked (requests with the front door, responses against their request or route, streams with the stream rules); the CLI said: ${summary}`,
    "",
    "| run | median ms | MB/s | peak RSS | peak heap (sampled every 10 ms) | target | result |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  seen.forEach((rs, i) => {
    const ms = median(rs.map((x) => x.ms));
    const rss = Math.max(...rs.map((x) => x.maxRssMb));
    const heap = Math.max(...rs.map((x) => x.heapMb));
    const result = i === 1 ? judge(rss, [{ label: `${HAR_PEAK_MB} MB`, limit: HAR_PEAK_MB }], `HAR ${fmt(mb, 0)} MB: peak RSS`) : "";
    out.push(`| ${names[i]} | ${fmt(ms, 0)} | ${fmt(mb / (ms / 1000), 0)} | ${fmt(rss, 0)} MB | ${fmt(heap, 0)} MB | ${i === 1 ? `< ${HAR_PEAK_MB} MB` : ""} | ${result} |`);
  });
  out.push("");
  return out.join("\n");
}

// `tsx bench/har.ts [bin]` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv[2]) snapshotDist();
  console.log(await benchHar(process.argv[2] ? { bin: process.argv[2] } : {}));
}
