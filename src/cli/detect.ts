/**
 * What a document is: the command line (or a sidecar) first, then the
 * families' claims on its content, then the names of the folders it sits in
 * (`fixtures/v1/invalid/Task/x.json`), which only settle what content leaves open.
 */
import { describeValue } from "../core/issue.js";
import type { CliIssue, Family } from "./registry.js";

export type Resolution = { readonly family: Family; readonly type: string } | { readonly issue: CliIssue };

export interface Wanted {
  readonly family?: string | undefined;
  readonly type?: string | undefined;
}

const issue = (code: string, message: string, allowed?: readonly string[]): CliIssue => ({
  path: [],
  pointer: "",
  code,
  message,
  ...(allowed ? { allowed } : {}),
});

type Candidate = readonly [Family, string];

function listOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function names(cands: readonly Candidate[]): string[] {
  const families = new Set(cands.map(([f]) => f.name));
  return cands.map(([f, t]) => (families.size > 1 ? `${f.name} ${t}` : t));
}

/** Narrows candidates by folder names: a folder named after a family or a type. */
function byFolders(cands: readonly Candidate[], folders: readonly string[]): Candidate[] {
  const dirs = new Set(folders);
  let out = cands.filter(([, t]) => dirs.has(t));
  const fam = out.filter(([f]) => dirs.has(f.name));
  if (fam.length > 0) out = fam;
  return out;
}

export function resolve(value: unknown, families: readonly Family[], wanted: Wanted, folders: readonly string[]): Resolution {
  const pool = wanted.family === undefined ? families : families.filter((f) => f.name === wanted.family);
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
  const claims = isObject
    ? pool.flatMap((f) => {
        const c = f.detect(value as object);
        return c ? [{ family: f, claim: c }] : [];
      })
    : [];

  if (wanted.type !== undefined) {
    const owners: Candidate[] = pool.flatMap((f) => {
      const t = f.resolveType(wanted.type!);
      return t === undefined ? [] : [[f, t] as const];
    });
    if (owners.length === 1) return { family: owners[0]![0], type: owners[0]![1] };
    if (owners.length === 0) {
      const where = wanted.family === undefined ? "any family" : `family ${wanted.family}`;
      return { issue: issue("unknown_type", `there is no type "${wanted.type}" in ${where}; \`a2a-validate list\` shows them`) };
    }
    // The same name in several families: the content's family decides.
    const strongest = Math.max(0, ...claims.map((c) => c.claim.strength));
    const claimed = owners.filter(([f]) => claims.some((c) => c.family === f && c.claim.strength === strongest));
    const picked = claimed.length === 1 ? claimed : byFolders(owners, folders);
    if (picked.length === 1) return { family: picked[0]![0], type: picked[0]![1] };
    return { issue: issue("ambiguous", `type "${wanted.type}" exists in ${listOr(owners.map(([f]) => f.name))}; --family settles it`, names(owners)) };
  }

  if (claims.length === 0) {
    const all: Candidate[] = pool.flatMap((f) => f.types.map((t) => [f, t.name] as const));
    const hinted = byFolders(all, folders);
    if (hinted.length === 1) return { family: hinted[0]![0], type: hinted[0]![1] };
    if (!isObject) return { issue: issue("undetected", `must be an object (an A2A document), got ${describeValue(value)}`) };
    const what =
      wanted.family === undefined
        ? "is not a recognisable A2A document (no legacy message_type or message_id, no JSON-RPC jsonrpc, no keys of a v1 message)"
        : `is not a recognisable ${wanted.family} document`;
    return { issue: issue("undetected", `${what}; --type settles it`) };
  }

  const strongest = Math.max(...claims.map((c) => c.claim.strength));
  const cands: Candidate[] = claims
    .filter((c) => c.claim.strength === strongest)
    .flatMap((c) => c.claim.types.map((t) => [c.family, t] as const));
  if (cands.length === 1) return { family: cands[0]![0], type: cands[0]![1] };
  const hinted = byFolders(cands, folders);
  if (hinted.length === 1) return { family: hinted[0]![0], type: hinted[0]![1] };
  const several = new Set(cands.map(([f]) => f.name)).size > 1;
  return {
    issue: issue("ambiguous", `could be ${listOr(names(cands))}; ${several ? "--family and --type settle" : "--type settles"} it`, names(cands)),
  };
}
