/** The v1 family through the CLI: messages, modes, hints and the JSON-RPC binding in streams. */
import { describe, expect, it } from "vitest";
import { createJsonRpcRequest, createJsonRpcResponse, createMessage, createTask, createTextPart } from "../../src/v1/index.js";
import { cli, put, scratch } from "./helpers.js";

const task = createTask({ id: "t-1", contextId: "c-1", state: "TASK_STATE_COMPLETED" });
const message = createMessage({ role: "ROLE_USER", parts: [createTextPart("hello")] });

interface Doc {
  type: string | null;
  family: string | null;
  mode: string | null;
  met: boolean;
  issues: { pointer: string; code: string; hint?: string; line: number }[];
}
const docs = (stdout: string): Doc[] => JSON.parse(stdout).files.flatMap((f: { documents: Doc[] }) => f.documents);

describe("v1 through the CLI", () => {
  it("validates detected v1 messages in strict mode by default", async () => {
    const root = scratch();
    put(root, "fixtures/v1/valid/Task/done.json", task);
    put(root, "fixtures/v1/valid/Message/hello.json", message);
    const r = await cli(["fixtures", "-f", "json"], { cwd: root });
    expect(r.code).toBe(0);
    expect(docs(r.stdout).map((d) => [d.family, d.type, d.mode, d.met])).toEqual([
      ["v1", "Message", "strict", true],
      ["v1", "Task", "strict", true],
    ]);
  });

  it("applies --mode lenient, and a sidecar's mode", async () => {
    const root = scratch();
    const snake = { message_id: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }] };
    put(root, "snake.json", snake);
    expect((await cli(["snake.json"], { cwd: root })).code).toBe(1);
    expect((await cli(["snake.json", "--mode", "lenient"], { cwd: root })).code).toBe(0);
    put(root, "snake.expect.json", { mode: "lenient" });
    expect((await cli(["snake.json"], { cwd: root })).code).toBe(0);
  });

  it("holds a negative fixture to its sidecar's lenient issues in lenient mode", async () => {
    const root = scratch();
    // Both spellings at once: an error in either mode, but not the same one.
    put(root, "invalid/Message/both.json", { messageId: "m", message_id: "m", role: "ROLE_USER", parts: [{ text: "x" }] });
    const strictRun = await cli(["invalid", "-f", "json"], { cwd: root });
    const lenientRun = await cli(["invalid", "-f", "json", "--mode", "lenient"], { cwd: root });
    const strictIssues = docs(strictRun.stdout)[0]!.issues.map(({ pointer, code }) => ({ pointer, code }));
    const lenientIssues = docs(lenientRun.stdout)[0]!.issues.map(({ pointer, code }) => ({ pointer, code }));
    expect(strictIssues.length).toBeGreaterThan(0);
    expect(lenientIssues.length).toBeGreaterThan(0);
    put(root, "invalid/Message/both.expect.json", { issues: [strictIssues[0]], lenient: [lenientIssues[0]] });
    expect((await cli(["invalid"], { cwd: root })).code).toBe(0);
    expect((await cli(["invalid", "--mode", "lenient"], { cwd: root })).code).toBe(0);
    // an expectation no mode meets fails in both
    put(root, "invalid/Message/both.expect.json", { issues: [strictIssues[0]], lenient: [{ pointer: "/nowhere", code: "enum" }] });
    expect((await cli(["invalid"], { cwd: root })).code).toBe(0);
    expect((await cli(["invalid", "--mode", "lenient"], { cwd: root })).code).toBe(1);
  });

  it("expects a pass in lenient mode where the sidecar says lenient accepts the fixture", async () => {
    const root = scratch();
    const status = { state: "TASK_STATE_WORKING", timestamp: "2025-01-01T10:00:00+02:00" };
    put(root, "invalid/TaskStatus/offset.json", status);
    put(root, "invalid/TaskStatus/offset.expect.json", { issues: [{ pointer: "/timestamp", code: "format" }], lenient: "valid" });
    expect((await cli(["invalid"], { cwd: root })).code).toBe(0);
    expect((await cli(["invalid", "--mode", "lenient"], { cwd: root })).code).toBe(0);
    // without the sidecar's word, a negative fixture that lenient mode accepts does not meet its expectation
    put(root, "invalid/TaskStatus/offset.expect.json", { issues: [{ pointer: "/timestamp", code: "format" }] });
    expect((await cli(["invalid", "--mode", "lenient"], { cwd: root })).code).toBe(1);
  });

  it("shows the v0.3 → v1 hints", async () => {
    const root = scratch();
    put(root, "old.json", { kind: "task", id: "t", contextId: "c", status: { state: "completed" } });
    const r = await cli(["old.json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/old\.json:\d+:\d+ {2}\/status\/state {2}.*\n {6}hint: .*TASK_STATE_COMPLETED/);
  });

  it("fails an ambiguous document, and a sidecar type or folder settles it", async () => {
    const root = scratch();
    put(root, "a/doc.json", { task });
    const r = await cli(["a"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("could be SendMessageResponse or StreamResponse; --type settles it");
    put(root, "a/doc.expect.json", { type: "StreamResponse" });
    expect((await cli(["a"], { cwd: root })).code).toBe(0);
    put(root, "b/SendMessageResponse/doc.json", { task });
    expect((await cli(["b"], { cwd: root })).code).toBe(0);
  });

  it("checks a JSON-RPC response against the request before it in the stream", async () => {
    const root = scratch();
    const req = createJsonRpcRequest("GetTask", { id: "t-1" }, 7);
    const res = createJsonRpcResponse("GetTask", { result: task }, 7);
    const wrong = { jsonrpc: "2.0", id: 7, result: message };
    const orphan = { jsonrpc: "2.0", id: 99, result: task };
    put(root, "rpc.jsonl", [req, res, wrong, orphan].map((x) => JSON.stringify(x)).join("\n"));
    const r = await cli(["rpc.jsonl", "-f", "json"], { cwd: root });
    const d = docs(r.stdout);
    expect(d.map((x) => [x.type, x.met])).toEqual([
      ["JsonRpcRequest", true],
      ["JsonRpcResponse", true],
      ["JsonRpcResponse", false],
      ["JsonRpcResponse", false],
    ]);
    expect(d[2]!.issues[0]!.pointer).toMatch(/^\/result/);
    expect(d[3]!.issues).toEqual([expect.objectContaining({ code: "no_method", line: 4 })]);
    expect(r.code).toBe(1);
  });

  it("checks a lone JSON-RPC response with --method or a sidecar method", async () => {
    const root = scratch();
    put(root, "res.json", createJsonRpcResponse("GetTask", { result: task }, 1));
    expect((await cli(["res.json"], { cwd: root })).code).toBe(1);
    expect((await cli(["res.json", "--method", "GetTask"], { cwd: root })).code).toBe(0);
    expect((await cli(["res.json", "--method", "SendMessage"], { cwd: root })).code).toBe(1);
    put(root, "res.expect.json", { method: "GetTask" });
    expect((await cli(["res.json"], { cwd: root })).code).toBe(0);
  });
});
