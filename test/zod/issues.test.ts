/**
 * `issuesFromZod` of every family's Zod entry gives the validators' issues: for every invalid
 * fixture (legacy, session, v1 1.0 with the real documents, v1 2026-02-17) the same pointers,
 * codes, messages and hints; on generated inputs the same, except for the classes of input listed
 * below, where the Zod model itself reports less than the validator (the mapper cannot add what
 * Zod did not say).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../src/core/issue.js";
import * as legacyZod from "../../src/legacy/zod.js";
import { validateHandshakeMessage } from "../../src/legacy/index.js";
import * as v1Zod from "../../src/v1/zod.js";
import { validateTaskStatus } from "../../src/v1/index.js";
import { ARBITRARIES } from "../session/arbitraries.js";
import { SCHEMA_EXAMPLES, legacyInput } from "../support/legacy-arbitraries.js";
import { mutate, mutation, seedsByRevision } from "../v1/mutate.js";
import { fixtureCases, key, keys, legacyCase, sessionCase, v1Case, type Case } from "./cases.js";

/**
 * Fixtures whose Zod issues cannot match. In each, a z.union (the discover_agents payload: the
 * first-edition shape or the second) has one branch that fails only with a non-aborting issue (an
 * unknown key), and Zod then reports that branch alone, without an invalid_union issue: the
 * mapper never learns that the other shape was closer, as the validators find.
 */
const FIXTURE_EXCEPTIONS: Record<string, string> = {
  "legacy/discover_agents/capability-array.json": "Zod reports the first-edition branch alone (unknown keys); the validators pick the second-edition shape",
  "legacy/discover_agents/filters-status-any.json": "Zod reports the second-edition branch alone (unknown keys); the validators pick the first-edition shape",
  "legacy/discover_agents/status-all-in-second-edition-shape.json": "Zod reports the first-edition branch alone (unknown keys); the validators pick the second-edition shape",
};

const pointerCodes = (issues: readonly ValidationIssue[] | undefined) => [...new Set(issues?.map((i) => `${i.pointer} ${i.code}`))].sort();

const cases = fixtureCases();

describe("issuesFromZod agrees with the validators on every invalid fixture", () => {
  it("covers every family", () => {
    const families = new Set(cases.map((c) => c.family));
    expect([...families].sort()).toEqual(["legacy", "session", "v1", "v1/2026-02-17"]);
    expect(cases.length).toBeGreaterThan(1000);
  });

  it.each(cases.filter((c) => !(c.id in FIXTURE_EXCEPTIONS)).map((c) => [c.id, c] as const))("%s", (_id, c) => {
    const v = c.validator();
    const z = c.zod();
    expect(v, "the validator rejects it").toBeDefined();
    expect(z, "the Zod model rejects it").toBeDefined();
    expect(pointerCodes(z)).toEqual(pointerCodes(v));
    expect(keys(z)).toEqual(keys(v)); // messages and hints too
  });

  it.each(Object.entries(FIXTURE_EXCEPTIONS))("%s is a known exception: %s", (id) => {
    const c = cases.find((x) => x.id === id);
    expect(c, `${id} is still a fixture`).toBeDefined();
    // Still a failure on both sides, and still different (else it belongs with the others).
    expect(c!.zod()).toBeDefined();
    expect(keys(c!.zod())).not.toEqual(keys(c!.validator()));
  });
});

/**
 * Generated inputs: the same, but for two classes where the Zod model reports less.
 * - "union branch" (legacy): a union (payload shapes, correlation_id) with a branch failing only by
 *   non-aborting issues (unknown keys, a refinement) is reported as that branch alone.
 * - "url rule" (v1): AgentInterface's url-by-binding rule is a superRefine, which Zod runs only on an
 *   otherwise valid object; the validators check it beside the other issues.
 */
function knownClass(c: Case, v: readonly ValidationIssue[], z: readonly ValidationIssue[]): string | undefined {
  const vs = new Set(v.map(key));
  const zs = new Set(z.map(key));
  const diff = [...v.filter((i) => !zs.has(key(i))), ...z.filter((i) => !vs.has(key(i)))];
  if (c.family === "legacy" && diff.every((i) => i.pointer.startsWith("/payload") || i.pointer === "/correlation_id")) return "union branch";
  if (c.family.startsWith("v1") && z.every((i) => vs.has(key(i))) && diff.every((i) => i.code === "format" && i.path[i.path.length - 1] === "url")) return "url rule";
  return undefined;
}

const LEGACY_TYPES = ["LegacyMessage", "BaseMessage", "RequestMessage", "ResponseMessage", "DiscoverAgentsMessage", "HandshakeMessage"];

function generated(): Case[] {
  const out: Case[] = [];
  const opts = (numRuns: number) => ({ numRuns, seed: 20260217 });
  for (const x of fc.sample(legacyInput, opts(2000))) for (const t of LEGACY_TYPES) out.push(legacyCase(t, x));
  for (const [t, arb] of Object.entries(ARBITRARIES)) for (const x of fc.sample(arb as fc.Arbitrary<unknown>, opts(200))) for (const m of ["default", "strict"] as const) out.push(sessionCase(t, m, x));
  for (const r of ["1.0", "2026-02-17"] as const) {
    const pool = seedsByRevision[r];
    for (const [i, muts] of fc.sample(fc.tuple(fc.nat({ max: pool.length - 1 }), fc.array(mutation, { maxLength: 3 })), opts(2000))) {
      out.push(v1Case(r, pool[i]!.type, mutate(pool[i]!.input, muts), `${pool[i]!.file} mutated`));
    }
  }
  return out;
}

describe("issuesFromZod on generated inputs", () => {
  it("agrees with the validators but for the known classes", () => {
    const tally: Record<string, { rejected: number; agree: number; classes: Record<string, number> }> = {};
    const unexplained: string[] = [];
    for (const c of generated()) {
      const v = c.validator();
      const z = c.zod();
      expect(z === undefined, `${c.id}: same verdict for ${JSON.stringify(c.input)?.slice(0, 300)}`).toBe(v === undefined);
      if (v === undefined || z === undefined) continue;
      const t = (tally[c.family] ??= { rejected: 0, agree: 0, classes: {} });
      t.rejected++;
      if (JSON.stringify(keys(v)) === JSON.stringify(keys(z))) {
        t.agree++;
        continue;
      }
      const k = knownClass(c, v, z);
      if (k === undefined) unexplained.push(`${c.family} ${c.id} ${JSON.stringify(c.input)?.slice(0, 300)}\n  validator: ${keys(v)?.join(" | ")}\n  zod:       ${keys(z)?.join(" | ")}`);
      else t.classes[k] = (t.classes[k] ?? 0) + 1;
    }
    expect(unexplained.slice(0, 5)).toEqual([]);
    // Session agrees fully; the others nearly (the rest are the classes above).
    expect(tally.session!.agree).toBe(tally.session!.rejected);
    for (const f of ["legacy", "v1", "v1/2026-02-17"]) expect(tally[f]!.agree / tally[f]!.rejected).toBeGreaterThan(f === "legacy" ? 0.93 : 0.99);
  });
});

describe("issuesFromZod details", () => {
  it("words a bad v1 timestamp as the validator does, never as a regular expression", () => {
    const input = { state: "TASK_STATE_WORKING", timestamp: "2025-13-01T00:00:00Z" };
    const r = v1Zod.TaskStatusSchema.safeParse(input);
    expect(r.success).toBe(false);
    const issues = v1Zod.issuesFromZod(r.error, input, "TaskStatus");
    const v = validateTaskStatus(input);
    expect(v.ok).toBe(false);
    expect(issues).toEqual(v.ok ? [] : v.issues.map((i) => ({ ...i })));
    expect(issues[0]!.message).toMatch(/^must be an RFC 3339 UTC timestamp/);
    expect(issues.map((i) => i.message).join(" ")).not.toMatch(/\(\?:|\[0-9\]/);
  });

  it("words a bad legacy timestamp as the validator does", () => {
    const ex = SCHEMA_EXAMPLES.find((e) => e.message_type === "handshake")!;
    const bad = { ...ex, timestamp: "2025-02-30T10:00:00Z" };
    const r = legacyZod.HandshakeMessageSchema.safeParse(bad);
    const issues = legacyZod.issuesFromZod(r.error, bad);
    expect(issues.map((i) => [i.pointer, i.code, i.message])).toEqual([["/timestamp", "format", 'must be a UTC timestamp like 2025-12-09T15:30:00.000Z, got "2025-02-30T10:00:00Z" (day 30 of month 2)']]);
    const v = validateHandshakeMessage(bad);
    expect(keys(issues)).toEqual(keys(v.ok ? [] : v.issues));
  });

  it("passes a library rule's issue through unchanged (code, path, message)", () => {
    const ex = SCHEMA_EXAMPLES.find((e) => e.message_type === "handshake")!;
    const bad = { ...ex, sender_id: "someone-else" };
    const r = legacyZod.LegacyMessageSchema.safeParse(bad);
    const v = validateHandshakeMessage(bad);
    expect(v.ok).toBe(false);
    const issues = legacyZod.issuesFromZod(r.error, bad);
    expect(issues.map((i) => [i.pointer, i.code, i.message])).toEqual(v.ok ? [] : v.issues.map((i) => [i.pointer, i.code, i.message]));
  });

  it("reports a union with no shape to match as no_match", () => {
    const input = { text: "a", raw: "AAAA" };
    const r = v1Zod.PartSchema.safeParse(input);
    const issues = v1Zod.issuesFromZod(r.error, input, "Part");
    expect(issues.map((i) => i.code)).toEqual(["no_match"]);
    expect(issues[0]!.message).toBe('exactly one of "text", "raw", "url", "data" must be set (Part.content), but "text" and "raw" are set');
    // Without the message name: the generic reading, still no_match.
    expect(v1Zod.issuesFromZod(r.error, input).map((i) => i.code)).toEqual(["no_match"]);
  });

  it("does not throw when reading the input again fails", () => {
    let reads = 0;
    const input = {
      get state() {
        if (++reads > 1) throw new Error("read twice");
        return 7;
      },
    };
    const r = v1Zod.TaskStatusSchema.safeParse(input);
    expect(r.success).toBe(false);
    const issues = v1Zod.issuesFromZod(r.error, input, "TaskStatus");
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => typeof i.message === "string" && typeof i.pointer === "string")).toBe(true);
  });

  it("gives nothing for a success", () => {
    expect(legacyZod.issuesFromZod(undefined, {})).toEqual([]);
  });
});
