/**
 * What an entry's start-up is made of: V8 compiling its one file, running its top level, and the
 * first call (which compiles the functions it reaches). Measured in one child process with
 * `vm.SourceTextModule` (the entries import nothing), each round on a fresh copy of the source so no
 * cache answers; medians of 9 rounds. In-process figures: a fresh `node` adds its module loader's work.
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { fmt } from "./harness.js";

export interface StartupPart {
  readonly entry: string;
  readonly file: string;
  /** The exported function called once, and its input (JSON text). */
  readonly call: string;
  readonly input: string;
}

const CHILD = `
import vm from "node:vm"; import { readFileSync } from "node:fs";
const { file, call, input } = JSON.parse(process.argv[1]);
const src = readFileSync(file, "utf8"); const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
const compile = [], evaluate = [], first = [];
for (let i = 0; i < 9; i++) {
  const t0 = performance.now();
  const m = new vm.SourceTextModule(src + "\\n//" + i, { identifier: file + "#" + i });
  const t1 = performance.now();
  await m.link(() => { throw new Error("the entry imports a module"); });
  const t2 = performance.now(); await m.evaluate(); const t3 = performance.now();
  const r = m.namespace[call](JSON.parse(input)); const t4 = performance.now();
  if (!r.ok) throw new Error(call + " failed");
  compile.push(t1 - t0); evaluate.push(t3 - t2); first.push(t4 - t3);
}
console.log(JSON.stringify({ compile: med(compile), evaluate: med(evaluate), first: med(first) }));`;

export function startupParts(parts: readonly StartupPart[]): string[] {
  const rows = parts.map((p) => {
    const r = spawnSync(process.execPath, ["--experimental-vm-modules", "--no-warnings", "--input-type=module", "-e", CHILD, JSON.stringify(p)], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`start-up parts of ${p.entry}: ${r.stderr}`);
    const t = JSON.parse(r.stdout) as { compile: number; evaluate: number; first: number };
    return `| ${p.entry} | ${fmt(statSync(p.file).size / 1024, 0)} | ${fmt(t.compile, 1)} | ${fmt(t.evaluate, 1)} | ${fmt(t.first, 1)} |`;
  });
  return [
    "### What an entry's start-up is made of",
    "",
    "In one process (bench/startup-parts.ts): V8 compiling the entry's file (`new vm.SourceTextModule`), running its top level, and the first call on the message above; medians of 9 rounds, each on a fresh copy of the source. Compiling is proportional to the code's size, and most of each family's code is its generated validators (first-error and all-errors).",
    "",
    "| entry | KB | compile ms | top level ms | first call ms |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...rows,
  ];
}
