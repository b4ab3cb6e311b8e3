/**
 * Where a2a-schemas spends its time on each timed input: one child process
 * runs its call alone on each input in turn under `--cpu-prof` (50 µs samples)
 * and notes when each run starts and ends (hrtime and the profile share the
 * monotonic clock); the samples of each window are summed by function (self
 * time). Names are those of the built code (validate10 and the like are Ajv's
 * generated functions).
 */
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { pkg } from "./dist.js";
import { fmt } from "./harness.js";
import { childSuites, runChild, type LeftOut } from "./timing.js";

const PROFILE_MS = 250;
const TOP = 5;
const benchUrl = pathToFileURL(import.meta.dirname).href;
const pkgUrl = pathToFileURL(pkg).href;
// The bench's own loop is not the validator's time (the snapshot of dist/ lives under bench/ too).
const isBench = (url: string) => url.startsWith(benchUrl) && !url.startsWith(pkgUrl);

interface Profile {
  readonly nodes: ReadonlyArray<{ id: number; callFrame: { functionName: string; url: string } }>;
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A function's name; a regular expression's source, cut short; a Node internal's module. */
function label(f: { functionName: string; url: string }): string {
  const name = f.functionName || "(anonymous)";
  // A pipe would end the Markdown table cell.
  if (name.startsWith("RegExp: ")) return `RegExp \`${name.slice(8, 48).replaceAll("|", "\\|")}${name.length > 48 ? "…" : ""}\``;
  return f.url.startsWith(pkgUrl) || !f.url ? name : `${name} (${basename(f.url)})`;
}

/** The top functions by self time between `from` and `to` (µs), as "name (file) share". */
function hotspots(p: Profile, from: number, to: number): string[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  let t = p.startTime;
  p.samples.forEach((id, i) => {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    const f = byId.get(id)!;
    if (t < from || t > to || isBench(f.url) || f.functionName === "(idle)" || f.functionName === "(program)") return;
    total += dt;
    const key = label(f);
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([k, us]) => `${k} ${fmt((100 * us) / total, 0)} %`);
}

/** Hot spots of a2a-schemas' call, by suite id. */
export function runProfiles(leftOut: LeftOut): Record<string, string[]> {
  process.stderr.write("profile: a2a-schemas per input\n");
  const dir = join(import.meta.dirname, ".tmp/profile");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const windows = runChild<Record<string, [number, number]>>(import.meta.filename, leftOut, ["--cpu-prof", "--cpu-prof-interval", "50", "--cpu-prof-dir", dir]);
  const profile: Profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), "utf8"));
  return Object.fromEntries(Object.entries(windows).map(([id, [from, to]]) => [id, hotspots(profile, from, to)]));
}

const mine = await childSuites(import.meta);
if (mine) {
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const windows: Record<string, [number, number]> = {};
  for (const suite of mine) {
    const ours = suite.contenders[0]!;
    const run = suite.issues > 0 && ours.runAll ? ours.runAll : ours.run;
    for (let i = 0; i < 2000; i++) run(suite.input);
    const from = now();
    const end = performance.now() + PROFILE_MS;
    while (performance.now() < end) for (let i = 0; i < 100; i++) run(suite.input);
    windows[suite.id] = [from, now()];
  }
  process.stdout.write(JSON.stringify(windows));
}
