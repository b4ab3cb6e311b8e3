/**
 * Lists of stream events offline: `--stream <method>` (or a sidecar's "stream") reads a JSON array
 * or a JSON Lines file of events and runs the stream rules over them, each issue naming its event
 * and placed at its line:col in the file, in every format.
 */
import { describe, expect, it } from "vitest";
import { cli, put, scratch } from "./helpers.js";

const ID = 7;
const task = { id: "t1", contextId: "c1", status: { state: "TASK_STATE_SUBMITTED" } };
const artifact = { taskId: "t1", contextId: "c1", artifact: { artifactId: "a1", parts: [{ text: "hi" }] }, lastChunk: true };
const done = { taskId: "t1", contextId: "c1", status: { state: "TASK_STATE_COMPLETED" } };
const rpc = (result: object) => ({ jsonrpc: "2.0", id: ID, result });
const good = [rpc({ task }), rpc({ artifactUpdate: artifact }), rpc({ statusUpdate: done })];
const dir = scratch();

const report = async (argv: string[]) => JSON.parse((await cli([...argv, "-f", "json"], { cwd: dir })).stdout);
/** line:col of the value after the first `"key": ` in a file written by put() (two-space JSON). */
function valueAt(value: unknown, key: string): string {
  const text = JSON.stringify(value, null, 2);
  const at = text.indexOf(`"${key}": `) + key.length + 4;
  const before = text.slice(0, at);
  return `${before.split("\n").length}:${at - before.lastIndexOf("\n")}`;
}
const issues = (r: any) => r.files[0].documents[0].issues.map((i: any) => `${i.code} ${i.pointer} ${i.line}:${i.column}`);

describe("a list of stream events (--stream)", () => {
  it("a JSON array and JSON Lines of a good stream pass; the binding is read from the events", async () => {
    put(dir, "good.json", good);
    put(dir, "good.jsonl", good.map((e) => JSON.stringify(e)).join("\n") + "\n");
    put(dir, "http.jsonl", [{ task }, { artifactUpdate: artifact }, { statusUpdate: done }].map((e) => JSON.stringify(e)).join("\n"));
    const r = await cli(["--stream", "SendStreamingMessage", "good.json", "good.jsonl", "http.jsonl"], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: "3 files: 3 as expected, 0 failed\n" });
    const j = await report(["--stream", "SendStreamingMessage", "good.json", "http.jsonl"]);
    expect(j.files.map((f: any) => [f.kind, f.documents[0].type])).toEqual([
      ["stream", "SendStreamingMessage stream (JSON-RPC)"],
      ["stream", "SendStreamingMessage stream (HTTP+JSON)"],
    ]);
  });

  it("each rule broken is an issue at its event's index, line and column (JSON array)", async () => {
    const reordered = [good[1], good[0], good[2]];
    put(dir, "reordered.json", reordered);
    expect(issues(await report(["--stream", "SendStreamingMessage", "reordered.json"]))).toEqual([
      `out_of_order /0/result/artifactUpdate ${valueAt(reordered, "artifactUpdate")}`,
      `out_of_order /1/result/task ${valueAt(reordered, "task")}`,
    ]);
    put(dir, "after.json", [...good, good[1]]);
    const r = await cli(["--stream", "SendStreamingMessage", "after.json"], { cwd: dir });
    expect(r.code).toBe(1);
    // The fourth element's brace: the fourth line that is "  {".
    const line = JSON.stringify([...good, good[1]], null, 2).split("\n").flatMap((l, n) => (l === "  {" ? [n + 1] : []))[3];
    expect(r.stdout).toContain(`after.json:${line}:3  /3  event 3: nothing follows the terminal state TASK_STATE_COMPLETED`);
  });

  it("JSON Lines: the event's own line; a line that is not JSON is named and the rules go on", async () => {
    const lines = [JSON.stringify(good[0]), "{not json", JSON.stringify({ ...good[2], id: 8 })];
    put(dir, "broken.jsonl", lines.join("\n"));
    expect(issues(await report(["--stream", "SendStreamingMessage", "broken.jsonl"]))).toEqual([
      expect.stringMatching(/^invalid_json \/1 2:\d+$/),
      `mismatch /2/id 3:${lines[2]!.indexOf('"id":') + 6}`,
    ]);
  });

  it("a SubscribeToTask stream must begin with the Task, not a Message", async () => {
    const sub = [rpc({ message: { messageId: "m", role: "ROLE_AGENT", parts: [{ text: "x" }] } })];
    put(dir, "sub.json", sub);
    expect(issues(await report(["--stream", "SubscribeToTask", "sub.json"]))).toEqual([`out_of_order /0/result/message ${valueAt(sub, "message")}`]);
  });

  it("a sidecar's \"stream\" makes a file a stream in a folder run, with its expected issues", async () => {
    put(dir, "folder/valid/ok.jsonl", good.map((e) => JSON.stringify(e)).join("\n"));
    put(dir, "folder/valid/ok.expect.json", { stream: "SendStreamingMessage" });
    put(dir, "folder/invalid/late.jsonl", [...good, good[1]].map((e) => JSON.stringify(e)).join("\n"));
    put(dir, "folder/invalid/late.expect.json", { stream: "SendStreamingMessage", binding: "jsonrpc", issues: [{ pointer: "/3", code: "out_of_order" }] });
    expect(await cli(["folder"], { cwd: dir })).toMatchObject({ code: 0, stdout: "2 files: 2 as expected, 0 failed\n" });
    put(dir, "folder/invalid/late.expect.json", { stream: "SendStreamingMessage", issues: [{ pointer: "/2", code: "out_of_order" }] });
    expect((await cli(["folder"], { cwd: dir })).code).toBe(1);
    put(dir, "folder/invalid/late.expect.json", { stream: "SendMessage" });
    expect((await cli(["folder"], { cwd: dir })).stdout).toContain('"stream" must be "SendStreamingMessage" or "SubscribeToTask"');
  });

  it("--stream takes only the streaming RPCs", async () => {
    const r = await cli(["--stream", "SendMessage", "good.json"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--stream must be one of SendStreamingMessage, SubscribeToTask");
  });
});
