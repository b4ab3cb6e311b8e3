/**
 * The stream reader against the real counterpart: the A2A JS SDK (1.3) serving on 127.0.0.1
 * (an ephemeral port), its `SendStreamingMessage` (JSON-RPC) and `message:stream` (HTTP+JSON)
 * responses read raw by fetch. The captured bodies validate; then broken on purpose, each giving
 * the right issue at the right event.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStreamEvents, readA2aStream, readEventStream, type A2aStreamEventResult, type ReadA2aStreamOptions } from "../../src/v1/stream.js";
import { close, startSdkAgent } from "../server/agent.js";

let server: Server;
let base: string;
const REQUEST_ID = 7;
let rpcBody: string; // the SDK's SendStreamingMessage response, as sent
let restBody: string; // the SDK's message:stream response, as sent

const message = (text: string) => ({ messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }] });

beforeAll(async () => {
  ({ server, base } = await startSdkAgent());
  const headers = { "Content-Type": "application/json", "A2A-Version": "1.0" };
  const rpc = await fetch(`${base}/a2a/jsonrpc`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: REQUEST_ID, method: "SendStreamingMessage", params: { message: message("hello") } }) });
  expect(rpc.headers.get("content-type")).toMatch(/^text\/event-stream/);
  rpcBody = await rpc.text();
  const rest = await fetch(`${base}/a2a/rest/message:stream`, { method: "POST", headers, body: JSON.stringify({ message: message("hello") }) });
  expect(rest.headers.get("content-type")).toMatch(/^text\/event-stream/);
  restBody = await rest.text();
});

afterAll(() => close(server));

const RPC: ReadA2aStreamOptions = { binding: "jsonrpc", method: "SendStreamingMessage", requestId: REQUEST_ID };

async function read(source: Parameters<typeof readA2aStream>[0], options: ReadA2aStreamOptions = RPC) {
  const reader = readA2aStream(source, options);
  const results: A2aStreamEventResult<unknown>[] = [];
  for await (const r of reader) results.push(r);
  return { results, verdict: await reader.verdict() };
}

/** The captured events' data, parsed. */
async function eventsOf(body: string): Promise<Array<Record<string, any>>> {
  const out: Array<Record<string, any>> = [];
  for await (const item of readEventStream(body)) if (item.ok) out.push(JSON.parse(item.event.data));
  return out;
}
const frame = (events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
/** The pointers of the error issues, by event. */
const pointers = (results: A2aStreamEventResult<unknown>[]) => results.flatMap((r) => (r.ok ? [] : r.issues.map((i) => `${i.code} ${i.pointer}`)));

describe("the SDK's real streams", () => {
  it("validate as they come, JSON-RPC binding, read from the fetch Response", async () => {
    const res = await fetch(`${base}/a2a/jsonrpc`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
      body: JSON.stringify({ jsonrpc: "2.0", id: REQUEST_ID, method: "SendStreamingMessage", params: { message: message("hello") } }),
    });
    const { results, verdict } = await read(res);
    expect(pointers(results)).toEqual([]);
    expect(results.map((r) => r.ok && Object.keys((r.value as { result: object }).result)[0])).toEqual(["task", "artifactUpdate", "statusUpdate"]);
    expect(verdict).toMatchObject({ ok: true, value: { events: 3, kind: "task", state: "TASK_STATE_COMPLETED" } });
  });

  it("validate as captured, both bindings (HTTP+JSON: each event a StreamResponse, section 11.7)", async () => {
    expect((await read(rpcBody)).verdict.ok).toBe(true);
    const rest = await read(restBody, { binding: "http" });
    expect(pointers(rest.results)).toEqual([]);
    expect(rest.verdict).toMatchObject({ ok: true, value: { events: 3, kind: "task" } });
    expect(checkStreamEvents(await eventsOf(restBody), { binding: "http" }).ok).toBe(true);
  });

  it("split at every byte boundary, and byte by byte, give the same results", async () => {
    const bytes = new TextEncoder().encode(rpcBody);
    const whole = await read(bytes);
    for (let k = 1; k < bytes.length; k++) expect(await read([bytes.slice(0, k), bytes.slice(k)])).toEqual(whole);
    expect(await read(Array.from(bytes, (b) => new Uint8Array([b])))).toEqual(whole);
  });

  it("a data frame over several lines is one event (joined with LF)", async () => {
    const events = await eventsOf(rpcBody);
    const multi = events.map((e) => JSON.stringify(e, null, 2).split("\n").map((l) => `data: ${l}\n`).join("") + "\n").join("");
    const { results, verdict } = await read(multi);
    expect(verdict.ok).toBe(true);
    expect(results.map((r) => r.ok && r.value)).toEqual(events);
  });
});

describe("the SDK's streams, broken on purpose", () => {
  it("reordered events: the update before the Task", async () => {
    const [task, artifact, status] = await eventsOf(rpcBody);
    const { results, verdict } = await read(frame([artifact, task, status]));
    expect(pointers(results)).toEqual(["out_of_order /0/result/artifactUpdate", "out_of_order /1/result/task"]);
    expect(verdict.ok).toBe(false);
  });

  it("an event after completion", async () => {
    const events = await eventsOf(rpcBody);
    const { results } = await read(frame([...events, events[1]]));
    expect(pointers(results)).toEqual(["out_of_order /3"]);
  });

  it("a final Task snapshot after completion is allowed (section 11.7), and nothing after it", async () => {
    const events = await eventsOf(rpcBody);
    const snapshot = { ...events[0], result: { task: { ...events[0]!.result.task, status: events[2]!.result.statusUpdate.status } } };
    expect((await read(frame([...events, snapshot]))).verdict.ok).toBe(true);
    expect(pointers((await read(frame([...events, snapshot, events[2]]))).results)).toEqual(["out_of_order /4"]);
  });

  it("a wrong taskId, a wrong contextId", async () => {
    const [task, artifact, status] = await eventsOf(rpcBody);
    const wrong = { ...status, result: { statusUpdate: { ...status!.result.statusUpdate, taskId: "other-task" } } };
    expect(pointers((await read(frame([task, artifact, wrong]))).results)).toEqual(["mismatch /2/result/statusUpdate/taskId"]);
    const ctx = { ...artifact, result: { artifactUpdate: { ...artifact!.result.artifactUpdate, contextId: "other-context" } } };
    expect(pointers((await read(frame([task, ctx, status]))).results)).toEqual(["mismatch /1/result/artifactUpdate/contextId"]);
  });

  it("a missing id, another id", async () => {
    const [task, artifact, status] = await eventsOf(rpcBody);
    const { id: _, ...noId } = artifact!;
    const missing = await read(frame([task, noId, status]));
    expect(missing.results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(pointers(missing.results)).toEqual([expect.stringMatching(/^required \/1$/)]);
    expect(pointers((await read(frame([task, { ...artifact, id: 8 }, status]))).results)).toEqual(["mismatch /1/id"]);
  });

  it("an artifact chunk appended to nothing, and one after its lastChunk", async () => {
    const [task, artifact, status] = await eventsOf(rpcBody);
    const chunk = (o: object) => ({ ...artifact, result: { artifactUpdate: { ...artifact!.result.artifactUpdate, ...o } } });
    const orphan = chunk({ append: true, artifact: { ...artifact!.result.artifactUpdate.artifact, artifactId: "never-started" } });
    expect(pointers((await read(frame([task, orphan, status]))).results)).toEqual(["out_of_order /1/result/artifactUpdate/append"]);
    expect(pointers((await read(frame([task, artifact, chunk({ append: true }), status]))).results)).toEqual(["out_of_order /2/result/artifactUpdate/artifact/artifactId"]);
  });

  it("an error event ends the stream", async () => {
    const [task, artifact, status] = await eventsOf(rpcBody);
    const error = { jsonrpc: "2.0", id: REQUEST_ID, error: { code: -32603, message: "Internal error" } };
    expect((await read(frame([task, error]))).verdict.ok).toBe(true);
    expect(pointers((await read(frame([task, error, artifact, status]))).results)).toEqual(["out_of_order /2", "out_of_order /3"]);
  });

  it("a message-only stream holds exactly one Message", async () => {
    const msg = { jsonrpc: "2.0", id: REQUEST_ID, result: { message: { messageId: "m1", role: "ROLE_AGENT", parts: [{ text: "hi" }] } } };
    expect((await read(frame([msg]))).verdict).toMatchObject({ ok: true, value: { kind: "message", events: 1 } });
    expect(pointers((await read(frame([msg, msg]))).results)).toEqual(["out_of_order /1"]);
  });

  it("the last event without its blank line, and an event that is not JSON", async () => {
    const body = rpcBody.replace(/\s+$/, "");
    const { results } = await read(body);
    expect(pointers(results)).toEqual(["truncated /2"]);
    expect(pointers((await read(rpcBody.replace(/^data: \{/, "data: {{"))).results)).toEqual(["syntax /0"]);
  });

  it("the same rules offline, over the parsed events", async () => {
    const [task, artifact, status] = await eventsOf(rpcBody);
    const r = checkStreamEvents([artifact, task, status, status], { binding: "jsonrpc", requestId: REQUEST_ID });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => `${i.code} ${i.pointer}`)).toEqual(["out_of_order /0/result/artifactUpdate", "out_of_order /1/result/task", "out_of_order /3"]);
    expect(checkStreamEvents([], { binding: "jsonrpc" })).toMatchObject({ ok: false, issues: [{ code: "required", pointer: "" }] });
  });
});
