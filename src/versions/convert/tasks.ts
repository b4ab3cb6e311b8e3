/**
 * Tasks, their status and the streaming events (v0.3 specification sections 6.1 to 6.3 and 7.2;
 * A2A v1.0 sections 4.1 and 3.1.6): enum names for states, `kind` ↔ the response's set member,
 * and `final`, which v1.0 has not: dropped going up, derived from the state going down.
 */
import { carry, isObj, keys, type Ctx, type Obj, sub, type Path } from "./context.js";
import { SAY } from "./messages.js";
import { artifactToV03, artifactToV1, messageToV03, messageToV1 } from "./parts.js";
import { FINAL_STATES, STATE_TO_V03, STATE_TO_V1 } from "./tables.js";

type P = Path;

const STATUS_03 = keys("state", "message", "timestamp");

export function statusToV1(s: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(s, at, STATUS_03);
  if (s.state === "unknown") ctx.lost(sub(at, "state"), SAY.unknownState);
  const out: Obj = { state: STATE_TO_V1[s.state as string] ?? s.state };
  if (isObj(s.message)) out.message = messageToV1(s.message, sub(at, "message"), ctx);
  carry(s, out, "timestamp");
  return out;
}

export function statusToV03(s: Obj, at: P, ctx: Ctx): Obj {
  const out: Obj = { state: STATE_TO_V03[s.state as string] ?? s.state };
  if (isObj(s.message)) out.message = messageToV03(s.message, sub(at, "message"), ctx);
  carry(s, out, "timestamp");
  return out;
}

const list = (v: unknown, at: P, ctx: Ctx, one: (o: Obj, at: P, ctx: Ctx) => Obj): Obj[] => (v as Obj[]).map((o, i) => one(o, sub(at, i), ctx));

const TASK_03 = keys("kind", "id", "contextId", "status", "history", "artifacts", "metadata");

export function taskToV1(t: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(t, at, TASK_03);
  const out: Obj = { id: t.id };
  carry(t, out, "contextId");
  out.status = statusToV1(t.status as Obj, sub(at, "status"), ctx);
  if (t.artifacts !== undefined) out.artifacts = list(t.artifacts, sub(at, "artifacts"), ctx, artifactToV1);
  if (t.history !== undefined) out.history = list(t.history, sub(at, "history"), ctx, messageToV1);
  carry(t, out, "metadata");
  return out;
}

export function taskToV03(t: Obj, at: P, ctx: Ctx): Obj {
  if (t.contextId === undefined) ctx.lost(sub(at, "contextId"), SAY.noContextId);
  const out: Obj = { kind: "task", id: t.id };
  carry(t, out, "contextId");
  out.status = statusToV03(t.status as Obj, sub(at, "status"), ctx);
  if (t.history !== undefined) out.history = list(t.history, sub(at, "history"), ctx, messageToV03);
  if (t.artifacts !== undefined) out.artifacts = list(t.artifacts, sub(at, "artifacts"), ctx, artifactToV03);
  carry(t, out, "metadata");
  return out;
}

const STATUS_UPDATE_03 = keys("kind", "taskId", "contextId", "status", "final", "metadata");

export function statusUpdateToV1(e: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(e, at, STATUS_UPDATE_03);
  const state = isObj(e.status) ? (e.status.state as string) : "";
  if (e.final !== FINAL_STATES.has(state)) ctx.lost(sub(at, "final"), SAY.final(e.final === true, state));
  const out: Obj = { taskId: e.taskId, contextId: e.contextId, status: statusToV1(e.status as Obj, sub(at, "status"), ctx) };
  carry(e, out, "metadata");
  return out;
}

export function statusUpdateToV03(e: Obj, at: P, ctx: Ctx): Obj {
  const status = statusToV03(e.status as Obj, sub(at, "status"), ctx);
  const out: Obj = { kind: "status-update", taskId: e.taskId, contextId: e.contextId, status, final: FINAL_STATES.has(status.state as string) };
  carry(e, out, "metadata");
  return out;
}

const ARTIFACT_UPDATE_03 = keys("kind", "taskId", "contextId", "artifact", "append", "lastChunk", "metadata");

export function artifactUpdateToV1(e: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(e, at, ARTIFACT_UPDATE_03);
  const out: Obj = { taskId: e.taskId, contextId: e.contextId, artifact: artifactToV1(e.artifact as Obj, sub(at, "artifact"), ctx) };
  carry(e, out, "append");
  carry(e, out, "lastChunk");
  carry(e, out, "metadata");
  return out;
}

export function artifactUpdateToV03(e: Obj, at: P, ctx: Ctx): Obj {
  const out: Obj = { kind: "artifact-update", taskId: e.taskId, contextId: e.contextId, artifact: artifactToV03(e.artifact as Obj, sub(at, "artifact"), ctx) };
  carry(e, out, "append");
  carry(e, out, "lastChunk");
  carry(e, out, "metadata");
  return out;
}

/** v0.3 `kind` → the v1.0 StreamResponse member and its converter. */
const BY_KIND: Readonly<Record<string, readonly [string, (o: Obj, at: P, ctx: Ctx) => Obj]>> = {
  message: ["message", messageToV1],
  task: ["task", taskToV1],
  "status-update": ["statusUpdate", statusUpdateToV1],
  "artifact-update": ["artifactUpdate", artifactUpdateToV1],
};

const BY_MEMBER: Readonly<Record<string, (o: Obj, at: P, ctx: Ctx) => Obj>> = {
  message: messageToV03,
  task: taskToV03,
  statusUpdate: statusUpdateToV03,
  artifactUpdate: artifactUpdateToV03,
};

/** A v0.3 event or send result (`kind`-discriminated) → the v1.0 StreamResponse or SendMessageResponse wrapper. */
export function eventToV1(e: Obj, at: P, ctx: Ctx): Obj {
  const [member, one] = BY_KIND[e.kind as string] ?? BY_KIND.message!;
  return { [member]: one(e, at, ctx) };
}

/** A v1.0 StreamResponse or SendMessageResponse → the bare v0.3 object with its `kind`. */
export function eventToV03(e: Obj, at: P, ctx: Ctx): Obj {
  for (const member of Object.keys(e)) {
    const one = BY_MEMBER[member];
    if (one !== undefined) return one(e[member] as Obj, sub(at, member), ctx);
  }
  return {};
}

/** The converter of each object type by its v1.0 name, both ways. */
export const TASK_TYPES = {
  Task: [taskToV1, taskToV03],
  TaskStatus: [statusToV1, statusToV03],
  TaskStatusUpdateEvent: [statusUpdateToV1, statusUpdateToV03],
  TaskArtifactUpdateEvent: [artifactUpdateToV1, artifactUpdateToV03],
  StreamResponse: [eventToV1, eventToV03],
  SendMessageResponse: [eventToV1, eventToV03],
} as const;
