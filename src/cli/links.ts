/**
 * Where a symbolic link leads, for keeping a walk or a glob inside the tree it
 * was given: a link whose real path leaves the operand's root is not followed
 * (unless --follow-symlinks), and a link that passes through /proc or /sys is
 * never followed (/proc/self/environ holds the environment's secrets).
 */
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, resolve, sep } from "node:path";

/** Where a path really is, and whether a link on the way led into /proc or /sys. */
export interface Resolved {
  readonly real: string;
  readonly special: boolean;
}

const SPECIAL = /^\/(proc|sys)(\/|$)/;
/** Links followed in one resolution before giving up (Linux's own limit). */
const MAX_HOPS = 40;

/** Whether a path is under /proc or /sys as written (named by the user, not reached through a link). */
export function isSpecial(path: string): boolean {
  return SPECIAL.test(path);
}

/**
 * Resolves `rest` against `base`, a real absolute path, component by component
 * (a link only costs an lstat and a readlink each), and notes any link that
 * leads into /proc or /sys on the way, even one that ends elsewhere
 * (`/dev/fd/3` → `/proc/self/fd/3` → a file). Undefined for a dangling link,
 * a loop or an unreadable component.
 */
export function resolveFrom(base: string, rest: string): Resolved | undefined {
  // Windows has no /proc; its own realpath is enough there.
  if (sep !== "/") {
    try {
      return { real: realpathSync.native(resolve(base, rest)), special: false };
    } catch {
      return undefined;
    }
  }
  let at = base;
  const todo = rest.split("/").reverse();
  let hops = 0;
  let special = false;
  while (todo.length > 0) {
    const part = todo.pop()!;
    if (part === "" || part === ".") continue;
    if (part === "..") {
      at = dirname(at);
      continue;
    }
    const next = at === "/" ? "/" + part : at + "/" + part;
    if (hops > 0 && SPECIAL.test(next)) special = true;
    let link: string;
    try {
      if (!lstatSync(next).isSymbolicLink()) {
        at = next;
        continue;
      }
      if (++hops > MAX_HOPS) return undefined;
      link = readlinkSync(next);
    } catch {
      return undefined;
    }
    if (link.startsWith("/")) at = "/";
    const parts = link.split("/");
    for (let k = parts.length - 1; k >= 0; k--) todo.push(parts[k]!);
  }
  if (hops > 0 && SPECIAL.test(at)) special = true;
  return { real: at, special };
}

/** Whether `real` is `root` or below it (both real paths). */
export function within(real: string, root: string): boolean {
  if (real === root) return true;
  const base = root.endsWith(sep) ? root : root + sep;
  return real.startsWith(base);
}

/** Why a link was not followed, in words. */
export function notFollowed(r: Resolved, rootShown: string): string {
  if (r.special) return `is a symbolic link into ${r.real.startsWith("/sys") ? "/sys" : "/proc"}, which is never followed`;
  return `is a symbolic link leading outside ${rootShown}: not followed (--follow-symlinks follows it)`;
}

/**
 * Whether a link may be followed from a tree whose real root is `root`: never
 * into /proc or /sys, and outside the root only with --follow-symlinks.
 */
export const mayFollow = (r: Resolved, root: string, followAll: boolean): boolean => !r.special && (followAll || within(r.real, root));

/**
 * Real paths of absolute paths, their folders remembered: a shell-expanded glob
 * names thousands of files in a few folders, and each then costs one lstat.
 */
export class RealPaths {
  private readonly dirs = new Map<string, Resolved | undefined>();

  /** A folder's real path, remembered. */
  dir(path: string): Resolved | undefined {
    if (this.dirs.has(path)) return this.dirs.get(path);
    const r = this.of(path);
    this.dirs.set(path, r);
    return r;
  }

  /** `plain`: the path itself is known not to be a link (an lstat said so), which saves one. */
  of(abs: string, plain = false): Resolved | undefined {
    const parent = dirname(abs);
    if (parent === abs) return { real: abs, special: false };
    const d = this.dir(parent);
    if (d === undefined) return undefined;
    if (plain) return { real: d.real.endsWith(sep) ? d.real + basename(abs) : d.real + sep + basename(abs), special: d.special };
    const r = resolveFrom(d.real, basename(abs));
    return r && (d.special ? { real: r.real, special: true } : r);
  }
}
