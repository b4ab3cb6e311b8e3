/**
 * Command-line operands → the documents to validate: files, directories
 * (searched for *.json, *.jsonl, *.ndjson), globs, and `-` for standard input.
 */
// Synchronous fs: a stat per operand is cheaper than loading and awaiting fs/promises.
import { existsSync, readdirSync, realpathSync, statSync, type Dirent } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
// tinyglobby loads only when a pattern needs it.
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
const DOCUMENT = /\.(json|jsonl|ndjson)$/;

export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  const shown = rel === "" || rel.startsWith("..") || isAbsolute(rel) ? abs : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}

export function foldersOf(display: string): string[] {
  return display.split("/").slice(0, -1).filter((s) => s !== "" && s !== "." && s !== "..");
}

/** One array per folder, shared by its files: later stages cache by it. */
function folderLists(): (display: string) => readonly string[] {
  const seen = new Map<string, readonly string[]>();
  return (display) => {
    const dir = display.slice(0, display.lastIndexOf("/") + 1);
    let list = seen.get(dir);
    if (!list) seen.set(dir, (list = foldersOf(display)));
    return list;
  };
}

/**
 * The documents below a folder, sorted: a plain readdir walk (one system call
 * per folder) is several times cheaper than a glob engine for three
 * extensions. Dot-entries and node_modules are skipped; symbolic links are
 * followed, each real folder once.
 */
export function walk(root: string): string[] {
  const out: string[] = [];
  const visited = new Set<string>();
  const visit = (dir: string): void => {
    let real: string;
    let entries: Dirent[];
    try {
      real = realpathSync(dir);
      if (visited.has(real)) return;
      visited.add(real);
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // an unreadable sub-folder is skipped, as a glob would
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.name.startsWith(".") || e.name === "node_modules") continue;
      const path = join(dir, e.name);
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try {
          const st = statSync(path);
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch {
          continue; // dangling
        }
      }
      if (isDir) visit(path);
      else if (isFile && DOCUMENT.test(e.name)) out.push(path);
    }
  };
  visit(root);
  return out;
}

export async function discover(operands: readonly string[], cwd: string, stdinNdjson: boolean): Promise<Discovery> {
  const sources: Source[] = [];
  const errors: DiscoveryError[] = [];
  const seen = new Set<string>();
  const folders = folderLists();

  const add = (abs: string, sidecars: ReadonlySet<string> | undefined, shown?: string): void => {
    if (seen.has(abs) || isSidecar(abs)) return;
    seen.add(abs);
    const sc = sidecarPath(abs);
    const display = shown ?? displayPath(cwd, abs);
    sources.push({
      kind: "file",
      path: abs,
      display,
      ndjson: NDJSON.test(abs),
      sidecar: (sidecars ? sidecars.has(sc) : sc !== abs && existsSync(sc)) ? sc : undefined,
      folders: folders(display),
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
      isDir = statSync(abs).isDirectory();
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
    const found = walk(abs);
    const sidecars = new Set(found.filter(isSidecar));
    if (found.length === sidecars.size) errors.push({ path: operand, message: "no *.json, *.jsonl or *.ndjson files in this folder" });
    // Shown paths are joined by hand: path.relative per file costs more than the walk.
    const shownBase = relative(cwd, abs) === "" ? "" : displayPath(cwd, abs);
    const prefix = shownBase === "" || shownBase.endsWith("/") ? shownBase : shownBase + "/";
    const cut = abs.length + (abs.endsWith(sep) ? 0 : 1);
    for (const f of found) add(f, sidecars, prefix + (sep === "/" ? f.slice(cut) : f.slice(cut).split(sep).join("/")));
  }
  return { sources, errors };
}
