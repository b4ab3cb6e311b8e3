/**
 * The families the CLI knows, as data. A family is one adapter module loaded on
 * demand (so `--version` and `list` stay cheap); adding a family (the session
 * family, say) is one adapter file and one entry in FAMILIES.
 */
import type { ValidationIssue } from "../core/issue.js";

export type Mode = "strict" | "lenient";

/** An issue as the CLI reports it: the library's shape, plus CLI-only codes. */
export type CliIssue = Omit<ValidationIssue, "code"> & { readonly code: string };

export interface CheckContext {
  /** The mode asked for; undefined means the family's default. */
  readonly mode: Mode | undefined;
  /** The v1 protocol revision (`--revision` or a sidecar's); undefined means the default, A2A v1.0. */
  readonly revision?: string | undefined;
  /** The RPC a JSON-RPC response answers, when the user or a sidecar named it. */
  readonly method: string | undefined;
  /** Adds time-dependent checks (legacy freshness). */
  readonly freshness: boolean;
  readonly now: number;
  /** Per-stream memory: a JSON-RPC request's method, keyed by its id, for the responses after it. */
  readonly stream: Map<string, string>;
}

/** How sure a family is that a document is its own. */
export const CERTAIN = 3; // a discriminator key: message_type, jsonrpc
export const LIKELY = 2; // every key fits
export const POSSIBLE = 1; // most keys fit

export interface Claim {
  /** One type: detected. Several: ambiguous between them. */
  readonly types: readonly string[];
  readonly strength: number;
  /** Between claims of equal strength, the higher wins: how many of the document's keys the types know. */
  readonly score?: number;
}

export interface TypeInfo {
  readonly name: string;
  /** One line for `list` (e.g. the legacy message_type). */
  readonly note?: string;
}

export interface Checked {
  /** The type finally validated against (a dispatching type refines to the concrete one). */
  readonly type: string;
  readonly issues: readonly CliIssue[];
  /** The mode validated in, for a family that has modes. */
  readonly mode?: string;
}

export interface Family {
  readonly name: string;
  /**
   * Loads the validators, once: detection, `list` and `schema` work without
   * them, so a run pays only for the families its documents belong to.
   */
  prepare(): Promise<void>;
  /** Whether validate() can be called (prepare() has finished). */
  readonly ready: boolean;
  readonly types: readonly TypeInfo[];
  /** A CERTAIN claim by a discriminator key (message_type, jsonrpc); checked before detect(). */
  discriminate?(value: object): Claim | undefined;
  /** A weaker claim by the document's keys; `undefined` when the document is not this family's at all. */
  detect(value: object): Claim | undefined;
  /**
   * What detect() reads of a document besides the set of its own keys, as one of a few fixed strings
   * without control characters; omitted when the key set is all it reads. Detection remembers its
   * decisions by key set and these strings (test/cli/detect-fast.test.ts holds detect() to it).
   */
  detectionInputs?(value: object): string;
  /** The canonical spelling of a type name, or undefined when the family has no such type. */
  resolveType(name: string): string | undefined;
  validate(type: string, value: unknown, ctx: CheckContext): Checked;
  /**
   * True only when validate() is sure to report an error, seen cheaply (a required key absent):
   * detection then validates the type only if no other candidate passes. False when unsure.
   */
  rejects?(type: string, value: unknown, ctx: CheckContext): boolean;
  /** The type's JSON Schema, or undefined when the family has no such type. */
  schema(type: string, mode: Mode): Promise<unknown>;
  /** The family's modes, default first; empty when `--mode` means nothing to it. */
  readonly modes: readonly string[];
}

export interface FamilyEntry {
  readonly name: string;
  readonly summary: string;
  /**
   * The own keys the family's discriminate() looks for: without any of them it claims nothing, so a
   * document with none of them never needs the family loaded to be told apart from it.
   */
  readonly discriminators?: readonly string[];
  load(): Promise<Family>;
}

export const FAMILIES: readonly FamilyEntry[] = [
  {
    name: "legacy",
    summary: "the legacy envelope (message_type / message_id)",
    discriminators: ["message_type"],
    load: () => import("./families/legacy.js").then((m) => m.legacy),
  },
  {
    name: "v1",
    summary: "A2A v1 (lf.a2a.v1): the messages of A2A v1.0 (and of revision 2026-02-17) and the JSON-RPC binding",
    discriminators: ["jsonrpc"],
    load: () => import("./families/v1.js").then((m) => m.v1),
  },
  {
    name: "session",
    summary: 'the session REST flavour of the "A2A Protocol JSON Specification" (agent card with api/auth, sessions, messages, artifacts)',
    load: () => import("./families/session.js").then((m) => m.session),
  },
  {
    name: "v0.3",
    summary: "A2A v0.3 (the v0.3.0 JSON Schema): its 93 definitions and the JSON-RPC binding of its ten methods",
    load: () => import("./families/v0.3.js").then((m) => m.v03),
  },
  {
    name: "object-schemas",
    summary: 'v1 agent cards that declare the "Input/output schemas" extension',
    load: () => import("./families/object-schemas.js").then((m) => m.objectSchemas),
  },
];

export const FAMILY_NAMES: readonly string[] = FAMILIES.map((f) => f.name);

/** A module loaded on first use, readable synchronously afterwards. */
export function lazy<T>(load: () => Promise<T>): { get(): T | undefined; load(): Promise<void> } {
  let value: T | undefined;
  let pending: Promise<void> | undefined;
  return {
    get: () => value,
    load: () =>
      (pending ??= load().then((v) => {
        value = v;
      })),
  };
}

const loaded = new Map<string, Promise<Family>>();

export function loadFamily(name: string): Promise<Family> | undefined {
  const entry = FAMILIES.find((f) => f.name === name);
  if (!entry) return undefined;
  let p = loaded.get(name);
  if (!p) {
    p = entry.load();
    loaded.set(name, p);
  }
  return p;
}

export async function loadFamilies(names: readonly string[] = FAMILY_NAMES): Promise<Family[]> {
  return Promise.all(names.map((n) => loadFamily(n)!));
}

/**
 * The families of one run, each loaded when a document first needs it: a legacy envelope (or a
 * JSON-RPC body) loads its own family alone; the first document whose keys must be weighed
 * against every family's loads them all.
 */
export class Families {
  /** Each discriminator key with the index of its family, for the fast path of detection. */
  readonly discriminators: readonly (readonly [key: string, family: number])[];
  private readonly loaded: (Family | undefined)[];
  private list: readonly Family[] | undefined;
  private pending: Promise<readonly Family[]> | undefined;

  constructor(readonly entries: readonly FamilyEntry[]) {
    this.loaded = entries.map(() => undefined);
    this.discriminators = entries.flatMap((e, i) => (e.discriminators ?? []).map((k) => [k, i] as const));
  }

  /** The family at `i` when it is loaded. */
  get(i: number): Family | undefined {
    return this.loaded[i];
  }

  load(i: number): Promise<Family> {
    return loadFamily(this.entries[i]!.name)!.then((f) => (this.loaded[i] = f));
  }

  /** Every family, in the registry's order: the same array each time (detection caches by it). */
  all(): readonly Family[] | Promise<readonly Family[]> {
    if (this.list) return this.list;
    return (this.pending ??= Promise.all(this.entries.map((_, i) => this.load(i))).then((l) => (this.list = l)));
  }
}
