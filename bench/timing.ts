/**
 * The side-by-side timings: every subject's valid input (and invalid inputs,
 * with the full issue list) against JSON.parse of the same text, in 3 fresh
 * processes of 15 interleaved rounds each, pooled. Each process is this file
 * run with `--child`; contenders left out by the verdict check are passed in
 * BENCH_LEFT_OUT and never timed.
 */
import { spawnSync } from "node:child_process";
import { legacySubject } from "./legacy.js";
import { compare, pool, type Case, type Row } from "./harness.js";
import { loadTypia } from "./peers/typia.js";
import { sessionSubjects } from "./session.js";
import type { Contender, Subject } from "./subject.js";
import { v1Subjects } from "./v1.js";
import { v03Subjects } from "./v03.js";

export const PROCESSES = 3;
export const ROUNDS = 15;
// A round of one case lasts about this long; 20 ms keeps the whole bench under 6 minutes on 2 cores.
const ROUND_MS = 20;

export async function loadSubjects(): Promise<Subject[]> {
  const typia = await loadTypia();
  return [await legacySubject(typia), ...(await v1Subjects(typia)), ...(await sessionSubjects()), ...(await v03Subjects())];
}

export interface Suite {
  readonly id: string;
  readonly subject: Subject;
  /** 0 for the valid path, else the number of issues. */
  readonly issues: 0 | 1 | 3;
  readonly input: unknown;
  readonly contenders: readonly Contender[];
}

/** Which contenders the verdict check left out, as "subject/peer". */
export type LeftOut = ReadonlySet<string>;

export function suites(subjects: readonly Subject[], leftOut: LeftOut): Suite[] {
  const out: Suite[] = [];
  for (const s of subjects) {
    const contenders = s.contenders.filter((c) => !leftOut.has(`${s.id}/${c.peer}`));
    out.push({ id: `${s.id}:valid`, subject: s, issues: 0, input: s.valid, contenders });
    s.invalid?.forEach((input, i) => out.push({ id: `${s.id}:invalid${i === 0 ? 1 : 3}`, subject: s, issues: i === 0 ? 1 : 3, input, contenders }));
  }
  return out;
}

function cases(suite: Suite): Case[] {
  const text = JSON.stringify(suite.input);
  const { input } = suite;
  return [
    { name: "JSON.parse", fn: () => JSON.parse(text) },
    ...suite.contenders.map((c) => {
      const run = suite.issues > 0 && c.runAll ? c.runAll : c.run;
      return { name: c.peer, fn: () => run(input) };
    }),
  ];
}

/**
 * Runs the module `file` with `--child` in a fresh node process (tsx, plus `flags`), handing it
 * the left-out contenders; returns what it printed, as JSON.
 */
export function runChild<T>(file: string, leftOut: LeftOut, flags: readonly string[] = []): T {
  const child = spawnSync(process.execPath, [...flags, "--import", "tsx", file, "--child"], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
    env: { ...process.env, BENCH_LEFT_OUT: JSON.stringify([...leftOut]) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (child.status !== 0) throw new Error(`${file} --child exited ${child.status}`);
  return JSON.parse(child.stdout);
}

/** In a module run by runChild: its suites, without the left-out contenders; else undefined. */
export async function childSuites(meta: ImportMeta): Promise<Suite[] | undefined> {
  if (!process.argv.includes("--child") || meta.filename !== process.argv[1]) return undefined;
  return suites(await loadSubjects(), new Set(JSON.parse(process.env.BENCH_LEFT_OUT ?? "[]")));
}

/** Rows per suite id, pooled over PROCESSES fresh processes. */
export function runTiming(leftOut: LeftOut): Map<string, Row[]> {
  const runs: Array<Record<string, Row[]>> = [];
  for (let p = 0; p < PROCESSES; p++) {
    process.stderr.write(`timing: process ${p + 1} of ${PROCESSES}\n`);
    runs.push(runChild(import.meta.filename, leftOut));
  }
  return new Map(Object.keys(runs[0]!).map((id) => [id, pool(runs.map((r) => r[id]!))]));
}

const mine = await childSuites(import.meta);
if (mine) {
  const out: Record<string, Row[]> = {};
  for (const suite of mine) out[suite.id] = compare(cases(suite), { rounds: ROUNDS, targetMs: ROUND_MS });
  process.stdout.write(JSON.stringify(out));
}
