/**
 * v1 family: Task (10 messages, 3 artifacts), the SendMessage JSON-RPC request
 * and a 5-skill AgentCard, each with the peers that can take it; the lenient
 * Task on its own (only the package has a lenient mode).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { built } from "./dist.js";
import { root, v1Ajv, type AjvPair, type Json } from "./peers/ajv.js";
import { compileTypeBox, SchemaSet, Unsupported } from "./peers/typebox.js";
import type { TypiaPeers } from "./peers/typia.js";
import { omit, type Contender, type Peer, type Subject } from "./subject.js";

/** The three inputs of issue 3, section 6, built from the fixtures. */
export function v1Inputs(): { task: any; card: any; request: any } {
  const fx = (p: string) => JSON.parse(readFileSync(join(root, "fixtures/v1/valid", p), "utf8"));
  const user = fx("Message/user.json");
  const agent = fx("Message/agent.json");
  const artifact = fx("Artifact/mixed.json");
  const base = fx("Task/completed.json");
  const history = Array.from({ length: 10 }, (_, i) => ({ ...(i % 2 ? agent : user), messageId: `m-${i}` }));
  const artifacts = Array.from({ length: 3 }, (_, i) => ({ ...artifact, artifactId: `a-${i}` }));
  const task = { ...base, history, artifacts };
  const card0 = fx("AgentCard/full.json");
  const skill = card0.skills[0];
  const card = { ...card0, skills: Array.from({ length: 5 }, (_, i) => ({ ...skill, id: `skill-${i}` })) };
  const request = { jsonrpc: "2.0", id: 1, method: "SendMessage", params: fx("SendMessageRequest/basic.json") };
  return { task, card, request };
}

const bundle: Json = JSON.parse(readFileSync(join(root, "schemas/v1/a2a.json"), "utf8"));
const def = (name: string) => `${bundle.$id}#/$defs/${name}`;

/** The JSON-RPC 2.0 envelope of a SendMessage call, as a peer's user would state it. */
const RPC: Json = {
  $id: "urn:bench:send-message-rpc",
  type: "object",
  required: ["jsonrpc", "id", "method", "params"],
  properties: {
    jsonrpc: { const: "2.0" },
    id: { type: ["string", "number", "null"] },
    method: { const: "SendMessage" },
    params: { $ref: def("SendMessageRequest") },
  },
  additionalProperties: false,
};

const ajvContender = (v: AjvPair, what: string): Contender => ({
  peer: "ajv",
  call: `getSchema(${what}) (allErrors on the invalid path)`,
  run: (x) => v.first(x),
  runAll: (x) => v.all(x) || v.all.errors,
  passed: (r) => r === true,
});

const zodContender = (schema: z.ZodType, what: string): Contender => ({ peer: "zod", call: `${what}.safeParse`, run: (x) => schema.safeParse(x), passed: (r) => r.success });

function typeboxContender(ref: string, absent: Partial<Record<Peer, string>>): Contender[] {
  try {
    const C = compileTypeBox(new SchemaSet([bundle, RPC]), ref, ref);
    return [{ peer: "typebox", call: "TypeCompiler.Compile of the JSON Schema as TypeBox types: Check (Errors on the invalid path)", run: (x) => C.Check(x), runAll: (x) => C.Check(x) || [...C.Errors(x)], passed: (r) => r === true }];
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    absent.typebox = `TypeBox cannot take the schema: ${e.message}`;
    return [];
  }
}

function typiaContender(typia: TypiaPeers | string, absent: Partial<Record<Peer, string>>, pick: (t: TypiaPeers["v1"]) => [(x: unknown) => boolean, (x: unknown) => { success: boolean; errors?: unknown[] }], type: string): Contender[] {
  if (typeof typia === "string") {
    absent.typia = typia;
    return [];
  }
  const [is, validate] = pick(typia.v1);
  return [{ peer: "typia", call: `createEquals / createValidateEquals<${type}> (bench/peers/typia-src/v1.ts)`, run: is, runAll: (x) => validate(x).success || validate(x).errors, passed: (r) => r === true }];
}

const withPart = (m: Json, part: Json) => ({ ...m, parts: [part] });

export async function v1Subjects(typia: TypiaPeers | string): Promise<Subject[]> {
  const V = await import(built("v1/index.js"));
  const Z = await import(built("v1/zod.js"));
  const ajv = v1Ajv([RPC]);
  const { task, card, request } = v1Inputs();
  const size = (x: unknown) => JSON.stringify(x).length;
  const msg = request.params.message;

  const taskAbsent: Partial<Record<Peer, string>> = {};
  const taskSubject: Subject = {
    id: "v1-task",
    title: "v1 Task (10 messages, 3 artifacts)",
    valid: task,
    about: `fixtures Task/completed.json with a 10-message history (Message/user.json, Message/agent.json) and 3 artifacts (Artifact/mixed.json), ${size(task)} bytes`,
    variants: {
      "an UNSPECIFIED state": { ...task, status: { ...task.status, state: "TASK_STATE_UNSPECIFIED" } },
      "an empty id": { ...task, id: "" },
      "an artifact without parts": { ...task, artifacts: [{ ...task.artifacts[0], parts: [] }] },
      "a message with role ROLE_UNSPECIFIED": { ...task, history: [{ ...task.history[0], role: "ROLE_UNSPECIFIED" }] },
      "a part with text and url": { ...task, history: [withPart(task.history[0], { text: "a", url: "https://example.com" })] },
      "a v0.3 part (kind)": { ...task, history: [withPart(task.history[0], { kind: "text", text: "a" })] },
      "a status timestamp on February 30": { ...task, status: { ...task.status, timestamp: "2025-02-30T10:00:00Z" } },
      "an unknown property": { ...task, kind: "task" },
    },
    contenders: [
      { peer: "a2a-schemas", call: "validateTask", run: (x) => V.validateTask(x), passed: (r) => r.ok },
      ajvContender(ajv(def("Task")), "#/$defs/Task"),
      zodContender(Z.TaskSchema, "TaskSchema (a2a-schemas/v1/zod)"),
      ...typiaContender(typia, taskAbsent, (t) => [t.isTask, t.validateTask], "Task"),
      ...typeboxContender(def("Task"), taskAbsent),
    ],
    absent: taskAbsent,
  };

  const rpcAbsent: Partial<Record<Peer, string>> = {};
  const rpcSubject: Subject = {
    id: "v1-rpc",
    title: "v1 SendMessage JSON-RPC request",
    valid: request,
    about: `a JSON-RPC 2.0 SendMessage request whose params are fixtures SendMessageRequest/basic.json, ${size(request)} bytes`,
    invalid: [
      { ...request, params: { ...request.params, message: { ...msg, role: "user" } } },
      { ...request, params: { ...request.params, message: { ...msg, role: "user", messageId: "" }, configuration: { ...request.params.configuration, historyLength: -1 } } },
    ],
    variants: {
      'a v0.3 method "message/send"': { ...request, method: "message/send" },
      'jsonrpc "1.0"': { ...request, jsonrpc: "1.0" },
      "no id (a notification)": { jsonrpc: "2.0", method: "SendMessage", params: request.params },
      "an unknown envelope property": { ...request, extra: 1 },
      "no parts": { ...request, params: { ...request.params, message: { ...msg, parts: [] } } },
      "a push url that is no URI": { ...request, params: { ...request.params, configuration: { taskPushNotificationConfig: { url: "not a uri" } } } },
      "a fractional historyLength": { ...request, params: { ...request.params, configuration: { historyLength: 1.5 } } },
    },
    contenders: [
      { peer: "a2a-schemas", call: "validateJsonRpcRequest", run: (x) => V.validateJsonRpcRequest(x), passed: (r) => r.ok },
      ajvContender(ajv(RPC.$id), "an envelope schema whose params $ref SendMessageRequest"),
      zodContender(z.strictObject({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]), method: z.literal("SendMessage"), params: Z.SendMessageRequestSchema }), "a strictObject envelope around SendMessageRequestSchema"),
      ...typiaContender(typia, rpcAbsent, (t) => [t.isSendMessageRpc, t.validateSendMessageRpc], "SendMessageRpc"),
      ...typeboxContender(RPC.$id, rpcAbsent),
    ],
    absent: rpcAbsent,
  };

  const cardAbsent: Partial<Record<Peer, string>> = { typia: "not written: the AgentCard's tagged types would double the typia source for one row" };
  const iface = card.supportedInterfaces[0];
  const cardSubject: Subject = {
    id: "v1-card",
    title: "v1 AgentCard (5 skills)",
    valid: card,
    about: `fixtures AgentCard/full.json with 5 skills and 2 security schemes, ${size(card)} bytes`,
    variants: {
      "no name": omit(card, "name"),
      "a JSONRPC interface at a host:port url": { ...card, supportedInterfaces: [{ ...iface, url: "grpc.example.com:443" }] },
      "a security scheme with two members": { ...card, securitySchemes: { key: { ...card.securitySchemes.key, mtlsSecurityScheme: {} } } },
      "a skill without id": { ...card, skills: [omit(card.skills[0], "id")] },
    },
    contenders: [
      { peer: "a2a-schemas", call: "validateAgentCard", run: (x) => V.validateAgentCard(x), passed: (r) => r.ok },
      ajvContender(ajv(def("AgentCard")), "#/$defs/AgentCard"),
      zodContender(Z.AgentCardSchema, "AgentCardSchema (a2a-schemas/v1/zod)"),
      ...typeboxContender(def("AgentCard"), cardAbsent),
    ],
    absent: cardAbsent,
  };

  const lenientSubject: Subject = {
    id: "v1-task-lenient",
    title: "v1 Task, lenient",
    valid: task,
    about: "the Task above, validated in lenient mode (unknown fields are warnings, the value is a canonical copy)",
    variants: {},
    contenders: [
      { peer: "a2a-schemas", call: 'validateTask(x, { mode: "lenient" })', run: (x) => V.validateTask(x, { mode: "lenient" }), passed: (r) => r.ok },
      zodContender(Z.TaskSchema, "TaskSchema (strict; for scale)"),
    ],
    absent: { ajv: "no lenient schema peer", typia: "no lenient schema peer", typebox: "no lenient schema peer" },
  };
  return [taskSubject, rpcSubject, cardSubject, lenientSubject];
}
