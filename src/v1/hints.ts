/**
 * v0.3 → v1 hints. When v1 validation fails, the input is scanned (along the v1
 * type structure, breadth-first, with a node budget) for v0.3 constructs, and
 * each issue at or under such a place carries the v1 form as its `hint`.
 */
import { toPointer, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { fieldOf, has, isMessageName, MAP, obj, REPEATED } from "./schema-walk.js";

export interface Marker {
  readonly path: readonly PathSegment[];
  readonly hint: string;
}

/** Bounded work on hostile input: at most this many objects are looked at. */
const NODE_BUDGET = 2000;

const V03_STATES: Record<string, string> = {
  submitted: "TASK_STATE_SUBMITTED",
  working: "TASK_STATE_WORKING",
  completed: "TASK_STATE_COMPLETED",
  failed: "TASK_STATE_FAILED",
  canceled: "TASK_STATE_CANCELED",
  "input-required": "TASK_STATE_INPUT_REQUIRED",
  rejected: "TASK_STATE_REJECTED",
  "auth-required": "TASK_STATE_AUTH_REQUIRED",
  unknown: "TASK_STATE_UNSPECIFIED (omit the field)",
};
const V03_ROLES: Record<string, string> = { user: "ROLE_USER", agent: "ROLE_AGENT" };

/** v0.3 JSON-RPC method names → the v1 RPC. */
export const V03_METHODS: Record<string, string> = {
  "message/send": "SendMessage",
  "message/stream": "SendStreamingMessage",
  "tasks/get": "GetTask",
  "tasks/list": "ListTasks",
  "tasks/cancel": "CancelTask",
  "tasks/resubscribe": "SubscribeToTask",
  "tasks/pushNotificationConfig/set": "CreateTaskPushNotificationConfig",
  "tasks/pushNotificationConfig/get": "GetTaskPushNotificationConfig",
  "tasks/pushNotificationConfig/list": "ListTaskPushNotificationConfigs",
  "tasks/pushNotificationConfig/delete": "DeleteTaskPushNotificationConfig",
  "agent/getAuthenticatedExtendedCard": "GetExtendedAgentCard",
};

const V03_KIND_WRAPPER: Record<string, string> = {
  task: "task",
  message: "message",
  "status-update": "statusUpdate",
  "artifact-update": "artifactUpdate",
};

function partHint(o: Record<string, unknown>): string | undefined {
  const kind = o.kind;
  if (kind === "text") return 'v0.3 part { kind: "text", text } is { text } in v1: drop "kind"';
  if (kind === "data") return 'v0.3 part { kind: "data", data } is { data } in v1: drop "kind"';
  if (kind === "file") {
    return 'v0.3 part { kind: "file", file: { uri | bytes, mimeType, name } } is { url } or { raw } with mediaType and filename in v1';
  }
  return undefined;
}

function scan(type: string, o: Record<string, unknown>, path: PathSegment[], out: Marker[]): void {
  const at = (key: string, hint: string) => out.push({ path: [...path, key], hint });
  if (has.call(o, "kind") && typeof o.kind === "string") {
    if (type === "Part") at("kind", partHint(o) ?? 'v1 parts have no "kind": set exactly one of text, raw, url, data');
    else {
      const wrap = V03_KIND_WRAPPER[o.kind];
      const where = type === "SendMessageResponse" || type === "StreamResponse";
      at(
        "kind",
        where && wrap
          ? `v0.3 "kind": "${o.kind}" is a oneof member in v1: send { ${wrap}: { ... } } without "kind"`
          : `v1 has no "kind" discriminator: drop it${wrap ? ` (a ${o.kind} goes under "${wrap}" in a SendMessageResponse or StreamResponse)` : ""}`,
      );
    }
  }
  if (has.call(o, "mimeType")) at("mimeType", 'v0.3 "mimeType" is "mediaType" in v1');
  if (type === "Part" && has.call(o, "file")) at("file", 'v0.3 "file" is gone: use "url" (file.uri) or "raw" (file.bytes), "mediaType" and "filename" on the part');
  if (type === "TaskStatus" && typeof o.state === "string" && has.call(V03_STATES, o.state)) {
    at("state", `v0.3 state "${o.state}" is ${V03_STATES[o.state]} in v1`);
  }
  if (type === "Message" && typeof o.role === "string" && has.call(V03_ROLES, o.role)) {
    at("role", `v0.3 role "${o.role}" is ${V03_ROLES[o.role]} in v1`);
  }
  if (type === "TaskStatusUpdateEvent" && has.call(o, "final")) at("final", 'v0.3 "final" is gone in v1: the stream ends after a terminal or interrupted state');
  if (type === "AgentCard") {
    for (const k of ["url", "preferredTransport", "protocolVersion", "additionalInterfaces"]) {
      if (has.call(o, k)) {
        at(k, `v0.3 card root "${k}" moved: list each endpoint in "supportedInterfaces": [{ url, protocolBinding, protocolVersion }]`);
      }
    }
    if (has.call(o, "security")) at("security", 'v0.3 "security" is "securityRequirements" in v1: [{ schemes: { name: { list: [scopes] } } }]');
    if (has.call(o, "supportsAuthenticatedExtendedCard")) {
      at("supportsAuthenticatedExtendedCard", 'v0.3 "supportsAuthenticatedExtendedCard" is "capabilities.extendedAgentCard" in v1');
    }
  }
  if (type === "AgentCapabilities" && has.call(o, "stateTransitionHistory")) at("stateTransitionHistory", 'v0.3 "stateTransitionHistory" is gone in v1');
  if (type === "SecurityScheme" && typeof o.type === "string") {
    const m: Record<string, string> = {
      apiKey: "apiKeySecurityScheme",
      http: "httpAuthSecurityScheme",
      oauth2: "oauth2SecurityScheme",
      openIdConnect: "openIdConnectSecurityScheme",
      mutualTLS: "mtlsSecurityScheme",
    };
    const member = m[o.type];
    at("type", `v0.3 OpenAPI-style scheme { type: "${o.type}" } is a oneof in v1: { ${member ?? "<kind>SecurityScheme"}: { ... } }${o.type === "apiKey" ? ' and "in" is "location"' : ""}`);
  }
}

/** Finds v0.3 constructs in `input` read as a `typeName`. */
export function findV03Markers(typeName: string, input: unknown): Marker[] {
  const out: Marker[] = [];
  const queue: Array<[string, unknown, PathSegment[]]> = [[typeName, input, []]];
  let budget = NODE_BUDGET;
  for (let i = 0; i < queue.length && budget > 0; i++) {
    const [type, value, path] = queue[i]!;
    const o = obj(value);
    if (!o || !isMessageName(type)) continue;
    budget--;
    scan(type, o, path, out);
    for (const key of Object.keys(o)) {
      const row = fieldOf(type, key);
      if (!row || !isMessageName(row[2])) continue;
      const v = o[key];
      if (row[3] & REPEATED) {
        if (Array.isArray(v)) for (let j = 0; j < v.length && j < budget; j++) queue.push([row[2], v[j], [...path, key, j]]);
      } else if (row[3] & MAP) {
        const m = obj(v);
        if (m) for (const k of Object.keys(m).slice(0, budget)) queue.push([row[2], m[k], [...path, key, k]]);
      } else queue.push([row[2], v, [...path, key]]);
    }
  }
  return out;
}

/** Puts each marker's hint on the issue at its place, else on the closest issue around it; leftover markers become issues. */
export function attachHints(issues: readonly ValidationIssue[], markers: readonly Marker[]): ValidationIssue[] {
  if (markers.length === 0) return issues.slice();
  const out = issues.slice();
  for (const m of markers) {
    const pointer = toPointer(m.path);
    const parent = toPointer(m.path.slice(0, -1));
    let i = out.findIndex((x) => x.pointer === pointer && x.hint === undefined);
    if (i === -1) i = out.findIndex((x) => x.hint === undefined && (x.pointer === parent || x.pointer.startsWith(pointer + "/")));
    if (i !== -1) out[i] = { ...out[i]!, hint: m.hint };
  }
  return out;
}
