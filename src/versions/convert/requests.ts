/**
 * Push notification configs and the request messages (v0.3 specification sections 6.8 to 6.11
 * and 7; A2A v1.0 sections 4.3 and 9): the v0.3 config nested in `pushNotificationConfig` ↔ the
 * flat v1.0 TaskPushNotificationConfig, `schemes` ↔ one `scheme`, `blocking` ↔ `returnImmediately`
 * (inverted), the params' `id` ↔ `taskId`, and what one version has and the other has not
 * (v1.0 `tenant` and paging, v0.3 request `metadata`): each such member dropped is a warning.
 */
import { carry, isObj, keys, type Ctx, type Obj, sub, type Path } from "./context.js";
import { SAY } from "./messages.js";
import { messageToV03, messageToV1 } from "./parts.js";

type P = Path;

/** Drops each of `names` present in `o`, with a warning. */
function drop(o: Obj, at: P, ctx: Ctx, ...names: string[]): void {
  for (const k of names) {
    if (o[k] === undefined) continue;
    if (k === "tenant") ctx.lost(sub(at, k), SAY.tenant(String(o[k])));
    else if (k === "pageSize" || k === "pageToken") ctx.lost(sub(at, k), SAY.paging(k));
    else ctx.lost(sub(at, k), SAY.extra(k));
  }
}

const AUTH_03 = keys("schemes", "credentials");

function authToV1(a: Obj, at: P, ctx: Ctx): Obj | undefined {
  ctx.extras(a, at, AUTH_03);
  const schemes = a.schemes as string[];
  if (schemes.length === 0) {
    ctx.lost(sub(at, "schemes"), SAY.noSchemes);
    return undefined;
  }
  if (schemes.length > 1) ctx.lost(sub(at, "schemes", 1), SAY.moreSchemes(schemes.slice(1)));
  const out: Obj = { scheme: schemes[0] };
  carry(a, out, "credentials");
  return out;
}

function authToV03(a: Obj): Obj {
  const out: Obj = { schemes: [a.scheme] };
  carry(a, out, "credentials");
  return out;
}

const PUSH_03 = keys("id", "url", "token", "authentication");

/** A v0.3 PushNotificationConfig → the members of a v1.0 TaskPushNotificationConfig, written into `out`. */
function pushInto(c: Obj, out: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(c, at, PUSH_03);
  carry(c, out, "id");
  out.url = c.url;
  carry(c, out, "token");
  if (isObj(c.authentication)) {
    const auth = authToV1(c.authentication, sub(at, "authentication"), ctx);
    if (auth !== undefined) out.authentication = auth;
  }
  return out;
}

/** A v1.0 TaskPushNotificationConfig → a v0.3 PushNotificationConfig (no task id, no tenant). */
function pushToV03(c: Obj): Obj {
  const out: Obj = {};
  carry(c, out, "id");
  out.url = c.url;
  carry(c, out, "token");
  if (isObj(c.authentication)) out.authentication = authToV03(c.authentication);
  return out;
}

const TASK_PUSH_03 = keys("taskId", "pushNotificationConfig");

export function taskPushToV1(c: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(c, at, TASK_PUSH_03);
  const out: Obj = {};
  carry(c, out, "taskId");
  return pushInto(c.pushNotificationConfig as Obj, out, sub(at, "pushNotificationConfig"), ctx);
}

export function taskPushToV03(c: Obj, at: P, ctx: Ctx): Obj {
  drop(c, at, ctx, "tenant");
  const out: Obj = {};
  carry(c, out, "taskId");
  out.pushNotificationConfig = pushToV03(c);
  return out;
}

const CONFIG_03 = keys("acceptedOutputModes", "historyLength", "pushNotificationConfig", "blocking");

function configToV1(c: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(c, at, CONFIG_03);
  const out: Obj = {};
  carry(c, out, "acceptedOutputModes");
  if (isObj(c.pushNotificationConfig)) out.taskPushNotificationConfig = pushInto(c.pushNotificationConfig, {}, sub(at, "pushNotificationConfig"), ctx);
  carry(c, out, "historyLength");
  if (typeof c.blocking === "boolean") out.returnImmediately = !c.blocking;
  return out;
}

function configToV03(c: Obj, at: P, ctx: Ctx): Obj {
  const out: Obj = {};
  carry(c, out, "acceptedOutputModes");
  carry(c, out, "historyLength");
  if (isObj(c.taskPushNotificationConfig)) {
    const p = c.taskPushNotificationConfig;
    drop(p, sub(at, "taskPushNotificationConfig"), ctx, "tenant", "taskId");
    out.pushNotificationConfig = pushToV03(p);
  }
  if (typeof c.returnImmediately === "boolean") out.blocking = !c.returnImmediately;
  return out;
}

const SEND_03 = keys("message", "configuration", "metadata");

export function sendToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, SEND_03);
  const out: Obj = { message: messageToV1(p.message as Obj, sub(at, "message"), ctx) };
  if (isObj(p.configuration)) out.configuration = configToV1(p.configuration, sub(at, "configuration"), ctx);
  carry(p, out, "metadata");
  return out;
}

export function sendToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant");
  const out: Obj = { message: messageToV03(p.message as Obj, sub(at, "message"), ctx) };
  if (isObj(p.configuration)) out.configuration = configToV03(p.configuration, sub(at, "configuration"), ctx);
  carry(p, out, "metadata");
  return out;
}

const ID_03 = keys("id", "metadata");
const QUERY_03 = keys("id", "historyLength", "metadata");
const CONFIG_ID_03 = keys("id", "pushNotificationConfigId", "metadata");

export function getTaskToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, QUERY_03);
  drop(p, at, ctx, "metadata");
  const out: Obj = { id: p.id };
  carry(p, out, "historyLength");
  return out;
}

export function getTaskToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant");
  const out: Obj = { id: p.id };
  carry(p, out, "historyLength");
  return out;
}

export function cancelToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, ID_03);
  const out: Obj = { id: p.id };
  carry(p, out, "metadata");
  return out;
}

export function cancelToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant");
  const out: Obj = { id: p.id };
  carry(p, out, "metadata");
  return out;
}

export function subscribeToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, ID_03);
  drop(p, at, ctx, "metadata");
  return { id: p.id };
}

export function subscribeToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant");
  return { id: p.id };
}

/** Get and delete: v0.3 `{ id: task, pushNotificationConfigId }` ↔ v1.0 `{ taskId, id }`. */
export function configIdToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, CONFIG_ID_03);
  drop(p, at, ctx, "metadata");
  if (p.pushNotificationConfigId === undefined) ctx.lost(sub(at, "pushNotificationConfigId"), SAY.configIdDefault);
  return { taskId: p.id, id: p.pushNotificationConfigId ?? p.id };
}

export function configIdToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant");
  return { id: p.taskId, pushNotificationConfigId: p.id };
}

export function listConfigsToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, ID_03);
  drop(p, at, ctx, "metadata");
  return { taskId: p.id };
}

export function listConfigsToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant", "pageSize", "pageToken");
  return { id: p.taskId };
}

/** The v0.3 list result is a bare array of configs. */
export function listResultToV1(r: unknown, at: P, ctx: Ctx): Obj {
  return { configs: (r as Obj[]).map((c, i) => taskPushToV1(c, sub(at, i), ctx)) };
}

export function listResultToV03(r: Obj, at: P, ctx: Ctx): Obj[] {
  if (r.nextPageToken !== undefined && r.nextPageToken !== "") ctx.lost(sub(at, "nextPageToken"), SAY.nextPage);
  return ((r.configs ?? []) as Obj[]).map((c, i) => taskPushToV03(c, sub(at, "configs", i), ctx));
}

/** GetExtendedAgentCard: v0.3 has no params; v1.0 has only `tenant`. */
const NONE = keys();

export function cardRequestToV1(p: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(p, at, NONE);
  return {};
}

export function cardRequestToV03(p: Obj, at: P, ctx: Ctx): Obj {
  drop(p, at, ctx, "tenant");
  return {};
}

/** The converter of each request type by its v1.0 name, both ways. */
export const REQUEST_TYPES = {
  SendMessageRequest: [sendToV1, sendToV03],
  GetTaskRequest: [getTaskToV1, getTaskToV03],
  CancelTaskRequest: [cancelToV1, cancelToV03],
  SubscribeToTaskRequest: [subscribeToV1, subscribeToV03],
  TaskPushNotificationConfig: [taskPushToV1, taskPushToV03],
  GetTaskPushNotificationConfigRequest: [configIdToV1, configIdToV03],
  DeleteTaskPushNotificationConfigRequest: [configIdToV1, configIdToV03],
  ListTaskPushNotificationConfigsRequest: [listConfigsToV1, listConfigsToV03],
  ListTaskPushNotificationConfigsResponse: [listResultToV1, listResultToV03],
  GetExtendedAgentCardRequest: [cardRequestToV1, cardRequestToV03],
} as const;
