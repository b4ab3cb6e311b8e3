/**
 * The README's CLI section: its commands run outside a project too (`npx -p a2a-schemas
 * a2a-validate`, not `npx a2a-validate`, which asks the registry for a package of that name), and
 * each sample output is what the command beside it prints, run from the repository's root.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "./helpers.js";

const root = join(__dirname, "../..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const start = readme.indexOf("## Validate files in CI");
const end = readme.indexOf("\n## ", start + 1);
const section = readme.slice(start, end === -1 ? undefined : end);

interface Block {
  readonly lang: string;
  readonly code: string;
}

const blocks: Block[] = [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));

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
    let samples = 0;
    for (let i = 0; i + 1 < blocks.length; i++) {
      const [cmd, output] = [blocks[i]!, blocks[i + 1]!];
      if (cmd.lang !== "sh" || output.lang !== "") continue;
      const line = cmd.code.trim();
      const m = /^(?:echo '([^']*)' \| )?npx -p a2a-schemas a2a-validate (.*)$/.exec(line);
      expect(m, `a command this test can run: ${line}`).not.toBeNull();
      const stdin = m![1];
      const r = await cli(words(m![2]!), { cwd: root, ...(stdin !== undefined ? { stdin: stdin + "\n" } : {}) });
      expect(r.stdout, line).toBe(output.code);
      samples++;
    }
    expect(samples).toBeGreaterThan(0);
  });
});
