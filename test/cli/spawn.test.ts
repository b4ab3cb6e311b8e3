/** The CLI as a real process, run from source through tsx (no build needed). */
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe } from "vitest";
import { binaryTests } from "./binary.js";

const root = join(__dirname, "../..");
// By absolute URL: the processes run in scratch folders, where "tsx" would not resolve.
const tsx = pathToFileURL(createRequire(__filename).resolve("tsx")).href;

describe("a2a-validate process (source, via tsx)", () => {
  binaryTests(() => [process.execPath, "--import", tsx, join(root, "src/cli/bin.ts")]);
});
