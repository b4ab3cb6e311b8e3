/**
 * An enum issue lists only the values a sender may use at that place: a REQUIRED enum field
 * refuses its zero value (`*_UNSPECIFIED`), so neither the message nor `allowed` may offer it.
 */
import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../src/core/issue.js";
import { validate, validateJsonRpcRequest, validateMessage, validateTask } from "../../src/v1/index.js";

const task = { id: "t-1", contextId: "c-1", status: { state: "TASK_STATE_DONE" } };
const message = { messageId: "m-1", role: "ROLE_BOT", parts: [{ text: "hi" }] };

type Options = { mode: "strict" | "lenient"; revision?: "1.0" | "2026-02-17" };
const SETTINGS: Options[] = [
  { mode: "strict" },
  { mode: "lenient" },
  { mode: "strict", revision: "2026-02-17" },
  { mode: "lenient", revision: "2026-02-17" },
];

function enumIssue(r: { ok: boolean; issues?: readonly ValidationIssue[] }, pointer: string): ValidationIssue {
  expect(r.ok).toBe(false);
  const issue = r.issues?.find((i) => i.pointer === pointer && i.code === "enum");
  expect(issue, `an enum issue at ${pointer}`).toBeDefined();
  return issue!;
}

/** A copy of `doc` with the value at `path` replaced. */
function withValue(doc: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let at = copy;
  for (const seg of path.slice(0, -1)) at = at[seg] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

describe("enum issues list only accepted values", () => {
  it.each(SETTINGS)("TaskStatus.state (REQUIRED) leaves out TASK_STATE_UNSPECIFIED (%o)", (o) => {
    const issue = enumIssue(validateTask(task, o), "/status/state");
    expect(issue.allowed).not.toContain("TASK_STATE_UNSPECIFIED");
    expect(issue.allowed).toContain("TASK_STATE_WORKING");
    expect(issue.message).not.toContain("UNSPECIFIED");
    expect(issue.message).toBe(`must be one of ${issue.allowed!.map((v) => JSON.stringify(v)).join(", ")}, got "TASK_STATE_DONE"`);
    // Every value offered is accepted there.
    for (const v of issue.allowed!) expect(validateTask(withValue(task, ["status", "state"], v), o).ok, String(v)).toBe(true);
  });

  it.each(SETTINGS)("Message.role (REQUIRED) leaves out ROLE_UNSPECIFIED (%o)", (o) => {
    const issue = enumIssue(validateMessage(message, o), "/role");
    expect(issue.allowed).toEqual(["ROLE_USER", "ROLE_AGENT"]);
    expect(issue.message).toBe('must be one of "ROLE_USER", "ROLE_AGENT", got "ROLE_BOT"');
    for (const v of issue.allowed!) expect(validateMessage(withValue(message, ["role"], v), o).ok, String(v)).toBe(true);
  });

  it("holds wherever the field sits: inside a oneof member, a stream event, a JSON-RPC request", () => {
    const nested = [
      [validate("SendMessageResponse", { message }), "/message/role"],
      [validate("StreamResponse", { statusUpdate: { taskId: "t", contextId: "c", status: { state: "DONE" } } }), "/statusUpdate/status/state"],
      [validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message } }), "/params/message/role"],
    ] as const;
    for (const [r, pointer] of nested) {
      const issue = enumIssue(r, pointer);
      expect(issue.allowed?.some((v) => String(v).endsWith("_UNSPECIFIED")), pointer).toBe(false);
      expect(issue.message, pointer).not.toContain("UNSPECIFIED");
    }
  });

  it("keeps the zero value where it is accepted (the optional ListTasksRequest.status filter)", () => {
    const request = { jsonrpc: "2.0", id: 1, method: "ListTasks", params: { status: "DONE" } };
    const issue = enumIssue(validateJsonRpcRequest(request), "/params/status");
    expect(issue.allowed).toContain("TASK_STATE_UNSPECIFIED");
    expect(validateJsonRpcRequest(withValue(request, ["params", "status"], "TASK_STATE_UNSPECIFIED")).ok).toBe(true);
  });

  it("still reports the zero value itself as a missing REQUIRED field", () => {
    const r = validateTask({ ...task, status: { state: "TASK_STATE_UNSPECIFIED" } });
    expect(!r.ok && r.issues).toEqual([expect.objectContaining({ pointer: "/status", code: "required", property: "state" })]);
  });
});
