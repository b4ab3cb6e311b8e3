/**
 * What a document is: the command line (or a sidecar) first, then a folder
 * named after a type (`fixtures/v1/invalid/Task/x.json`: an invalid fixture's
 * keys may fit another type better), then the families' claims on its content.
 */
import { describeValue } from "../core/issue.js";
import { CERTAIN, type Claim, type CliIssue, type Family } from "./registry.js";

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

/** Per pool of families: every type by name, so folder names cost a map look-up per folder. */
const indexes = new WeakMap<readonly Family[], Map<string, Candidate[]>>();

function typeIndex(pool: readonly Family[]): Map<string, Candidate[]> {
  let index = indexes.get(pool);
  if (!index) {
    index = new Map();
    for (const f of pool) {
      for (const t of f.types) {
        const list = index.get(t.name) ?? [];
        list.push([f, t.name]);
        index.set(t.name, list);
      }
    }
    indexes.set(pool, index);
  }
  return index;
}

const folderCache = new WeakMap<readonly Family[], WeakMap<readonly string[], Candidate[]>>();

/** The types the folders name; cached per folder list, which is one array per file. */
function folderTypes(pool: readonly Family[], folders: readonly string[]): Candidate[] {
  let byFolders = folderCache.get(pool);
  if (!byFolders) folderCache.set(pool, (byFolders = new WeakMap()));
  let out = byFolders.get(folders);
  if (!out) {
    const index = typeIndex(pool);
    byFolders.set(folders, (out = folders.flatMap((d) => index.get(d) ?? [])));
  }
  return out;
}

/** The candidates named by a folder, narrowed to a family also named by a folder. */
function byFolders(cands: readonly Candidate[], folders: readonly string[]): Candidate[] {
  let out = cands.filter(([, t]) => folders.includes(t));
  const fam = out.filter(([f]) => folders.includes(f.name));
  if (fam.length > 0) out = fam;
  return out;
}

interface FamilyClaim {
  readonly family: Family;
  readonly claim: Claim;
}

/** Discriminator keys first: when one is present, key matching cannot win and is skipped. */
function claimsOf(value: object, pool: readonly Family[]): FamilyClaim[] {
  const certain: FamilyClaim[] = [];
  for (const f of pool) {
    const c = f.discriminate?.(value);
    if (c) certain.push({ family: f, claim: c });
  }
  if (certain.length > 0) return certain;
  const out: FamilyClaim[] = [];
  for (const f of pool) {
    const c = f.detect(value);
    if (c) out.push({ family: f, claim: c });
  }
  return out;
}

const pools = new WeakMap<readonly Family[], Map<string, readonly Family[]>>();

/** The families a --family (or sidecar family) allows; the same array each time, so its index is reused. */
function poolOf(families: readonly Family[], family: string | undefined): readonly Family[] {
  if (family === undefined) return families;
  let byName = pools.get(families);
  if (!byName) pools.set(families, (byName = new Map()));
  let pool = byName.get(family);
  if (!pool) byName.set(family, (pool = families.filter((f) => f.name === family)));
  return pool;
}

export function resolve(value: unknown, families: readonly Family[], wanted: Wanted, folders: readonly string[]): Resolution {
  const pool = poolOf(families, wanted.family);
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
  const claims = isObject ? claimsOf(value as object, pool) : [];

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

  // A folder named after a type (fixtures/v1/invalid/Task/) decides, unless the content is plainly another family's.
  const namedByFolder = folderTypes(pool, folders);
  if (namedByFolder.length > 0) {
    const certain = claims.filter((c) => c.claim.strength === CERTAIN);
    const named = byFolders(namedByFolder, folders).filter(([f, t]) =>
      // A discriminator key (message_type, jsonrpc) is never overruled by a folder name; otherwise the
      // type's family must claim the document too, or be named by a folder as well (fixtures/v1/…/Task/).
      certain.length > 0
        ? certain.some((c) => c.family === f && c.claim.types.includes(t))
        : claims.length === 0 || folders.includes(f.name) || claims.some((c) => c.family === f),
    );
    if (named.length === 1) return { family: named[0]![0], type: named[0]![1] };
  }

  if (claims.length === 0) {
    if (!isObject) return { issue: issue("undetected", `must be an object (an A2A document), got ${describeValue(value)}`) };
    const what =
      wanted.family === undefined
        ? "is not a recognisable A2A document (no legacy message_type or message_id, no JSON-RPC jsonrpc, no keys of a v1 or session type)"
        : `is not a recognisable ${wanted.family} document`;
    return { issue: issue("undetected", `${what}; --type settles it`) };
  }
  if (claims.length === 1 && claims[0]!.claim.types.length === 1) return { family: claims[0]!.family, type: claims[0]!.claim.types[0]! };

  const strongest = Math.max(...claims.map((c) => c.claim.strength));
  const top = claims.filter((c) => c.claim.strength === strongest);
  const best = Math.max(...top.map((c) => c.claim.score ?? 0));
  const cands: Candidate[] = top.filter((c) => (c.claim.score ?? 0) === best).flatMap((c) => c.claim.types.map((t) => [c.family, t] as const));
  if (cands.length === 1) return { family: cands[0]![0], type: cands[0]![1] };
  const several = new Set(cands.map(([f]) => f.name)).size > 1;
  return {
    issue: issue("ambiguous", `could be ${listOr(names(cands))}; ${several ? "--family and --type settle" : "--type settles"} it`, names(cands)),
  };
}
