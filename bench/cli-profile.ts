/**
 * Does `--type` skip detection? The CLI is profiled (V8 CPU profile, 100 µs
 * samples) on an NDJSON file with and without it, and the self time of the
 * detection functions is summed: those declared in src/cli/detect.ts (but
 * checkAs, which runs the validator) and the families' detect/discriminate
 * functions, matched by name in dist/ (esbuild may add a digit to a name that
 * collides, e.g. resolve2).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fmt } from "./harness.js";
import { judge } from "./targets.js";

const root = join(import.meta.dirname, "..");

function detectionFunctions(): Set<string> {
  const names = new Set<string>();
  const detect = readFileSync(join(root, "src/cli/detect.ts"), "utf8");
  for (const m of detect.matchAll(/^(?:export )?(?:async )?function (\w+)/gm)) if (m[1] !== "checkAs") names.add(m[1]!);
  const dir = join(root, "src/cli/families");
  for (const f of readdirSync(dir)) {
    for (const m of readFileSync(join(dir, f), "utf8").matchAll(/^(?:export )?(?:function|const) ((?:detect|discriminate)\w*)/gm)) names.add(m[1]!);
  }
  return names;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
}

/** Share of the busy samples (not idle) whose frame is a detection function. */
function share(profileFile: string, names: Set<string>): number {
  const p = JSON.parse(readFileSync(profileFile, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
  let busy = 0;
  let detecting = 0;
  p.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const dt = p.timeDeltas[i] ?? 0;
    if (frame.functionName === "(idle)") return;
    busy += dt;
    if (frame.url.includes("/dist/") && names.has(frame.functionName.replace(/\d+$/, ""))) detecting += dt;
  });
  return busy === 0 ? 0 : detecting / busy;
}

function profiled(bin: string, args: readonly string[], dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const p = spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-interval", "100", "--cpu-prof-dir", dir, bin, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (p.status !== 0) throw new Error(`a2a-validate ${args.join(" ")} exited ${p.status}`);
  return join(dir, readdirSync(dir)[0]!);
}

export function detectionShare(bin: string, ndjson: string): string[] {
  const names = detectionFunctions();
  const tmp = join(root, "bench/.tmp/cli-profile");
  const auto = share(profiled(bin, [ndjson], join(tmp, "auto")), names);
  const typed = share(profiled(bin, ["--type", "RequestMessage", ndjson], join(tmp, "typed")), names);
  return [
    "#### Detection with and without `--type` (target: `--type` skips detection)",
    "",
    `Share of the CLI's busy CPU time in detection functions (${[...names].sort().join(", ")}), from a V8 CPU profile of one run on the smaller file.`,
    "",
    "| run | detection share | target | result |",
    "| --- | ---: | ---: | --- |",
    `| a2a-validate file.ndjson | ${fmt(auto * 100, 1)} % | | |`,
    `| a2a-validate --type RequestMessage file.ndjson | ${fmt(typed * 100, 1)} % | ≤ 1 % | ${judge(typed * 100, [{ label: "≤ 1 %", limit: 1 }], "CLI --type skips detection")} |`,
  ];
}
