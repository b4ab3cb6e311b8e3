/**
 * Where the runtime forbids code generation (a CSP without 'unsafe-eval', `--disallow-code-generation-from-strings`,
 * Cloudflare Workers), the extension says so, not that a valid schema "is not a valid JSON Schema", and writes
 * nothing to stderr (issue 22, point 7). Runs the built package in a real node process with the flag
 * (A2A_TEST_BUILT=1 after the build, as the other process tests).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const wanted = process.env.A2A_TEST_BUILT === "1";
const card = join(root, "fixtures/extensions/object-schemas/valid/ObjectSchemasCard/default-modes.json");

const script = (entry: string) => `
const e = require(${JSON.stringify(entry)});
const card = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(card)}, "utf8"));
const r = e.validateObjectSchemasCard(card);
process.stdout.write(JSON.stringify(r));
`;

describe.skipIf(!wanted)("the extension where code generation is forbidden (built package)", () => {
  const run = (flags: string[]) => spawnSync(process.execPath, [...flags, "-e", script(join(root, "dist/extensions/object-schemas/index.cjs"))], { encoding: "utf8" });

  it("validates the card where code generation is allowed", () => {
    const r = run([]);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true });
  });

  it("says the runtime forbids code generation, and writes nothing to stderr", () => {
    const r = run(["--disallow-code-generation-from-strings"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const result = JSON.parse(r.stdout) as { ok: boolean; issues: Array<{ message: string }> };
    expect(result.ok).toBe(false);
    expect(result.issues.length).toBeGreaterThan(0);
    for (const i of result.issues) {
      expect(i.message).toMatch(/this runtime forbids code generation from strings/);
      expect(i.message).not.toMatch(/is not a valid JSON Schema/);
    }
  });
});
