/**
 * The built binary, dist/cli/bin.js. The project's test script runs this file
 * after the build with A2A_TEST_BUILT=1; then a missing binary fails the run.
 * Without that variable (a plain `vitest run` before any build) it is skipped.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { binaryTests } from "./binary.js";

// A2A_TEST_BIN points the same tests at a build made elsewhere (a scratch build during development).
const bin = process.env.A2A_TEST_BIN ?? join(__dirname, "../../dist/cli/bin.js");
const wanted = process.env.A2A_TEST_BUILT === "1";

describe.skipIf(!wanted)("a2a-validate process (dist/cli/bin.js; set A2A_TEST_BUILT=1 after the build to run)", () => {
  it("exists: the build made dist/cli/bin.js", () => {
    expect(existsSync(bin), `${bin} is missing: run the build first`).toBe(true);
  });
  binaryTests(() => [process.execPath, bin]);
});
