import { defineConfig } from "tsup";

/** One entry per public subpath; the exports map in package.json mirrors this list. */
export const entry = {
  index: "src/index.ts",
  "legacy/index": "src/legacy/index.ts",
  "legacy/zod": "src/legacy/zod.ts",
  "v1/index": "src/v1/index.ts",
  "v1/zod": "src/v1/zod.ts",
  "v1/2026-02-17/index": "src/v1/2026-02-17/index.ts",
  "v1/2026-02-17/zod": "src/v1/2026-02-17/zod.ts",
  "v1/signatures/index": "src/v1/signatures/index.ts",
  "session/index": "src/session/index.ts",
  "session/zod": "src/session/zod.ts",
  "replay/index": "src/replay/index.ts",
  "extensions/object-schemas/index": "src/extensions/object-schemas/index.ts",
  "cli/index": "src/cli/index.ts",
  "cli/bin": "src/cli/bin.ts",
};

export default defineConfig({
  entry,
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: "node20",
  outDir: "dist",
  // Ajv's runtime helpers (ucs2length) are bundled; the Ajv compiler never is.
  noExternal: [/^ajv\/dist\/runtime\//],
  // Not minified: Node prints the source line of an uncaught throw, and a one-line bundle made that
  // half a megabyte. Whitespace minification saved about a millisecond of start-up (bench/RESULTS.md).
  external: ["zod", "ajv", "ajv/dist/2020.js", "safe-regex2", "re2js"],
});
