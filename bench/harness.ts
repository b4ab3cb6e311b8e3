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
  return cases.map((c, i) => ({
    name: c.name,
    ratio: median(perRound[i]!.map((ns, r) => ns / perRound[0]![r]!)),
    nsPerOp: median(perRound[i]!),
  }));
}

/** Median wall time of fresh `node` processes, interleaved with a bare `node` baseline. */
export function coldStart(scripts: Readonly<Record<string, string>>, { runs = 15 } = {}): Array<{ name: string; overBareMs: number; medianMs: number }> {
  const all = { "bare node": "", ...scripts };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(all).map((k) => [k, []]));
  for (let r = 0; r < runs; r++) {
    for (const [name, code] of Object.entries(all)) {
      const t0 = process.hrtime.bigint();
      const p = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (p.status !== 0) throw new Error(`${name} failed: ${p.stderr}`);
      times[name]!.push(ms);
    }
  }
  const bare = median(times["bare node"]!);
  return Object.entries(times).map(([name, t]) => ({ name, medianMs: median(t), overBareMs: median(t) - bare }));
}

export const fmt = (x: number, d = 2) => x.toFixed(d);
