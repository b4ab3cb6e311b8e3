/**
 * The replay guard under flood (issue 18, finding 5): how many senders at the
 * default quota fill the default memory store, what one flooding sender gets,
 * what each entry costs in memory (Node heap and Redis), and what a check costs
 * when accepted and when refused at the quota. Medians of rounds; a script,
 * never a timed test. `npx tsx bench/replay.ts` runs it alone on dist/ (build
 * first); bench/index.ts runs it on the bench's snapshot.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { pkg } from "./dist.js";
import { fmt, median } from "./harness.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let n = 0;
const id = () => `7c1d2e3f-4a5b-4c6d-8e7f-${(++n).toString(16).padStart(12, "0")}`;
const message = (sender: string, at: number) => ({ message_id: id(), message_type: "request", sender_id: sender, recipient_id: "gateway", timestamp: new Date(at).toISOString(), payload: { method: "ping" } });

interface Fill {
  /** Senders that got their whole share before the store said full. */
  readonly senders: number;
  readonly entries: number;
  readonly ms: number;
  /** What the next sender got. */
  readonly next: string;
}

/** Senders s0, s1, ... each send fresh messages until refused, until one is refused as full. */
async function fill(R: any, now: number): Promise<Fill> {
  const store = R.createMemoryReplayStore();
  const guard = R.createReplayGuard({ store });
  const t = performance.now();
  let senders = 0;
  for (;; senders++) {
    const r = await guard.check(message(`sender-${senders}`, now), { now });
    if (!r.ok) return { senders, entries: store.size, ms: performance.now() - t, next: r.issues[0].code };
    for (;;) {
      const more = await guard.check(message(`sender-${senders}`, now), { now });
      if (!more.ok) break;
    }
  }
}

/** Heap bytes per entry of a full default store (100,000 message_id keys of 36 characters, 10 senders). */
async function bytesPerEntry(R: any, now: number): Promise<number> {
  gc();
  const before = process.memoryUsage().heapUsed;
  const store = R.createMemoryReplayStore();
  const guard = R.createReplayGuard({ store });
  for (let s = 0; s < 10; s++) for (let i = 0; i < 10_000; i++) await guard.check(message(`sender-${s}`, now), { now });
  gc();
  const bytes = (process.memoryUsage().heapUsed - before) / store.size;
  if (store.size !== 100_000) throw new Error(`expected a full store, got ${store.size}`);
  return bytes;
}

/** µs per check: `count` fresh messages from one sender, through a guard whose store is prepared by `setup`. */
async function perCheck(R: any, now: number, count: number, setup: (guard: any) => Promise<void>): Promise<number> {
  const guard = R.createReplayGuard({ store: R.createMemoryReplayStore({ maxEntries: 1_000_000, maxEntriesPerSender: 10_000 }) });
  await setup(guard);
  const t = performance.now();
  for (let i = 0; i < count; i++) await guard.check(message("flooder", now), { now });
  return ((performance.now() - t) * 1000) / count;
}

async function redisRows(R: any): Promise<string[]> {
  const { findRedisServer, startRedis } = await import("../test/replay/redis-server.js");
  const bin = findRedisServer();
  if (!bin) return ["Redis rows skipped: redis-server is not installed (`bash scripts/redis.sh`)."];
  const server = await startRedis(bin);
  const { Redis } = await import("ioredis");
  const client = new Redis(server.port, "127.0.0.1", { enableAutoPipelining: true });
  try {
    const used = async () => Number(/used_memory:(\d+)/.exec(await client.info("memory"))![1]);
    const perKey = async (prefix: string, sender: (i: number) => string | undefined) => {
      const store = R.createRedisReplayStore(R.fromIoredis(client), { keyPrefix: prefix, maxEntriesPerSender: 1_000_000 });
      const before = await used();
      for (let b = 0; b < 20; b++) await Promise.all(Array.from({ length: 1_000 }, (_, i) => store.remember(`m:${id()}`, 361_001, Date.now(), sender(b * 1_000 + i))));
      return ((await used()) - before) / 20_000;
    };
    const bare = await perKey("bench:bare:", () => undefined);
    const counted = await perKey("bench:quota:", (i) => `sender-${i % 20}`);
    return [
      `| Redis 7 used_memory per key, no sender (no quota) | ${fmt(bare, 0)} bytes |`,
      `| Redis 7 used_memory per key, counted in its sender's sorted set (the guard's case) | ${fmt(counted, 0)} bytes |`,
    ];
  } finally {
    client.disconnect();
    await server.stop();
  }
}

export async function benchReplay(dist = join(pkg, "dist")): Promise<string> {
  const entry = join(dist, "replay/index.js");
  if (!existsSync(entry)) return "## Replay guard under flood\n\nSkipped: dist/replay is missing (run `npm run build`).\n";
  const R = await import(entry);
  const now = Date.now();
  const fills: Fill[] = [];
  for (let r = 0; r < 3; r++) fills.push(await fill(R, now));
  const bytes: number[] = [];
  for (let r = 0; r < 3; r++) bytes.push(await bytesPerEntry(R, now));

  // Finding 5's flood: 50,000 fresh messages from one sender_id, then one from another sender.
  const floods: Array<{ ms: number; accepted: number; honest: string }> = [];
  for (let r = 0; r < 3; r++) {
    const guard = R.createReplayGuard();
    const t = performance.now();
    let accepted = 0;
    for (let i = 0; i < 50_000; i++) if ((await guard.check(message("flooder", now), { now })).ok) accepted++;
    const ms = performance.now() - t;
    const honest = await guard.check(message("honest-agent", now), { now });
    floods.push({ ms, accepted, honest: honest.ok ? "accepted" : honest.issues[0].code });
  }

  const accepted: number[] = [];
  const refused: number[] = [];
  for (let r = 0; r < 5; r++) {
    accepted.push(await perCheck(R, now, 10_000, async () => {}));
    refused.push(
      await perCheck(R, now, 10_000, async (guard) => {
        for (let i = 0; i < 10_000; i++) await guard.check(message("flooder", now), { now });
      }),
    );
  }
  const f = fills[0]!;
  const same = fills.every((x) => x.senders === f.senders && x.entries === f.entries && x.next === f.next);
  const flood = floods[0]!;
  return [
    "## Replay guard under flood (issue 18, finding 5)",
    "",
    "Default memory store (maxEntries 100,000, maxEntriesPerSender 10,000), fresh messages with 36-character message_ids, the guard's default window; medians of 3 runs (5 for the per-check rows).",
    "",
    "| case | figure |",
    "| --- | ---: |",
    `| senders at the default quota that fill the default store | ${f.senders}${same ? "" : " (runs differ!)"} (${f.entries.toLocaleString("en")} entries; the next sender gets \`${f.next}\`) |`,
    `| time to fill it that way (${f.entries.toLocaleString("en")} accepted checks) | ${fmt(median(fills.map((x) => x.ms)), 0)} ms |`,
    `| one sender_id floods 50,000 fresh messages: accepted | ${flood.accepted.toLocaleString("en")}, then another sender: \`${flood.honest}\` (${fmt(median(floods.map((x) => x.ms)), 0)} ms for the flood) |`,
    `| Node heap per entry of a full store (V8, after gc) | ${fmt(median(bytes), 0)} bytes (${fmt((median(bytes) * 100_000) / 2 ** 20, 1)} MiB for 100,000) |`,
    `| guard.check, accepted (memory store) | ${fmt(median(accepted), 2)} µs |`,
    `| guard.check, refused at its sender's quota | ${fmt(median(refused), 2)} µs |`,
    ...(await redisRows(R)),
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchReplay(join(import.meta.dirname, "../dist")));
