/**
 * The peers side by side: the verdict check, then the valid path, the invalid
 * path with the full issue list, and bytes allocated per valid call, each row
 * with issue 12's target and whether it is met.
 */
import type { Row } from "./harness.js";
import { fmt } from "./harness.js";
import { runMemory } from "./memory.js";
import { prepareTypia } from "./peers/typia.js";
import { runProfiles } from "./profile.js";
import { checkVerdicts, issueCount, PEER_NAMES, type Disagreement, type Peer, type Subject } from "./subject.js";
import { INVALID_MAX, judge, MUST_BEAT, SESSION_MAX, TYPIA_FACTOR, VALID_MAX, type Bound } from "./targets.js";
import { loadSubjects, PROCESSES, ROUNDS, runTiming } from "./timing.js";

const PEERS: readonly Peer[] = ["a2a-schemas", "ajv", "zod", "typia", "typebox", "handwritten"];

/** A peer's figure in a row, or why there is none. */
function cell(s: Subject, leftOut: ReadonlySet<string>, figures: Partial<Record<Peer, number>>, peer: Peer, format: (x: number) => string): string {
  const x = figures[peer];
  if (x !== undefined) return format(x);
  if (leftOut.has(`${s.id}/${peer}`)) return "left out (verdict)";
  return "—";
}

const byPeer = (rows: readonly Row[]): Partial<Record<Peer, number>> => Object.fromEntries(rows.filter((r) => r.name !== "JSON.parse").map((r) => [r.name, r.ratio]));

function validBounds(s: Subject, f: Partial<Record<Peer, number>>): { text: string; bounds: Bound[] } {
  const max = VALID_MAX[s.id] ?? SESSION_MAX;
  if (s.id.endsWith("-lenient")) return { text: `≤ ${max}`, bounds: [{ label: `≤ ${max}`, limit: max }] };
  const bounds: Bound[] = [{ label: `≤ ${max}`, limit: max }];
  for (const p of MUST_BEAT) if (f[p] !== undefined) bounds.push({ label: `${PEER_NAMES[p]} ${fmt(f[p]!)}`, limit: f[p]! });
  if (f.typia !== undefined) bounds.push({ label: `${TYPIA_FACTOR}× typia = ${fmt(TYPIA_FACTOR * f.typia)}`, limit: TYPIA_FACTOR * f.typia });
  return { text: `≤ ${max}, ahead of Ajv, Zod, TypeBox, ≤ ${TYPIA_FACTOR}× typia`, bounds };
}

const header = (first: string, last: string[]) => [
  `| ${first} | ${PEERS.map((p) => PEER_NAMES[p]).join(" | ")} | ${last.join(" | ")} |`,
  `| --- | ${PEERS.map(() => "---:").join(" | ")} | ${last.map((_, i) => (i === 0 ? "---:" : "---")).join(" | ")} |`,
];

function verdictSection(subjects: readonly Subject[], disagreements: readonly Disagreement[], typiaError: string | undefined): string[] {
  const out = [
    "### Verdict check (before any timing)",
    "",
    "Every contender validates each subject's bench inputs and the invalid variants below; one that disagrees with a2a-schemas on any of them is left out of that subject's rows, never timed.",
    "",
    "| subject | inputs checked | disagreements |",
    "| --- | ---: | --- |",
  ];
  for (const s of subjects) {
    const n = 1 + (s.invalid?.length ?? 0) + Object.keys(s.variants).length;
    const d = disagreements.filter((x) => x.subject === s.id).map((x) => `${PEER_NAMES[x.peer]} on ${x.inputs.join("; ")}`);
    out.push(`| ${s.title} | ${n} | ${d.length === 0 ? "none" : `**${d.join(" / ")}** (left out)`} |`);
  }
  out.push("", "Invalid variants:", "");
  for (const s of subjects) if (Object.keys(s.variants).length > 0) out.push(`- ${s.title}: ${Object.keys(s.variants).join("; ")}.`);
  if (typiaError) out.push("", `typia could not be built on Node ${process.version}: \`${typiaError}\``);
  return out;
}

function notes(subjects: readonly Subject[]): string[] {
  const out = ["### What each contender calls", ""];
  for (const s of subjects) {
    const calls = s.contenders.map((c) => `${PEER_NAMES[c.peer]}: ${c.call}`);
    const absent = Object.entries(s.absent ?? {}).map(([p, why]) => `${PEER_NAMES[p as Peer]}: absent (${why})`);
    out.push(`- **${s.title}**: ${s.about}. ${[...calls, ...absent].join("; ")}.`);
  }
  return out;
}

export async function benchComparison(): Promise<string> {
  const typiaError = prepareTypia();
  const subjects = await loadSubjects();
  const disagreements = subjects.flatMap(checkVerdicts);
  const leftOut = new Set(disagreements.map((d) => `${d.subject}/${d.peer}`));
  const timing = runTiming(leftOut);
  const memory = runMemory(leftOut);
  const profiles = runProfiles(leftOut);
  const ratio = (x: number) => fmt(x);

  const valid = [...header("input", ["JSON.parse µs", "target (× JSON.parse)", "result"])];
  for (const s of subjects) {
    const rows = timing.get(`${s.id}:valid`)!;
    const f = byPeer(rows);
    const { text, bounds } = validBounds(s, f);
    const result = judge(f["a2a-schemas"]!, bounds, `valid path: ${s.title}`);
    valid.push(`| ${s.title} | ${PEERS.map((p) => cell(s, leftOut, f, p, ratio)).join(" | ")} | ${fmt(rows[0]!.nsPerOp / 1000, 1)} | ${text} | ${result} |`);
  }

  const invalid = [...header("input", ["JSON.parse µs", "target (× JSON.parse)", "result"])];
  for (const s of subjects) {
    const max = INVALID_MAX[s.id];
    if (!s.invalid || !max) continue;
    for (const [k, issues] of [
      [0, 1],
      [1, 3],
    ] as const) {
      const rows = timing.get(`${s.id}:invalid${issues}`)!;
      const f = byPeer(rows);
      const bounds: Bound[] = [{ label: `≤ ${max[k]}`, limit: max[k] }];
      if (f.zod !== undefined) bounds.push({ label: `Zod ${fmt(f.zod)}`, limit: f.zod });
      if (f.ajv !== undefined) bounds.push({ label: `run-time Ajv ${fmt(f.ajv)}`, limit: f.ajv });
      // The count a2a-schemas reports now, should a change in issue construction alter it.
      const found = issueCount(s.contenders[0]!.run(s.invalid[k]));
      const label = `${s.title}, ${issues} issue${issues > 1 ? "s" : ""}${found === issues ? "" : ` (a2a-schemas now reports ${found})`}`;
      const result = judge(f["a2a-schemas"]!, bounds, `invalid path: ${label}`);
      invalid.push(`| ${label} | ${PEERS.map((p) => cell(s, leftOut, f, p, ratio)).join(" | ")} | ${fmt(rows[0]!.nsPerOp / 1000, 1)} | ≤ ${max[k]}, at most Zod and run-time Ajv | ${result} |`);
    }
  }

  const bytes = [...header("input", ["JSON.parse bytes", "target", "result"])];
  for (const s of subjects) {
    const m = memory[s.id]!;
    const parse = m["JSON.parse"]!;
    const f = Object.fromEntries(Object.entries(m).filter(([k]) => k !== "JSON.parse")) as Partial<Record<Peer, number>>;
    const result = judge(f["a2a-schemas"]!, [{ label: `JSON.parse ${fmt(parse, 0)} B`, limit: parse }], `bytes per valid call: ${s.title}`);
    bytes.push(`| ${s.title} | ${PEERS.map((p) => cell(s, leftOut, f, p, (x) => fmt(x, 0))).join(" | ")} | ${fmt(parse, 0)} | ≤ JSON.parse | ${result} |`);
  }

  const hot = ["| input | a2a-schemas' top functions by self time |", "| --- | --- |"];
  for (const [id, top] of Object.entries(profiles)) {
    const [subject, path] = id.split(":");
    const title = subjects.find((s) => s.id === subject)!.title;
    const issues = path!.slice("invalid".length);
    hot.push(`| ${title}, ${path === "valid" ? "valid" : `invalid, ${issues} issue${issues === "1" ? "" : "s"}`} | ${top.join("; ")} |`);
  }

  return [
    "## Peers side by side",
    "",
    `Ratios to \`JSON.parse\` of the same text, measured in the same rounds: medians over ${PROCESSES} fresh processes × ${ROUNDS} interleaved rounds (bench/harness.ts, bench/timing.ts). Each contender's cheapest call for a verdict is timed on the valid path (a2a-schemas: its \`validate*\` function, which returns a result); on the invalid path, the call that lists every issue (Ajv with allErrors, typia's validate, TypeBox's Errors, Zod's safeParse). Peers that only check a schema are given the package's rules that no schema states (legacy: auth.agent_id equals sender_id and the 10 MiB payload cap; session: the artifact rule), so every contender does the same job.`,
    "",
    ...verdictSection(subjects, disagreements, typiaError),
    "",
    "### Valid path",
    "",
    ...valid,
    "",
    "### Invalid path, full issue list",
    "",
    ...invalid,
    "",
    "### Bytes allocated per valid call",
    "",
    "Method (bench/memory.ts): a child process run with `--expose-gc --min-semi-space-size=64 --max-semi-space-size=64` warms each call up, collects garbage, then reads `process.memoryUsage().heapUsed` before and after a batch of calls (about 8 MB of allocation, results kept only through one sink). With no collection in between, the growth divided by the batch is the bytes allocated per call; a batch during which a collection ran (seen by a `PerformanceObserver` on `gc`) is discarded; median of 5 batches. JSON.parse is measured the same way on the same text.",
    "",
    ...bytes,
    "",
    "### Where a2a-schemas spends its time",
    "",
    "What the profile says is left: a V8 CPU profile (50 µs samples) of a2a-schemas' call alone on each timed input, self time by function (bench/profile.ts). Names of one to three characters (`M`, `N2`) are Ajv's generated functions, whose names are minified in `dist/` (the readable code is in `src/generated/`); `(garbage collector)` is the cost of what the call allocates.",
    "",
    ...hot,
    "",
    ...notes(subjects),
    "",
  ].join("\n");
}
