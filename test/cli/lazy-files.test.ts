/**
 * The built CLI loads only what its input needs, in few files (tsup.config.ts, cliLazyImports):
 * `--version` and `--help` the binary alone; a legacy file the binary, the validation run, the legacy
 * adapter and a2a-schemas/legacy's own entry, and no other family and no shared chunk. Counted by a
 * module loader hook (which writes each file it loads), not timed: the start-up figures are in
 * bench/startup.ts. Runs on the built package, with A2A_TEST_BUILT=1.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { exec } from "./binary.js";

const dist = join(__dirname, "../../dist");
const bin = join(dist, "cli/bin.js");
const wanted = process.env.A2A_TEST_BUILT === "1";
const legacyFile = join(__dirname, "../../fixtures/legacy/valid/request/get-price.json");

const dir = mkdtempSync(join(tmpdir(), "a2a-lazy-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The package's files (under dist/) that one run of the binary loads, in the order loaded. */
async function filesLoaded(args: readonly string[]): Promise<string[]> {
  const log = join(dir, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(log, "");
  // The hooks run on a thread of their own: a synchronous append reaches the file before the process ends.
  const hooks = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) appendFileSync(${JSON.stringify(log)}, url + "\\n");
  return next(url, context);
}`;
  const preload = join(dir, `register-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(preload, `import { register } from "node:module";\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);
  const r = await exec([process.execPath, "--import", pathToFileURL(preload).href, bin], args, { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((u) => u !== "")
    .map((u) => fileURLToPath(u))
    .filter((f) => !relative(dist, f).startsWith(".."))
    .map((f) => relative(dist, f).replace(/\\/g, "/"));
}

describe.skipIf(!wanted)("the built CLI loads only what its input needs (set A2A_TEST_BUILT=1 after the build to run)", () => {
  it("--version and --help: the binary alone", async () => {
    expect(await filesLoaded(["--version"])).toEqual(["cli/bin.js"]);
    expect(await filesLoaded(["--help"])).toEqual(["cli/bin.js"]);
  });

  it("a legacy file: the validation run, the legacy adapter and a2a-schemas/legacy's entry, nothing shared", async () => {
    expect(await filesLoaded([legacyFile])).toEqual(["cli/bin.js", "cli/validate.js", "cli/family-legacy.js", "legacy/index.js"]);
  });
});
