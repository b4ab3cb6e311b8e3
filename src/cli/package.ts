/**
 * Where the installed package lives (for its schema files and version), found
 * through the package's own exports map so it works from src/ and dist/, ESM and CJS.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const NAME = "a2a-schemas";

let root: string | undefined;

export function packageRoot(): string {
  if (root === undefined) {
    // __filename exists in the CJS build; import.meta.url in ESM.
    const file = typeof __filename === "string" ? __filename : fileURLToPath(import.meta.url);
    // Resolving the package through its exports map costs milliseconds of start-up: the folders
    // above this module are asked first (dist/ or src/cli/ of the package itself).
    root = enclosingPackage(dirname(file)) ?? dirname(createRequire(file).resolve(`${NAME}/package.json`));
  }
  return root;
}

/** The nearest folder at or above `dir` with a package.json, when that package is this one. */
function enclosingPackage(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    let text: string | undefined;
    try {
      text = readFileSync(join(d, "package.json"), "utf8");
    } catch {
      // No package.json here (or unreadable): look further up.
    }
    if (text !== undefined) {
      try {
        return (JSON.parse(text) as { name?: unknown }).name === NAME ? d : undefined;
      } catch {
        return undefined;
      }
    }
    if (dirname(d) === d) return undefined;
  }
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : "0.0.0";
}

export function readSchemaFile(...parts: string[]): unknown {
  return JSON.parse(readFileSync(join(packageRoot(), "schemas", ...parts), "utf8"));
}
