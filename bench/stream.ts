/**
 * The event-stream reader (a2a-schemas/v1/stream), issue 21's budget: over a 10 MB stream of A2A
 * JSON-RPC events in 64 KiB chunks, `readEventStream` plus `JSON.parse` of each event's data, at
 * least 0.8× the throughput of a bare loop that splits on blank lines and parses (no CR, no
 * multi-line data, no caps: what a user writes by hand). Interleaved rounds, the median of
 * per-round ratios. `readA2aStream` (framing, parsing, validation, stream rules) is shown beside
 * it, without a target. Call `benchStream()` from bench/index.ts after `npm run build`.
 */
import { built } from "./dist.js";
import { fmt, median } from "./harness.js";
import { judgeAtLeast, STREAM_READER_MIN as MIN } from "./targets.js";

const MB = 10;
const CHUNK = 64 * 1024;
const ROUNDS = 9;

/** About 10 MB of a task stream: the Task, then artifact chunks and status updates. */
function streamBytes(): Uint8Array[] {
  const ids = { taskId: "3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f", contextId: "9d4a4f6b-3f2b-4c1e-8e2c-1a7d5b9c0e3f" };
  const event = (result: object) => `data: ${JSON.stringify({ jsonrpc: "2.0", id: 7, result })}\n\n`;
  const parts = [event({ task: { id: ids.taskId, contextId: ids.contextId, status: { state: "TASK_STATE_WORKING", timestamp: "2026-01-01T00:00:00.000Z" } } })];
  let size = parts[0]!.length;
  for (let i = 0; size < MB * 1024 * 1024; i++) {
    const e =
      i % 4 === 3
        ? event({ statusUpdate: { ...ids, status: { state: "TASK_STATE_WORKING", timestamp: "2026-01-01T00:00:00.000Z", message: { messageId: `m-${i}`, role: "ROLE_AGENT", parts: [{ text: `step ${i} of the work` }] } } } })
        : event({ artifactUpdate: { ...ids, artifact: { artifactId: "a1", parts: [{ text: "lorem ipsum dolor sit amet ".repeat(12) + i }] }, append: i > 0 } });
    parts.push(e);
    size += e.length;
  }
  parts.push(event({ statusUpdate: { ...ids, status: { state: "TASK_STATE_COMPLETED", timestamp: "2026-01-01T00:00:01.000Z" } } }));
  const all = new TextEncoder().encode(parts.join(""));
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += CHUNK) chunks.push(all.subarray(i, i + CHUNK));
  return chunks;
}

/** What a user writes by hand (issue 21 counted 13 lines): decode, split on "\n\n", strip "data: ", parse. */
async function bare(chunks: Iterable<Uint8Array>): Promise<number> {
  const decoder = new TextDecoder();
  let buffer = "";
  let n = 0;
  for await (const c of chunks) {
    buffer += decoder.decode(c, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (frame.startsWith("data: ")) n += JSON.parse(frame.slice(6)) ? 1 : 0;
    }
  }
  return n;
}

export async function benchStream(): Promise<string> {
  const S = await import(built("v1/stream.js"));
  const chunks = streamBytes();
  const bytes = chunks.reduce((n, c) => n + c.byteLength, 0);
  const reader = async () => {
    let n = 0;
    for await (const item of S.readEventStream(chunks, { maxStreamBytes: 64 * 1024 * 1024 })) if (item.ok) n += JSON.parse(item.event.data) ? 1 : 0;
    return n;
  };
  const full = async () => {
    const r = S.readA2aStream(chunks, { binding: "jsonrpc", method: "SendStreamingMessage", requestId: 7 });
    let n = 0;
    for await (const e of r) n += e.ok ? 1 : 0;
    const v = await r.verdict();
    if (!v.ok) throw new Error("the bench stream is not valid: " + JSON.stringify(v.issues.slice(0, 3)));
    return n;
  };
  const cases = [bare, reader, full] as const;
  const names = ["bare loop: split on blank lines + JSON.parse (baseline)", "readEventStream + JSON.parse", "readA2aStream (framing, parse, validation, stream rules)"];
  const counts = await Promise.all(cases.map((c) => c(chunks)));
  if (new Set(counts).size !== 1) throw new Error(`the cases read different event counts: ${counts.join(", ")}`);
  const ms: number[][] = cases.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + r) % cases.length;
      const t0 = process.hrtime.bigint();
      await cases[i]!(chunks);
      ms[i]!.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  // Throughput relative to the bare loop: its time over the case's, per round.
  const rows = cases.map((_, i) => ({ rel: median(ms[i]!.map((t, r) => ms[0]![r]! / t)), ms: median(ms[i]!) }));
  return [
    "## The event-stream reader (a2a-schemas/v1/stream)",
    "",
    `### ${fmt(bytes / 1024 / 1024, 1)} MB of JSON-RPC stream events (${counts[0]} events, ${CHUNK / 1024} KiB chunks), ${ROUNDS} interleaved rounds; target: the reader at least ${MIN}× the bare loop's throughput`,
    "",
    "| case | throughput × bare loop | median ms | MB/s | target |",
    "| --- | ---: | ---: | ---: | --- |",
    ...rows.map(
      (r, i) =>
        `| ${names[i]} | ${fmt(r.rel, 2)} | ${fmt(r.ms, 0)} | ${fmt(bytes / 1024 / 1024 / (r.ms / 1000), 0)} | ${i === 0 ? "baseline" : i === 1 ? judgeAtLeast(r.rel, MIN, `${MIN}× the bare loop`, "stream: event-stream reader throughput") : "no target"} |`,
    ),
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { snapshotDist } = await import("./dist.js");
  snapshotDist();
  console.log(await benchStream());
}
