/**
 * Issue 18, finding 5: one sender flooding fresh, distinct messages filled the
 * default memory store (50,000 in 0.77 s), after which every sender got
 * replay_store_full for six minutes. Each sender_id (and each auth.agent_id, for
 * nonces) now holds at most its share; what the quota cannot do (a flooder
 * rotating sender ids) is shown too, as documented.
 */
import { describe, expect, it } from "vitest";
import { createMemoryReplayStore, createReplayGuard } from "../../src/replay/index.js";
import { authTag, message, T0, uniqueId } from "./support.js";

describe("per-sender quota (finding 5)", () => {
  it("default store: a 50,000-key flood from one sender takes its 10,000, everyone else is still accepted", async () => {
    const store = createMemoryReplayStore();
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      const o = await store.remember(`m:flood-${i}`, 361_001, T0, "flooder");
      outcomes.set(o, (outcomes.get(o) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ added: 10_000, quota: 40_000 });
    expect(store.size).toBe(10_000);
    const guard = createReplayGuard({ store });
    expect((await guard.check(message({ sender_id: "honest-agent" }), { now: T0 })).ok).toBe(true);
    expect(await guard.check(message({ sender_id: "flooder" }), { now: T0 })).toMatchObject({
      ok: false,
      issues: [{ pointer: "/message_id", code: "replay_sender_quota", message: expect.stringMatching(/^sender_id flooder holds its share/) }],
    });
  });

  it("counts nonces per auth.agent_id, whatever sender_id says", async () => {
    const guard = createReplayGuard({ store: createMemoryReplayStore({ maxEntriesPerSender: 3 }) });
    const from = (i: number) => message({ sender_id: `rotating-${i}`, auth: authTag(`nonce-${i}`, "one-agent") });
    for (let i = 0; i < 3; i++) expect((await guard.check(from(i), { now: T0 })).ok).toBe(true);
    expect(await guard.check(from(3), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/auth/nonce", code: "replay_sender_quota", message: expect.stringMatching(/^auth\.agent_id one-agent/) }] });
  });

  it("a replay is still a replay when its sender is over quota", async () => {
    const guard = createReplayGuard({ store: createMemoryReplayStore({ maxEntriesPerSender: 1 }) });
    const m = message();
    expect((await guard.check(m, { now: T0 })).ok).toBe(true);
    expect(await guard.check(m, { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
    expect(await guard.check(message(), { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replay_sender_quota" }] });
  });

  it("a sender's share frees as its keys expire", async () => {
    const guard = createReplayGuard({ windowSeconds: 10, skewSeconds: 0, clockToleranceSeconds: 0, store: createMemoryReplayStore({ maxEntriesPerSender: 2 }) });
    expect((await guard.check(message({}, T0), { now: T0 })).ok).toBe(true);
    expect((await guard.check(message({}, T0 + 5_000), { now: T0 + 5_000 })).ok).toBe(true);
    expect((await guard.check(message({}, T0 + 10_000), { now: T0 + 10_000 })).ok).toBe(false);
    // The first key (stamped T0) is kept through T0 + 10 s, so one share frees at T0 + 10.001 s.
    expect((await guard.check(message({}, T0 + 10_001), { now: T0 + 10_001 })).ok).toBe(true);
    expect((await guard.check(message({}, T0 + 10_001), { now: T0 + 10_001 })).ok).toBe(false);
  });

  it("what it does not protect: maxEntries / maxEntriesPerSender senders (or one rotating sender ids) still fill the store", async () => {
    const guard = createReplayGuard({ store: createMemoryReplayStore({ maxEntries: 20, maxEntriesPerSender: 5 }) });
    for (let s = 0; s < 4; s++) for (let i = 0; i < 5; i++) expect((await guard.check(message({ sender_id: `sock-puppet-${s}` }), { now: T0 })).ok).toBe(true);
    expect(await guard.check(message({ sender_id: "honest-agent", message_id: uniqueId() }), { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replay_store_full" }] });
  });
});
