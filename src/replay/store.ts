/** Where a replay guard remembers what it has seen. */

/** "added": the key was new and is now remembered; "seen": it was already there; "full": the store refused to grow. */
export type RememberOutcome = "added" | "seen" | "full";

/** Where a replay guard remembers what it has seen: one atomic remember-unless-present operation. */
export interface ReplayStore {
  /**
   * Remembers `key` for `ttlMs` unless it is already remembered, in one atomic
   * step for every guard sharing the store. `nowMs` is the guard's clock (a
   * shared store may keep its own). May reject when the store is unreachable.
   */
  remember(key: string, ttlMs: number, nowMs: number): Promise<RememberOutcome>;
}

/** Options of `createMemoryReplayStore`: the most keys held at once. */
export interface MemoryStoreOptions {
  /** Most keys held at once; when every one is unexpired the store answers "full". Default 100,000. */
  readonly maxEntries?: number;
}

/** An in-memory ReplayStore (one process only), with its current size. */
export interface MemoryReplayStore extends ReplayStore {
  /** Keys held now, expired ones not yet swept included. */
  readonly size: number;
}

/**
 * One process's memory, bounded: a full store of live entries fails closed
 * ("full") instead of forgetting one, since forgetting would let that message
 * be replayed.
 */
export function createMemoryReplayStore(options: MemoryStoreOptions = {}): MemoryReplayStore {
  const max = Math.max(1, Math.floor(options.maxEntries ?? 100_000));
  // Insertion order is expiry order as long as every TTL is the same, which is the common case.
  const expires = new Map<string, number>();
  // No entry expires before this (a lower bound), so a full sweep before then frees nothing.
  let nextFree = 0;

  const sweepFront = (now: number, budget: number): void => {
    for (const [k, t] of expires) {
      if (t > now || budget-- <= 0) break;
      expires.delete(k);
    }
  };
  const sweepAll = (now: number): void => {
    let earliest = Infinity;
    for (const [k, t] of expires) {
      if (t <= now) expires.delete(k);
      else if (t < earliest) earliest = t;
    }
    nextFree = earliest;
  };

  const remember = (key: string, ttlMs: number, nowMs: number): RememberOutcome => {
    const t = expires.get(key);
    if (t !== undefined) {
      if (t > nowMs) return "seen";
      expires.delete(key);
    }
    sweepFront(nowMs, 8);
    if (expires.size >= max) {
      if (nowMs >= nextFree) sweepAll(nowMs);
      if (expires.size >= max) return "full";
    }
    expires.set(key, nowMs + ttlMs);
    if (nowMs + ttlMs < nextFree) nextFree = nowMs + ttlMs;
    return "added";
  };

  return {
    remember: (key, ttlMs, nowMs) => Promise.resolve(remember(key, ttlMs, nowMs)),
    get size() {
      return expires.size;
    },
  };
}
