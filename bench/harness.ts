/**
 * Side-by-side timing for a noisy 2-core machine: every round runs every case
 * once, interleaved, and we report medians of per-round ratios to a baseline,
 * never a single absolute time.
 */
import { spawnSync } from "node:child_process";

export interface Case {
  readonly name: string;
  readonly fn: () => unknown;
}

export interface Row {
  readonly name: string;
  /** Median over rounds of (this case's time / the baseline's time in the same round). */
  readonly ratio: number;
  /** Median ns per call, for orientation only. */
  readonly nsPerOp: number;
  /** The per-round figures behind the medians, so rounds of several processes can be pooled. */
  readonly ratios: readonly number[];
  readonly ns: readonly number[];
}

let sink: unknown;

function timeOnce(fn: () => unknown, iterations: number): number {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sink = fn();
  return Number(process.hrtime.bigint() - t0) / iterations;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Runs `rounds` interleaved rounds; the first case is the baseline. */
export function compare(cases: readonly Case[], { rounds = 15, targetMs = 40 } = {}): Row[] {
  // Calibrate each case so a round takes about targetMs, after a warm-up.
  const iters = cases.map((c) => {
    timeOnce(c.fn, 2000);
    const ns = timeOnce(c.fn, 2000);
    return Math.max(100, Math.round((targetMs * 1e6) / Math.max(ns, 1)));
  });
  const perRound: number[][] = cases.map(() => []);
  for (let r = 0; r < rounds; r++) {
    // Rotate the order so no case always runs right after another.
    for (let k = 0; k < cases.length; k++) {
      const i = (k + r) % cases.length;
      perRound[i]!.push(timeOnce(cases[i]!.fn, iters[i]!));
    }
  }
  void sink;
  return cases.map((c, i) => {
    const ratios = perRound[i]!.map((ns, r) => ns / perRound[0]![r]!);
    return { name: c.name, ratio: median(ratios), nsPerOp: median(perRound[i]!), ratios, ns: perRound[i]! };
  });
}

/** The rows of the same cases measured in several processes, as one row per case over all their rounds. */
export function pool(runs: ReadonlyArray<readonly Row[]>): Row[] {
  return runs[0]!.map((row, i) => {
    const ratios = runs.flatMap((rows) => rows[i]!.ratios);
    const ns = runs.flatMap((rows) => rows[i]!.ns);
    return { name: row.name, ratio: median(ratios), nsPerOp: median(ns), ratios, ns };
  });
}

/**
 * Median wall time of fresh `node` processes, interleaved with a bare `node` baseline.
 * Each case is module code for `node -e`, or the arguments of `node` (a script and its arguments).
 */
export function coldStart(scripts: Readonly<Record<string, string | readonly string[]>>, { runs = 21 } = {}): Array<{ name: string; overBareMs: number; medianMs: number }> {
  const all = { "bare node": "", ...scripts };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(all).map((k) => [k, []]));
  for (let r = 0; r < runs; r++) {
    for (const [name, code] of Object.entries(all)) {
      const args = typeof code === "string" ? ["--input-type=module", "-e", code] : code;
      const t0 = process.hrtime.bigint();
      const p = spawnSync(process.execPath, args, { encoding: "utf8" });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (p.status !== 0) throw new Error(`${name} failed: ${p.stderr}`);
      times[name]!.push(ms);
    }
  }
  // Over bare node: the median of each round's difference, not the difference of medians, so a slow
  // stretch of the machine weighs on an entry and on the bare run it is compared with alike.
  const bare = times["bare node"]!;
  return Object.entries(times).map(([name, t]) => ({ name, medianMs: median(t), overBareMs: median(t.map((ms, r) => ms - bare[r]!)) }));
}

export const fmt = (x: number, d = 2) => x.toFixed(d);
