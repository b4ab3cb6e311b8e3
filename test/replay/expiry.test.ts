/**
 * Issue 18, finding 6: a key must outlive its message's freshness. Freshness is
 * inclusive (a message stamped t is fresh through t + window), so a message
 * stamped `skew` ahead, remembered for only window + skew, could be replayed at
 * its last fresh millisecond; and a gateway whose clock lags the one that
 * stored it by D ms could replay it for D ms more. Every edge millisecond, on
 * the memory store and on a store that keeps its own clock (as Redis does).
 */
import { describe, expect, it } from "vitest";
import { createMemoryReplayStore, createReplayGuard, type RememberOutcome, type ReplayStore } from "../../src/replay/index.js";
import { message, T0 } from "./support.js";

const WINDOW = 300_000;
const SKEW = 60_000;
const TOLERANCE = 1_000;

describe("expiry with a margin (finding 6)", () => {
  it("freshness edges: stale and future edges, to the millisecond", async () => {
    const guard = createReplayGuard();
    const at = (offset: number) => guard.check(message({}, T0 + offset), { now: T0 });
    expect((await at(-WINDOW)).ok).toBe(true);
    expect(await at(-WINDOW - 1)).toMatchObject({ ok: false, issues: [{ code: "stale" }] });
    expect((await at(SKEW)).ok).toBe(true);
    expect(await at(SKEW + 1)).toMatchObject({ ok: false, issues: [{ code: "from_future" }] });
  });

  it("hands the store the TTL that keeps a key through timestamp + window + tolerance", async () => {
    const ttls: number[] = [];
    const spy: ReplayStore = { remember: async (_k, ttl) => (ttls.push(ttl), "added") };
    const guard = createReplayGuard({ store: spy });
    for (const offset of [SKEW, 0, -WINDOW]) await guard.check(message({}, T0 + offset), { now: T0 });
    expect(ttls).toEqual([WINDOW + SKEW + TOLERANCE + 1, WINDOW + TOLERANCE + 1, TOLERANCE + 1]);
    expect(guard.ttlMs).toBe(WINDOW + SKEW + TOLERANCE + 1);
  });

  it("one gateway: a message stamped +skew is a replay at its last fresh millisecond, stale one later", async () => {
    const guard = createReplayGuard({ clockToleranceSeconds: 0 });
    const m = message({}, T0 + SKEW);
    expect((await guard.check(m, { now: T0 })).ok).toBe(true);
    const last = T0 + SKEW + WINDOW;
    expect(await guard.check(m, { now: last - 1 })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
    expect(await guard.check(m, { now: last })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
    expect(await guard.check(m, { now: last + 1 })).toMatchObject({ ok: false, issues: [{ code: "stale" }] });
  });

  it("the memory store forgets a key at its expiry millisecond, not before", async () => {
    const store = createMemoryReplayStore();
    expect(await store.remember("k", 100, 1_000)).toBe("added");
    expect(await store.remember("k", 100, 1_099)).toBe("seen");
    expect(await store.remember("k", 100, 1_100)).toBe("added");
  });

  /** A shared store on its own clock, as Redis is: it ignores the gateway's `now`. */
  function sharedStore(): { store: ReplayStore; setClock(ms: number): void } {
    const inner = createMemoryReplayStore();
    let clock = 0;
    return {
      store: { remember: (key, ttl, _now, sender): Promise<RememberOutcome> => inner.remember(key, ttl, clock, sender) },
      setClock: (ms) => void (clock = ms),
    };
  }

  it("gateways sharing a store: one whose clock lags by up to the tolerance still sees the key at every edge", async () => {
    const { store, setClock } = sharedStore();
    const a = createReplayGuard({ store }); // its clock is the true time
    const b = createReplayGuard({ store }); // its clock lags by `lag`
    const m = message({}, T0 + SKEW);
    setClock(T0);
    expect((await a.check(m, { now: T0 })).ok).toBe(true);
    const edge = T0 + SKEW + WINDOW; // b's last fresh millisecond, on b's clock
    for (const lag of [0, 1, TOLERANCE - 1, TOLERANCE]) {
      for (const bNow of [edge - 1, edge]) {
        setClock(bNow + lag);
        expect(await b.check(m, { now: bNow }), `lag ${lag} ms, b at edge ${bNow - edge}`).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
      }
      setClock(edge + 1 + lag);
      expect(await b.check(m, { now: edge + 1 }), `lag ${lag} ms, b past the edge`).toMatchObject({ ok: false, issues: [{ code: "stale" }] });
    }
    // The store forgets the key the millisecond after timestamp + window + tolerance: the documented bound.
    setClock(edge + TOLERANCE);
    expect(await store.remember(`m:${m["message_id"] as string}`, 1, 0)).toBe("seen");
    setClock(edge + TOLERANCE + 1);
    expect(await store.remember(`m:${m["message_id"] as string}`, 1, 0)).toBe("added");
  });

  it("a message stamped at the stale edge is kept for the tolerance and the last millisecond only", async () => {
    const { store, setClock } = sharedStore();
    const guard = createReplayGuard({ store });
    const m = message({}, T0 - WINDOW);
    setClock(T0);
    expect((await guard.check(m, { now: T0 })).ok).toBe(true);
    setClock(T0 + TOLERANCE);
    expect(await guard.check(m, { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
    setClock(T0 + TOLERANCE + 1);
    expect((await guard.check(m, { now: T0 })).ok).toBe(true); // a clock lagging by more than the tolerance: the documented limit
  });
});
