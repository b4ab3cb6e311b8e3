/**
 * One Zod model in a browser bundle costs about what a user's own small Zod object does: the built
 * Zod entries import zod as a namespace (`import { z } from "zod"` is one object that holds all of
 * zod, locales and JSON Schema conversion included, which no bundler can drop). Each entry's model,
 * bundled by esbuild for the browser with zod included and minified, stays under 40 KB min+gzip
 * (98 KB before), and the bundle still validates. Runs after the build (A2A_TEST_BUILT=1); the sizes
 * are rows of `npm run bench` (bench/size.ts).
 */
import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const wanted = process.env.A2A_TEST_BUILT === "1";
const MAX_KB = 40;

describe.skipIf(!wanted)("one Zod model, zod included (set A2A_TEST_BUILT=1 after the build to run)", () => {
  it.each([
    // [entry, model, a valid value]
    ["v1/zod.js", "TaskSchema", { id: "t-1", status: { state: "TASK_STATE_WORKING" } }],
    ["v1/2026-02-17/zod.js", "TaskSchema", { id: "t-1", contextId: "c-1", status: { state: "TASK_STATE_WORKING" } }],
    ["legacy/zod.js", "LegacyMessageSchema", JSON.parse(readFileSync(join(root, "fixtures/legacy/valid/stream_data/chunk.json"), "utf8"))],
    ["session/zod.js", "MessageSchema", { id: "m-1", role: "agent", content: "hi", created_at: "2025-01-01T00:00:00Z" }],
    ["v0.3/zod.js", "TaskSchema", { kind: "task", id: "t-1", contextId: "c-1", status: { state: "working" } }],
  ] as const)("%s: %s is at most 40 KB min+gzip and validates", async (entry, model, valid) => {
    const contents = `export { ${model} as model } from "./dist/${entry}";`;
    const r = await build({ stdin: { contents, resolveDir: root, loader: "js" }, bundle: true, minify: true, write: false, format: "esm", platform: "browser", logLevel: "silent" });
    const code = r.outputFiles[0]!.contents;
    expect(gzipSync(code, { level: 9 }).length / 1024).toBeLessThanOrEqual(MAX_KB);

    const dir = mkdtempSync(join(tmpdir(), "a2a-zod-size-"));
    try {
      const file = join(dir, "model.mjs");
      writeFileSync(file, code);
      const { model: schema } = await import(pathToFileURL(file).href);
      expect(schema.safeParse(valid).success).toBe(true);
      expect(schema.safeParse({}).success).toBe(false);
      // Still a full Zod classic schema (zod/mini's have no such methods).
      expect(typeof schema.optional).toBe("function");
      expect(typeof schema.describe).toBe("function");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
