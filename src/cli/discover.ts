/**
 * Command-line operands → the documents to validate: files, directories
 * (searched for *.json, *.jsonl, *.ndjson), globs, and `-` for standard input.
 */
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
// tinyglobby loads only when a folder or a pattern needs it: plain file names start faster.
const globber = () => import("tinyglobby");
import { isSidecar, sidecarPath } from "./expectations.js";

export interface Source {
  readonly kind: "file" | "stdin";
  /** Absolute path; `-` for standard input. */
  readonly path: string;
  /** As shown in reports: relative to the working directory when below it, `/`-separated. */
  readonly display: string;
  readonly ndjson: boolean;
  /** The sidecar's absolute path when one exists. */
  readonly sidecar: string | undefined;
  /** The folder names of `display`, for `--expect auto` and type hints. */
  readonly folders: readonly string[];
}

export interface DiscoveryError {
  readonly path: string;
  readonly message: string;
}

export interface Discovery {
  readonly sources: Source[];
  readonly errors: DiscoveryError[];
}

export const STDIN_NAME = "<stdin>";
const NDJSON = /\.(jsonl|ndjson)$/i;
const WALK = ["**/*.json", "**/*.jsonl", "**/*.ndjson"];
// Dependencies and VCS folders are never the user's documents.
const WALK_IGNORE = ["**/node_modules/**"];

export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  const shown = rel === "" || rel.startsWith("..") || isAbsolute(rel) ? abs : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}

export function foldersOf(display: string): string[] {
  return display.split("/").slice(0, -1).filter((s) => s !== "" && s !== "." && s !== "..");
}

export async function discover(operands: readonly string[], cwd: string, stdinNdjson: boolean): Promise<Discovery> {
  const sources: Source[] = [];
  const errors: DiscoveryError[] = [];
  const seen = new Set<string>();

  const add = (abs: string, sidecars: ReadonlySet<string> | undefined): void => {
    if (seen.has(abs) || isSidecar(abs)) return;
    seen.add(abs);
    const sc = sidecarPath(abs);
    const display = displayPath(cwd, abs);
    sources.push({
      kind: "file",
      path: abs,
      display,
      ndjson: NDJSON.test(abs),
      sidecar: (sidecars ? sidecars.has(sc) : sc !== abs && existsSync(sc)) ? sc : undefined,
      folders: foldersOf(display),
    });
  };

  for (const operand of operands) {
    if (operand === "-") {
      if (!seen.has("-")) sources.push({ kind: "stdin", path: "-", display: STDIN_NAME, ndjson: stdinNdjson, sidecar: undefined, folders: [] });
      seen.add("-");
      continue;
    }
    const abs = resolve(cwd, operand);
    let isDir: boolean;
    try {
      isDir = (await stat(abs)).isDirectory();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const { glob, isDynamicPattern } = code === "ENOENT" ? await globber() : { glob: undefined, isDynamicPattern: () => false };
      if (glob && isDynamicPattern(operand)) {
        const found = (await glob(operand, { cwd, absolute: true, onlyFiles: true, expandDirectories: false })).sort();
        const docs = found.filter((f) => !isSidecar(f));
        if (docs.length === 0) errors.push({ path: operand, message: "no files match this pattern" });
        // A pattern need not match the sidecars, so their existence is checked file by file.
        for (const f of docs) add(resolve(f), undefined);
        continue;
      }
      errors.push({ path: operand, message: code === "ENOENT" ? "no such file or directory" : `cannot be read (${code ?? String(e)})` });
      continue;
    }
    if (!isDir) {
      add(abs, undefined);
      continue;
    }
    const { glob } = await globber();
    const found = (await glob(WALK, { cwd: abs, absolute: true, onlyFiles: true, dot: false, ignore: WALK_IGNORE })).map((f) => resolve(f)).sort();
    const sidecars = new Set(found.filter(isSidecar));
    if (found.length === sidecars.size) errors.push({ path: operand, message: "no *.json, *.jsonl or *.ndjson files in this folder" });
    for (const f of found) add(f, sidecars);
  }
  return { sources, errors };
}
