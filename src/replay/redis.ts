/**
 * A replay store in Redis, so every gateway process and machine shares one
 * memory. One `SET key 1 PX ttl NX` per key: atomic on the server, expiring on
 * the server's clock. No Redis client is imported; bring ioredis or node-redis.
 */
import type { RememberOutcome, ReplayStore } from "./store.js";

/** The one Redis operation the store needs: SET key 1 PX ttlMs NX, true when the key was set. */
export interface RedisSetIfAbsent {
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
}

/** What is used of an ioredis client (`new Redis(...)`, or a Cluster). */
export interface IoredisLike {
  set(key: string, value: string, px: "PX", ttlMs: number, nx: "NX"): Promise<unknown>;
}

/** What is used of a node-redis client (`createClient(...)`, v4 and later). */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>;
}

export function fromIoredis(client: IoredisLike): RedisSetIfAbsent {
  return { setIfAbsent: async (key, ttlMs) => (await client.set(key, "1", "PX", ttlMs, "NX")) === "OK" };
}

export function fromNodeRedis(client: NodeRedisLike): RedisSetIfAbsent {
  return { setIfAbsent: async (key, ttlMs) => (await client.sendCommand(["SET", key, "1", "PX", String(ttlMs), "NX"])) === "OK" };
}

export interface RedisStoreOptions {
  /** Prepended to every key; give each deployment (or tenant) its own. Default "a2a:replay:". */
  readonly keyPrefix?: string;
}

export function createRedisReplayStore(redis: RedisSetIfAbsent, options: RedisStoreOptions = {}): ReplayStore {
  const prefix = options.keyPrefix ?? "a2a:replay:";
  return {
    async remember(key: string, ttlMs: number): Promise<RememberOutcome> {
      const ttl = Math.max(1, Math.ceil(ttlMs));
      return (await redis.setIfAbsent(prefix + key, ttl)) ? "added" : "seen";
    },
  };
}
