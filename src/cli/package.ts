/**
 * Where the installed package lives (for its schema files and version), found
 * through the package's own exports map so it works from src/ and dist/, ESM and CJS.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let root: string | undefined;

export function packageRoot(): string {
  if (root === undefined) {
    // __filename exists in the CJS build; import.meta.url in ESM.
    const base = typeof __filename === "string" ? __filename : import.meta.url;
    root = dirname(createRequire(base).resolve("a2a-schemas/package.json"));
  }
  return root;
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : "0.0.0";
}

export function readSchemaFile(...parts: string[]): unknown {
  return JSON.parse(readFileSync(join(packageRoot(), "schemas", ...parts), "utf8"));
}
