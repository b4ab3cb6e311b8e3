/**
 * The stream rules beyond the SDK's own streams (A2A v1.0 specification, sections 3.1.2, 3.1.6,
 * 11.7), and the guard: hostile options and inputs give issues, never a throw.
 */
import { describe, expect, it } from "vitest";
import { checkStreamEvents, readA2aStream } from "../../src/v1/stream.js";

const ids = { taskId: "t1", contextId: "c1" };
const at = "2026-01-01T00:00:00.000Z";
const task = { task: { id: "t1", contextId: "c1", status: { state: "TASK_STATE_WORKING", timestamp: at } } };
const status = (state: string) => ({ statusUpdate: { ...ids, status: { state, timestamp: at } } });
const message = { message: { messageId: "m1", role: "ROLE_AGENT", parts: [{ text: "hi" }] } };
const codes = (r: ReturnType<typeof checkStreamEvents>) => (r.ok ? (r.warnings ?? []).map((w) => `warning ${w.code} ${w.pointer}`) : r.issues.map((i) => `${i.code} ${i.pointer}`));

describe("the stream rules, offline (HTTP+JSON: each event a StreamResponse)", () => {
  it("a SubscribeToTask stream begins with the Task, never a Message (3.1.6)", () => {
    expect(codes(checkStreamEvents([message], { binding: "http", method: "SubscribeToTask" }))).toEqual(["out_of_order /0/message"]);
    expect(checkStreamEvents([message], { binding: "http" }).ok).toBe(true);
  });

  it("after an interrupted state: an error over HTTP+JSON (11.7), a warning over JSON-RPC (3.1.2 closes on terminal states only)", () => {
    const events = [task, status("TASK_STATE_INPUT_REQUIRED"), status("TASK_STATE_WORKING")];
    expect(codes(checkStreamEvents(events, { binding: "http" }))).toEqual(["out_of_order /2"]);
    const rpc = events.map((result) => ({ jsonrpc: "2.0", id: 1, result }));
    expect(codes(checkStreamEvents([...rpc, { jsonrpc: "2.0", id: 1, result: status("TASK_STATE_COMPLETED") }], { binding: "jsonrpc" }))).toEqual(["warning out_of_order /2"]);
  });

  it("a stream that ends before a terminal or interrupted state is a warning; an empty one an error", () => {
    expect(codes(checkStreamEvents([task], { binding: "http" }))).toEqual(["warning out_of_order "]);
    expect(codes(checkStreamEvents([], { binding: "http" }))).toEqual(["required "]);
  });

  it("a Task in the middle of the stream is out of order; an invalid event is reported by its validator", () => {
    expect(codes(checkStreamEvents([task, task, status("TASK_STATE_COMPLETED")], { binding: "http" }))).toEqual(["out_of_order /1/task"]);
    const r = checkStreamEvents([task, { statusUpdate: { taskId: "t1" } }, status("TASK_STATE_COMPLETED")], { binding: "http" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.every((i) => i.pointer.startsWith("/1/statusUpdate"))).toBe(true);
  });
});

describe("the guard", () => {
  it("hostile inputs and options give issues, never a throw", async () => {
    expect(checkStreamEvents("nope" as never, { binding: "http" })).toMatchObject({ ok: false, issues: [{ code: "type" }] });
    const hostile = new Proxy([], { get: () => { throw new Error("boom"); } });
    expect(checkStreamEvents(hostile as never, { binding: "http" }).ok).toBe(false);
    const options = { get binding(): "http" { throw new Error("boom"); } };
    const reader = readA2aStream("data: {}\n\n", options);
    const results = [];
    for await (const r of reader) results.push(r);
    expect(results).toMatchObject([{ ok: false, index: 0, issues: [{ code: "invalid" }] }]);
    expect((await reader.verdict()).ok).toBe(false);
  });

  it("verdict() reads what was not read yet", async () => {
    const body = [task, status("TASK_STATE_COMPLETED")].map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
    expect(await readA2aStream(body, { binding: "http" }).verdict()).toEqual({ ok: true, value: { events: 2, kind: "task", taskId: "t1", contextId: "c1", state: "TASK_STATE_COMPLETED" } });
  });
});
