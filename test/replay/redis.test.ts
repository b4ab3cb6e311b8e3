/**
 * The Redis store against a real redis-server (started here on a free
 * 127.0.0.1 port): ioredis and node-redis adapters, server-side expiry, fail
 * closed when Redis is gone, and the race: guards on separate connections
 * racing on the same message, exactly one accepts. Skipped loudly when
 * redis-server is missing, except in CI, where that is a failure.
 */
import { Redis } from "ioredis";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { createRedisReplayStore, createReplayGuard, fromIoredis, fromNodeRedis, type RedisEval, type ReplayGuard } from "../../src/replay/index.js";
import { REMEMBER_SCRIPT, REMEMBER_SCRIPT_SHA1 } from "../../src/replay/redis.js";
import { testRedis } from "./redis-server.js";
import { message as stamped, uniqueId } from "./support.js";

const T0 = Date.now();
const message = (over: Record<string, unknown> = {}) => stamped(over, T0);

describe("Redis replay store on a real Redis (a throw-away redis-server, or A2A_REDIS_URL)", () => {
  let server: Awaited<ReturnType<typeof testRedis>>;
  let a: Redis;
  let b: Redis;
  let n: ReturnType<typeof createClient>;
  const prefix = `test:${process.pid}:`;

  beforeAll(async () => {
    server = await testRedis();
    a = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    b = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await Promise.all([a.connect(), b.connect()]);
    n = createClient({ url: server.url });
    n.on("error", () => {});
    await n.connect();
  }, 30_000);

  afterAll(async () => {
    await Promise.allSettled([a?.quit(), b?.quit(), n?.quit()]);
    await server?.stop();
  });

  const guardOn = (adapter: Parameters<typeof createRedisReplayStore>[0], windowSeconds = 300): ReplayGuard =>
    createReplayGuard({ windowSeconds, store: createRedisReplayStore(adapter, { keyPrefix: prefix }) });

  it.each([
    ["ioredis", () => fromIoredis(a)],
    ["node-redis", () => fromNodeRedis(n)],
  ])("accepts once and reports the replay (%s)", async (_name, adapter) => {
    const guard = guardOn(adapter());
    const m = message({ auth: { agent_id: "client-agent-001", timestamp: new Date(T0).toISOString(), nonce: uniqueId().replace(/-/g, ""), signature: "SGVsbG8=" } });
    expect((await guard.check(m, { now: T0 })).ok).toBe(true);
    expect(await guard.check(m, { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replayed", pointer: "/message_id" }, { code: "replayed", pointer: "/auth/nonce" }] });
  });

  it("shares one memory between a guard on ioredis and one on node-redis", async () => {
    const m = message();
    expect((await guardOn(fromIoredis(a)).check(m, { now: T0 })).ok).toBe(true);
    expect((await guardOn(fromNodeRedis(n)).check(m, { now: T0 })).ok).toBe(false);
  });

  it("sets each key's TTL from its message's timestamp: window + tolerance past it, on the server", async () => {
    const m = message({ timestamp: new Date(T0 + 60_000).toISOString() }); // the skew edge: kept longest
    await guardOn(fromIoredis(a)).check(m, { now: T0 });
    const ttl = await a.pttl(`${prefix}m:${m.message_id}`);
    expect(ttl).toBeGreaterThan(355_000);
    expect(ttl).toBeLessThanOrEqual(361_001);
    const old = message({ timestamp: new Date(T0 - 300_000).toISOString() }); // the stale edge: kept for the tolerance only
    await guardOn(fromIoredis(a)).check(old, { now: T0 });
    expect(await a.pttl(`${prefix}m:${old.message_id}`)).toBeLessThanOrEqual(1_001);
  });

  it("the script's SHA-1 is the one sent with EVALSHA", () => {
    expect(createHash("sha1").update(REMEMBER_SCRIPT).digest("hex")).toBe(REMEMBER_SCRIPT_SHA1);
  });

  it("gateways sharing Redis: one whose clock lags within the tolerance still sees the key at its last fresh millisecond (finding 6)", async () => {
    // Short times so the test waits on the real server clock: window 300 ms, skew 100 ms, tolerance 200 ms.
    const options = { windowSeconds: 0.3, skewSeconds: 0.1, clockToleranceSeconds: 0.2 };
    const gatewayA = createReplayGuard({ ...options, store: createRedisReplayStore(fromIoredis(a), { keyPrefix: prefix }) });
    const gatewayB = createReplayGuard({ ...options, store: createRedisReplayStore(fromNodeRedis(n), { keyPrefix: prefix }) });
    const t = Date.now();
    const m = message({ timestamp: new Date(t + 100).toISOString() }); // stamped at the skew edge
    expect((await gatewayA.check(m, { now: t })).ok).toBe(true);
    // Kept until real time t + 100 + 300 + 200 (+1). At real time about t + 450, gateway B, whose clock lags by
    // 150 ms, is at its last fresh millisecond (t + 100 + 300): the key must still be there.
    await new Promise((r) => setTimeout(r, Math.max(0, t + 450 - Date.now())));
    expect(Date.now()).toBeLessThan(t + 580); // else the machine was too slow to tell anything
    expect(await gatewayB.check(m, { now: t + 400 })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
  });

  it("per-sender quota, atomic on the server: a flood from one sender_id takes only its share (finding 5)", async () => {
    const store = createRedisReplayStore(fromIoredis(a), { keyPrefix: `${prefix}quota:`, maxEntriesPerSender: 5 });
    const guard = createReplayGuard({ store });
    const sent = Array.from({ length: 40 }, () => message({ sender_id: "flooder" }));
    const flood = await Promise.all(sent.map((m) => guard.check(m, { now: T0 })));
    expect(flood.filter((r) => r.ok)).toHaveLength(5);
    expect(flood.filter((r) => !r.ok && r.issues[0]!.code === "replay_sender_quota")).toHaveLength(35);
    expect(await a.zcard(`${prefix}quota:s:7:flooder`)).toBe(5);
    expect((await guard.check(message({ sender_id: "honest-agent" }), { now: T0 })).ok).toBe(true);
    // A replay is still reported as one, and a sender whose keys expired gets its share back.
    expect(await guard.check(sent[flood.findIndex((r) => r.ok)], { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
    expect(await store.remember("short-lived", 50, Date.now(), "brief")).toBe("added");
    await new Promise((r) => setTimeout(r, 120));
    const brief = createRedisReplayStore(fromNodeRedis(n), { keyPrefix: `${prefix}quota:`, maxEntriesPerSender: 1 });
    expect(await brief.remember("after", 50, Date.now(), "brief")).toBe("added");
    expect(await brief.remember("one-more", 50, Date.now(), "brief")).toBe("quota");
  });

  it("counts a nonce against auth.agent_id on Redis too", async () => {
    const guard = createReplayGuard({ store: createRedisReplayStore(fromNodeRedis(n), { keyPrefix: `${prefix}agent:`, maxEntriesPerSender: 2 }) });
    const from = (i: number) => message({ sender_id: `rotating-${i}`, auth: { agent_id: "one-agent", timestamp: new Date(T0).toISOString(), nonce: `nonce-${i}-${uniqueId()}`, signature: "SGVsbG8=" } });
    expect((await guard.check(from(1), { now: T0 })).ok).toBe(true);
    expect((await guard.check(from(2), { now: T0 })).ok).toBe(true);
    expect(await guard.check(from(3), { now: T0 })).toMatchObject({ ok: false, issues: [{ pointer: "/auth/nonce", code: "replay_sender_quota" }] });
  });

  it("fails closed on an answer that is not the script's", async () => {
    const odd: RedisEval = { evalScript: async () => "OK" };
    expect(await createReplayGuard({ store: createRedisReplayStore(odd) }).check(message(), { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable", message: expect.stringMatching(/answered "OK"/) }] });
  });

  it("forgets a key when its TTL runs out", async () => {
    const store = createRedisReplayStore(fromIoredis(a), { keyPrefix: prefix });
    expect(await store.remember("short", 100, Date.now())).toBe("added");
    expect(await store.remember("short", 100, Date.now())).toBe("seen");
    await new Promise((r) => setTimeout(r, 300));
    expect(await store.remember("short", 100, Date.now())).toBe("added");
  });

  it("keeps deployments apart by key prefix", async () => {
    const m = message();
    const one = createReplayGuard({ store: createRedisReplayStore(fromIoredis(a), { keyPrefix: `${prefix}one:` }) });
    const two = createReplayGuard({ store: createRedisReplayStore(fromIoredis(b), { keyPrefix: `${prefix}two:` }) });
    expect((await one.check(m, { now: T0 })).ok).toBe(true);
    expect((await two.check(m, { now: T0 })).ok).toBe(true);
  });

  it("race: two guards on two connections, 300 messages sent to both at once, exactly one accepts each", async () => {
    const g1 = guardOn(fromIoredis(a));
    const g2 = guardOn(fromIoredis(b));
    const messages = Array.from({ length: 300 }, () => message());
    const results = await Promise.all(messages.map((m, i) => Promise.all(i % 2 ? [g1.check(m, { now: T0 }), g2.check(m, { now: T0 })] : [g2.check(m, { now: T0 }), g1.check(m, { now: T0 })])));
    for (const pair of results) expect(pair.filter((r) => r.ok)).toHaveLength(1);
    const losers = results.flatMap((pair) => pair.filter((r) => !r.ok));
    expect(losers.every((r) => !r.ok && (r.issues[0]!.code as string) === "replayed")).toBe(true);
  });

  it("race: twelve guards over ioredis and node-redis connections on one message, exactly one accepts", async () => {
    for (let round = 0; round < 20; round++) {
      const m = message();
      const adapters = [fromIoredis(a), fromIoredis(b), fromNodeRedis(n)];
      const guards = Array.from({ length: 12 }, (_, i) => guardOn(adapters[i % 3]!));
      const results = await Promise.all(guards.map((g) => g.check(m, { now: T0 })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
    }
  });

  it("fails closed, without throwing, when Redis cannot be reached", async () => {
    const gone = new Redis(1, "127.0.0.1", { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    gone.on("error", () => {});
    try {
      const r = await guardOn(fromIoredis(gone)).check(message(), { now: T0 });
      expect(r).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable" }] });
    } finally {
      gone.disconnect();
    }
  });
});
