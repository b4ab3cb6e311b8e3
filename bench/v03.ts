/**
 * A2A v0.3 family: a Task with 10 messages and 3 artifacts, and a `message/send` JSON-RPC request,
 * built from the hand-written fixtures, in the default mode (the published schema: unknown
 * properties allowed). Beside them, run-time Ajv compiling the same bundle (schemas/v0.3/a2a.json,
 * draft-07) and the Zod models of a2a-schemas/v0.3/zod.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { built } from "./dist.js";
import { root, type Json } from "./peers/ajv.js";
import { omit, type Contender, type Subject } from "./subject.js";

/** The two inputs of issue 20's budgets, from fixtures/v0.3/valid. */
export function v03Inputs(): { task: any; request: any } {
  const fx = (p: string) => JSON.parse(readFileSync(join(root, "fixtures/v0.3/valid", p), "utf8"));
  const user = fx("Message/user.json");
  const agent = fx("Message/agent.json");
  const artifact = fx("Artifact/data.json");
  const base = fx("Task/completed.json");
  const history = Array.from({ length: 10 }, (_, i) => ({ ...(i % 2 ? agent : user), messageId: `m-${i}` }));
  const artifacts = Array.from({ length: 3 }, (_, i) => ({ ...artifact, artifactId: `a-${i}` }));
  return { task: { ...base, history, artifacts }, request: fx("SendMessageRequest/user.json") };
}

const bundle: Json = JSON.parse(readFileSync(join(root, "schemas/v0.3/a2a.json"), "utf8"));

/** Run-time Ajv on the published bundle (draft-07), first error and all errors. */
function ajvPair(name: string): { first: (x: unknown) => boolean; all: ((x: unknown) => boolean) & { errors?: unknown } } {
  const make = (allErrors: boolean) => new Ajv({ strict: true, ownProperties: true, allErrors, schemas: [bundle] });
  const ref = `${bundle.$id}#/definitions/${name}`;
  return { first: make(false).getSchema(ref)!, all: make(true).getSchema(ref)! };
}

export async function v03Subjects(): Promise<Subject[]> {
  const V = await import(built("v0.3/index.js"));
  const Z = await import(built("v0.3/zod.js"));
  const { task, request } = v03Inputs();
  const absent = { typia: "not written for the v0.3 family", typebox: "not written for the v0.3 family", handwritten: "legacy request only" };
  const subject = (id: string, title: string, name: string, valid: any, call: string, run: (x: unknown) => any, variants: Record<string, unknown>): Subject => {
    const a = ajvPair(name);
    const model = Z[`${name}Schema`];
    const contenders: Contender[] = [
      { peer: "a2a-schemas", call, run, passed: (r) => r.ok },
      { peer: "ajv", call: `getSchema(definitions/${name}) (allErrors on the invalid path)`, run: (x) => a.first(x), runAll: (x) => a.all(x) || a.all.errors, passed: (r) => r === true },
      { peer: "zod", call: `${name}Schema.safeParse (a2a-schemas/v0.3/zod)`, run: (x) => model.safeParse(x), passed: (r) => r.success },
    ];
    return { id, title, valid, about: `${JSON.stringify(valid).length} bytes`, variants, contenders, absent };
  };
  // Looked up once: a lookup in the timed call would be part of the time.
  const validateTask = V.validateTask;
  const validateJsonRpcRequest = V.validateJsonRpcRequest;
  return [
    subject("v03-task", "v0.3 Task (10 messages, 3 artifacts)", "Task", task, "validateTask", (x) => validateTask(x), {
      'a v1.0 state "TASK_STATE_COMPLETED"': { ...task, status: { state: "TASK_STATE_COMPLETED" } },
      "no kind": omit(task, "kind"),
      "a text part without text": { ...task, history: [{ ...task.history[0], parts: [{ kind: "text" }] }] },
    }),
    subject("v03-rpc", "v0.3 message/send request", "SendMessageRequest", request, "validateJsonRpcRequest", (x) => validateJsonRpcRequest(x), {
      'the v1.0 method "SendMessage"': { ...request, method: "SendMessage" },
      "no id": omit(request, "id"),
      'role "ROLE_USER"': { ...request, params: { ...request.params, message: { ...request.params.message, role: "ROLE_USER" } } },
    }),
  ];
}
