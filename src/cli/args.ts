/** The command line, parsed with node:util parseArgs; every mistake is a usage error (exit 2). */
import { parseArgs } from "node:util";
import type { Expect } from "./expectations.js";
import { FORMATS, type FormatName } from "./formats/names.js";
import { FAMILY_NAMES, type Mode } from "./registry.js";
import { urlRun } from "./url-operand.js";
import { A2A_VERSIONS, VERSION_FAMILIES, type A2aVersionOption } from "./versions.js";

/** The v1 protocol revisions: A2A v1.0 (the default) and the pre-release proto of 2026-02-17. */
export const REVISIONS = ["1.0", "2026-02-17"] as const;
export type Revision = (typeof REVISIONS)[number];

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

export interface ValidateOptions {
  readonly command: "validate";
  readonly operands: readonly string[];
  readonly format: FormatName | undefined;
  readonly expect: Expect;
  readonly family: string | undefined;
  readonly type: string | undefined;
  readonly mode: Mode | undefined;
  readonly revision: Revision | undefined;
  readonly method: string | undefined;
  readonly freshness: boolean;
  readonly maxBytes: number;
  readonly ndjson: boolean;
  /** `--verify-signatures --jwks <file>`: the JWK Set file agent card signatures are checked against. */
  readonly jwks: string | undefined;
  /** `--follow-symlinks`: links may lead outside an operand's tree (never into /proc or /sys). */
  readonly followSymlinks: boolean;
  /** `--stream <method>`: every file is a list of stream events of that RPC (a JSON array or JSON Lines). */
  readonly stream?: "SendStreamingMessage" | "SubscribeToTask" | undefined;
  /** `--har`: standard input is a HAR capture (files are known by their `.har` name). */
  readonly har?: boolean;
  /** `--allow-private`: URL operands may be on loopback, private and other non-public addresses (never cloud metadata), over plain http too. */
  readonly allowPrivate: boolean;
  /** `--probe`: read-only checks against each interface of a fetched card. */
  readonly probe: boolean;
  /** `--a2a-version 1.0|0.3|auto`: validate each document as that A2A version, or as the one it is. */
  readonly a2aVersion?: A2aVersionOption | undefined;
}

export type Command =
  | ValidateOptions
  | { readonly command: "help" }
  | { readonly command: "version" }
  | { readonly command: "list"; readonly family: string | undefined; readonly json: boolean }
  | { readonly command: "schema"; readonly family: string; readonly type: string; readonly mode: Mode };

export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * Whether `e` is a UsageError, by its name: the built CLI is several files, each with its own copy of
 * this class (tsup.config.ts, cliLazyImports), so `instanceof` would miss one thrown in another file.
 */
export function isUsageError(e: unknown): e is UsageError {
  return e instanceof Error && e.name === "UsageError";
}

export const OPTIONS = {
  format: { type: "string", short: "f" },
  expect: { type: "string" },
  family: { type: "string" },
  type: { type: "string", short: "t" },
  mode: { type: "string" },
  revision: { type: "string" },
  "a2a-version": { type: "string" },
  method: { type: "string" },
  freshness: { type: "boolean" },
  "max-bytes": { type: "string" },
  ndjson: { type: "boolean" },
  "follow-symlinks": { type: "boolean" },
  "verify-signatures": { type: "boolean" },
  jwks: { type: "string" },
  stream: { type: "string" },
  har: { type: "boolean" },
  "allow-private": { type: "boolean" },
  probe: { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(", ")}, got "${value}"`);
}

const UNITS: Record<string, number> = { "": 1, b: 1, k: 1024, kb: 1000, kib: 1024, m: 1024 ** 2, mb: 1000 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1000 ** 3, gib: 1024 ** 3 };

/** `10485760`, `512KiB`, `10MiB`, `1GB` */
export function parseBytes(s: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(s);
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) throw new UsageError(`--max-bytes must be a size like 10485760 or 10MiB, got "${s}"`);
  const n = Math.floor(Number(m[1]) * unit);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--max-bytes must be at least 1 byte, got "${s}"`);
  return n;
}

/** Throws UsageError. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values: v, positionals } = parsed;
  if (v.help) return { command: "help" };
  if (v.version) return { command: "version" };

  const family = oneOf("family", v.family, FAMILY_NAMES);
  const mode = oneOf<Mode>("mode", v.mode, ["strict", "lenient"]);
  // A subcommand only as the very first word, so a folder named "list" stays reachable as ./list.
  const sub = argv[0] === "list" || argv[0] === "schema" ? argv[0] : undefined;
  if (sub === "list") {
    if (positionals.length > 1) throw new UsageError(`list takes no operands, got "${positionals[1]}"`);
    return { command: "list", family, json: v.json === true };
  }
  if (sub === "schema") {
    const [, fam, type, extra] = positionals;
    if (fam === undefined || type === undefined) throw new UsageError("usage: a2a-validate schema <family> <Type> [--mode strict|lenient]");
    if (extra !== undefined) throw new UsageError(`schema takes two operands, got "${extra}" too`);
    const f = oneOf("family", fam, FAMILY_NAMES)!;
    return { command: "schema", family: f, type, mode: mode ?? "strict" };
  }
  if (v.json) throw new UsageError("--json belongs to `list`; for reports use --format json");
  if (positionals.length === 0) throw new UsageError("no files given: name files, folders, globs, or - for standard input");
  const a2aVersion = oneOf<A2aVersionOption>("a2a-version", v["a2a-version"], A2A_VERSIONS);
  if ((a2aVersion === "1.0" || a2aVersion === "0.3") && family !== undefined && !VERSION_FAMILIES[a2aVersion].includes(family)) {
    throw new UsageError(`--a2a-version ${a2aVersion} and --family ${family} contradict each other: A2A ${a2aVersion} is validated by ${VERSION_FAMILIES[a2aVersion].join(", ")}`);
  }
  const urls = urlRun(positionals, v["allow-private"] === true, v.probe === true);
  // A URL run verifies signatures whenever --jwks is given.
  if (!urls && (v["verify-signatures"] === true) !== (v.jwks !== undefined)) throw new UsageError("--verify-signatures and --jwks <file> go together: the JWK Set is what signatures are checked against");
  return {
    command: "validate",
    operands: positionals,
    format: oneOf("format", v.format, FORMATS),
    expect: oneOf<Expect>("expect", v.expect, ["auto", "valid", "invalid"]) ?? "auto",
    family,
    type: v.type,
    mode,
    revision: oneOf<Revision>("revision", v.revision, REVISIONS),
    method: v.method,
    freshness: v.freshness === true,
    maxBytes: v["max-bytes"] === undefined ? DEFAULT_MAX_BYTES : parseBytes(v["max-bytes"]),
    ndjson: v.ndjson === true,
    jwks: v.jwks,
    followSymlinks: v["follow-symlinks"] === true,
    stream: oneOf("stream", v.stream, ["SendStreamingMessage", "SubscribeToTask"] as const),
    ...(v.har === true ? { har: true } : {}),
    allowPrivate: v["allow-private"] === true,
    probe: v.probe === true,
    ...(a2aVersion !== undefined ? { a2aVersion } : {}),
  };
}
