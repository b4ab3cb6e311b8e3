/**
 * A replay store in Redis, so every gateway process and machine shares one
 * memory. One `SET key 1 PX ttl NX` per key: atomic on the server, expiring on
 * the server's clock. No Redis client is imported; bring ioredis or node-redis.
 */
import type { RememberOutcome, ReplayStore } from "./store.js";

/** The one Redis operation the store needs: SET key 1 PX ttlMs NX, true when the key was set. */
export interface RedisSetIfAbsent {
  /** Sets `key` with a time to live of `ttlMs` unless it exists; resolves true when it was set. */
  setIfAbsent(key: string, ttlMs: number): Promise<boolean>;
}

/** What is used of an ioredis client (`new Redis(...)`, or a Cluster). */
export interface IoredisLike {
  /** ioredis's `set(key, value, "PX", ttlMs, "NX")`. */
  set(key: string, value: string, px: "PX", ttlMs: number, nx: "NX"): Promise<unknown>;
}

/** What is used of a node-redis client (`createClient(...)`, v4 and later). */
export interface NodeRedisLike {
  /** node-redis's `sendCommand([...])`, used for SET key value PX ttl NX. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** Adapts an ioredis client (or Cluster) to RedisSetIfAbsent. */
export function fromIoredis(client: IoredisLike): RedisSetIfAbsent {
  return { setIfAbsent: async (key, ttlMs) => (await client.set(key, "1", "PX", ttlMs, "NX")) === "OK" };
}

/** Adapts a node-redis client (v4 and later) to RedisSetIfAbsent. */
export function fromNodeRedis(client: NodeRedisLike): RedisSetIfAbsent {
  return { setIfAbsent: async (key, ttlMs) => (await client.sendCommand(["SET", key, "1", "PX", String(ttlMs), "NX"])) === "OK" };
}

/** Options of `createRedisReplayStore`: the key prefix. */
export interface RedisStoreOptions {
  /** Prepended to every key; give each deployment (or tenant) its own. Default "a2a:replay:". */
  readonly keyPrefix?: string;
}

/** A ReplayStore on Redis, shared by every process and machine that uses the same Redis and key prefix. Its `remember` rejects when Redis is unreachable (the guard then does not accept). */
export function createRedisReplayStore(redis: RedisSetIfAbsent, options: RedisStoreOptions = {}): ReplayStore {
  const prefix = options.keyPrefix ?? "a2a:replay:";
  return {
    async remember(key: string, ttlMs: number): Promise<RememberOutcome> {
      const ttl = Math.max(1, Math.ceil(ttlMs));
      return (await redis.setIfAbsent(prefix + key, ttl)) ? "added" : "seen";
    },
  };
}
