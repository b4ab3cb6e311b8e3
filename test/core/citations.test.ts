/**
 * Sources are cited by their titles and sections (issue 10, item 6), never as
 * "seed" documents or by the file names they were handed over under.
 *
 * - The word "seed" (whole word, any case, also "seeds"/"seeded") must not
 *   appear in what users read: `schemas/`, `README.md`, `docs/`, and the
 *   built `dist/` when it exists. Code may still use the word for random
 *   number generators (fuzzing, fast-check), which is why `src/` and `test/`
 *   are not scanned for it.
 * - The original file names of the five sources, and the folder they were
 *   kept in, must not appear in `src/`, `schemas/`, `docs/` or `README.md`.
 *
 * How to cite each source instead: see the table at the top of
 * docs/conformance.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

const SEED_WORD = /\bseed(?:s|ed)?\b/i;
/** The five sources' original file names (a number, an underscore, 16 hex digits), and their folder. */
const SOURCE_FILE_NAMES: readonly RegExp[] = [
  /\b000_f4716c7dffc51625\b/,
  /\b001_7c1206e6e108c1a8\b/,
  /\b002_76086b83c4752b0f\b/,
  /\b003_36cb1e2b826ebba6\b/,
  /\b004_69e19ff03653abec\b/,
  /\b00[0-4]_[0-9a-f]{16}(?:\.txt)?\b/,
  /shared\/seeds/,
];

/** Every file under `path` (or `path` itself), relative to the repository root, with forward slashes. */
function files(path: string): string[] {
  const abs = join(ROOT, path);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [path];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** `file:line: text` for each line of each file that matches one of `patterns`. */
function occurrences(paths: readonly string[], patterns: readonly RegExp[]): string[] {
  const out: string[] = [];
  for (const file of paths.flatMap(files)) {
    const lines = readFileSync(join(ROOT, file), "utf8").split(/\r?\n/);
    lines.forEach((line, i) => {
      if (patterns.some((p) => p.test(line))) out.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  return out;
}

describe("citations: sources by title and section", () => {
  it('schemas/, README.md and docs/ never say "seed"', () => {
    const found = occurrences(["schemas", "README.md", "docs"], [SEED_WORD]);
    expect(found, `cite the source by its title instead:\n${found.join("\n")}`).toEqual([]);
  });

  if (existsSync(join(ROOT, "dist"))) {
    it('dist/ never says "seed"', () => {
      const found = occurrences(["dist"], [SEED_WORD]);
      expect(found, `the build still carries "seed" (fix the source it comes from, then rebuild):\n${found.join("\n")}`).toEqual([]);
    });
  } else {
    it.skip('dist/ never says "seed" (not checked: dist/ is absent; run `npm run build` first)', () => {});
  }

  it("src/, schemas/, docs/ and README.md never name a source by its original file name or folder", () => {
    const found = occurrences(["src", "schemas", "docs", "README.md"], SOURCE_FILE_NAMES);
    expect(found, `cite the source by its title instead:\n${found.join("\n")}`).toEqual([]);
  });
});
