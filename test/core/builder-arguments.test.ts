/**
 * Builders report their arguments, by the names the caller writes (issue 22, point 5), in every
 * family, as JavaScript callers (no compiler) make the mistakes: one issue per cause, a
 * did-you-mean where the missing argument was given elsewhere, and an id always last.
 */
import { describe, expect, it } from "vitest";
import * as legacy from "../../src/legacy/index.js";
import * as session from "../../src/session/index.js";
import * as v1 from "../../src/v1/index.js";
import * as v03 from "../../src/v0.3/index.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIELDS } from "../../src/generated/v1/meta.js";
import { AGENT_CARD_ARGUMENTS } from "../../src/v1/agent-card-arguments.js";
import { AGENT_CARD_ARGUMENTS as V03_AGENT_CARD_ARGUMENTS } from "../../src/v0.3/agent-card-arguments.js";
import type { ValidationIssue } from "../../src/core/issue.js";
import { isValidationError } from "../../src/core/validator.js";

/** The issues a builder call throws (a ValidationError), or a failure when it returns or throws anything else. */
function issuesOf(call: () => unknown): readonly ValidationIssue[] {
  try {
    call();
  } catch (err) {
    if (isValidationError(err)) return err.issues;
    throw err;
  }
  throw new Error("the builder returned");
}

const js = <F extends (...a: any[]) => unknown>(f: F) => f as unknown as (...a: unknown[]) => unknown;
const task = v1.createTask({ state: "TASK_STATE_WORKING" });

describe("builders name their arguments", () => {
  it("a misplaced argument: one issue, with where it was given", () => {
    const issues = issuesOf(() => js(v1.createTask)({ status: { state: "TASK_STATE_WORKING" } }));
    expect(issues).toEqual([
      expect.objectContaining({ path: ["state"], pointer: "/state", code: "required", property: "state", message: 'createTask: argument "state" is missing; did you mean status.state?' }),
    ]);
    const err = issuesOf(() => js(v1.createTaskStatusUpdateEvent)({ taskId: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" } }));
    expect(err.map((i) => i.message)).toEqual(['createTaskStatusUpdateEvent: argument "state" is missing; did you mean status.state?']);
  });

  it("a near name: the wire's snake_case, a wrong case, a typo", () => {
    expect(issuesOf(() => js(legacy.createRequestMessage)({ sender_id: "abc", recipientId: "def", method: "m" })).map((i) => i.message)).toEqual([
      'createRequestMessage: argument "senderId" is missing; did you mean sender_id?',
    ]);
    expect(issuesOf(() => js(session.createAgentCard)({ name: "n", description: "d", version: "1", apiURL: "https://a.example" })).map((i) => i.message)).toEqual([
      'createAgentCard: argument "apiUrl" is missing; did you mean apiURL?',
    ]);
    const typo = issuesOf(() => js(v1.createMessage)({ role: "ROLE_USER", parts: [v1.createTextPart("hi")], contextID: "c" }));
    expect(typo).toEqual([expect.objectContaining({ path: ["contextID"], code: "unknown_property", message: 'createMessage: unknown argument "contextID"; did you mean contextId?', hint: "rename contextID to contextId" })]);
    expect(issuesOf(() => js(session.createSession)({ stauts: "ended" })).map((i) => i.message)).toEqual(['createSession: unknown argument "stauts"; did you mean status?']);
  });

  it("what the built value would reject names the argument that gave it", () => {
    const [state] = issuesOf(() => js(v1.createTask)({ state: "TASK_STATE_DONE" }));
    expect(state).toMatchObject({ path: ["state"], code: "enum" });
    expect(state!.message).toMatch(/^createTask: argument "state": must be one of /);
    const [text] = issuesOf(() => js(v1.createMessage)({ role: "ROLE_USER", parts: [{ text: 42 }] }));
    expect(text).toMatchObject({ path: ["parts", 0, "text"], pointer: "/parts/0/text" });
    expect(text!.message).toMatch(/^createMessage: argument "parts\[0\]\.text": /);
    expect(issuesOf(() => legacy.createErrorMessage(legacy.createRequestMessage({ senderId: "abc", recipientId: "def", method: "m" }), { error: { code: "lower", message: "x" } }))[0]).toMatchObject({
      path: ["error", "code"],
    });
  });

  it("not an object, missing, both or neither", () => {
    expect(issuesOf(() => js(session.createErrorResponse)("oops"))).toEqual([
      expect.objectContaining({ path: ["options"], code: "type", message: 'createErrorResponse: argument "options" must be an object, got "oops"' }),
    ]);
    expect(issuesOf(() => js(legacy.createResponseMessage)(undefined, { data: {} })).map((i) => i.message)).toEqual(['createResponseMessage: argument "to" is missing']);
    expect(issuesOf(() => js(v1.createTextPart)()).map((i) => i.message)).toEqual(['createTextPart: argument "text" is missing']);
    expect(issuesOf(() => js(v1.createFilePart)({ url: "https://a.example/f", bytes: new Uint8Array(1) })).map((i) => i.message)).toEqual([
      'createFilePart: give exactly one of arguments "url" and "bytes", got both',
    ]);
    expect(issuesOf(() => js(v1.createJsonRpcResponse)("GetTask", {}, 1)).map((i) => i.message)).toEqual([
      'createJsonRpcResponse: give exactly one of arguments "result" and "error", got neither',
    ]);
  });

  it("the id is the last argument of every builder that takes one; the old order says so", () => {
    expect(v1.createJsonRpcResponse("GetTask", { result: task }, 7).id).toBe(7);
    expect(v1.createJsonRpcRequest("GetTask", { id: task.id }, 7).id).toBe(7);
    expect(v1.createJsonRpcErrorResponse(v1.createA2aError("TaskNotFoundError").jsonRpc, 7).id).toBe(7);
    const old = issuesOf(() => js(v1.createJsonRpcResponse)("GetTask", 7, { result: task }));
    expect(old).toEqual([expect.objectContaining({ path: ["outcome"], code: "type", hint: "an id is the last argument: createJsonRpcResponse(method, outcome, id)" })]);
    expect(issuesOf(() => js(v1.createJsonRpcErrorResponse)(7, v1.createA2aError("InternalError").jsonRpc))[0]).toMatchObject({ path: ["error"], code: "type" });
  });

  it("a default the builder filled in is no argument: its issue stays on the built value", () => {
    const broadcast = legacy.createRequestMessage({ senderId: "abc", recipientId: "*", method: "m" });
    expect(issuesOf(() => legacy.createResponseMessage(broadcast, { data: {} }))[0]).toMatchObject({ path: ["sender_id"] });
  });

  it("hostile arguments cost a bounded search: 200,000 unknown keys make a capped, counted list", () => {
    const many: Record<string, number> = {};
    for (let i = 0; i < 200_000; i++) many[`k${i}`] = i;
    const issues = issuesOf(() => js(v1.createTask)(many));
    expect(issues).toHaveLength(101);
    expect(issues[0]!.message).toBe('createTask: argument "state" is missing');
    expect(issues[100]).toMatchObject({ code: "too_many_issues", message: "too many issues: showing the first 100 of 200001" });
  });

  it("createAgentCard's arguments are the AgentCard's fields", () => {
    expect(AGENT_CARD_ARGUMENTS.map((a) => a.name).sort()).toEqual(FIELDS.AgentCard.map(([name]) => name).sort());
    const required = FIELDS.AgentCard.filter(([name, , , flags]) => (flags & 4) !== 0 && name !== "capabilities").map(([name]) => name);
    expect(AGENT_CARD_ARGUMENTS.filter((a) => a.required).map((a) => a.name).sort()).toEqual(required.sort());
  });

  it("v0.3: a misplaced state, an option of the file, the id last, an agent card's fields", () => {
    expect(issuesOf(() => js(v03.createTask)({ contextId: "c", status: { state: "working" } })).map((i) => i.message)).toEqual([
      'createTask: argument "state" is missing; did you mean status.state?',
    ]);
    const [mime] = issuesOf(() => v03.createFilePart({ uri: "https://a.example/f" }, { mimeType: 5 as unknown as string }));
    expect(mime).toMatchObject({ path: ["mimeType"], pointer: "/mimeType" });
    expect(mime!.message).toMatch(/^createFilePart: argument "mimeType": /);
    expect(issuesOf(() => js(v03.createMessage)({ role: "user", parts: [], contextID: "c" }))).toEqual([
      expect.objectContaining({ path: ["contextID"], code: "unknown_property", message: 'createMessage: unknown argument "contextID"; did you mean contextId?' }),
    ]);
    expect(issuesOf(() => js(v03.createJsonRpcRequest)("tasks/get")).map((i) => i.message)).toEqual(['createJsonRpcRequest: argument "params" is missing']);
    expect(issuesOf(() => js(v03.createJsonRpcRequest)("agent/getAuthenticatedExtendedCard", {}, 1))[0]!.message).toMatch(/^createJsonRpcRequest: argument "params": /);
    expect(v03.createJsonRpcRequest("agent/getAuthenticatedExtendedCard", undefined, 7).id).toBe(7);
    const v03Task = v03.createTask({ contextId: "c", state: "working" });
    expect(v03.createJsonRpcResponse("tasks/get", { result: v03Task }, 7).id).toBe(7);
    const old = issuesOf(() => js(v03.createJsonRpcResponse)("tasks/get", 7, { result: v03Task }));
    expect(old).toEqual([expect.objectContaining({ path: ["outcome"], code: "type", hint: "an id is the last argument: createJsonRpcResponse(method, outcome, id)" })]);
    const schema = JSON.parse(readFileSync(join(import.meta.dirname, "../../schemas/v0.3/a2a.json"), "utf8")) as { definitions: { AgentCard: { properties: object; required: string[] } } };
    const card = schema.definitions.AgentCard;
    expect(V03_AGENT_CARD_ARGUMENTS.map((a) => a.name).sort()).toEqual(Object.keys(card.properties).sort());
    const defaults = ["capabilities", "protocolVersion"];
    expect(V03_AGENT_CARD_ARGUMENTS.filter((a) => a.required).map((a) => a.name).sort()).toEqual(card.required.filter((n) => !defaults.includes(n)).sort());
  });

  describe.each([
    ["v1", v1],
    ["legacy", legacy],
    ["session", session],
    ["v0.3", v03],
  ] as const)("every builder of %s", (_, family) => {
    const builders = Object.entries(family).filter(([k, f]) => /^(create|update)/.test(k) && !/Guard$|Assert$/.test(k) && typeof f === "function");
    it.each(builders)("%s reports bad arguments by its own name", (name, f) => {
      const issues = issuesOf(() => (f as (...a: unknown[]) => unknown)(42, 42, 42));
      expect(issues.length).toBeGreaterThan(0);
      for (const i of issues) expect(i.message.startsWith(`${name}: `)).toBe(true);
    });
  });
});
