/**
 * Authenticity: verify cost of a 5-skill Agent Card (Ed25519 and ES256) against
 * the bare WebCrypto verify of the same bytes, and the replay guard's cost per
 * message with each store against checkFreshness alone. Async cases, so
 * tinybench measures them; like harness.ts, cases are interleaved over rounds
 * and every figure is a median of per-round medians or ratios.
 * Call `benchAuthenticity()` from bench/index.ts after `npm run build`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Bench } from "tinybench";
import { pkg } from "./dist.js";
import { fmt, median } from "./harness.js";
import { v1Inputs } from "./v1.js";


interface AsyncCase {
  readonly name: string;
  readonly fn: () => Promise<unknown> | unknown;
  /** Messages handled per call (for batched cases). */
  readonly per?: number;
}

interface AsyncRow {
  readonly name: string;
  readonly ratio: number;
  readonly usPerOp: number;
}

/** Interleaved rounds of short tinybench runs; the first case is the baseline. */
async function compareAsync(cases: readonly AsyncCase[], { rounds = 7, timeMs = 150 } = {}): Promise<AsyncRow[]> {
  const perRound: number[][] = cases.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + r) % cases.length;
      const c = cases[i]!;
      const bench = new Bench({ time: timeMs, warmupTime: r === 0 ? 100 : 20, throws: true });
      bench.add(c.name, c.fn);
      await bench.run();
      const res = bench.tasks[0]!.result;
      if (res.state !== "completed") throw new Error(`${c.name}: ${res.state}`);
      perRound[i]!.push((res.latency.p50 * 1000) / (c.per ?? 1));
    }
  }
  return cases.map((c, i) => ({
    name: c.name,
    ratio: median(perRound[i]!.map((us, r) => us / perRound[0]![r]!)),
    usPerOp: median(perRound[i]!),
  }));
}

const table = (rows: AsyncRow[], baseline: string) =>
  [`| case | × ${baseline} (median of rounds) | median µs/op |`, "| --- | ---: | ---: |", ...rows.map((r) => `| ${r.name} | ${fmt(r.ratio)} | ${fmt(r.usPerOp, 1)} |`)].join("\n");

async function verifyRows(S: any): Promise<AsyncRow[]> {
  // The fixture card carries a sample signature of its own; sign the card without it.
  const { signatures: _sample, ...card } = v1Inputs().card as Record<string, unknown>;
  const cases: AsyncCase[] = [];
  const keys: Record<string, { jwk: any; verify: () => Promise<boolean> }> = {};
  for (const [alg, gen, params] of [
    ["EdDSA", { name: "Ed25519" }, { name: "Ed25519" }],
    ["ES256", { name: "ECDSA", namedCurve: "P-256" }, { name: "ECDSA", hash: "SHA-256" }],
  ] as const) {
    const pair = (await crypto.subtle.generateKey(gen as any, true, ["sign", "verify"])) as { privateKey: any; publicKey: any };
    const signed = await S.signAgentCard(card, { key: pair.privateKey, kid: alg, alg });
    if (!signed.ok) throw new Error(`sign ${alg}: ${JSON.stringify(signed.issues)}`);
    const jwk = { ...(await crypto.subtle.exportKey("jwk", pair.publicKey)), kid: alg };
    const set = { keys: [jwk] };
    const check = await S.verifyAgentCard(signed.value, { keys: set });
    if (check.verdict !== "valid") throw new Error(`verify ${alg}: ${JSON.stringify(check.issues)}`);
    const sig = signed.value.signatures[0];
    const payload = S.canonicalizeAgentCard(card).value as string;
    const input = new TextEncoder().encode(`${sig.protected}.${Buffer.from(payload).toString("base64url")}`);
    const raw = Buffer.from(sig.signature, "base64url");
    keys[alg] = { jwk, verify: () => crypto.subtle.verify(params as any, pair.publicKey, raw, input) };
    cases.push({ name: `verifyAgentCard, ${alg === "EdDSA" ? "Ed25519" : alg}, JWK Set of 1 key`, fn: () => S.verifyAgentCard(signed.value, { keys: set }) });
  }
  return compareAsync([
    { name: "crypto.subtle.verify alone, Ed25519 (floor)", fn: keys["EdDSA"]!.verify },
    { name: "crypto.subtle.verify alone, ES256", fn: keys["ES256"]!.verify },
    { name: "canonicalizeAgentCard (payload only, sync)", fn: () => S.canonicalizeAgentCard(card) },
    ...cases,
  ]);
}

const SIG_BUDGET_MS_PER_MB = 50;

/** Cards of about `mb` MB: many skills (a plausible large card), or a dense unknown field (the costliest shape measured). */
function bigCard(shape: "skills" | "dense objects" | "wide object", mb: number): Record<string, unknown> {
  const { signatures: _sample, ...card } = v1Inputs().card as Record<string, unknown>;
  const bytes = mb * 1024 * 1024;
  if (shape === "dense objects") return { ...card, x: Array.from({ length: Math.floor((bytes - 3000) / 3) }, () => ({})) };
  if (shape === "wide object") return { ...card, x: Object.fromEntries(Array.from({ length: Math.floor((bytes - 3000) / 12) }, (_, i) => [`k${(i * 7919) % 1_000_003}`.padEnd(8, "_"), 0])) };
  const skill = (card["skills"] as Array<Record<string, unknown>>)[0]!;
  const skills: unknown[] = [];
  const unit = JSON.stringify(skill).length + 1;
  for (let i = 0; i < Math.floor((bytes - 3000) / unit); i++) skills.push({ ...skill, id: `skill-${i}` });
  return { ...card, skills };
}

/** Median wall time of `runs` awaited calls after one untimed call. */
async function wallMs(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    t.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(t);
}

/**
 * Issue 18, finding 8: verifyAgentCard on cards of 1 and 2 MB, against 50 ms per MB. Keys are
 * resolved before the card is canonicalized, so unknown kids cost the reading of the card only.
 */
async function largeCardRows(S: any): Promise<string> {
  const pairs = await Promise.all(Array.from({ length: 8 }, () => crypto.subtle.generateKey({ name: "Ed25519" } as any, true, ["sign", "verify"]) as Promise<any>));
  const keys = { keys: await Promise.all(pairs.map(async (p, i) => ({ ...(await crypto.subtle.exportKey("jwk", p.publicKey)), kid: `k${i}` }))) };
  const garbage = (n: number) => Array.from({ length: n }, (_, i) => ({ protected: Buffer.from(JSON.stringify({ alg: "ES256", kid: `unknown-${i}`, typ: "JOSE" })).toString("base64url"), signature: "AAAA" }));
  const lines = [`| card | MB | case | median ms | ms per MB | within ${SIG_BUDGET_MS_PER_MB} ms/MB |`, "| --- | ---: | --- | ---: | ---: | --- |"];
  for (const shape of ["skills", "dense objects", "wide object"] as const) {
    for (const mb of [1, 2]) {
      const card = bigCard(shape, mb);
      let signed: Record<string, unknown> = card;
      for (let i = 0; i < 8; i++) {
        const r = await S.signAgentCard(signed, { key: pairs[i].privateKey, kid: `k${i}`, alg: "EdDSA" });
        if (!r.ok) throw new Error(`sign: ${JSON.stringify(r.issues)}`);
        signed = r.value;
      }
      const sigs = signed["signatures"] as unknown[];
      const oneValid = { ...card, signatures: sigs.slice(0, 1) };
      const unknown8 = { ...card, signatures: garbage(8) };
      const unknown100 = { ...card, signatures: garbage(100) };
      const text = JSON.stringify(unknown8);
      const oneValidText = JSON.stringify(oneValid);
      const size = Buffer.byteLength(oneValidText) / (1024 * 1024);
      const cases: Array<[string, () => Promise<unknown>, string?]> = [
        ["JSON.parse of its text (floor: what the caller spends before an object call)", async () => JSON.parse(oneValidText)],
        ["8 unknown-kid signatures", () => S.verifyAgentCard(unknown8, { keys }), "unverifiable"],
        ["100 unknown-kid signatures, maxSignatures 100", () => S.verifyAgentCard(unknown100, { keys, maxSignatures: 100 }), "unverifiable"],
        ["1 valid signature", () => S.verifyAgentCard(oneValid, { keys }), "valid"],
        ["8 valid signatures, require all", () => S.verifyAgentCard(signed, { keys, require: "all" }), "valid"],
        ["as text: 8 unknown-kid signatures", () => S.verifyAgentCard(text, { keys }), "unverifiable"],
        ["as text: 1 valid signature", () => S.verifyAgentCard(oneValidText, { keys }), "valid"],
      ];
      for (const [name, fn, want] of cases) {
        if (want !== undefined) {
          const got = ((await fn()) as { verdict: string }).verdict;
          if (got !== want) throw new Error(`${shape} ${mb} MB, ${name}: ${got}, expected ${want}`);
        }
        const ms = await wallMs(fn);
        const per = ms / size;
        lines.push(`| ${shape} | ${fmt(size, 2)} | ${name} | ${fmt(ms, 1)} | ${fmt(per, 1)} | ${want === undefined ? "" : per <= SIG_BUDGET_MS_PER_MB ? "yes" : "**no**"} |`);
      }
    }
  }
  return lines.join("\n");
}

async function guardRows(R: any, L: any): Promise<{ rows: AsyncRow[]; redisNote: string }> {
  let n = 0;
  const id = () => `3f2b8c1e-9d4a-4f6b-8e2c-${(++n).toString(16).padStart(12, "0")}`;
  const base = { message_type: "request", sender_id: "client-agent-001", recipient_id: "server-agent-001", payload: { method: "ping" } };
  const fresh = () => ({ ...base, message_id: id(), timestamp: new Date().toISOString() });
  // One sender sends every message: its quota is raised so each row measures accepted messages.
  const memory = R.createReplayGuard({ store: R.createMemoryReplayStore({ maxEntries: 10_000_000, maxEntriesPerSender: 10_000_000 }) });
  const cases: AsyncCase[] = [
    { name: "checkFreshness alone (floor)", fn: () => L.checkFreshness(fresh()) },
    { name: "guard.check, memory store", fn: () => memory.check(fresh()) },
  ];

  let stop: (() => Promise<void>) | undefined;
  let redisNote = "";
  const { findRedisServer, startRedis } = await import("../test/replay/redis-server.js");
  const bin = findRedisServer();
  if (!bin) redisNote = "Redis rows skipped: redis-server is not installed (`bash scripts/redis.sh`).";
  else {
    const server = await startRedis(bin);
    const { Redis } = await import("ioredis");
    const client = new Redis(server.port, "127.0.0.1");
    // What a busy gateway would use: concurrent SETs batched into one write.
    const pipelined = new Redis(server.port, "127.0.0.1", { enableAutoPipelining: true });
    stop = async () => {
      await Promise.all([client.quit(), pipelined.quit()]);
      await server.stop();
    };
    const redis = R.createReplayGuard({ store: R.createRedisReplayStore(R.fromIoredis(client), { keyPrefix: "bench:", maxEntriesPerSender: 10_000_000 }) });
    const batched = R.createReplayGuard({ store: R.createRedisReplayStore(R.fromIoredis(pipelined), { keyPrefix: "bench:", maxEntriesPerSender: 10_000_000 }) });
    const IN_FLIGHT = 64;
    cases.push(
      { name: "guard.check, Redis store (ioredis), one message at a time", fn: () => redis.check(fresh()) },
      { name: `guard.check, Redis store (ioredis), ${IN_FLIGHT} in flight, per message`, fn: () => Promise.all(Array.from({ length: IN_FLIGHT }, () => redis.check(fresh()))), per: IN_FLIGHT },
      { name: `guard.check, Redis store (ioredis enableAutoPipelining), ${IN_FLIGHT} in flight, per message`, fn: () => Promise.all(Array.from({ length: IN_FLIGHT }, () => batched.check(fresh()))), per: IN_FLIGHT },
    );
    redisNote = "Redis: a redis-server started on 127.0.0.1 for the run, one connection per row; one message at a time is a loopback round trip per message.";
  }
  try {
    return { rows: await compareAsync(cases), redisNote };
  } finally {
    await stop?.();
  }
}

export async function benchAuthenticity(dist = join(pkg, "dist")): Promise<string> {
  const sigEntry = join(dist, "v1/signatures/index.js");
  const replayEntry = join(dist, "replay/index.js");
  if (!existsSync(sigEntry) || !existsSync(replayEntry)) return "## Authenticity\n\nSkipped: dist/v1/signatures or dist/replay is missing (run `npm run build`).\n";
  const S = await import(sigEntry);
  const R = await import(replayEntry);
  const L = await import(join(dist, "legacy/index.js"));
  const verify = await verifyRows(S);
  const large = await largeCardRows(S);
  const guard = await guardRows(R, L);
  const { signatures: _sample, ...card } = v1Inputs().card as Record<string, unknown>;
  const cardBytes = JSON.stringify(card).length;
  return [
    "## Authenticity",
    "",
    `### Verifying a signed 5-skill Agent Card (${cardBytes} bytes of JSON; the card of the v1 section)`,
    "",
    "verifyAgentCard reads the card once, canonicalizes it (RFC 8785), checks the header, finds the key in the set (its WebCrypto import is cached) and verifies.",
    "",
    table(verify, "WebCrypto Ed25519 verify"),
    "",
    `### Large cards: any signatures answered within ${SIG_BUDGET_MS_PER_MB} ms per MB (issue 18)`,
    "",
    "A card none of whose signatures has a usable key is answered without canonicalizing it, and a card is canonicalized once whatever its number of signatures. Median wall time of 5 calls; the JSON.parse row is the floor an object argument has already paid.",
    "",
    large,
    "",
    "### Replay guard, per message (fresh message_id each call)",
    "",
    table(guard.rows, "checkFreshness"),
    "",
    guard.redisNote,
    "",
  ].join("\n");
}
