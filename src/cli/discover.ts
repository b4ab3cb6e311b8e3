/**
 * Command-line operands → the documents to validate: files, directories
 * (searched for *.json, *.jsonl, *.ndjson), globs, and `-` for standard input.
 * Sources are produced one at a time as validation asks for them, so a huge or
 * deep tree is never held in memory whole. Only regular files are documents:
 * devices, FIFOs and sockets are skipped where found and refused as operands.
 */
// Synchronous fs: a stat per operand is cheaper than loading and awaiting fs/promises.
import { lstatSync, opendirSync, realpathSync, statSync, type Dir, type Stats } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
// tinyglobby loads only when a pattern needs it.
const globber = () => import("tinyglobby");
import { isSidecar, sidecarPath } from "./expectations.js";
import { isSpecial, mayFollow, notFollowed, RealPaths, resolveFrom, within, type Resolved } from "./links.js";
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

/** A path found by a walk or a glob and left alone: a symbolic link out of the operand's tree. */
export interface SkippedPath {
  readonly path: string;
  readonly reason: string;
}

export interface DiscoverOptions {
  /** --follow-symlinks: links may lead outside the operand's tree (never into /proc or /sys). */
  readonly followSymlinks: boolean;
  /** Where skipped paths are pushed as they are met. */
  readonly skipped: SkippedPath[];
}

/** The tree a walk or a glob stays in. */
export interface Tree {
  /** Its real path. */
  readonly root: string;
  /** How reasons name it: the operand as given, or "the working directory". */
  readonly shown: string;
  readonly followAll: boolean;
}

export const STDIN_NAME = "<stdin>";
const NDJSON = /\.(jsonl|ndjson)$/i;
const DOCUMENT = /\.(json|jsonl|ndjson|har)$/;

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
  /** Set when the path is a link that is not followed: why. */
  readonly skipped?: string;
}

interface Folder {
  /** The folder's path with a trailing separator. */
  readonly prefix: string;
  /** Its real path (links resolved), which links in it are resolved from. */
  readonly real: string;
  /** Documents and sub-folders, sorted by name. */
  readonly names: string[];
  /** Which of the names are sub-folders (few, usually: a wide folder costs no more than its names). */
  readonly dirs: Set<string>;
  /** The regular-file sidecars among its entries, by name. */
  readonly sidecars: Set<string>;
  /** Links not followed, with why (few: a Map only when there is one). */
  readonly skips: Map<string, string> | undefined;
  /** The real paths of the sub-folders reached through links. */
  readonly links: Map<string, string> | undefined;
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
function readFolder(path: string, real: string, tree: Tree): Folder | undefined {
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
  let skips: Map<string, string> | undefined;
  let links: Map<string, string> | undefined;
  // Entries are read one at a time and only documents and folders are kept: a wide folder costs its names, no more.
  try {
    for (let e = dir.readSync(); e !== null; e = dir.readSync()) {
      const name = e.name;
      if (name.startsWith(".") || name === "node_modules") continue;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        // A link to a folder or a regular file counts, a dangling one or one to a device does not,
        // and one leading out of the tree is reported, not followed.
        const st = statOrUndefined(prefix + name);
        isDir = st?.isDirectory() === true;
        isFile = st?.isFile() === true && DOCUMENT.test(name);
        if (!isDir && !isFile) continue;
        const r = resolveFrom(real, name);
        if (r === undefined) continue;
        if (!mayFollow(r, tree.root, tree.followAll)) {
          (skips ??= new Map()).set(name, notFollowed(r, tree.shown));
          names.push(name);
          continue;
        }
        if (isDir) (links ??= new Map()).set(name, r.real);
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
  return { prefix, real, names, dirs, sidecars, skips, links, next: 0 };
}

/**
 * The documents below a folder, in sorted order (a folder's entries by name,
 * sub-folders where they sort), one at a time. An explicit stack instead of
 * recursion, and opendir instead of readdir: depth and width cost the open
 * folders' names, nothing per file found. Dot-entries and node_modules are
 * skipped; symbolic links are followed, each real folder once, while their
 * real paths stay inside the tree (links.ts); the others are yielded as skipped.
 */
export function* walk(root: string, tree: Tree): Generator<WalkedFile, void, undefined> {
  const visited = new Set<string>();
  const stack: Folder[] = [];
  const enter = (path: string, real: string): void => {
    const id = identity(path);
    if (id === undefined || visited.has(id)) return;
    visited.add(id);
    const f = readFolder(path, real, tree);
    if (f) stack.push(f);
  };
  enter(root, tree.root);
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.next === f.names.length) {
      stack.pop();
      continue;
    }
    const name = f.names[f.next++]!;
    const skipped = f.skips?.get(name);
    if (skipped !== undefined) {
      yield { path: f.prefix + name, sidecar: undefined, skipped };
      continue;
    }
    if (f.dirs.has(name)) {
      enter(f.prefix + name, f.links?.get(name) ?? (f.real.endsWith(sep) ? f.real + name : f.real + sep + name));
      continue;
    }
    const sc = sidecarPath(name);
    yield { path: f.prefix + name, sidecar: f.sidecars.has(sc) ? f.prefix + sc : undefined };
  }
}

/** The part of a glob before its first pattern segment (`fixtures/v1/*.json` → `fixtures/v1`, `*.json` → `""`), and the segments after it. */
function staticBase(pattern: string, isDynamic: (p: string) => boolean): { base: string; rest: string[] } {
  const parts = pattern.split("/");
  let k = 0;
  while (k < parts.length - 1 && !isDynamic(parts[k]!)) k++;
  const base = parts.slice(0, k).join("/");
  return { base: base === "" && pattern.startsWith("/") ? "/" : base, rest: parts.slice(k) };
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
/** "no … here", with the links that were not followed when there were some. */
const noneHere = (what: string, skipped: number): string => (skipped === 0 ? what : `${what} (${plural(skipped, "symbolic link", "symbolic links")} not followed)`);

/**
 * The sources, one at a time; problems with operands are pushed to `errors`
 * as they are met (a missing path, a glob matching nothing, a device), and
 * links a walk or a glob does not follow to `o.skipped`. An operand itself may
 * lead, through links, anywhere inside the working directory (or, for a path
 * outside it, inside its own folder); further only with --follow-symlinks.
 */
export async function* discover(
  operands: readonly string[],
  cwd: string,
  stdinNdjson: boolean,
  errors: DiscoveryError[],
  o: DiscoverOptions = { followSymlinks: false, skipped: [] },
): AsyncGenerator<Source, void, undefined> {
  // Only needed to drop a file named twice, which takes two operands.
  const seen = operands.length > 1 ? new Set<string>() : undefined;
  // An operand named twice (`a.json ./a.json`) is looked at once, so a problem with it is reported once.
  const seenOperands = operands.length > 1 ? new Set<string>() : undefined;
  const folders = folderLists();
  const reals = new RealPaths();
  const followAll = o.followSymlinks;
  const cwdBase = cwd.endsWith(sep) ? cwd : cwd + sep;
  const skip = (abs: string, reason: string): void => {
    o.skipped.push({ path: displayPath(cwd, abs), reason });
  };

  /** The tree an operand (a file, a folder, a glob's base) may lead into, and its own real path; or an error pushed. */
  const place = (operand: string, abs: string, plain = false): { real: string; tree: Tree } | undefined => {
    const r = reals.of(abs, plain);
    if (r === undefined) {
      errors.push({ path: operand, message: "cannot be read (a symbolic link on its path is dangling or loops)" });
      return undefined;
    }
    // /proc and /sys named as they are written are the user's to read; reached through a link, never.
    if (r.special && !isSpecial(abs)) {
      errors.push({ path: operand, message: notFollowed(r, "") });
      return undefined;
    }
    const below = abs === cwd || abs.startsWith(cwdBase);
    const anchor = reals.dir(below ? cwd : dirname(abs))?.real;
    const shown = below ? "the working directory" : "its folder";
    if (!followAll && anchor !== undefined && !within(r.real, anchor)) {
      errors.push({ path: operand, message: notFollowed(r, shown) });
      return undefined;
    }
    return { real: r.real, tree: { root: anchor ?? r.real, shown, followAll } };
  };

  /** A file's sidecar beside it, when it is a regular file (or a link to one that stays in the tree). */
  const sidecarOf = (abs: string, tree: Tree): string | undefined => {
    const sc = sidecarPath(abs);
    if (sc === abs) return undefined;
    let st: Stats | undefined;
    try {
      // No exception for a missing path (most sidecars): building one costs more than the lstat.
      st = lstatSync(sc, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    if (st === undefined) return undefined;
    if (!st.isSymbolicLink()) return st.isFile() ? sc : undefined;
    if (!isRegularFile(sc)) return undefined;
    const r = reals.of(sc);
    if (r === undefined) return undefined;
    if (mayFollow(r, tree.root, followAll)) return sc;
    skip(sc, notFollowed(r, tree.shown));
    return undefined;
  };

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
  const single = (abs: string, tree: Tree): Source | undefined => {
    if (isSidecar(abs)) return undefined;
    return source(abs, sidecarOf(abs, tree));
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
    let link = false;
    try {
      // lstat first: a path that is no link (the usual case) then costs no more look-ups to place.
      st = lstatSync(abs);
      if (st.isSymbolicLink()) {
        link = true;
        st = statSync(abs);
      }
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const { glob, isDynamicPattern } = code === "ENOENT" ? await globber() : { glob: undefined, isDynamicPattern: () => false };
      if (glob && isDynamicPattern(operand)) {
        const { base, rest } = staticBase(operand, isDynamicPattern);
        const baseAbs = resolve(cwd, base);
        // A base that does not exist matches nothing; one that leads out of the working directory is refused.
        const baseExists = statOrUndefined(baseAbs) !== undefined;
        const placed = baseExists ? place(operand, baseAbs) : undefined;
        if (baseExists && placed === undefined) continue;
        const tree: Tree = placed ? { root: placed.real, shown: base === "" ? "the working directory" : base, followAll } : { root: baseAbs, shown: base, followAll };
        const deep = rest.includes("**");
        /** Files behind links that are not followed, by path: reported if the pattern matches them. */
        const held = new Map<string, Resolved>();
        const folderSkips: SkippedPath[] = [];
        // tinyglobby asks realpath for every link it meets: a folder out of the tree is not entered.
        const judge = (p: string): Resolved | Error => {
          const at = resolve(cwd, p);
          const r = reals.of(at);
          if (r === undefined) return Object.assign(new Error(`dangling link ${p}`), { code: "ENOENT" });
          if (mayFollow(r, tree.root, followAll)) return r;
          if (statOrUndefined(r.real)?.isDirectory() !== true) {
            held.set(at, r);
            return r;
          }
          // Reported when the pattern could have gone into it.
          if (deep || relative(baseAbs, at).split(sep).length < rest.length) folderSkips.push({ path: displayPath(cwd, at), reason: notFollowed(r, tree.shown) });
          return Object.assign(new Error(`not followed: ${p}`), { code: "ELOOP" });
        };
        const fs = {
          realpath: (p: string, done: (e: Error | null, real?: string) => void): void => {
            const r = judge(p);
            if (r instanceof Error) done(r);
            else done(null, r.real);
          },
          realpathSync: (p: string): string => {
            const r = judge(p);
            if (r instanceof Error) throw r;
            return r.real;
          },
        };
        const found = (await glob(operand, { cwd, absolute: true, onlyFiles: true, expandDirectories: false, fs: fs as never })).sort();
        let docs = 0;
        let skipped = folderSkips.length;
        o.skipped.push(...folderSkips.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
        for (const f of found) {
          // onlyFiles lets devices, FIFOs and sockets (and links to them) through: skip them unopened.
          if (isSidecar(f) || !isRegularFile(f)) continue;
          const at = resolve(f);
          const r = held.get(at);
          if (r !== undefined) {
            skip(at, notFollowed(r, tree.shown));
            skipped++;
            continue;
          }
          docs++;
          const src = single(at, tree);
          if (src) yield src;
        }
        if (docs === 0) errors.push({ path: operand, message: noneHere("no files match this pattern", skipped) });
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
      const placed = place(operand, abs, !link);
      if (placed === undefined) continue;
      const src = single(abs, placed.tree);
      if (src) yield src;
      continue;
    }
    const placed = place(operand, abs, !link);
    if (placed === undefined) continue;
    // Shown paths are joined by hand: path.relative per file costs more than the walk.
    const shownBase = relative(cwd, abs) === "" ? "" : displayPath(cwd, abs);
    const prefix = shownBase === "" || shownBase.endsWith("/") ? shownBase : shownBase + "/";
    const cut = abs.length + (abs.endsWith(sep) ? 0 : 1);
    const tree: Tree = { root: placed.real, shown: shownBase === "" ? "the working directory" : shownBase, followAll };
    let docs = 0;
    let skipped = 0;
    for (const f of walk(abs, tree)) {
      const shown = prefix + (sep === "/" ? f.path.slice(cut) : f.path.slice(cut).split(sep).join("/"));
      if (f.skipped !== undefined) {
        o.skipped.push({ path: shown, reason: f.skipped });
        skipped++;
        continue;
      }
      docs++;
      const src = source(f.path, f.sidecar, shown);
      if (src) yield src;
    }
    if (docs === 0) errors.push({ path: operand, message: noneHere("no *.json, *.jsonl, *.ndjson or *.har files in this folder", skipped) });
  }
}
