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

/** What an object is read as, from the key that holds it (or its place). */
export type Role = "root" | "result" | "part" | "card" | "capabilities" | "skill" | "configuration" | "authentication" | "scheme" | "other";

/**
 * Reports one finding: the key on the object (undefined: the object itself), its version and why.
 * "strong" decides alone (a JSON-RPC method name); "weak" is a form A2A v1.0 shares with the v0.3
 * gRPC/REST binding's proto JSON, which decides only when nothing else does.
 */
export type Found = (key: string | undefined, version: "1.0" | "0.3", reason: string, strength?: "strong" | "weak") => void;

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
  return has.call(o, "name") && (has.call(o, "skills") || has.call(o, "capabilities") || has.call(o, "supportedInterfaces"));
}

/** Is `o` read as a part: a part's content key, and none of a message's or task's keys. */
export function looksLikePart(o: Record<string, unknown>): boolean {
  return (has.call(o, "text") || has.call(o, "raw") || has.call(o, "url") || has.call(o, "file") || has.call(o, "data")) && !has.call(o, "messageId") && !has.call(o, "role") && !has.call(o, "taskId") && !has.call(o, "id") && !has.call(o, "name") && !has.call(o, "jsonrpc");
}

/** The findings on one object read as `role`. */
export function examine(o: Record<string, unknown>, role: Role, found: Found): void {
  if (role === "root" || role === "result") jsonRpc(o, role, found);
  if (has.call(o, "kind") && str(o.kind) && has.call(V03_KINDS, o.kind)) found("kind", "0.3", `"kind": "${o.kind}" is the v0.3 ${V03_KINDS[o.kind]} discriminator (A2A v1.0 has no "kind")`);
  if (has.call(o, "role") && (o.role === "user" || o.role === "agent")) found("role", "0.3", `role "${o.role}" is v0.3 (A2A v1.0 writes ROLE_${o.role.toUpperCase()})`);
  else if (has.call(o, "role") && (o.role === "ROLE_USER" || o.role === "ROLE_AGENT")) found("role", "1.0", `role ${o.role} is ${SHARED}`, "weak");
  if (has.call(o, "state") && str(o.state)) {
    if (V03_STATES.has(o.state)) found("state", "0.3", `state "${o.state}" is v0.3 (A2A v1.0 writes TASK_STATE_*)`);
    else if (o.state === "TASK_STATE_CANCELLED") found("state", "0.3", "TASK_STATE_CANCELLED (two Ls) is the v0.3 proto's spelling (A2A v1.0: TASK_STATE_CANCELED)");
    else if (o.state === "TASK_STATE_CANCELED") found("state", "1.0", "TASK_STATE_CANCELED (one L) is A2A v1.0's spelling (the v0.3 proto has TASK_STATE_CANCELLED)");
    else if (o.state.startsWith("TASK_STATE_")) found("state", "1.0", `state ${o.state} is ${SHARED}`, "weak");
  }
  if (has.call(o, "update") && isObj(o.update) && has.call(o, "state")) found("update", "0.3", 'TaskStatus "update" is the v0.3 proto\'s name for A2A v1.0\'s "message"');
  if (has.call(o, "final") && typeof o.final === "boolean" && has.call(o, "taskId")) found("final", "0.3", 'a status update with "final" is v0.3 (A2A v1.0 ends the stream after a terminal state instead)');
  if (has.call(o, "tenant") && str(o.tenant, 1000)) found("tenant", "1.0", '"tenant" is new in A2A v1.0');
  if (has.call(o, "msg") && isObj(o.msg)) found("msg", "0.3", 'the oneof member "msg" is the v0.3 proto\'s (A2A v1.0: "message")');
  if (has.call(o, "messageId") || has.call(o, "message_id") || has.call(o, "role")) message(o, found);
  if (has.call(o, "name") && typeof o.name === "string" && o.name.length <= 1000 && RESOURCE.test(o.name)) found("name", "0.3", `the resource name "${o.name.slice(0, 60)}" is the v0.3 proto's (A2A v1.0 has ids)`);
  if (has.call(o, "blocking") && typeof o.blocking === "boolean") found("blocking", "0.3", '"blocking" is v0.3 (and the pre-release revision 2026-02-17); A2A v1.0 has "returnImmediately"');
  if (has.call(o, "returnImmediately") && typeof o.returnImmediately === "boolean") found("returnImmediately", "1.0", '"returnImmediately" is A2A v1.0 (v0.3: "blocking")');
  if (role === "part") part(o, found);
  if (role === "card") card(o, found);
  if (role === "capabilities") {
    if (has.call(o, "extendedAgentCard")) found("extendedAgentCard", "1.0", '"capabilities.extendedAgentCard" is A2A v1.0 (v0.3: "supportsAuthenticatedExtendedCard" at the root)');
    if (has.call(o, "stateTransitionHistory")) found("stateTransitionHistory", "0.3", '"stateTransitionHistory" is v0.3 (gone in A2A v1.0)');
  }
  if (role === "skill" || role === "card") {
    if (role === "skill" && has.call(o, "security")) found("security", "0.3", 'a skill\'s "security" is v0.3 (A2A v1.0: "securityRequirements")');
    if (has.call(o, "securityRequirements")) found("securityRequirements", "1.0", '"securityRequirements" is A2A v1.0 (v0.3: "security")');
  }
  if (role === "scheme" && has.call(o, "type") && str(o.type)) found("type", "0.3", `an OpenAPI-style security scheme { "type": "${o.type}" } is v0.3 (A2A v1.0 and the v0.3 proto use a oneof member)`);
  else if (role === "scheme") {
    for (const k of SCHEME_MEMBERS) if (has.call(o, k)) found(k, "1.0", `a security scheme as the oneof member "${k}" is ${SHARED}`, "weak");
  }
  if (role === "configuration") {
    if (has.call(o, "taskPushNotificationConfig")) found("taskPushNotificationConfig", "1.0", '"taskPushNotificationConfig" is A2A v1.0 (v0.3: "pushNotificationConfig")');
    if (has.call(o, "pushNotificationConfig")) found("pushNotificationConfig", "0.3", 'a configuration\'s "pushNotificationConfig" is v0.3 (A2A v1.0: "taskPushNotificationConfig")');
  } else if (has.call(o, "taskId") || has.call(o, "name")) {
    if (has.call(o, "pushNotificationConfig") && isObj(o.pushNotificationConfig)) found("pushNotificationConfig", "0.3", 'a push configuration nested in "pushNotificationConfig" is v0.3 (A2A v1.0 flattened it)');
    else if (has.call(o, "taskId") && has.call(o, "url") && str(o.url, 4096) && !has.call(o, "status")) found("url", "1.0", "a TaskPushNotificationConfig with url beside taskId is A2A v1.0's flattened form");
  }
  if (role === "authentication") {
    if (has.call(o, "schemes") && Array.isArray(o.schemes)) found("schemes", "0.3", 'push authentication "schemes": [...] is v0.3 (A2A v1.0: one "scheme")');
    else if (has.call(o, "scheme") && str(o.scheme)) found("scheme", "1.0", 'push authentication "scheme" is A2A v1.0 (v0.3: "schemes": [...])');
  }
}

function jsonRpc(o: Record<string, unknown>, role: Role, found: Found): void {
  if (role === "root" && has.call(o, "jsonrpc") && has.call(o, "method") && str(o.method)) {
    if (has.call(V03_METHODS, o.method)) found("method", "0.3", `method "${o.method}" is v0.3's (A2A v1.0: ${V03_METHODS[o.method]})`, "strong");
    else if (V1_METHODS.has(o.method)) found("method", "1.0", `method "${o.method}" is A2A v1.0's`, "strong");
  }
  if (role === "result") {
    // v0.3 JSON-RPC results are the object itself, with its "kind"; A2A v1.0 wraps a task or message in a oneof member.
    for (const k of ["task", "message", "statusUpdate", "artifactUpdate"]) {
      if (has.call(o, k) && isObj(o[k])) {
        found(k, "1.0", `a JSON-RPC result wrapped in "${k}" is A2A v1.0 (v0.3 results carry "kind" instead)`);
        break;
      }
    }
  }
}

function message(o: Record<string, unknown>, found: Found): void {
  if (has.call(o, "content") && Array.isArray(o.content) && !has.call(o, "parts")) found("content", "0.3", 'a Message\'s "content" is the v0.3 proto\'s name for A2A v1.0\'s "parts"');
  if (!has.call(o, "kind") && has.call(o, "parts") && Array.isArray(o.parts) && o.parts.length > 0) {
    const first = o.parts[0];
    if (isObj(first) && !has.call(first, "kind")) found("parts", "1.0", 'a Message with "parts" and no "kind" is A2A v1.0 (v0.3 JSON-RPC has "kind", the v0.3 proto "content")', "weak");
  }
}

function part(o: Record<string, unknown>, found: Found): void {
  if (has.call(o, "kind")) return; // said above
  if (has.call(o, "raw")) found("raw", "1.0", 'a part\'s "raw" is A2A v1.0 (v0.3: file.bytes)');
  else if (has.call(o, "url") && str(o.url, 8192)) found("url", "1.0", 'a part\'s "url" is A2A v1.0 (v0.3: file.uri)');
  else if (has.call(o, "mediaType")) found("mediaType", "1.0", 'a part\'s "mediaType" is A2A v1.0 (v0.3: file.mimeType)');
  else if (has.call(o, "text") && typeof o.text === "string") found("text", "1.0", `a text part without "kind" is ${SHARED}`, "weak");
  if (has.call(o, "file") && isObj(o.file)) found("file", "0.3", 'a part\'s "file" is v0.3 (A2A v1.0: "url" or "raw" on the part)');
}

function card(o: Record<string, unknown>, found: Found): void {
  for (const k in V03_CARD_FIELDS) if (has.call(o, k)) found(k, "0.3", `card field "${k}" is v0.3 (A2A v1.0: ${V03_CARD_FIELDS[k]})`);
  if (has.call(o, "supportedInterfaces")) found("supportedInterfaces", "1.0", 'card field "supportedInterfaces" is A2A v1.0 (v0.3: "url", "preferredTransport", "additionalInterfaces")');
}

/** The keys whose values are walked, with the role their objects (or the items of their arrays, or a map's values) are read as. */
export const CHILDREN: ReadonlyArray<readonly [key: string, role: Role, shape: "object" | "array" | "map"]> = [
  ["params", "other", "object"],
  ["result", "result", "object"],
  ["result", "other", "array"],
  ["message", "other", "object"],
  ["msg", "other", "object"],
  ["task", "other", "object"],
  ["status", "other", "object"],
  ["update", "other", "object"],
  ["statusUpdate", "other", "object"],
  ["artifactUpdate", "other", "object"],
  ["artifact", "other", "object"],
  ["configuration", "configuration", "object"],
  ["pushNotificationConfig", "other", "object"],
  ["taskPushNotificationConfig", "other", "object"],
  ["authentication", "authentication", "object"],
  ["capabilities", "capabilities", "object"],
  ["history", "other", "array"],
  ["artifacts", "other", "array"],
  ["parts", "part", "array"],
  ["content", "part", "array"],
  ["tasks", "other", "array"],
  ["configs", "other", "array"],
  ["skills", "skill", "array"],
  ["supportedInterfaces", "other", "array"],
  ["additionalInterfaces", "other", "array"],
  ["securitySchemes", "scheme", "map"],
];
