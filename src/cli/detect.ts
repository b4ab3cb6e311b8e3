/**
 * What a document is: the command line (or a sidecar) first, then a folder
 * named after a type (`fixtures/v1/invalid/Task/x.json`: an invalid fixture's
 * keys may fit another type better), then the families' claims on its content.
 * Keys decide on the common path; only when they leave several types equally
 * plausible are those types validated, and the result decides (see settle).
 */
import { describeValue } from "../core/issue.js";
import { CERTAIN, type CheckContext, type Checked, type Claim, type CliIssue, type Families, type Family } from "./registry.js";

/** A type the document may be, with the strength and score of the claim that named it. */
export interface Plausible {
  readonly family: Family;
  readonly type: string;
  readonly strength: number;
  readonly score: number;
}

/**
 * `candidates`: the keys (or a type name several families share) left these types equally
 * plausible; `issue` is then the `ambiguous` issue for a caller that does not validate them,
 * and decide() settles them by validation instead.
 */
export type Resolution =
  | { readonly family: Family; readonly type: string }
  | { readonly issue: CliIssue; readonly candidates?: readonly Plausible[] };

/** What a document was checked as (`checked` holds its issues), or why it could not be. */
export type Decided = { readonly family: Family; readonly checked: Checked } | { readonly issue: CliIssue };

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

const ownerCache = new WeakMap<readonly Family[], Map<string, Candidate[]>>();

/** The families of a pool that have a type of this name; cached, so --type costs a map look-up per document. */
function ownersOf(pool: readonly Family[], type: string): Candidate[] {
  let byType = ownerCache.get(pool);
  if (!byType) ownerCache.set(pool, (byType = new Map()));
  let owners = byType.get(type);
  if (!owners) {
    owners = pool.flatMap((f) => {
      const t = f.resolveType(type);
      return t === undefined ? [] : [[f, t] as const];
    });
    byType.set(type, owners);
  }
  return owners;
}

const settleHint = (cands: readonly { family: Family }[]): string =>
  new Set(cands.map((c) => c.family.name)).size > 1 ? "--family and --type settle it" : "--type settles it";

/**
 * What resolve() answers for every document when the wanted type alone decides (one family of the
 * pool has it, or none does); undefined without a wanted type, or when several families have it.
 */
export function typeResolution(families: readonly Family[], wanted: Wanted): Resolution | undefined {
  if (wanted.type === undefined) return undefined;
  const owners = ownersOf(poolOf(families, wanted.family), wanted.type);
  if (owners.length === 1) return { family: owners[0]![0], type: owners[0]![1] };
  if (owners.length > 1) return undefined;
  const where = wanted.family === undefined ? "any family" : `family ${wanted.family}`;
  return { issue: issue("unknown_type", `there is no type "${wanted.type}" in ${where}; \`a2a-validate list\` shows them`) };
}

export function resolve(value: unknown, families: readonly Family[], wanted: Wanted, folders: readonly string[]): Resolution {
  const pool = poolOf(families, wanted.family);
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);

  if (wanted.type !== undefined) {
    // --type skips detection: the document's keys are read only when several families have the type.
    const fixed = typeResolution(families, wanted);
    if (fixed !== undefined) return fixed;
    // The same name in several families: the content's family decides, then a folder, then validation.
    const owners = ownersOf(pool, wanted.type);
    const claims = isObject ? claimsOf(value as object, pool) : [];
    const strongest = Math.max(0, ...claims.map((c) => c.claim.strength));
    const claimed = owners.filter(([f]) => claims.some((c) => c.family === f && c.claim.strength === strongest));
    const picked = claimed.length === 1 ? claimed : byFolders(owners, folders);
    if (picked.length === 1) return { family: picked[0]![0], type: picked[0]![1] };
    return {
      issue: issue("ambiguous", `type "${wanted.type}" exists in ${listOr(owners.map(([f]) => f.name))}; --family settles it`, names(owners)),
      candidates: owners.map(([family, type]) => ({ family, type, strength: 0, score: 0 })),
    };
  }

  const claims = isObject ? claimsOf(value as object, pool) : [];

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
  const cands: Plausible[] = top
    .filter((c) => (c.claim.score ?? 0) === best)
    .flatMap((c) => c.claim.types.map((type) => ({ family: c.family, type, strength: strongest, score: best })));
  if (cands.length === 1) return { family: cands[0]!.family, type: cands[0]!.type };
  const labels = names(cands.map((c) => [c.family, c.type] as const));
  return { issue: issue("ambiguous", `could be ${listOr(labels)}; ${settleHint(cands)}`, labels), candidates: cands };
}

const isError = (i: CliIssue): boolean => i.severity !== "warning";

/** Validates as the type; a promise only the first time its family is met (its validators load then). */
function checkAs(family: Family, type: string, value: unknown, ctx: CheckContext): Decided | Promise<Decided> {
  if (family.ready) return { family, checked: family.validate(type, value, ctx) };
  return family.prepare().then(() => ({ family, checked: family.validate(type, value, ctx) }));
}

/**
 * How far a document is from a type it failed, as a tuple compared left to right (smaller is
 * closer). "Closest" means, in this order:
 *   1. fewest errors about the document's own fields (a required field missing, a field the type
 *      does not have, a field of the wrong kind: an issue at "/key", or a `required` one at ""):
 *      the type's own fields fit best;
 *   2. fewest errors in all: where the fields fit, the values fit best;
 *   3. the stronger claim from the keys (strength, then how many keys the type knows);
 *   4. the order of families and types (`a2a-validate list`), so the choice is stable.
 * Warnings (lenient mode's ignored fields) do not count.
 */
function distance(c: Plausible, checked: Checked, order: number): readonly number[] {
  let top = 0;
  let all = 0;
  for (const i of checked.issues) {
    if (!isError(i)) continue;
    all++;
    // A missing field is reported at the object that lacks it: its place is one level further down.
    const depth = i.pointer === "" ? 0 : i.pointer.indexOf("/", 1) === -1 ? 1 : 2;
    if (depth + (i.code === "required" ? 1 : 0) <= 1) top++;
  }
  return [top, all, -c.strength, -c.score, order];
}

function closer(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * Several equally plausible types: each is validated. Exactly one accepts the document: that one.
 * Several accept it: ambiguous between those. None does: the closest one's issues (see distance),
 * then a warning naming the others.
 */
function pick(value: unknown, cands: readonly Plausible[], ctx: CheckContext, how: string | undefined): Decided {
  return choose(
    cands.map((c) => ({ c, checked: c.family.validate(c.type, value, ctx) })),
    cands,
    how,
  );
}

interface Validated {
  readonly c: Plausible;
  readonly checked: Checked;
}

/** pick()'s choice, from the candidates' results (in the candidates' order). */
function choose(results: readonly Validated[], cands: readonly Plausible[], how: string | undefined): Decided {
  const valid = results.filter((r) => !r.checked.issues.some(isError));
  const label = (rs: readonly { c: Plausible }[]): string[] => names(rs.map((r) => [r.c.family, r.c.type] as const));
  if (valid.length === 1) return { family: valid[0]!.c.family, checked: valid[0]!.checked };
  if (valid.length > 1) {
    const labels = label(valid);
    return { issue: issue("ambiguous", `could be ${listOr(labels)}; ${how ?? settleHint(valid.map((r) => r.c))}`, labels) };
  }
  let best = 0;
  let bestDistance = distance(results[0]!.c, results[0]!.checked, 0);
  for (let i = 1; i < results.length; i++) {
    const d = distance(results[i]!.c, results[i]!.checked, i);
    if (closer(d, bestDistance)) [best, bestDistance] = [i, d];
  }
  const labels = label(results);
  const chosen = results[best]!;
  const others = labels.filter((_, i) => i !== best);
  const note: CliIssue = {
    ...issue(
      "closest_type",
      `could be ${listOr(labels)} and is valid as none: the issues are those of ${labels[best]}, the closest; ${how ?? settleHint(cands)}`,
      others,
    ),
    severity: "warning",
  };
  return { family: chosen.c.family, checked: { ...chosen.checked, issues: [...chosen.checked.issues, note] } };
}

/**
 * pick(), validating first only the candidates no family rejects outright (Family.rejects: a
 * required key absent). When one of those passes, the rejected ones cannot, and are not validated
 * at all; when none does, every candidate is, and pick()'s rule chooses the closest.
 */
function pickPruned(value: unknown, cands: readonly Plausible[], ctx: CheckContext, how: string | undefined): Decided {
  const rejected = cands.map((c) => c.family.rejects?.(c.type, value, ctx) === true);
  if (!rejected.includes(true)) return pick(value, cands, ctx, how);
  const open = cands.map((c, i) => (rejected[i] ? undefined : { c, checked: c.family.validate(c.type, value, ctx) }));
  const tried = open.filter((r) => r !== undefined);
  if (tried.some((r) => !r.checked.issues.some(isError))) return choose(tried, cands, how);
  return choose(
    cands.map((c, i) => open[i] ?? { c, checked: c.family.validate(c.type, value, ctx) }),
    cands,
    how,
  );
}

type Picker = typeof pick;

/** Validates the candidates, once their families' validators are loaded. `how`: what settles the choice, when not the default. */
export function settle(value: unknown, cands: readonly Plausible[], ctx: CheckContext, how?: string, by: Picker = pick): Decided | Promise<Decided> {
  const loading = [...new Set(cands.map((c) => c.family))].filter((f) => !f.ready).map((f) => f.prepare());
  return loading.length === 0 ? by(value, cands, ctx, how) : Promise.all(loading).then(() => by(value, cands, ctx, how));
}

/**
 * Detects and validates one document: the CLI's single entry for both. `ctx` reaches every
 * validation unchanged, including those that settle a detection, so a mode or protocol revision
 * given there applies to them all.
 */
export function decide(value: unknown, families: readonly Family[], wanted: Wanted, ctx: CheckContext, folders: readonly string[]): Decided | Promise<Decided> {
  return decideResolved(resolve(value, families, wanted, folders), value, wanted, ctx, pick);
}

function decideResolved(r: Resolution, value: unknown, wanted: Wanted, ctx: CheckContext, by: Picker): Decided | Promise<Decided> {
  if ("family" in r) return checkAs(r.family, r.type, value, ctx);
  if (r.candidates === undefined) return r;
  // Candidates under --type are the families that share the type's name.
  return settle(value, r.candidates, ctx, wanted.type === undefined ? undefined : "--family settles it", by);
}

/*
 * The fast path: decides exactly as decide() does, with less work (test/cli/detect-fast.test.ts
 * compares the two on the fixtures and on mutated documents).
 *
 * 1. An object with the discriminator key of one family of the pool and of no other (a legacy
 *    message_type, a JSON-RPC jsonrpc) is that family's CERTAIN claim: decide() would find it
 *    alone (without their keys the other families' discriminate() claims nothing, and detect() is
 *    not asked when a claim is certain), and a folder never overrules it. Only that family is
 *    loaded, and only it is asked.
 * 2. Any other object: resolve() depends on the pool, the wanted family, the folders (the same for
 *    a whole file), the set of the document's keys and each family's detectionInputs, so its answer
 *    is remembered by those, in a bounded trie per file.
 * 3. Candidates left equally plausible are settled by pickPruned: a candidate that lacks a required
 *    key is validated only when no other passes.
 */

/** A file's remembered resolutions: a trie of the keys in document order, then the families' detection inputs. */
export interface KeyMemo {
  readonly root: KeyNode;
  /** Room left, in resolutions and in key characters kept: memory stays bounded whatever the stream. */
  entries: number;
  chars: number;
}

interface KeyNode {
  next?: Map<string, KeyNode>;
  /** By the families' detection inputs, joined. */
  done?: Map<string, Resolution>;
}

/** Documents with more keys, or a longer key, are not remembered. */
const MEMO_KEYS = 64;
const MEMO_KEY_CHARS = 256;

export function keyMemo(): KeyMemo {
  return { root: {}, entries: 512, chars: 1 << 16 };
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The index of the one family of the pool whose discriminator key the object has; -1 for none, -2 for several. */
function discriminatorOwner(value: object, families: Families, family: string | undefined): number {
  let owner = -1;
  const keys = families.discriminators;
  for (let i = 0; i < keys.length; i++) {
    const [key, at] = keys[i]!;
    if (!hasOwn.call(value, key) || at === owner) continue;
    if (family !== undefined && families.entries[at]!.name !== family) continue;
    if (owner !== -1) return -2;
    owner = at;
  }
  return owner;
}

/** The family's certain claim, validated; undefined when it is not a single type (decide() then decides). */
function decideDiscriminated(family: Family, value: object, ctx: CheckContext): Decided | Promise<Decided> | undefined {
  const claim = family.discriminate?.(value);
  return claim !== undefined && claim.types.length === 1 ? checkAs(family, claim.types[0]!, value, ctx) : undefined;
}

/** What the pool's families read besides the keys, as one string. */
function detectionInputs(pool: readonly Family[], value: object): string {
  let out = "";
  for (const f of pool) if (f.detectionInputs !== undefined) out += f.detectionInputs(value) + "\u0000";
  return out;
}

/** resolve() for an object no family discriminates, remembered by its keys and detection inputs. */
function resolveByKeys(value: object, families: readonly Family[], wanted: Wanted, folders: readonly string[], memo: KeyMemo): Resolution {
  const keys = Object.keys(value);
  let node: KeyNode | undefined = memo.root;
  for (let i = 0; i < keys.length && node !== undefined; i++) node = node.next?.get(keys[i]!);
  const inputs = detectionInputs(poolOf(families, wanted.family), value);
  const known = node?.done?.get(inputs);
  if (known !== undefined) return known;
  const r = resolve(value, families, wanted, folders);
  remember(memo, keys, inputs, r);
  return r;
}

function remember(memo: KeyMemo, keys: readonly string[], inputs: string, r: Resolution): void {
  if (memo.entries === 0 || keys.length > MEMO_KEYS) return;
  let chars = 0;
  for (const k of keys) {
    if (k.length > MEMO_KEY_CHARS) return;
    chars += k.length;
  }
  if (chars > memo.chars) return;
  memo.entries--;
  memo.chars -= chars;
  let node = memo.root;
  for (const k of keys) {
    const next: Map<string, KeyNode> = (node.next ??= new Map());
    let child = next.get(k);
    if (child === undefined) next.set(k, (child = {}));
    node = child;
  }
  (node.done ??= new Map()).set(inputs, r);
}

/**
 * decide(), for the families of a run, loading them as the document needs: the fast path first,
 * then full detection. `memo` is the file's (see keyMemo); without a wanted type only.
 */
export function decideFast(value: unknown, families: Families, wanted: Wanted, ctx: CheckContext, folders: readonly string[], memo: KeyMemo): Decided | Promise<Decided> {
  const isObject = value !== null && typeof value === "object" && !Array.isArray(value);
  const owner = isObject && wanted.type === undefined ? discriminatorOwner(value, families, wanted.family) : -2;
  if (owner >= 0) {
    const family = families.get(owner);
    if (family !== undefined) {
      const d = decideDiscriminated(family, value as object, ctx);
      if (d !== undefined) return d;
    } else {
      return families.load(owner).then((f) => decideDiscriminated(f, value as object, ctx) ?? decideFast(value, families, wanted, ctx, folders, memo));
    }
  }
  const all = families.all();
  if (all instanceof Promise) return all.then(() => decideFast(value, families, wanted, ctx, folders, memo));
  const r = owner === -1 ? resolveByKeys(value as object, all, wanted, folders, memo) : resolve(value, all, wanted, folders);
  return decideResolved(r, value, wanted, ctx, pickPruned);
}
