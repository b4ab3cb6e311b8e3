/**
 * The fast path of detection (decideFast, which the CLI runs) decides exactly as full detection
 * (decide): the same family, type, mode and issues, on every shipped fixture and on mutated
 * documents, with and without folder hints and a wanted family, from a cold start and with the
 * file's memo warm. Then the contracts it stands on: a family's discriminate() claims nothing
 * without its declared discriminator keys, and detect() reads nothing but the document's key set
 * and its detectionInputs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi, type MockInstance } from "vitest";
import { checker } from "../../src/cli/check.js";
import { decide, decideFast, keyMemo, type Decided, type KeyMemo, type Wanted } from "../../src/cli/detect.js";
import { FAMILIES, Families, FAMILY_NAMES, loadFamilies, type CheckContext, type Family } from "../../src/cli/registry.js";
import { OBJECT_SCHEMAS_EXTENSION_URI } from "../../src/extensions/object-schemas/declaration.js";
import { MESSAGE_TYPES } from "../../src/legacy/constants.js";
import { request } from "./helpers.js";

const ROOT = join(import.meta.dirname, "../..");

interface Doc {
  readonly folders: readonly string[];
  readonly value: unknown;
}

/** Every shipped fixture that is JSON, with the folder names the CLI would see. */
function fixtures(): Doc[] {
  const out: Doc[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith(".json") && !e.name.endsWith(".expect.json")) {
        let value: unknown;
        try {
          value = JSON.parse(readFileSync(path, "utf8"));
        } catch {
          continue;
        }
        out.push({ folders: relative(ROOT, dir).split(sep), value });
      }
    }
  };
  walk(join(ROOT, "fixtures"));
  return out;
}

const ctx = (mode?: "strict" | "lenient"): CheckContext => ({ mode, method: undefined, freshness: false, now: 0, stream: new Map() });

const outcome = (d: Decided) => ("issue" in d ? { issue: d.issue } : { family: d.family.name, checked: d.checked });

describe("the fast path of detection", async () => {
  const all = await loadFamilies();
  const docs = fixtures();
  const wanted: Wanted[] = [{}, ...FAMILY_NAMES.map((family) => ({ family }))];

  /** decideFast over a fresh Families and memo, and decide, document by document, each with its own context. */
  async function compare(values: readonly unknown[], w: Wanted, folders: readonly string[], mode?: "strict" | "lenient", memo: KeyMemo = keyMemo()): Promise<void> {
    const families = new Families(FAMILIES);
    const [fastCtx, fullCtx] = [ctx(mode), ctx(mode)];
    for (const value of values) {
      const fast = outcome(await decideFast(value, families, w, fastCtx, folders, memo));
      const full = outcome(await decide(value, all, w, fullCtx, folders));
      expect(fast, JSON.stringify({ value, wanted: w, folders })).toEqual(full);
    }
  }

  it(`decides as full detection on every shipped fixture (${docs.length}), with and without its folders`, async () => {
    expect(docs.length).toBeGreaterThan(1000);
    for (const w of wanted) {
      // One file per fixture (its folders), and all of them as one stream (no folders, one memo).
      for (const d of docs) await compare([d.value], w, d.folders);
      for (const mode of ["strict", "lenient"] as const) {
        await compare(
          docs.map((d) => d.value),
          w,
          [],
          mode,
        );
      }
    }
  });

  // Keys the families know (every top-level key of a fixture), discriminators and v0.3 keys among them.
  const vocabulary = [...new Set([...docs.flatMap((d) => (isObject(d.value) ? Object.keys(d.value) : [])), "message_type", "jsonrpc", "method", "kind", "schemas", "message_id", "x-extra"])].sort();
  const special = fc.oneof(
    fc.constantFrom(...MESSAGE_TYPES, "nonsense", "2.0", "task", "message", "file", "data", "text", "status-update", "artifact-update", "constructor", "__proto__"),
    fc.constant({ extensions: [{ uri: OBJECT_SCHEMAS_EXTENSION_URI }] }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  type Mutation =
    | { op: "drop"; at: number }
    | { op: "add"; key: string; value: unknown }
    | { op: "tag"; keys: Record<string, unknown> }
    | { op: "set"; at: number; value: unknown }
    | { op: "reverse" }
    | { op: "replace"; value: unknown };
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    // Discriminator keys, one family's or several's.
    fc.record({
      op: fc.constant("tag" as const),
      keys: fc.record({ message_type: fc.constantFrom("request", "nonsense", 7), jsonrpc: fc.constant("2.0"), method: fc.constantFrom("GetTask", 1) }, { requiredKeys: [] }),
    }),
    fc.record({ op: fc.constant("drop" as const), at: fc.nat() }),
    fc.record({ op: fc.constant("add" as const), key: fc.oneof(fc.constantFrom(...vocabulary), fc.constantFrom("message_type", "jsonrpc", "method", "kind", "capabilities"), fc.string({ maxLength: 6 })), value: special }),
    fc.record({ op: fc.constant("set" as const), at: fc.nat(), value: special }),
    fc.record({ op: fc.constant("reverse" as const) }),
    fc.record({ op: fc.constant("replace" as const), value: fc.oneof(fc.constant(null), fc.constant([]), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }), fc.string(), fc.integer()) }),
  );
  const mutate = (value: unknown, ms: readonly Mutation[]): unknown => {
    let v: unknown = structuredClone(value);
    for (const m of ms) {
      if (m.op === "replace") {
        v = m.value;
        continue;
      }
      if (!isObject(v)) continue;
      const entries = Object.entries(v);
      if (m.op === "reverse") v = Object.fromEntries(entries.reverse());
      else if (m.op === "add") v = Object.fromEntries([...entries, [m.key, m.value]]);
      else if (m.op === "tag") v = { ...v, ...m.keys };
      else if (entries.length > 0) {
        const at = m.at % entries.length;
        v = Object.fromEntries(m.op === "drop" ? entries.filter((_, i) => i !== at) : entries.map((e, i) => (i === at ? [e[0], m.value] : e)));
      }
    }
    return v;
  };

  /** The same keys in the same order, other values for those a family reads besides the keys (or for any key). */
  const sibling = (value: unknown, sets: readonly { key: string; value: unknown }[]): unknown => {
    if (!isObject(value)) return value;
    const keys = Object.keys(value);
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const set = sets.find((s) => s.key === k || (s.key === "*" && keys.length > 0 && k === keys[0]));
        return [k, set === undefined ? v : set.value];
      }),
    );
  };

  it("decides as full detection on mutated fixtures, in a stream whose memo is warm", async () => {
    const sets = fc.array(fc.record({ key: fc.constantFrom("kind", "capabilities", "message_type", "jsonrpc", "*"), value: special }), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ doc: fc.nat(docs.length - 1), mutations: fc.array(mutation, { maxLength: 4 }), sets }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...wanted),
        fc.boolean(),
        fc.constantFrom<readonly string[]>([], ["fixtures", "v1", "invalid", "Task"], ["fixtures", "legacy", "invalid", "AgentCard"], ["session", "valid", "Message"]),
        async (picks, w, lenient, folders) => {
          const values = picks.flatMap((p) => {
            const v = mutate(docs[p.doc]!.value, p.mutations);
            return [v, sibling(v, p.sets)];
          });
          // Each document twice, the second time from the memo; siblings share a key set with other values.
          await compare([...values, ...values], w, folders, lenient ? "lenient" : "strict");
        },
      ),
      { numRuns: 400 },
    );
  });

  it("loads only the family whose discriminator key a document has", async () => {
    const families = new Families(FAMILIES);
    await decideFast(request(), families, {}, ctx(), [], keyMemo());
    const loaded = () => FAMILIES.map((f, i) => [f.name, families.get(i) !== undefined]);
    expect(loaded()).toEqual([["legacy", true], ["v1", false], ["session", false], ["v0.3", false], ["object-schemas", false]]);
    await decideFast({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "t" } }, families, {}, ctx(), [], keyMemo());
    expect(loaded()).toEqual([["legacy", true], ["v1", true], ["session", false], ["v0.3", false], ["object-schemas", false]]);
    // Keys alone: every family's claim counts.
    await decideFast({ id: "t" }, families, {}, ctx(), [], keyMemo());
    expect(loaded().every(([, l]) => l)).toBe(true);
  });

  it("keeps the memo bounded, whatever the stream's key sets", async () => {
    const memo = keyMemo();
    const families = new Families(FAMILIES);
    for (let i = 0; i < 2000; i++) await decideFast({ [`k${i}`]: 1, [`${"x".repeat(300)}${i}`]: 2 }, families, {}, ctx(), [], memo);
    for (let i = 0; i < 2000; i++) await decideFast({ [`k${i}`]: 1, name: "n" }, families, {}, ctx(), [], memo);
    // What the trie holds: resolutions, and characters of keys.
    let resolutions = 0;
    let chars = 0;
    const walk = (n: KeyMemo["root"]): void => {
      resolutions += n.done?.size ?? 0;
      for (const [k, child] of n.next ?? []) {
        chars += k.length;
        walk(child);
      }
    };
    walk(memo.root);
    expect(resolutions).toBeLessThanOrEqual(512);
    expect(chars).toBeLessThanOrEqual(1 << 16);
    expect(resolutions).toBeGreaterThan(100);
  });
});

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

describe("the contracts the fast path stands on", async () => {
  const all = await loadFamilies();
  const keys = fc.uniqueArray(fc.oneof(fc.constantFrom("id", "name", "role", "parts", "kind", "capabilities", "schemas", "message_id", "payload", "status", "task", "data", "url"), fc.string({ maxLength: 5 })), {
    maxLength: 8,
  });
  const value = fc.oneof(
    fc.constantFrom("task", "file", "data", "message", "nonsense", { extensions: [{ uri: OBJECT_SCHEMAS_EXTENSION_URI }] }, { extensions: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  );

  it("rejects() is a proof: validation reports an error wherever a family rejects a type", async () => {
    for (const f of all) await f.prepare();
    const docs = fixtures();
    const judged = (f: Family, type: string, v: unknown, c: CheckContext) => f.validate(type, v, c).issues.some((i) => i.severity !== "warning");
    const contexts = ["strict", "lenient"].flatMap((mode) => [undefined, "2026-02-17"].map((revision) => ({ ...ctx(mode as "strict" | "lenient"), revision })));
    // Each valid fixture of a family, as its own type, with each of its keys dropped in turn.
    let proofs = 0;
    for (const d of docs) {
      const [, family, kind, type] = d.folders.slice(d.folders[1] === "v1" && d.folders[2] === "2026-02-17" ? 1 : 0);
      const f = all.find((x) => x.name === family);
      if (kind !== "valid" || f?.rejects === undefined || type === undefined || !isObject(d.value)) continue;
      for (const k of Object.keys(d.value)) {
        const { [k]: _, ...v } = d.value;
        for (const c of contexts) {
          if (!f.rejects(type, v, c)) continue;
          proofs++;
          expect(judged(f, type, v, c), JSON.stringify({ type, dropped: k, c: { mode: c.mode, revision: c.revision } })).toBe(true);
        }
      }
    }
    expect(proofs).toBeGreaterThan(100);
    // Any fixture with keys dropped, as any type.
    const rejecting = all.filter((f) => f.rejects !== undefined);
    fc.assert(
      fc.property(fc.nat(docs.length - 1), fc.array(fc.nat(), { maxLength: 3 }), fc.nat(rejecting.length - 1), fc.nat(), fc.nat(contexts.length - 1), (di, drops, fi, ti, ci) => {
        const f = rejecting[fi]!;
        const type = f.types[ti % f.types.length]!.name;
        let v = docs[di]!.value;
        for (const at of drops) if (isObject(v) && Object.keys(v).length > 0) v = Object.fromEntries(Object.entries(v).filter((_, i) => i !== at % Object.keys(v as object).length));
        const c = contexts[ci]!;
        if (f.rejects!(type, v, c)) expect(judged(f, type, v, c)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("a family's discriminate() claims nothing without one of its declared discriminator keys", () => {
    FAMILIES.forEach((entry, i) => {
      const family = all[i]!;
      if (entry.discriminators === undefined) {
        expect(family.discriminate, entry.name).toBeUndefined();
        return;
      }
      fc.assert(
        fc.property(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })), (o) => {
          for (const k of entry.discriminators!) delete o[k];
          expect(family.discriminate!(o)).toBeUndefined();
        }),
        { numRuns: 300 },
      );
    });
  });

  it("detect() reads only the key set and what detectionInputs() returns", () => {
    const inputs = (f: Family, o: object) => f.detectionInputs?.(o);
    fc.assert(
      fc.property(keys, fc.array(value, { minLength: 8, maxLength: 8 }), fc.array(value, { minLength: 8, maxLength: 8 }), (ks, a, b) => {
        const x = Object.fromEntries(ks.map((k, i) => [k, a[i]]));
        // The same keys; the values of the keys detectionInputs reads kept half the time, so that the premise often holds.
        const y = Object.fromEntries(ks.map((k, i) => [k, (k === "kind" || k === "capabilities") && a[i] !== b[i] && i % 2 === 0 ? a[i] : b[i]]));
        for (const f of all) {
          if (inputs(f, x) !== inputs(f, y)) return;
        }
        for (const f of all) expect(f.detect(y), f.name).toEqual(f.detect(x));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("--type", async () => {
  const families = new Families(FAMILIES);
  const list = await families.all();
  let spies: MockInstance[] = [];
  const watch = () => {
    spies = list.flatMap((f) => [vi.spyOn(f, "detect"), ...(f.discriminate ? [vi.spyOn(f, "discriminate")] : [])]);
  };

  it("checks every document of a file as the type, detecting none", async () => {
    const values = [request(), { jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "t" } }, { id: "t" }, [], "x", { task: {} }];
    const check = await checker(families, { type: "RequestMessage" }, ctx(), []);
    watch();
    try {
      const fast = [];
      for (const v of values) fast.push(await check(v));
      expect(spies.reduce((n, s) => n + s.mock.calls.length, 0)).toBe(0);
      const full = [];
      for (const v of values) {
        const d = await decide(v, list, { type: "RequestMessage" }, ctx(), []);
        full.push("issue" in d ? [null, null, [d.issue]] : [d.family.name, d.checked.type, d.checked.issues]);
      }
      expect(fast.map((c) => [c.family, c.type, c.issues])).toEqual(full);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});
