/** Where a replay guard remembers what it has seen. */

/**
 * "added": the key was new and is now remembered; "seen": it was already there;
 * "quota": its sender already holds its share of live keys; "full": the store refused to grow.
 */
export type RememberOutcome = "added" | "seen" | "quota" | "full";

/** Where a replay guard remembers what it has seen: one atomic remember-unless-present operation. */
export interface ReplayStore {
  /**
   * Remembers `key` for `ttlMs` unless it is already remembered, in one atomic
   * step for every guard sharing the store. `nowMs` is the guard's clock (a
   * shared store may keep its own). `sender` is who the key is charged to (the
   * guard passes `sender_id`, or `auth.agent_id` for a nonce): a store with a
   * per-sender quota answers "quota" when that sender holds its share. May
   * reject when the store is unreachable.
   */
  remember(key: string, ttlMs: number, nowMs: number, sender?: string): Promise<RememberOutcome>;
}

/** Options of `createMemoryReplayStore`: the most keys held at once, in all and per sender. */
export interface MemoryStoreOptions {
  /** Most keys held at once; when every one is unexpired the store answers "full". Default 100,000. */
  readonly maxEntries?: number;
  /** Most unexpired keys charged to one sender; beyond it the store answers "quota". Default 10,000. */
  readonly maxEntriesPerSender?: number;
}

/** An in-memory ReplayStore (one process only), with its current size. */
export interface MemoryReplayStore extends ReplayStore {
  /** Keys held now, expired ones not yet swept included. */
  readonly size: number;
}

/** A sender's count of held keys; entries point at it, so a sender's name is held once. */
interface Bucket {
  readonly name: string;
  n: number;
}

interface Entry {
  readonly key: string;
  readonly expires: number;
  readonly bucket: Bucket | undefined;
}

/** Steps of the sweep each call makes beyond its own needs, so expired entries never pile up. */
const SWEEP_STEPS = 8;

/** A positive whole number of entries, for the store's limits. */
export function entryLimit(value: number | undefined, fallback: number): number {
  return Math.max(1, Math.floor(value ?? fallback));
}

/**
 * One process's memory, bounded in all and per sender: a full store (or a full
 * share) of live entries fails closed ("full", "quota") instead of forgetting
 * one, since forgetting would let that message be replayed. Expiry times differ
 * (each key lives until its message's own timestamp runs out), so a binary heap
 * by expiry finds the expired ones: a sweep frees exactly what has expired, in
 * O(log n) per entry, never scanning live ones.
 */
export function createMemoryReplayStore(options: MemoryStoreOptions = {}): MemoryReplayStore {
  const max = entryLimit(options.maxEntries, 100_000);
  const quota = entryLimit(options.maxEntriesPerSender, 10_000);
  const live = new Map<string, Entry>();
  const senders = new Map<string, Bucket>();
  // Min-heap by expiry. An entry replaced after it expired stays here until popped; `drop` skips it then.
  const heap: Entry[] = [];

  const push = (e: Entry): void => {
    let i = heap.push(e) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.expires <= e.expires) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = e;
  };
  const pop = (): Entry => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= heap.length) break;
        if (child + 1 < heap.length && heap[child + 1]!.expires < heap[child]!.expires) child++;
        if (heap[child]!.expires >= last.expires) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  };
  const drop = (e: Entry): void => {
    if (live.get(e.key) !== e) return;
    live.delete(e.key);
    if (e.bucket && --e.bucket.n === 0) senders.delete(e.bucket.name);
  };
  /** Frees expired entries, earliest first, until `enough()` or none is left expired. */
  const sweep = (now: number, enough: () => boolean): void => {
    while (heap.length > 0 && heap[0]!.expires <= now && !enough()) drop(pop());
  };

  const remember = (key: string, ttlMs: number, nowMs: number, sender: string | undefined): RememberOutcome => {
    const held = live.get(key);
    if (held !== undefined) {
      if (held.expires > nowMs) return "seen";
      drop(held);
    }
    let steps = SWEEP_STEPS;
    sweep(nowMs, () => steps-- <= 0);
    let bucket = sender === undefined ? undefined : senders.get(sender);
    if (bucket !== undefined && bucket.n >= quota) {
      const b = bucket;
      sweep(nowMs, () => b.n < quota);
      if (b.n >= quota) return "quota";
      bucket = senders.get(b.name); // the sweep may have emptied and removed it
    }
    if (live.size >= max) {
      sweep(nowMs, () => live.size < max);
      if (live.size >= max) return "full";
    }
    if (sender !== undefined && bucket === undefined) senders.set(sender, (bucket = { name: sender, n: 0 }));
    if (bucket) bucket.n++;
    const e: Entry = { key, expires: nowMs + ttlMs, bucket };
    live.set(key, e);
    push(e);
    return "added";
  };

  return {
    remember: (key, ttlMs, nowMs, sender) => Promise.resolve(remember(key, ttlMs, nowMs, sender)),
    get size() {
      return live.size;
    },
  };
}
