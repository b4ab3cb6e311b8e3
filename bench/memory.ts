/**
 * Bytes allocated per valid call, beside JSON.parse of the same text. Method:
 * in a child process with --expose-gc and a 64 MB young generation, warm the
 * call up, collect, then read the heap's used size before and after a batch
 * of calls whose results are kept reachable only through one sink; with no
 * collection in between, the growth is what the batch allocated. A batch during
 * which a collection ran (seen by a PerformanceObserver) is thrown away.
 */
import { PerformanceObserver, performance } from "node:perf_hooks";
import { median } from "./harness.js";
import { childSuites, runChild, type LeftOut } from "./timing.js";

const FLAGS = ["--expose-gc", "--min-semi-space-size=64", "--max-semi-space-size=64"];
const BATCH_BYTES = 8 * 1024 * 1024;

let sink: unknown;
let lastGc = -1;

const settle = () => new Promise((r) => setImmediate(r));

/** Median bytes per call over `samples` clean batches. */
async function bytesPerCall(fn: () => unknown, samples = 5): Promise<number> {
  for (let i = 0; i < 3000; i++) sink = fn();
  // Size the batch from a first guess so it stays well inside the young generation.
  globalThis.gc!();
  let h0 = process.memoryUsage().heapUsed;
  for (let i = 0; i < 200; i++) sink = fn();
  const guess = Math.max(16, (process.memoryUsage().heapUsed - h0) / 200);
  const calls = Math.max(200, Math.min(20_000, Math.floor(BATCH_BYTES / guess)));
  const out: number[] = [];
  for (let tries = 0; out.length < samples && tries < samples * 4; tries++) {
    globalThis.gc!();
    await settle();
    const start = performance.now();
    h0 = process.memoryUsage().heapUsed;
    for (let i = 0; i < calls; i++) sink = fn();
    const h1 = process.memoryUsage().heapUsed;
    await settle();
    if (lastGc < start) out.push((h1 - h0) / calls);
  }
  void sink;
  return out.length > 0 ? median(out) : NaN;
}

/** Bytes per valid call of JSON.parse and each contender, by subject id. */
export function runMemory(leftOut: LeftOut): Record<string, Record<string, number>> {
  process.stderr.write("memory: allocation per call\n");
  return runChild(import.meta.filename, leftOut, FLAGS);
}

const mine = await childSuites(import.meta);
if (mine) {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) lastGc = Math.max(lastGc, e.startTime);
  }).observe({ entryTypes: ["gc"] });
  const out: Record<string, Record<string, number>> = {};
  for (const suite of mine) {
    if (suite.issues !== 0) continue;
    const text = JSON.stringify(suite.input);
    const row: Record<string, number> = { "JSON.parse": await bytesPerCall(() => JSON.parse(text)) };
    for (const c of suite.contenders) row[c.peer] = await bytesPerCall(() => c.run(suite.input));
    out[suite.subject.id] = row;
  }
  process.stdout.write(JSON.stringify(out));
}
