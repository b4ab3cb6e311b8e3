/**
 * `npm run fuzz`: hostile inputs through every exported function of every
 * entry, per family; a summary on stdout and a JSON report in scripts/fuzz/out/.
 * Chunks of inputs go to worker threads (a watchdog restarts one that hangs or
 * dies and records where); `--workers 0` runs in-process.
 */
import { randomInt } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { FAMILY_NAMES, ROOT, loadFamily, unassignedEntries, type FamilyName } from "./families.js";
import { DEFAULT_OPTIONS, createRunner, emptyPartial, mergeInto, type Category, type HarnessOptions, type Partial } from "./harness.js";
import { familyInfo } from "./info.js";
import { failures, render, toJson, type FamilyInfo, type Report } from "./report.js";
import { hashString } from "./rng.js";

const HELP = `Usage: npm run fuzz -- [options]

  --runs N            inputs per family (default 1000000)
  --seed S            run seed, a number or any string (default: random, printed)
  --family NAME       legacy, v1-strict, v1-lenient, session-default, session-strict,
                      object-schemas, v0.3-default, v0.3-strict; a prefix selects several
                      (v1, session, v0.3); repeatable
                      or comma-separated (default: all)
  --time-budget-ms N  per-call budget for inputs of at most 1 MiB (default 50)
  --workers N         worker threads (default: min(2, CPUs)); 0 runs in-process
  --chunk N           inputs per work item (default 2000)
  --heavy-rate P      share of inputs that get one huge value (default ${DEFAULT_OPTIONS.heavyRate})
  --rotation N        extra functions per input, drawn from the whole family (default ${DEFAULT_OPTIONS.rotation})
  --hang-ms N         a call running this long is recorded as a hang (default 120000)
  --out FILE          JSON report (default scripts/fuzz/out/fuzz-report.json)
  --replay F:I        re-run input I of family F (with the same --seed) and print every call
  --verbose           list every function in the summary
`;

const { values: args } = parseArgs({
  options: {
    runs: { type: "string" },
    seed: { type: "string" },
    family: { type: "string", multiple: true },
    "time-budget-ms": { type: "string" },
    workers: { type: "string" },
    chunk: { type: "string" },
    "heavy-rate": { type: "string" },
    rotation: { type: "string" },
    "hang-ms": { type: "string" },
    out: { type: "string" },
    replay: { type: "string" },
    verbose: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  strict: true,
});

if (args.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

function num(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined) return fallback;
  const v = Number(raw.replace(/_/g, ""));
  if (!Number.isFinite(v) || v < min) {
    process.stderr.write(`--${name}: expected a number ≥ ${min}, got ${JSON.stringify(raw)}\n`);
    process.exit(2);
  }
  return v;
}

function pickFamilies(raw: string[] | undefined): FamilyName[] {
  if (!raw || raw.length === 0) return [...FAMILY_NAMES];
  const out = new Set<FamilyName>();
  for (const want of raw.flatMap((r) => r.split(",")).map((s) => s.trim()).filter(Boolean)) {
    const hit = FAMILY_NAMES.filter((f) => f === want || f.startsWith(`${want}-`) || f.startsWith(want));
    if (hit.length === 0) {
      process.stderr.write(`--family: unknown family ${JSON.stringify(want)} (known: ${FAMILY_NAMES.join(", ")})\n`);
      process.exit(2);
    }
    hit.forEach((f) => out.add(f));
  }
  return [...out];
}

const seed = args.seed === undefined ? randomInt(2 ** 32) : /^\d+$/.test(args.seed) ? Number(args.seed) >>> 0 : hashString(args.seed);
const options: Omit<HarnessOptions, "heartbeat"> = {
  seed,
  timeBudgetMs: num("time-budget-ms", args["time-budget-ms"], DEFAULT_OPTIONS.timeBudgetMs),
  budgetMaxBytes: DEFAULT_OPTIONS.budgetMaxBytes,
  heavyRate: num("heavy-rate", args["heavy-rate"], DEFAULT_OPTIONS.heavyRate),
  rotation: num("rotation", args.rotation, DEFAULT_OPTIONS.rotation),
};

if (args.replay !== undefined) {
  const m = /^([a-z0-9.-]+):(\d+)$/.exec(args.replay);
  if (!m || !(FAMILY_NAMES as readonly string[]).includes(m[1]!)) {
    process.stderr.write(`--replay: expected FAMILY:INDEX, e.g. legacy:123 (families: ${FAMILY_NAMES.join(", ")})\n`);
    process.exit(2);
  }
  const runner = createRunner(await loadFamily(m[1] as FamilyName), options);
  process.stdout.write(runner.replay(Number(m[2])).join("\n") + "\n");
  process.exit(0);
}

const runs = num("runs", args.runs, 1_000_000, 1);
const families = pickFamilies(args.family);
const workers = Math.floor(num("workers", args.workers, Math.min(2, availableParallelism())));
const chunkSize = Math.floor(num("chunk", args.chunk, 2000, 1));
const hangMs = num("hang-ms", args["hang-ms"], 120_000, 1000);
const out = args.out ?? join(ROOT, "scripts/fuzz/out/fuzz-report.json");

const results = new Map<FamilyName, { result: Partial; cpuMs: number; info?: FamilyInfo }>(families.map((f) => [f, { result: emptyPartial(f), cpuMs: 0 }]));
const report: Report = {
  tool: "a2a-schemas fuzz",
  startedAt: new Date().toISOString(),
  finishedAt: "",
  interrupted: false,
  config: { ...options, runs, families, workers, chunk: chunkSize, hangMs },
  wallMs: 0,
  unassignedEntries: unassignedEntries(),
  families: {},
};

interface Chunk {
  readonly family: FamilyName;
  readonly start: number;
  readonly end: number;
}

// Families interleaved, so an interrupted run still has figures for each.
const queue: Chunk[] = [];
for (let start = 0; start < runs; start += chunkSize) for (const family of families) queue.push({ family, start, end: Math.min(runs, start + chunkSize) });
const total = runs * families.length;
let done = 0;
let finishing = false;
const t0 = performance.now();

function record(family: FamilyName, category: Category, index: number, fn: string, detail: string): void {
  const p = results.get(family)!.result;
  const key = `${category}|${fn}|${detail}`;
  const f = (p.findings[key] ??= { category, family, fn, signature: detail, count: 0, kinds: {}, example: { index, seed: "", input: `input #${index} (replay it with --replay ${family}:${index})`, bytes: 0, detail } });
  f.count++;
}

function progress(inFlight: number): void {
  const elapsed = performance.now() - t0;
  const at = done + inFlight;
  const groups = [...results.values()].reduce((a, r) => a + Object.keys(r.result.findings).length, 0);
  const left = at > 0 ? (elapsed / at) * (total - at) : 0;
  process.stderr.write(`[fuzz] ${at.toLocaleString("en")}/${total.toLocaleString("en")} inputs (${((100 * at) / total).toFixed(1)}%) · ${groups} finding groups · ${Math.round(elapsed / 1000)}s elapsed · ~${Math.round(left / 1000)}s left\n`);
}

function finish(): never {
  if (finishing) return undefined as never;
  finishing = true;
  report.wallMs = performance.now() - t0;
  report.finishedAt = new Date().toISOString();
  for (const [name, r] of results) report.families[name] = r;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(toJson(report), null, 1) + "\n");
  const failed = [...results.values()].some((r) => failures(r.result) > 0);
  const text = `${render(report, args.verbose === true)}\n\nJSON report: ${relative(process.cwd(), out) || out}\n`;
  // Exit only once stdout has taken everything (a pipe is written asynchronously).
  process.stdout.write(text, () => process.exit(failed ? 1 : 0));
  return undefined as never;
}

process.stderr.write(`[fuzz] seed ${seed}: ${runs.toLocaleString("en")} inputs × ${families.join(", ")}; ${workers} worker${workers === 1 ? "" : "s"}\n`);

if (workers === 0) {
  let lastLog = performance.now();
  const loaded = new Map<FamilyName, ReturnType<typeof createRunner>>();
  process.on("SIGINT", () => {
    report.interrupted = true;
    finish();
  });
  for (const c of queue) {
    let r = loaded.get(c.family);
    if (!r) {
      const fam = await loadFamily(c.family);
      loaded.set(c.family, (r = createRunner(fam, options)));
      results.get(c.family)!.info = familyInfo(fam);
    }
    const s = performance.now();
    mergeInto(results.get(c.family)!.result, r.run(c.start, c.end));
    results.get(c.family)!.cpuMs += performance.now() - s;
    done += c.end - c.start;
    if (performance.now() - lastLog > 15_000) {
      progress(0);
      lastLog = performance.now();
    }
    // Let SIGINT through between chunks.
    await new Promise((r) => setImmediate(r));
  }
  finish();
}

// ---- worker pool ----

const tsxApi = import.meta.resolve("tsx/esm/api");
const workerUrl = new URL("./worker.ts", import.meta.url).href;
// Workers start without tsx; the bootstrap registers it before importing the TypeScript worker.
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); })`;

interface Slot {
  worker: Worker;
  hb: Int32Array;
  chunk?: Chunk;
  lastTick: number;
  lastChange: number;
  dead: boolean;
}

const slots: Slot[] = [];
let finished = false;

function fnName(family: FamilyName, index: number): string {
  return results.get(family)!.info?.functions[index] ?? `(function #${index})`;
}

function dispatch(slot: Slot): void {
  const c = queue.shift();
  slot.chunk = c;
  if (!c) {
    if (slots.every((s) => !s.chunk)) {
      finished = true;
      for (const s of slots) void s.worker.terminate();
      finish();
    }
    return;
  }
  Atomics.store(slot.hb, 0, -1);
  Atomics.store(slot.hb, 3, -1);
  slot.lastChange = performance.now();
  slot.worker.postMessage({ type: "chunk", id: 0, ...c });
}

/** A hang or a crash: record where, requeue the rest of the chunk (minus that input), replace the worker. */
function fail(slot: Slot, category: "hang" | "crash", why: string): void {
  if (slot.dead) return;
  slot.dead = true;
  const c = slot.chunk;
  slot.chunk = undefined;
  void slot.worker.terminate();
  slots.splice(slots.indexOf(slot), 1);
  if (c) {
    const at = Atomics.load(slot.hb, 0);
    if (at >= c.start && at < c.end) {
      const fn = fnName(c.family, Atomics.load(slot.hb, 3));
      record(c.family, category, at, fn, category === "hang" ? `no progress for ${Math.round(hangMs / 1000)} s inside this call` : why);
      if (at > c.start) queue.unshift({ family: c.family, start: c.start, end: at });
      if (at + 1 < c.end) queue.unshift({ family: c.family, start: at + 1, end: c.end });
      done += 1;
    } else {
      // Before the first input of the chunk (loading the family?): not retried, or it would fail forever.
      record(c.family, category, c.start, "(worker, before the first input)", category === "hang" ? `no progress for ${Math.round(hangMs / 1000)} s` : why);
      done += c.end - c.start;
    }
  }
  if (!finished) spawn();
}

function spawn(): void {
  const sab = new SharedArrayBuffer(16);
  const worker = new Worker(bootstrap, { eval: true, workerData: { options, heartbeat: sab }, execArgv: [] });
  const slot: Slot = { worker, hb: new Int32Array(sab), lastTick: 0, lastChange: performance.now(), dead: false };
  slots.push(slot);
  worker.on("message", (m: { type: string; family?: FamilyName; info?: FamilyInfo; partial?: Partial; cpuMs?: number }) => {
    if (m.type === "ready") dispatch(slot);
    else if (m.type === "loaded" && m.family && m.info) results.get(m.family)!.info ??= m.info;
    else if (m.type === "done" && slot.chunk && m.partial) {
      const r = results.get(slot.chunk.family)!;
      mergeInto(r.result, m.partial);
      r.cpuMs += m.cpuMs ?? 0;
      done += slot.chunk.end - slot.chunk.start;
      dispatch(slot);
    }
  });
  worker.on("error", (e) => fail(slot, "crash", `worker died: ${String((e as Error)?.message ?? e).slice(0, 200)}`));
  worker.on("exit", (code) => {
    if (!slot.dead && !finished && slot.chunk) fail(slot, "crash", `worker exited with code ${code}`);
  });
}

for (let i = 0; i < Math.max(1, workers); i++) spawn();

let lastLog = performance.now();
setInterval(() => {
  const now = performance.now();
  let inFlight = 0;
  for (const s of [...slots]) {
    if (!s.chunk) continue;
    const at = Atomics.load(s.hb, 0);
    if (at >= s.chunk.start) inFlight += at - s.chunk.start;
    const tick = Atomics.load(s.hb, 2);
    if (tick !== s.lastTick) {
      s.lastTick = tick;
      s.lastChange = now;
    } else if (now - s.lastChange > hangMs) fail(s, "hang", "");
  }
  if (now - lastLog > 15_000) {
    progress(inFlight);
    lastLog = now;
  }
}, 1000).unref();

process.on("SIGINT", () => {
  report.interrupted = true;
  finished = true;
  for (const s of slots) void s.worker.terminate();
  finish();
});
