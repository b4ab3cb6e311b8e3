/**
 * `--a2a-version 1.0|0.3|auto`: which A2A version each document is validated
 * as. 1.0 and 0.3 narrow the run to that version's families; auto asks
 * detectVersion per document (a JSON-RPC method name, v0.3's `kind`, v1.0's
 * `supportedInterfaces`, ...) and validates it as what it is: a hybrid agent
 * card by both views and their agreement, a document of neither version as
 * without the option. A family named by `--family` or a sidecar still decides
 * the family; the version is reported either way.
 */
import { detectVersion } from "../versions/detect.js";
import type { VersionDetection } from "../versions/evidence.js";
import { checker, isError, type Checker, type DocumentCheck } from "./check.js";
import type { Wanted } from "./detect.js";
import { Families, type CheckContext, type CliIssue } from "./registry.js";

/** The values of `--a2a-version`. */
export const A2A_VERSIONS = ["1.0", "0.3", "auto"] as const;
export type A2aVersionOption = (typeof A2A_VERSIONS)[number];

/** The families that validate each version. */
export const VERSION_FAMILIES: Readonly<Record<"1.0" | "0.3", readonly string[]>> = { "1.0": ["v1", "object-schemas"], "0.3": ["v0.3"] };

/** The A2A version a document was validated as, and why, as the reports show it. */
export interface DocumentVersion {
  readonly version: "1.0" | "0.3" | "hybrid" | "unknown";
  /** "option": `--a2a-version 1.0|0.3`; else what detectVersion's decision rested on. */
  readonly decidedBy: "option" | "document" | "none";
  /** The keys and values that decided (auto only). */
  readonly evidence: ReadonlyArray<{ readonly pointer: string; readonly value?: string | number | boolean | null; readonly version: string; readonly reason: string }>;
}

/** The first piece of evidence, in a few words: `by /method "message/send"`. */
export function versionWords(v: DocumentVersion): string {
  const first = v.evidence[0];
  const by = v.decidedBy === "option" ? "by --a2a-version" : first === undefined ? "no evidence" : `by ${first.pointer === "" ? "(root)" : first.pointer}${first.value !== undefined ? ` ${JSON.stringify(first.value)}` : ""}`;
  return `A2A ${v.version}, ${by}`;
}

const documentVersion = (d: VersionDetection): DocumentVersion => ({
  version: d.version,
  decidedBy: d.decidedBy === "header" ? "document" : d.decidedBy,
  evidence: d.evidence.flatMap((e) => (e.pointer === undefined ? [] : [{ pointer: e.pointer, ...(e.value !== undefined ? { value: e.value } : {}), version: e.version, reason: e.reason }])),
});

const issue = (code: string, message: string, hint?: string): CliIssue => ({ path: [], pointer: "", code, message, ...(hint !== undefined ? { hint } : {}) });

const withVersion = (c: DocumentCheck, v: DocumentVersion): DocumentCheck => ({ ...c, a2aVersion: v });

/** The run's families narrowed to a version's; the same object each time per version. */
function narrowed(families: Families, version: "1.0" | "0.3", cache: Map<string, Families>): Families {
  let f = cache.get(version);
  if (f === undefined) cache.set(version, (f = new Families(families.entries.filter((e) => VERSION_FAMILIES[version].includes(e.name)))));
  return f;
}

/** A hybrid card: its v1.0 view, its v0.3 view and their agreement (src/versions/hybrid-card.ts). */
async function hybridCheck(value: unknown, v: DocumentVersion): Promise<DocumentCheck> {
  const { checkHybridCard } = await import("../versions/hybrid-card.js");
  const r = checkHybridCard(value);
  const issues: CliIssue[] = r.ok ? [...(r.warnings ?? [])] : [...r.issues];
  return { family: "v1+v0.3", type: "AgentCard", mode: undefined, issues, valid: !issues.some(isError), a2aVersion: v };
}

/**
 * The checker of one file under `--a2a-version`: each document is validated as its version (see
 * the module comment) and its DocumentCheck says which version that was.
 */
export function versionChecker(families: Families, wanted: Wanted, ctx: CheckContext, folders: readonly string[], option: A2aVersionOption): Checker {
  const narrowedCache = new Map<string, Families>();
  const checkers = new Map<string, Checker | Promise<Checker>>();
  /** The checker of a pool of families, built once per file. */
  const via = (key: string, pool: Families): Checker | Promise<Checker> => {
    let c = checkers.get(key);
    if (c === undefined) checkers.set(key, (c = checker(pool, wanted, ctx, folders)));
    return c;
  };
  const run = (c: Checker | Promise<Checker>, value: unknown, v: DocumentVersion): DocumentCheck | Promise<DocumentCheck> => {
    const r = c instanceof Promise ? c.then((f) => f(value)) : c(value);
    return r instanceof Promise ? r.then((x) => withVersion(x, v)) : withVersion(r, v);
  };
  const asVersion = (version: "1.0" | "0.3", value: unknown, v: DocumentVersion): DocumentCheck | Promise<DocumentCheck> => {
    const pool = narrowed(families, version, narrowedCache);
    if (pool.entries.length === 0 || (wanted.family !== undefined && !VERSION_FAMILIES[version].includes(wanted.family))) {
      const why = pool.entries.length === 0 ? `no family of this run validates A2A ${version}` : `family ${wanted.family} does not validate A2A ${version}`;
      const c: CliIssue = issue("wrong_version", `is ${versionWords(v)}, but ${why}`, `families for ${version}: ${VERSION_FAMILIES[version].join(", ")}`);
      return { family: wanted.family ?? null, type: null, mode: undefined, issues: [c], valid: false, a2aVersion: v };
    }
    return run(via(version, pool), value, v);
  };

  if (option !== "auto") {
    const v: DocumentVersion = { version: option, decidedBy: "option", evidence: [] };
    return (value) => asVersion(option, value, v);
  }
  return (value) => {
    const v = documentVersion(detectVersion(value));
    // A family named by --family or the sidecar decides; the version is still reported.
    if (wanted.family !== undefined) return run(via("all", families), value, v);
    switch (v.version) {
      case "1.0":
      case "0.3":
        return asVersion(v.version, value, v);
      case "hybrid":
        if (wanted.type === undefined || wanted.type === "AgentCard") return hybridCheck(value, v);
        return asVersion("1.0", value, v);
      default:
        return run(via("all", families), value, v);
    }
  };
}
