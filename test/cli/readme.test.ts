/**
 * The README's CLI section: its commands run outside a project too (`npx -p a2a-schemas
 * a2a-validate`, not `npx a2a-validate`, which asks the registry for a package of that name), and
 * each sample output is what the command beside it prints, run from the repository's root.
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fencedBlocks, type FencedBlock } from "../support/markdown.js";
import { cli, scratch } from "./helpers.js";

const root = join(__dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const start = readme.indexOf("## Validate files in CI");
const end = readme.indexOf("\n## ", start + 1);
const section = readme.slice(start, end === -1 ? undefined : end);
const cliDoc = readFileSync(join(root, "docs/cli.md"), "utf8");

const blocks = fencedBlocks(section);

/** Words of a shell command line: whitespace-separated, single quotes kept together. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe("README: the a2a-validate section", () => {
  it("runs the command through its package, as works outside a project", () => {
    expect(start).toBeGreaterThan(-1);
    const commands = blocks.flatMap((b) => b.code.split("\n")).filter((l) => /\bnpx\b.*\ba2a-validate\b/.test(l));
    expect(commands.length).toBeGreaterThan(0);
    for (const c of commands) expect(c, c).toMatch(/npx (-p a2a-schemas|--no-install) a2a-validate\b/);
    expect(section).not.toMatch(/`npx a2a-validate [^`]*`/);
  });

  it("shows for each sample output exactly what its command prints", async () => {
    expect(await checkSamples(blocks)).toBeGreaterThan(0);
  });

  it("its CI steps (YAML run: lines) pass as written in a project with the shipped fixtures", async () => {
    // A fresh project with A2A documents in fixtures/ and nothing else: a step that names a folder the
    // project lacks would exit 2 there.
    const project = scratch();
    cpSync(join(root, "fixtures"), join(project, "fixtures"), { recursive: true });
    const steps = blocks.filter((b) => b.lang === "yaml").flatMap((b) => b.code.split("\n")).map((l) => /^\s*- run: npx -p a2a-schemas a2a-validate (.*)$/.exec(l)?.[1]).filter((x) => x !== undefined);
    expect(steps.length).toBeGreaterThan(0);
    for (const args of steps) expect((await cli(words(args!), { cwd: project })).code, args).toBe(0);
  });
});

describe("docs/cli.md", () => {
  it("runs the command through its package, as works outside a project", () => {
    const commands = fencedBlocks(cliDoc)
      .flatMap((b) => b.code.split("\n"))
      .filter((l) => /\bnpx\b.*\ba2a-validate\b/.test(l));
    for (const c of commands) expect(c, c).toMatch(/npx (-p a2a-schemas|--no-install) a2a-validate\b/);
  });

  it("shows for each sample output exactly what its command prints", async () => {
    expect(await checkSamples(fencedBlocks(cliDoc))).toBeGreaterThanOrEqual(5);
  });
});

/** Runs each `sh` block that is followed by a plain block, and compares standard output; returns how many it ran. */
async function checkSamples(blocks: readonly FencedBlock[]): Promise<number> {
  let samples = 0;
  for (let i = 0; i + 1 < blocks.length; i++) {
    const [cmd, output] = [blocks[i]!, blocks[i + 1]!];
    // A plain block after a command is its output; so is a json block after a one-line command (compared as JSON).
    const json = output.lang === "json" && !cmd.code.trim().includes("\n");
    if (cmd.lang !== "sh" || (output.lang !== "" && !json)) continue;
    const line = cmd.code.trim();
    const m = /^(?:echo '([^']*)' \| )?npx -p a2a-schemas a2a-validate (.*)$/.exec(line);
    expect(m, `a command this test can run: ${line}`).not.toBeNull();
    const stdin = m![1];
    const r = await cli(words(m![2]!), { cwd: root, ...(stdin !== undefined ? { stdin: stdin + "\n" } : {}) });
    if (json) expect(JSON.parse(r.stdout), line).toEqual(JSON.parse(output.code));
    else expect(r.stdout, line).toBe(output.code);
    samples++;
  }
  return samples;
}
