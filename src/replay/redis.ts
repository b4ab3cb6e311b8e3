/**
 * A replay store in Redis, so every gateway process and machine shares one
 * memory. One Lua script per key, one round trip, atomic on the server:
 * refuse a key that exists, refuse a sender holding its share of live keys,
 * else SET the key with its TTL and count it in the sender's sorted set of
 * live keys (scored by expiry, on the server's clock). No Redis client is
 * imported; bring ioredis or node-redis.
 */
import { entryLimit, type RememberOutcome, type ReplayStore } from "./store.js";

/**
 * KEYS[1]: the key to remember; KEYS[2] (optional): its sender's live keys.
 * ARGV[1]: TTL in ms; ARGV[2]: the sender's quota. Answers added, seen or quota.
 */
export const REMEMBER_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then return 'seen' end
local ttl = tonumber(ARGV[1])
if #KEYS > 1 then
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 'quota' end
  redis.call('ZADD', KEYS[2], now + ttl, KEYS[1])
  if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
end
redis.call('SET', KEYS[1], '1', 'PX', ttl)
return 'added'`;

/** SHA-1 of REMEMBER_SCRIPT, for EVALSHA (a test recomputes it). */
export const REMEMBER_SCRIPT_SHA1 = "b228dbb699da87cb14adf179e8d32ee995b22df3";

/** The one Redis operation the store needs: run a Lua script by its SHA-1 (EVALSHA), or by its text when Redis does not have it yet. */
export interface RedisEval {
  /** Resolves the script's reply; rejects on any Redis or connection error. */
  evalScript(script: string, sha1: string, keys: readonly string[], args: readonly string[]): Promise<unknown>;
}

/** What is used of an ioredis client (`new Redis(...)`, or a Cluster with a hash tag in the key prefix). */
export interface IoredisLike {
  /** ioredis's `evalsha(sha1, numKeys, ...keysAndArgs)`. */
  evalsha(sha1: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
  /** ioredis's `eval(script, numKeys, ...keysAndArgs)`. */
  eval(script: string, numKeys: number, ...keysAndArgs: string[]): Promise<unknown>;
}

/** What is used of a node-redis client (`createClient(...)`, v4 and later). */
export interface NodeRedisLike {
  /** node-redis's `sendCommand([...])`, used for EVALSHA and EVAL. */
  sendCommand(args: string[]): Promise<unknown>;
}

const noScript = (e: unknown): boolean => e instanceof Error && e.message.startsWith("NOSCRIPT");

/** EVALSHA first (the script is cached on the server after its first EVAL), EVAL when the server answers NOSCRIPT. */
async function bySha(run: (byText: boolean) => Promise<unknown>): Promise<unknown> {
  try {
    return await run(false);
  } catch (e) {
    if (!noScript(e)) throw e;
    return run(true);
  }
}

/** Adapts an ioredis client (or Cluster) to RedisEval. */
export function fromIoredis(client: IoredisLike): RedisEval {
  return {
    evalScript: (script, sha1, keys, args) =>
      bySha((byText) => (byText ? client.eval(script, keys.length, ...keys, ...args) : client.evalsha(sha1, keys.length, ...keys, ...args))),
  };
}

/** Adapts a node-redis client (v4 and later) to RedisEval. */
export function fromNodeRedis(client: NodeRedisLike): RedisEval {
  return {
    evalScript: (script, sha1, keys, args) =>
      bySha((byText) => client.sendCommand([byText ? "EVAL" : "EVALSHA", byText ? script : sha1, String(keys.length), ...keys, ...args])),
  };
}

/** Options of `createRedisReplayStore`: the key prefix and the per-sender quota. */
export interface RedisStoreOptions {
  /**
   * Prepended to every key; give each deployment (or tenant) its own. Default
   * "a2a:replay:". On Redis Cluster, put a hash tag in it (`{gw1}:replay:`): a
   * key and its sender's set must share a slot.
   */
  readonly keyPrefix?: string;
  /** Most unexpired keys charged to one sender; beyond it the store answers "quota". Default 10,000. */
  readonly maxEntriesPerSender?: number;
}

/**
 * A ReplayStore on Redis, shared by every process and machine that uses the
 * same Redis and key prefix. Its `remember` rejects when Redis fails (the guard
 * then does not accept). Run Redis with `maxmemory-policy noeviction`: an
 * evicted key is a replay let through, a refused write is a message refused.
 */
export function createRedisReplayStore(redis: RedisEval, options: RedisStoreOptions = {}): ReplayStore {
  const prefix = options.keyPrefix ?? "a2a:replay:";
  const quota = String(entryLimit(options.maxEntriesPerSender, 10_000));
  const outcomes: ReadonlySet<unknown> = new Set<RememberOutcome>(["added", "seen", "quota"]);
  return {
    async remember(key: string, ttlMs: number, _nowMs: number, sender?: string): Promise<RememberOutcome> {
      const ttl = String(Math.max(1, Math.ceil(ttlMs)));
      // Length-prefixed, so no sender name can spell another's key.
      const keys = sender === undefined ? [prefix + key] : [prefix + key, `${prefix}s:${sender.length}:${sender}`];
      const reply = await redis.evalScript(REMEMBER_SCRIPT, REMEMBER_SCRIPT_SHA1, keys, [ttl, quota]);
      const answer = typeof reply === "string" ? reply : reply instanceof Uint8Array ? new TextDecoder().decode(reply) : reply;
      if (!outcomes.has(answer)) throw new Error(`Redis answered ${JSON.stringify(String(answer)).slice(0, 80)} to the replay script`);
      return answer as RememberOutcome;
    },
  };
}
