/**
 * An application that imports one validator ships that validator, not its whole entry: the built
 * package bundled by esbuild (minified, zod external) with one named import, against the entry's
 * every export. Runs after the build (A2A_TEST_BUILT=1).
 */
import { build } from "esbuild";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const wanted = process.env.A2A_TEST_BUILT === "1";

async function size(contents: string): Promise<number> {
  const r = await build({ stdin: { contents, resolveDir: root, loader: "js" }, bundle: true, minify: true, write: false, format: "esm", platform: "node", external: ["zod"], logLevel: "silent" });
  return r.outputFiles[0]!.contents.length;
}

describe.skipIf(!wanted)("importing one validator (set A2A_TEST_BUILT=1 after the build to run)", () => {
  it.each([
    // [entry, one export, at most this share of the entry]
    ["legacy/index.js", "validateRequestMessage", 0.5],
    ["legacy/index.js", "isAuthTag", 0.5],
    ["session/index.js", "validateSession", 0.5],
    ["session/index.js", "validateSendMessageRequest", 0.5],
    ["v1/index.js", "validateTask", 0.5],
    ["v1/index.js", "isMessage", 0.5],
    ["v1/index.js", "createTextPart", 0.5],
    ["v1/2026-02-17/index.js", "validateTask", 0.5],
    ["v0.3/index.js", "validateTask", 0.5],
    ["v0.3/index.js", "isMessage", 0.5],
    ["v0.3/index.js", "createTextPart", 0.5],
  ] as const)("%s: %s", async (entry, name, share) => {
    const all = await size(`export * from "./dist/${entry}";`);
    const one = await size(`export { ${name} } from "./dist/${entry}";`);
    expect(one / all).toBeLessThanOrEqual(share);
  });

  // esbuild keeps a namespace whole when it is reached through a re-export, and rollup and webpack
  // keep only the members read, provided the root re-exports the family's own file: a copy of it is
  // an object of every export. (The CJS root keeps its copies: bundlers take the ESM file.)
  it("the ESM root entry re-exports each family's own file", async () => {
    const { readFile } = await import("node:fs/promises");
    const code = await readFile(join(root, "dist/index.js"), "utf8");
    for (const family of ["legacy", "session", "v1"]) expect(code).toMatch(new RegExp(`from\\s*["']\\./${family}/index\\.js["']`));
    expect(code.length).toBeLessThan(20_000);
  });

  // A lone v1 validator still hands another revision's input over: its peer is bundled with it.
  it("validateTask alone, bundled, validates revision 2026-02-17 input with that revision's validator", async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { pathToFileURL } = await import("node:url");
    const r = await build({ stdin: { contents: `export { validateTask } from "./dist/v1/index.js";`, resolveDir: root, loader: "js" }, bundle: true, write: false, format: "esm", platform: "node", logLevel: "silent" });
    const dir = mkdtempSync(join(tmpdir(), "a2a-one-"));
    try {
      const file = join(dir, "one.mjs");
      writeFileSync(file, r.outputFiles[0]!.contents);
      const { validateTask } = await import(pathToFileURL(file).href);
      // contextId is optional in 1.0 and REQUIRED in the pre-release proto.
      const task = { id: "t-1", status: { state: "TASK_STATE_WORKING" } };
      expect(validateTask(task).ok).toBe(true);
      const other = validateTask(task, { revision: "2026-02-17" });
      expect(other.ok).toBe(false);
      expect(other.issues[0]).toMatchObject({ code: "required", property: "contextId" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
