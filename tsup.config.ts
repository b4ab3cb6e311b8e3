import { defineConfig } from "tsup";

/** One entry per public subpath; the exports map in package.json mirrors this list. */
export const entry = {
  index: "src/index.ts",
  "legacy/index": "src/legacy/index.ts",
  "legacy/zod": "src/legacy/zod.ts",
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
  external: ["zod"],
});
