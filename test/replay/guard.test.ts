/**
 * The replay guard with the in-memory store: freshness first, then "seen
 * before" by message_id and by auth.nonce per auth.agent_id; entries expire with
 * the window; a full store fails closed; hostile input gives issues.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemoryReplayStore, createReplayGuard, type RememberOutcome, type ReplayStore } from "../../src/replay/index.js";

import { authTag as auth, message, T0, uniqueId as uuid } from "./support.js";

describe("createReplayGuard with the memory store", () => {
  it("accepts a message once, then reports the replay at /message_id", async () => {
    const guard = createReplayGuard();
    const m = message();
    expect(await guard.check(m, { now: T0 })).toEqual({ ok: true, value: m });
    const again = await guard.check(m, { now: T0 + 1000 });
    expect(again).toMatchObject({ ok: false, issues: [{ pointer: "/message_id", code: "replayed" }] });
  });

  it("remembers auth.nonce per auth.agent_id", async () => {
    const guard = createReplayGuard();
    const nonce = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    expect((await guard.check(message({ auth: auth(nonce) }), { now: T0 })).ok).toBe(true);
    expect(await guard.check(message({ auth: auth(nonce) }), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/auth/nonce", code: "replayed" }] });
    expect((await guard.check(message({ sender_id: "other-agent", auth: auth(nonce, "other-agent") }), { now: T0 })).ok).toBe(true);
  });

  it("leaves stale and future messages to checkFreshness, without touching the store", async () => {
    const store = createMemoryReplayStore();
    const guard = createReplayGuard({ store });
    expect(await guard.check(message({}, T0 - 301_000), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/timestamp", code: "stale" }] });
    expect(await guard.check(message({}, T0 + 61_000), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/timestamp", code: "from_future" }] });
    expect(await guard.check(message({ timestamp: "yesterday" }), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/timestamp", code: "format" }] });
    expect(store.size).toBe(0);
    expect((await guard.check(message({}, T0 - 299_000), { now: T0 })).ok).toBe(true);
    expect((await guard.check(message({}, T0 + 59_000), { now: new Date(T0) })).ok).toBe(true);
  });

  it("honours windowSeconds and skewSeconds", async () => {
    const guard = createReplayGuard({ windowSeconds: 10, skewSeconds: 2 });
    expect(guard.ttlMs).toBe(13_001); // window + skew + the default 1 s of clock tolerance + the last fresh ms
    expect((await guard.check(message({}, T0 - 11_000), { now: T0 })).ok).toBe(false);
    expect((await guard.check(message({}, T0 + 3_000), { now: T0 })).ok).toBe(false);
    expect((await guard.check(message({}, T0 - 9_000), { now: T0 })).ok).toBe(true);
  });

  it("forgets an entry once its message is stale and the clock tolerance has passed, and not before", async () => {
    const guard = createReplayGuard({ windowSeconds: 300, skewSeconds: 60 });
    const id = uuid();
    expect((await guard.check(message({ message_id: id }, T0), { now: T0 })).ok).toBe(true);
    // A new message reusing the id (another timestamp) is refused while the first one's key lives: T0 + 300 s + 1 s.
    const reuse = (t: number) => guard.check(message({ message_id: id }, t), { now: t });
    expect((await reuse(T0 + 301_000)).ok).toBe(false);
    expect((await reuse(T0 + 301_001)).ok).toBe(true);
  });

  it("fails closed when the memory store is full of live entries, and recovers as they expire", async () => {
    const guard = createReplayGuard({ store: createMemoryReplayStore({ maxEntries: 3 }) });
    for (let i = 0; i < 3; i++) expect((await guard.check(message(), { now: T0 })).ok).toBe(true);
    const full = await guard.check(message(), { now: T0 + 1000 });
    expect(full).toMatchObject({ ok: false, issues: [{ pointer: "/message_id", code: "replay_store_full" }] });
    expect((await guard.check(message({}, T0 + 360_000), { now: T0 + 360_000 })).ok).toBe(true);
  });

  it("fails closed when the store fails or answers nonsense", async () => {
    const broken: ReplayStore = { remember: async () => Promise.reject(new Error("connection reset")) };
    const odd: ReplayStore = { remember: async () => "maybe" as RememberOutcome };
    expect(await createReplayGuard({ store: broken }).check(message(), { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable", message: expect.stringMatching(/connection reset/) }] });
    expect(await createReplayGuard({ store: odd }).check(message(), { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable" }] });
  });

  it("needs a message_id, and a complete auth tag when there is one", async () => {
    const guard = createReplayGuard();
    const { message_id: _drop, ...noId } = message();
    expect(await guard.check(noId, { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "", code: "required", property: "message_id" }] });
    expect(await guard.check(message({ message_id: "x".repeat(257) }), { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "too_long" }] });
    expect(await guard.check(message({ message_id: 7 }), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/message_id", code: "type" }] });
    const { sender_id: _nobody, ...noSender } = message();
    expect(await guard.check(noSender, { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "", code: "required", property: "sender_id" }] });
    expect(await guard.check(message({ sender_id: "" }), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/sender_id", code: "type" }] });
    expect(await guard.check(message({ auth: { agent_id: "client-agent-001" } }), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/auth", code: "required", property: "nonce" }] });
    expect(await guard.check(message({ auth: "token" }), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/auth", code: "type" }] });
    expect((await guard.check(message({ auth: null }), { now: T0 })).ok).toBe(true);
  });

  it("never throws on hostile input", async () => {
    const guard = createReplayGuard();
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const cyclic: Record<string, unknown> = message();
    cyclic["payload"] = cyclic;
    const inputs: unknown[] = [
      null,
      undefined,
      "message",
      [message()],
      revoked.proxy,
      new Proxy({}, { has() { throw new Error("trap"); }, getOwnPropertyDescriptor() { throw new Error("trap"); } }),
      { ...message(), get timestamp(): string { throw new Error("boom"); } },
      { ...message(), auth: { get nonce(): string { throw new Error("boom"); }, agent_id: "a-b-c" } },
    ];
    for (const m of inputs) {
      const r = await guard.check(m, { now: T0 });
      expect(r.ok).toBe(false);
    }
    expect((await guard.check(cyclic, { now: T0 })).ok).toBe(true);
    expect(await guard.check(message(), { now: Number.NaN })).toMatchObject({ ok: false, issues: [{ code: "invalid" }] });
  });

  it("refuses a nonsensical configuration when it is created", () => {
    expect(() => createReplayGuard({ windowSeconds: 0 })).toThrow(RangeError);
    expect(() => createReplayGuard({ skewSeconds: -1 })).toThrow(RangeError);
    expect(() => createReplayGuard({ clockToleranceSeconds: -1 })).toThrow(RangeError);
    expect(() => createReplayGuard({ clockToleranceSeconds: Number.NaN })).toThrow(RangeError);
    expect(() => createReplayGuard({ storeTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => createReplayGuard({ storeTimeoutMs: 2 ** 31 })).toThrow(RangeError);
  });
});

describe("createMemoryReplayStore", () => {
  it("sweeps entries of a shorter TTL when full", async () => {
    const store = createMemoryReplayStore({ maxEntries: 2 });
    expect(await store.remember("long", 10_000, 0)).toBe("added");
    expect(await store.remember("short", 10, 0)).toBe("added");
    expect(await store.remember("c", 10, 5)).toBe("full");
    expect(await store.remember("c", 10, 20)).toBe("added");
    expect(await store.remember("long", 10_000, 20)).toBe("seen");
    expect(store.size).toBe(2);
  });

  it("behaves like a model of live entries and per-sender counts, whatever the sequence (fast-check)", async () => {
    const op = fc.record({
      key: fc.constantFrom("a", "b", "c", "d", "e", "f"),
      sender: fc.constantFrom("s", "t", undefined),
      ttl: fc.integer({ min: 1, max: 50 }),
      advance: fc.integer({ min: 0, max: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.array(op, { maxLength: 80 }), async (max, quota, ops) => {
        const store = createMemoryReplayStore({ maxEntries: max, maxEntriesPerSender: quota });
        const model = new Map<string, { t: number; sender: string | undefined }>();
        let now = 0;
        for (const { key, sender, ttl, advance } of ops) {
          now += advance;
          for (const [k, e] of model) if (e.t <= now) model.delete(k);
          const held = [...model.values()].filter((e) => sender !== undefined && e.sender === sender).length;
          const want: RememberOutcome = model.has(key) ? "seen" : held >= quota ? "quota" : model.size >= max ? "full" : "added";
          if (want === "added") model.set(key, { t: now + ttl, sender });
          expect(await store.remember(key, ttl, now, sender)).toBe(want);
          expect(store.size).toBeLessThanOrEqual(max);
        }
      }),
      { numRuns: 500 },
    );
  });
});
