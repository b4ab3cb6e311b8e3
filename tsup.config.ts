import { defineConfig } from "tsup";

/** One entry per public subpath; the exports map in package.json mirrors this list. */
export const entry = {
  index: "src/index.ts",
  "legacy/index": "src/legacy/index.ts",
  "legacy/zod": "src/legacy/zod.ts",
  "v1/index": "src/v1/index.ts",
  "v1/zod": "src/v1/zod.ts",
  "session/index": "src/session/index.ts",
  "session/zod": "src/session/zod.ts",
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
  // Whitespace only: the generated validators parse faster at start-up, names stay readable in stack traces.
  esbuildOptions(options) {
    options.minifyWhitespace = true;
  },
  external: ["zod", "ajv", "ajv/dist/2020.js", "safe-regex2", "re2js"],
});
