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
import { createRedisReplayStore, createReplayGuard, fromIoredis, fromNodeRedis, type ReplayGuard } from "../../src/replay/index.js";
import { findRedisServer, inCI, MISSING, startRedis, type RedisServer } from "./redis-server.js";

const bin = findRedisServer();
if (!bin && !inCI) console.warn(MISSING);

const T0 = Date.now();
let counter = 0;
const message = (over: Record<string, unknown> = {}) => ({
  message_id: `9d4a3f2b-8c1e-4f6b-8e2c-${(++counter).toString(16).padStart(12, "0")}`,
  message_type: "request",
  sender_id: "client-agent-001",
  recipient_id: "server-agent-001",
  timestamp: new Date(T0).toISOString(),
  payload: { method: "ping" },
  ...over,
});

describe.skipIf(!bin && !inCI)("Redis replay store on a real redis-server", () => {
  let server: RedisServer;
  let a: Redis;
  let b: Redis;
  let n: ReturnType<typeof createClient>;
  const prefix = `test:${process.pid}:`;

  beforeAll(async () => {
    if (!bin) throw new Error("redis-server is not installed and CI is set: run `bash scripts/redis.sh` (as .ci/run does)");
    server = await startRedis(bin);
    a = new Redis(server.port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 2 });
    b = new Redis(server.port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 2 });
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
    const m = message({ auth: { agent_id: "client-agent-001", timestamp: new Date(T0).toISOString(), nonce: (++counter).toString(16).padStart(32, "0"), signature: "SGVsbG8=" } });
    expect((await guard.check(m, { now: T0 })).ok).toBe(true);
    expect(await guard.check(m, { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replayed", pointer: "/message_id" }, { code: "replayed", pointer: "/auth/nonce" }] });
  });

  it("shares one memory between a guard on ioredis and one on node-redis", async () => {
    const m = message();
    expect((await guardOn(fromIoredis(a)).check(m, { now: T0 })).ok).toBe(true);
    expect((await guardOn(fromNodeRedis(n)).check(m, { now: T0 })).ok).toBe(false);
  });

  it("sets each key with the window plus the skew as its TTL, on the server", async () => {
    const m = message();
    await guardOn(fromIoredis(a)).check(m, { now: T0 });
    const ttl = await a.pttl(`${prefix}m:${m.message_id}`);
    expect(ttl).toBeGreaterThan(355_000);
    expect(ttl).toBeLessThanOrEqual(360_000);
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
