/**
 * Command-line operands → the documents to validate: files, directories
 * (searched for *.json, *.jsonl, *.ndjson), globs, and `-` for standard input.
 * Sources are produced one at a time as validation asks for them, so a huge or
 * deep tree is never held in memory whole. Only regular files are documents:
 * devices, FIFOs and sockets are skipped where found and refused as operands.
 */
// Synchronous fs: a stat per operand is cheaper than loading and awaiting fs/promises.
import { opendirSync, realpathSync, statSync, type Dir, type Stats } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
// tinyglobby loads only when a pattern needs it.
const globber = () => import("tinyglobby");
import { isSidecar, sidecarPath } from "./expectations.js";
import { notRegular } from "./sources.js";

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

export const STDIN_NAME = "<stdin>";
const NDJSON = /\.(jsonl|ndjson)$/i;
const DOCUMENT = /\.(json|jsonl|ndjson)$/;

export function displayPath(cwd: string, abs: string): string {
  // Below the working directory (the usual case, a glob's every match): a slice, not path.relative's normalising.
  const base = cwd.endsWith(sep) ? cwd : cwd + sep;
  if (abs.length > base.length && abs.startsWith(base)) return sep === "/" ? abs.slice(base.length) : abs.slice(base.length).split(sep).join("/");
  const rel = relative(cwd, abs);
  const shown = rel === "" || rel.startsWith("..") || isAbsolute(rel) ? abs : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}

export function foldersOf(display: string): string[] {
  return display.split("/").slice(0, -1).filter((s) => s !== "" && s !== "." && s !== "..");
}

/**
 * One array per folder, shared by its files: later stages cache by it. Only the
 * last folder is remembered (a walk yields a folder's files together), so a
 * deep tree does not keep every folder's list alive.
 */
function folderLists(): (display: string) => readonly string[] {
  let lastDir: string | undefined;
  let last: readonly string[] = [];
  return (display) => {
    const dir = display.slice(0, display.lastIndexOf("/") + 1);
    if (dir !== lastDir) {
      lastDir = dir;
      last = foldersOf(display);
    }
    return last;
  };
}

/** Stat, or undefined when the path does not resolve (dangling link, vanished, no permission). */
function statOrUndefined(path: string): Stats | undefined {
  try {
    // No exception for a missing path (most sidecars): building one costs more than the stat.
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Whether the path is (or links to) a regular file: a sidecar that is a FIFO or device is no sidecar. */
function isRegularFile(path: string): boolean {
  return statOrUndefined(path)?.isFile() === true;
}

export interface WalkedFile {
  readonly path: string;
  /** Its sidecar's absolute path when the folder has one. */
  readonly sidecar: string | undefined;
}

interface Folder {
  /** The folder's path with a trailing separator. */
  readonly prefix: string;
  /** Documents and sub-folders, sorted by name. */
  readonly names: string[];
  /** Which of the names are sub-folders (few, usually: a wide folder costs no more than its names). */
  readonly dirs: Set<string>;
  /** The regular-file sidecars among its entries, by name. */
  readonly sidecars: Set<string>;
  next: number;
}

/**
 * A real folder's identity, to enter each once however many links lead to it.
 * dev:ino costs one stat (realpath costs a system call per path component,
 * which made deep trees quadratic); bigint, as 64-bit inode numbers exceed 2^53.
 */
function identity(path: string): string | undefined {
  try {
    const st = statSync(path, { bigint: true });
    // Some file systems report no inode numbers: fall back to the real path.
    return st.ino === 0n ? `path:${realpathSync.native(path)}` : `${st.dev}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/** The folder's relevant entries, or undefined when it cannot be read (then it is skipped, as a glob would). */
function readFolder(path: string): Folder | undefined {
  let dir: Dir;
  try {
    dir = opendirSync(path, { bufferSize: 256 });
  } catch {
    return undefined;
  }
  const prefix = path.endsWith(sep) ? path : path + sep;
  const names: string[] = [];
  const dirs = new Set<string>();
  const sidecars = new Set<string>();
  // Entries are read one at a time and only documents and folders are kept: a wide folder costs its names, no more.
  try {
    for (let e = dir.readSync(); e !== null; e = dir.readSync()) {
      const name = e.name;
      if (name.startsWith(".") || name === "node_modules") continue;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        // Followed: a link to a folder or a regular file counts, a dangling one or one to a device does not.
        const st = statOrUndefined(prefix + name);
        isDir = st?.isDirectory() === true;
        isFile = st?.isFile() === true;
      }
      // FIFOs, sockets and devices are never documents, and are never opened.
      if (isDir) dirs.add(name);
      else if (!isFile || !DOCUMENT.test(name)) continue;
      else if (isSidecar(name)) {
        sidecars.add(name);
        continue;
      }
      names.push(name);
    }
  } catch {
    // A folder that fails part-way: what was read is walked.
  } finally {
    dir.closeSync();
  }
  names.sort();
  return { prefix, names, dirs, sidecars, next: 0 };
}

/**
 * The documents below a folder, in sorted order (a folder's entries by name,
 * sub-folders where they sort), one at a time. An explicit stack instead of
 * recursion, and opendir instead of readdir: depth and width cost the open
 * folders' names, nothing per file found. Dot-entries and node_modules are
 * skipped; symbolic links are followed, each real folder once.
 */
export function* walk(root: string): Generator<WalkedFile, void, undefined> {
  const visited = new Set<string>();
  const stack: Folder[] = [];
  const enter = (path: string): void => {
    const id = identity(path);
    if (id === undefined || visited.has(id)) return;
    visited.add(id);
    const f = readFolder(path);
    if (f) stack.push(f);
  };
  enter(root);
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next === f.names.length) {
      stack.pop();
      continue;
    }
    const name = f.names[f.next++]!;
    if (f.dirs.has(name)) {
      enter(f.prefix + name);
      continue;
    }
    const sc = sidecarPath(name);
    yield { path: f.prefix + name, sidecar: f.sidecars.has(sc) ? f.prefix + sc : undefined };
  }
}

/**
 * The sources, one at a time; problems with operands are pushed to `errors`
 * as they are met (a missing path, a glob matching nothing, a device).
 */
export async function* discover(operands: readonly string[], cwd: string, stdinNdjson: boolean, errors: DiscoveryError[]): AsyncGenerator<Source, void, undefined> {
  // Only needed to drop a file named twice, which takes two operands.
  const seen = operands.length > 1 ? new Set<string>() : undefined;
  // An operand named twice (`a.json ./a.json`) is looked at once, so a problem with it is reported once.
  const seenOperands = operands.length > 1 ? new Set<string>() : undefined;
  const folders = folderLists();

  // Sidecars are never sources: the walk leaves them out, single() below too.
  const source = (abs: string, sidecar: string | undefined, shown?: string): Source | undefined => {
    if (seen) {
      if (seen.has(abs)) return undefined;
      seen.add(abs);
    }
    const display = shown ?? displayPath(cwd, abs);
    return { kind: "file", path: abs, display, ndjson: NDJSON.test(abs), sidecar, folders: folders(display) };
  };
  // A file named on its own, or matched by a glob (which need not match the sidecars): its sidecar is looked up beside it.
  const single = (abs: string): Source | undefined => {
    if (isSidecar(abs)) return undefined;
    const sc = sidecarPath(abs);
    return source(abs, sc !== abs && isRegularFile(sc) ? sc : undefined);
  };

  for (const operand of operands) {
    if (operand === "-") {
      if (!seen?.has("-")) yield { kind: "stdin", path: "-", display: STDIN_NAME, ndjson: stdinNdjson, sidecar: undefined, folders: [] };
      seen?.add("-");
      continue;
    }
    const abs = resolve(cwd, operand);
    if (seenOperands) {
      if (seenOperands.has(abs)) continue;
      seenOperands.add(abs);
    }
    let st: Stats;
    try {
      st = statSync(abs);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const { glob, isDynamicPattern } = code === "ENOENT" ? await globber() : { glob: undefined, isDynamicPattern: () => false };
      if (glob && isDynamicPattern(operand)) {
        const found = (await glob(operand, { cwd, absolute: true, onlyFiles: true, expandDirectories: false })).sort();
        let docs = 0;
        for (const f of found) {
          // onlyFiles lets devices, FIFOs and sockets (and links to them) through: skip them unopened.
          if (isSidecar(f) || !isRegularFile(f)) continue;
          docs++;
          const src = single(resolve(f));
          if (src) yield src;
        }
        if (docs === 0) errors.push({ path: operand, message: "no files match this pattern" });
        continue;
      }
      errors.push({ path: operand, message: code === "ENOENT" ? "no such file or directory" : `cannot be read (${code ?? String(e)})` });
      continue;
    }
    if (!st.isDirectory()) {
      // Named explicitly, a device or FIFO is a mistake worth exit 2 (reading /dev/zero never ends).
      const why = notRegular(st);
      if (why !== undefined) {
        errors.push({ path: operand, message: why });
        continue;
      }
      const src = single(abs);
      if (src) yield src;
      continue;
    }
    // Shown paths are joined by hand: path.relative per file costs more than the walk.
    const shownBase = relative(cwd, abs) === "" ? "" : displayPath(cwd, abs);
    const prefix = shownBase === "" || shownBase.endsWith("/") ? shownBase : shownBase + "/";
    const cut = abs.length + (abs.endsWith(sep) ? 0 : 1);
    let docs = 0;
    for (const f of walk(abs)) {
      docs++;
      const src = source(f.path, f.sidecar, prefix + (sep === "/" ? f.path.slice(cut) : f.path.slice(cut).split(sep).join("/")));
      if (src) yield src;
    }
    if (docs === 0) errors.push({ path: operand, message: "no *.json, *.jsonl or *.ndjson files in this folder" });
  }
}
