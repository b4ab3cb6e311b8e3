/** The stdout summary and the JSON report. */
import type { Finding, FnStats, Partial, Timing } from "./harness.js";
import { fmtBytes } from "./hostile.js";

export interface FamilyInfo {
  readonly entries: string[];
  readonly functions: string[];
  readonly skipped: { name: string; entry: string; reason: string }[];
  readonly unclassified: string[];
  readonly seeds: number;
}

export interface Report {
  readonly tool: "a2a-schemas fuzz";
  readonly startedAt: string;
  finishedAt: string;
  interrupted: boolean;
  readonly config: Record<string, unknown>;
  wallMs: number;
  readonly unassignedEntries: string[];
  readonly families: Record<string, { info?: FamilyInfo; cpuMs: number; result: Partial }>;
}

const CATS: readonly (readonly [string, keyof FnStats | "hang" | "crash"])[] = [
  ["throws", "throws"],
  ["mutations", "mutations"],
  ["pollution", "pollution"],
  ["wrong shapes", "wrongShapes"],
  ["disagreements", "disagreements"],
  ["inconsistent", "inconsistent"],
  ["over budget", "overBudget"],
];

function sum(p: Partial, k: keyof FnStats): number {
  let n = 0;
  for (const s of Object.values(p.fns)) n += s[k];
  return n;
}

function countOf(p: Partial, category: string): number {
  let n = 0;
  for (const f of Object.values(p.findings)) if (f.category === category) n += f.count;
  return n;
}

export function totals(p: Partial): Record<string, number> {
  return {
    inputs: p.inputs,
    calls: p.calls,
    throws: sum(p, "throws"),
    mutations: sum(p, "mutations"),
    pollution: sum(p, "pollution"),
    wrongShapes: sum(p, "wrongShapes"),
    disagreements: sum(p, "disagreements"),
    inconsistent: countOf(p, "inconsistent"),
    overBudget: sum(p, "overBudget"),
    hangs: countOf(p, "hang"),
    crashes: countOf(p, "crash"),
  };
}

/** Findings other than over-budget timings: what makes the run fail. */
export function failures(p: Partial): number {
  const t = totals(p);
  return t.throws! + t.mutations! + t.pollution! + t.wrongShapes! + t.disagreements! + t.inconsistent! + t.hangs! + t.crashes!;
}

const n = (x: number) => x.toLocaleString("en");
const ms = (x: number) => (x >= 60_000 ? `${Math.floor(x / 60_000)}m${String(Math.round((x % 60_000) / 1000)).padStart(2, "0")}s` : x >= 1000 ? `${(x / 1000).toFixed(1)}s` : `${x.toFixed(1)}ms`);

function table(rows: string[][], right: Set<number>): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => r.map((cell, c) => (right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("  ").trimEnd()).join("\n");
}

function total(list: readonly Finding[]): number {
  return list.reduce((a, x) => a + x.count, 0);
}

/** Which mutation kinds the failing inputs carried, by share of those inputs. */
function topKinds(list: readonly Finding[]): string {
  const kinds: Record<string, number> = {};
  for (const f of list) for (const [k, c] of Object.entries(f.kinds)) kinds[k] = (kinds[k] ?? 0) + c;
  const count = total(list);
  return Object.entries(kinds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([k, c]) => `${k} ${Math.round((100 * c) / count)}%`)
    .join(", ");
}

export function render(report: Report, verbose: boolean): string {
  const out: string[] = [];
  const fams = Object.entries(report.families);
  const inputs = fams.reduce((a, [, f]) => a + f.result.inputs, 0);
  const rate = report.wallMs > 0 ? (inputs * 1000) / report.wallMs : 0;
  out.push(`a2a-schemas fuzz — seed ${String(report.config.seed)}, ${ms(report.wallMs)} wall, ${n(Math.round(rate))} inputs/s${report.interrupted ? " (INTERRUPTED: partial figures)" : ""}`);
  out.push("");
  const head = ["family", "inputs", "calls", ...CATS.map(([l]) => l), "hangs", "crashes", "cpu"];
  const rows = [head];
  for (const [name, f] of fams) {
    const t = totals(f.result);
    rows.push([name, n(t.inputs!), n(t.calls!), ...CATS.map(([, k]) => n(t[k]!)), n(t.hangs!), n(t.crashes!), ms(f.cpuMs)]);
  }
  out.push(table(rows, new Set(head.map((_, i) => i).filter((i) => i > 0))));
  out.push("");
  out.push("Mix per family: heavy = one 1–10 MB string, 10k–100k array or 10k–100k-level nesting; JSON = plain JSON inputs (Zod comparison: verdicts, and values where both accept).");
  for (const [name, f] of fams) {
    const p = f.result;
    out.push(`  ${name}: ${n(p.heavy)} heavy, ${n(p.jsonInputs)} JSON, ${n(p.parityChecks)} Zod comparisons (${n(p.valueChecks)} of values, ${n(p.protoValueChecks)} of them with a __proto__ member), ${f.info ? `${f.info.functions.length} functions from ${f.info.entries.join(" ")}, ${f.info.seeds} seeds` : ""}${p.harnessErrors ? `, ${n(p.harnessErrors)} harness errors (${p.harnessErrorSample})` : ""}`);
    if (f.info?.unclassified.length) out.push(`    unclassified exports (fuzzed for throws only; add a shape in scripts/fuzz/families.ts): ${f.info.unclassified.join(", ")}`);
  }
  if (report.unassignedEntries.length) out.push(`  entries no family covers: ${report.unassignedEntries.join(", ")}`);

  // Per function: only those with something to say, unless --verbose.
  out.push("");
  out.push(verbose ? "Per function:" : "Per function (only those with findings or over budget; --verbose for all):");
  const frows = [["family", "function", "calls", "throws", "mutations", "pollution", "shapes", "zod≠", "inconsistent", "over budget", "max"]];
  for (const [name, f] of fams) {
    for (const [id, s] of Object.entries(f.result.fns).sort((a, b) => a[0].localeCompare(b[0]))) {
      const bad = s.throws + s.mutations + s.pollution + s.wrongShapes + s.disagreements + s.inconsistent + s.overBudget;
      if (!verbose && bad === 0) continue;
      frows.push([name, id, n(s.calls), n(s.throws), n(s.mutations), n(s.pollution), n(s.wrongShapes), n(s.disagreements), n(s.inconsistent), n(s.overBudget), ms(s.maxMs)]);
    }
  }
  out.push(frows.length > 1 ? table(frows, new Set([2, 3, 4, 5, 6, 7, 8, 9, 10])) : "  (none)");

  out.push("");
  out.push("Findings, one line per distinct problem (category and signature), with the functions it hit and the smallest input seen");
  out.push("(per-function findings are in the JSON report):");
  let any = false;
  for (const [name, f] of fams) {
    const groups = new Map<string, Finding[]>();
    for (const x of Object.values(f.result.findings)) {
      const k = `${x.category}|${x.signature}`;
      groups.set(k, [...(groups.get(k) ?? []), x]);
    }
    const sorted = [...groups.values()].sort((a, b) => a[0]!.category.localeCompare(b[0]!.category) || total(b) - total(a));
    for (const list of sorted) {
      any = true;
      const first = list[0]!;
      const ex = list.map((x) => x.example).reduce((a, b) => (b.bytes < a.bytes ? b : a));
      const fns = list.map((x) => x.fn).sort();
      out.push(`  [${first.category}] ${name}: ${first.signature}`);
      out.push(`      ×${n(total(list))} in ${fns.length} function${fns.length === 1 ? "" : "s"}: ${fns.slice(0, 8).join(", ")}${fns.length > 8 ? `, … (+${fns.length - 8})` : ""}`);
      out.push(`      e.g. input #${ex.index}: ${ex.input.slice(0, 300)}`);
      if (ex.json) out.push(`      JSON: ${ex.json.slice(0, 300)}`);
      out.push(`      mutation kinds: ${topKinds(list)}  (replay: npm run fuzz -- --replay ${name}:${ex.index} --seed ${String(report.config.seed)})`);
    }
  }
  if (!any) out.push("  (none)");

  out.push("");
  out.push(`Over the time budget (${String(report.config.timeBudgetMs)} ms per call, inputs ≤ ${fmtBytes(Number(report.config.budgetMaxBytes))}; the least of up to three runs):`);
  const over: Timing[] = fams.flatMap(([, f]) => f.result.overBudget);
  if (over.length === 0) out.push("  (none)");
  const byFn = new Map<string, Timing[]>();
  for (const t of over) byFn.set(`${t.family} ${t.fn}`, [...(byFn.get(`${t.family} ${t.fn}`) ?? []), t]);
  for (const [k, list] of [...byFn].sort((a, b) => b[1].length - a[1].length)) {
    const worst = list.reduce((a, b) => (b.ms > a.ms ? b : a));
    out.push(`  ${k}: ${list.length} over, worst ${worst.ms.toFixed(1)} ms on #${worst.index}: ${worst.input.slice(0, 240)}`);
  }
  const dropped = fams.reduce((a, [, f]) => a + f.result.overBudgetDropped, 0);
  if (dropped) out.push(`  (${n(dropped)} more not kept)`);

  out.push("");
  out.push("Slowest calls (top 10 overall; per family in the JSON report):");
  const slow = fams.flatMap(([, f]) => f.result.slowest).sort((a, b) => b.ms - a.ms).slice(0, 10);
  for (const t of slow) out.push(`  ${t.ms.toFixed(1).padStart(8)} ms  ${t.family} ${t.fn}  #${t.index}: ${t.input.slice(0, 220)}`);
  if (slow.length === 0) out.push("  (none)");
  return out.join("\n");
}

export function toJson(report: Report): unknown {
  return {
    ...report,
    families: Object.fromEntries(
      Object.entries(report.families).map(([name, f]) => [
        name,
        {
          entries: f.info?.entries,
          fuzzedFunctions: f.info?.functions,
          skipped: f.info?.skipped,
          unclassified: f.info?.unclassified,
          seeds: f.info?.seeds,
          cpuMs: Math.round(f.cpuMs),
          totals: totals(f.result),
          heavyInputs: f.result.heavy,
          jsonInputs: f.result.jsonInputs,
          zodComparisons: f.result.parityChecks,
          zodValueComparisons: f.result.valueChecks,
          zodValueComparisonsWithProto: f.result.protoValueChecks,
          harnessErrors: f.result.harnessErrors,
          mutationMix: f.result.ops,
          findings: Object.values(f.result.findings).sort((a, b) => a.category.localeCompare(b.category) || b.count - a.count),
          slowest: f.result.slowest,
          overBudget: f.result.overBudget,
          overBudgetNotKept: f.result.overBudgetDropped,
          functions: Object.fromEntries(
            Object.entries(f.result.fns)
              .sort((a, b) => a[0].localeCompare(b[0]))
              .map(([id, s]) => [id, { ...s, ms: Math.round(s.ms), maxMs: Number(s.maxMs.toFixed(2)) }]),
          ),
        },
      ]),
    ),
  };
}
