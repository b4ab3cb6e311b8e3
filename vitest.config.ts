import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Type tests compile with exactOptionalPropertyTypes on (test/types/tsconfig.json); tsc --noEmit checks them with it off.
    typecheck: { include: ["test/**/*.test-d.ts"], tsconfig: "./test/types/tsconfig.json" },
    testTimeout: 60_000,
    // Hooks copy and remove whole fixture trees (about 5,000 files), which takes over 10 s on a loaded machine.
    hookTimeout: 60_000,
  },
});
