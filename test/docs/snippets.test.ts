/**
 * Docs as tests: every TypeScript block in the README and docs/ compiles
 * against the built package as a consumer imports it ("a2a-schemas/v1" resolves
 * through package.json "exports" to dist/ by the package's own name), with
 * strict, exactOptionalPropertyTypes and skipLibCheck false, once as an ES
 * module (.mts) and once as CommonJS (.cts). A block whose first line is
 * `// ES module only` (top-level await) is compiled as an ES module only.
 * Runs after the build (A2A_TEST_BUILT=1), like the binary tests.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { fencedBlocks, type FencedBlock } from "../support/markdown.js";

const root = join(import.meta.dirname, "../..");
const wanted = process.env.A2A_TEST_BUILT === "1";

interface Block extends FencedBlock {
  readonly file: string;
}

/** Fenced code blocks of a Markdown file of the repository. */
function blocks(file: string): Block[] {
  return fencedBlocks(readFileSync(join(root, file), "utf8")).map((b) => ({ ...b, file }));
}

export const docFiles = ["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

describe.skipIf(!wanted)("TypeScript in the README and docs/ compiles for a consumer", () => {
  const snippets = docFiles.flatMap(blocks).filter((b) => b.lang === "ts" || b.lang === "typescript");

  it("finds the blocks", () => {
    expect(snippets.length).toBeGreaterThan(10);
  });

  it("compiles every block as an ES module and as CommonJS", () => {
    const dir = join(root, ".test-results/docs");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const where = new Map<string, Block>();
    for (const b of snippets) {
      const base = `${b.file.replace(/[/.]/g, "_")}_${b.line}`;
      const esmOnly = /^\/\/ ES module only\b/.test(b.code);
      // Each block is its own module (`export {}`), so blocks never see each other's names.
      for (const ext of esmOnly ? ["mts"] : ["mts", "cts"]) {
        writeFileSync(join(dir, `${base}.${ext}`), `${b.code}\nexport {};\n`);
        where.set(`${base}.${ext}`, b);
      }
    }
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2022", "DOM"],
          types: ["node"],
          typeRoots: [join(root, "node_modules/@types")],
          strict: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: false,
          noEmit: true,
        },
        include: ["*.mts", "*.cts"],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", dir], { encoding: "utf8" });
    // Map each error back to the Markdown line it comes from.
    const errors = (tsc.stdout + tsc.stderr)
      .split("\n")
      .filter((l) => /error TS\d+/.test(l))
      .map((l) => {
        const m = /([^/\\]+\.[mc]ts)\((\d+),(\d+)\): (.*)$/.exec(l);
        const b = m ? where.get(m[1]!) : undefined;
        return b ? `${b.file}:${b.line + Number(m![2]) - 1}:${m![3]} (${m![1]!.endsWith(".cts") ? "CommonJS" : "ES module"}): ${m![4]}` : relative(root, l);
      });
    expect(errors, "TypeScript errors in the docs' code blocks").toEqual([]);
    expect(tsc.status).toBe(0);
  });
});
