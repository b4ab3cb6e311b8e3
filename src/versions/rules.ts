/**
 * The keys and values that tell A2A v0.3 from v1.0, one object at a time.
 * Only constructs found in one version count: v0.3 over gRPC/REST is proto
 * JSON of the package `a2a.v1` (roles `ROLE_USER`, states `TASK_STATE_*`,
 * oneof members `task` / `statusUpdate`), so those forms prove nothing by
 * themselves; what differs is listed here (A2A v0.3.0 specification, sections
 * 5 to 7 and its proto; A2A v1.0 specification, appendix A). Keys are looked up
 * one by one (never enumerated), so a hostile object's size costs nothing.
 */
import { V03_METHODS } from "../v1/hints.js";
import { V03_CARD_FIELDS } from "../v1/hybrid.js";

const has = Object.prototype.hasOwnProperty;
// Keys are read as \`o.key !== undefined\`, not own-property calls: a JSON value has no inherited A2A key, and a
// property read costs a fraction of a call (measured: detection went from 3x to about 1x JSON.parse's time).

/** What an object is read as, from the key that holds it (or its place). */
export type Role = "root" | "result" | "part" | "card" | "capabilities" | "skill" | "configuration" | "authentication" | "scheme" | "other";

/**
 * Reports one finding: the key on the object (undefined: the object itself), its version and why.
 * "strong" decides alone (a JSON-RPC method name); "weak" is a form A2A v1.0 shares with the v0.3
 * gRPC/REST binding's proto JSON, which decides only when nothing else does.
 */
export type Found = (key: string | undefined, version: "1.0" | "0.3", reason: string | (() => string), strength?: "strong" | "weak") => void;

const SHARED = "the proto JSON form of A2A v1.0, which the v0.3 gRPC/REST binding shares";

const V03_KINDS: Readonly<Record<string, string>> = {
  task: "Task",
  message: "Message",
  "status-update": "TaskStatusUpdateEvent",
  "artifact-update": "TaskArtifactUpdateEvent",
  text: "TextPart",
  file: "FilePart",
  data: "DataPart",
};
const V03_STATES = new Set(["submitted", "working", "input-required", "completed", "canceled", "failed", "rejected", "auth-required", "unknown"]);
const V1_METHODS = new Set(Object.values(V03_METHODS));
const SCHEME_MEMBERS = ["apiKeySecurityScheme", "httpAuthSecurityScheme", "oauth2SecurityScheme", "openIdConnectSecurityScheme", "mtlsSecurityScheme"];
/** A v0.3 gRPC/REST resource name: `tasks/t1`, `tasks/t1/pushNotificationConfigs/c1`. */
const RESOURCE = /^tasks\/[^/]+(?:\/pushNotificationConfigs\/[^/]+)?$/;



const str = (v: unknown, max = 64): v is string => typeof v === "string" && v.length <= max;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Is `o` read as an agent card: a name beside skills or capabilities. */
export function looksLikeCard(o: Record<string, unknown>): boolean {
  return o.name !== undefined && (o.skills !== undefined || o.capabilities !== undefined || o.supportedInterfaces !== undefined);
}

/** Is `o` read as a part: a part's content key, and none of a message's or task's keys. */
export function looksLikePart(o: Record<string, unknown>): boolean {
  return (o.text !== undefined || o.raw !== undefined || o.url !== undefined || o.file !== undefined || o.data !== undefined) && !o.messageId !== undefined && !o.role !== undefined && !o.taskId !== undefined && !o.id !== undefined && !o.name !== undefined && !o.jsonrpc !== undefined;
}

/** The findings on one object read as `role`. */
export function examine(o: Record<string, unknown>, role: Role, found: Found): void {
  if (role === "root" || role === "result") jsonRpc(o, role, found);
  const kind = o.kind;
  if (str(kind) && has.call(V03_KINDS, kind)) found("kind", "0.3", () => `"kind": "${kind}" is the v0.3 ${V03_KINDS[kind]} discriminator (A2A v1.0 has no "kind")`);
  const r = o.role;
  // Only on an A2A message: other protocols (the session family) have roles "user" and "agent" too.
  if ((r === "user" || r === "agent") && (o.messageId !== undefined || o.parts !== undefined)) found("role", "0.3", () => `role "${r}" is v0.3 (A2A v1.0 writes ROLE_${r.toUpperCase()})`);
  else if (r === "ROLE_USER" || r === "ROLE_AGENT") found("role", "1.0", () => `role ${r} is ${SHARED}`, "weak");
  if (o.state !== undefined && str(o.state)) {
    if (V03_STATES.has(o.state)) found("state", "0.3", () => `state "${o.state}" is v0.3 (A2A v1.0 writes TASK_STATE_*)`);
    else if (o.state === "TASK_STATE_CANCELLED") found("state", "0.3", "TASK_STATE_CANCELLED (two Ls) is the v0.3 proto's spelling (A2A v1.0: TASK_STATE_CANCELED)");
    else if (o.state === "TASK_STATE_CANCELED") found("state", "1.0", "TASK_STATE_CANCELED (one L) is A2A v1.0's spelling (the v0.3 proto has TASK_STATE_CANCELLED)");
    else if (o.state.startsWith("TASK_STATE_")) found("state", "1.0", () => `state ${o.state} is ${SHARED}`, "weak");
  }
  if (o.update !== undefined && isObj(o.update) && o.state !== undefined) found("update", "0.3", 'TaskStatus "update" is the v0.3 proto\'s name for A2A v1.0\'s "message"');
  if (o.final !== undefined && typeof o.final === "boolean" && o.taskId !== undefined) found("final", "0.3", 'a status update with "final" is v0.3 (A2A v1.0 ends the stream after a terminal state instead)');
  if (o.tenant !== undefined && str(o.tenant, 1000)) found("tenant", "1.0", '"tenant" is new in A2A v1.0');
  if (o.msg !== undefined && isObj(o.msg)) found("msg", "0.3", 'the oneof member "msg" is the v0.3 proto\'s (A2A v1.0: "message")');
  if (o.messageId !== undefined || o.message_id !== undefined || o.role !== undefined) message(o, found);
  const name = o.name;
  if (typeof name === "string" && name.length <= 1000 && RESOURCE.test(name)) found("name", "0.3", () => `the resource name "${name.slice(0, 60)}" is the v0.3 proto's (A2A v1.0 has ids)`);
  if (o.blocking !== undefined && typeof o.blocking === "boolean") found("blocking", "0.3", '"blocking" is v0.3 (and the pre-release revision 2026-02-17); A2A v1.0 has "returnImmediately"');
  if (o.returnImmediately !== undefined && typeof o.returnImmediately === "boolean") found("returnImmediately", "1.0", '"returnImmediately" is A2A v1.0 (v0.3: "blocking")');
  if (role === "part") part(o, found);
  if (role === "card") card(o, found);
  if (role === "capabilities") {
    if (o.extendedAgentCard !== undefined) found("extendedAgentCard", "1.0", '"capabilities.extendedAgentCard" is A2A v1.0 (v0.3: "supportsAuthenticatedExtendedCard" at the root)');
    if (o.stateTransitionHistory !== undefined) found("stateTransitionHistory", "0.3", '"stateTransitionHistory" is v0.3 (gone in A2A v1.0)');
  }
  if (role === "skill" || role === "card") {
    if (role === "skill" && o.security !== undefined) found("security", "0.3", 'a skill\'s "security" is v0.3 (A2A v1.0: "securityRequirements")');
    if (o.securityRequirements !== undefined) found("securityRequirements", "1.0", '"securityRequirements" is A2A v1.0 (v0.3: "security")');
  }
  if (role === "scheme" && o.type !== undefined && str(o.type)) found("type", "0.3", () => `an OpenAPI-style security scheme { "type": "${o.type}" } is v0.3 (A2A v1.0 and the v0.3 proto use a oneof member)`);
  else if (role === "scheme") {
    for (const k of SCHEME_MEMBERS) if (o[k] !== undefined) found(k, "1.0", () => `a security scheme as the oneof member "${k}" is ${SHARED}`, "weak");
  }
  if (role === "configuration") {
    if (o.taskPushNotificationConfig !== undefined) found("taskPushNotificationConfig", "1.0", '"taskPushNotificationConfig" is A2A v1.0 (v0.3: "pushNotificationConfig")');
    if (o.pushNotificationConfig !== undefined) found("pushNotificationConfig", "0.3", 'a configuration\'s "pushNotificationConfig" is v0.3 (A2A v1.0: "taskPushNotificationConfig")');
  } else if (o.taskId !== undefined || o.name !== undefined) {
    if (o.pushNotificationConfig !== undefined && isObj(o.pushNotificationConfig)) found("pushNotificationConfig", "0.3", 'a push configuration nested in "pushNotificationConfig" is v0.3 (A2A v1.0 flattened it)');
    else if (o.taskId !== undefined && o.url !== undefined && str(o.url, 4096) && !o.status !== undefined) found("url", "1.0", "a TaskPushNotificationConfig with url beside taskId is A2A v1.0's flattened form");
  }
  if (role === "authentication") {
    if (o.schemes !== undefined && Array.isArray(o.schemes)) found("schemes", "0.3", 'push authentication "schemes": [...] is v0.3 (A2A v1.0: one "scheme")');
    else if (o.scheme !== undefined && str(o.scheme)) found("scheme", "1.0", 'push authentication "scheme" is A2A v1.0 (v0.3: "schemes": [...])');
  }
}

function jsonRpc(o: Record<string, unknown>, role: Role, found: Found): void {
  if (role === "root" && o.jsonrpc !== undefined && o.method !== undefined && str(o.method)) {
    const m = o.method;
    if (has.call(V03_METHODS, m)) found("method", "0.3", () => `method "${m}" is v0.3's (A2A v1.0: ${V03_METHODS[m]})`, "strong");
    else if (V1_METHODS.has(m)) found("method", "1.0", () => `method "${m}" is A2A v1.0's`, "strong");
  }
  if (role === "result") {
    // v0.3 JSON-RPC results are the object itself, with its "kind"; A2A v1.0 wraps a task or message in a oneof member.
    for (const k of ["task", "message", "statusUpdate", "artifactUpdate"]) {
      if (isObj(o[k])) {
        found(k, "1.0", () => `a JSON-RPC result wrapped in "${k}" is A2A v1.0 (v0.3 results carry "kind" instead)`);
        break;
      }
    }
  }
}

function message(o: Record<string, unknown>, found: Found): void {
  if (o.content !== undefined && Array.isArray(o.content) && !o.parts !== undefined) found("content", "0.3", 'a Message\'s "content" is the v0.3 proto\'s name for A2A v1.0\'s "parts"');
  if (!o.kind !== undefined && o.parts !== undefined && Array.isArray(o.parts) && o.parts.length > 0) {
    const first = o.parts[0];
    if (isObj(first) && !first.kind !== undefined) found("parts", "1.0", 'a Message with "parts" and no "kind" is A2A v1.0 (v0.3 JSON-RPC has "kind", the v0.3 proto "content")', "weak");
  }
}

function part(o: Record<string, unknown>, found: Found): void {
  if (o.kind !== undefined) return; // said above
  if (o.raw !== undefined) found("raw", "1.0", 'a part\'s "raw" is A2A v1.0 (v0.3: file.bytes)');
  else if (o.url !== undefined && str(o.url, 8192)) found("url", "1.0", 'a part\'s "url" is A2A v1.0 (v0.3: file.uri)');
  else if (o.mediaType !== undefined) found("mediaType", "1.0", 'a part\'s "mediaType" is A2A v1.0 (v0.3: file.mimeType)');
  else if (o.text !== undefined && typeof o.text === "string") found("text", "1.0", () => `a text part without "kind" is ${SHARED}`, "weak");
  if (o.file !== undefined && isObj(o.file)) found("file", "0.3", 'a part\'s "file" is v0.3 (A2A v1.0: "url" or "raw" on the part)');
}

function card(o: Record<string, unknown>, found: Found): void {
  for (const k in V03_CARD_FIELDS) if (o[k] !== undefined) found(k, "0.3", () => `card field "${k}" is v0.3 (A2A v1.0: ${V03_CARD_FIELDS[k]})`);
  if (o.supportedInterfaces !== undefined) found("supportedInterfaces", "1.0", 'card field "supportedInterfaces" is A2A v1.0 (v0.3: "url", "preferredTransport", "additionalInterfaces")');
}

/** How a walked key's value is read: one object, the items of an array, or a map's values. */
export type Shape = "object" | "array" | "map";

/**
 * Calls `visit` for each key of `o` whose value is walked, with the role its objects (or the items
 * of its array, or a map's values) are read as; `result` is read as an object or as an array.
 * Named reads, not a loop over a table: a keyed read of a key an object lacks costs several times
 * a named one (measured: the loop was half of detection's time).
 */
export function eachChild(o: Record<string, unknown>, visit: (key: string, v: unknown, role: Role, shape: Shape) => void): void {
  let v: unknown;
  if ((v = o.params) !== undefined) visit("params", v, "other", "object");
  if ((v = o.result) !== undefined) visit("result", v, "result", "object");
  if ((v = o.result) !== undefined) visit("result", v, "other", "array");
  if ((v = o.message) !== undefined) visit("message", v, "other", "object");
  if ((v = o.msg) !== undefined) visit("msg", v, "other", "object");
  if ((v = o.task) !== undefined) visit("task", v, "other", "object");
  if ((v = o.status) !== undefined) visit("status", v, "other", "object");
  if ((v = o.update) !== undefined) visit("update", v, "other", "object");
  if ((v = o.statusUpdate) !== undefined) visit("statusUpdate", v, "other", "object");
  if ((v = o.artifactUpdate) !== undefined) visit("artifactUpdate", v, "other", "object");
  if ((v = o.artifact) !== undefined) visit("artifact", v, "other", "object");
  if ((v = o.configuration) !== undefined) visit("configuration", v, "configuration", "object");
  if ((v = o.pushNotificationConfig) !== undefined) visit("pushNotificationConfig", v, "other", "object");
  if ((v = o.taskPushNotificationConfig) !== undefined) visit("taskPushNotificationConfig", v, "other", "object");
  if ((v = o.authentication) !== undefined) visit("authentication", v, "authentication", "object");
  if ((v = o.capabilities) !== undefined) visit("capabilities", v, "capabilities", "object");
  if ((v = o.history) !== undefined) visit("history", v, "other", "array");
  if ((v = o.artifacts) !== undefined) visit("artifacts", v, "other", "array");
  if ((v = o.parts) !== undefined) visit("parts", v, "part", "array");
  if ((v = o.content) !== undefined) visit("content", v, "part", "array");
  if ((v = o.tasks) !== undefined) visit("tasks", v, "other", "array");
  if ((v = o.configs) !== undefined) visit("configs", v, "other", "array");
  if ((v = o.skills) !== undefined) visit("skills", v, "skill", "array");
  if ((v = o.supportedInterfaces) !== undefined) visit("supportedInterfaces", v, "other", "array");
  if ((v = o.additionalInterfaces) !== undefined) visit("additionalInterfaces", v, "other", "array");
  if ((v = o.securitySchemes) !== undefined) visit("securitySchemes", v, "scheme", "map");
}
