/**
 * Hints for what real senders write instead of canonical A2A v1. When
 * validation fails, the input is scanned (along the revision's type structure,
 * breadth-first, with a node budget) for known constructs: the v0.3 JSON-RPC
 * forms, the v0.3 gRPC/REST (proto JSON) forms, the v0.2 card's
 * `authentication`, and the points where the protocol revisions differ. Each
 * construct's hint goes on the issue about it: the issue at its own place, or
 * an issue it explains at the object that holds it (a missing `parts` beside a
 * v0.3 `content`), or an issue inside it. A hint never lands on an unrelated
 * issue. In lenient mode an ignored field's hint rides on its warning.
 */
import { withHint, type IssueCode, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { hasV1Interfaces, V03_CARD_FIELDS } from "./hybrid.js";
import { has, MAP, obj, REPEATED, type FieldRow, type Model, type RevisionId } from "./schema-walk.js";

export interface Marker {
  readonly path: readonly PathSegment[];
  readonly hint: string;
  /** Issues at the holding object that this construct explains: their code, and for `required` the property. */
  readonly about?: ReadonlyArray<{ readonly code: IssueCode; readonly property?: string }>;
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
  // v0.3's proto spelled it with two Ls.
  TASK_STATE_CANCELLED: "TASK_STATE_CANCELED (one L)",
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

/** Message types that are gone in a revision, with what replaced them. */
export const REMOVED_TYPES: Record<RevisionId, Record<string, string>> = {
  "1.0": {
    CreateTaskPushNotificationConfigRequest:
      'CreateTaskPushNotificationConfigRequest (revision 2026-02-17) is gone in A2A v1.0: CreateTaskPushNotificationConfig takes a TaskPushNotificationConfig { taskId, url, token, authentication, id }; or validate with { revision: "2026-02-17" }',
    PushNotificationConfig:
      'PushNotificationConfig (revision 2026-02-17) is gone in A2A v1.0: its fields (url, token, authentication, id) are in TaskPushNotificationConfig; or validate with { revision: "2026-02-17" }',
  },
  "2026-02-17": {},
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

const NO_MATCH = [{ code: "no_match" }] as const;
const missing = (property: string) => [{ code: "required" as const, property }];

/** `tasks/t1` or `tasks/t1/pushNotificationConfigs/c1` (v0.3 gRPC resource names) → the v1 id fields. */
function resourceName(value: unknown): { taskId: string; id?: string } | undefined {
  if (typeof value !== "string" || value.length > 1000) return undefined;
  const m = /^tasks\/([^/]+)(?:\/pushNotificationConfigs\/([^/]+))?$/.exec(value);
  return m ? { taskId: m[1]!, ...(m[2] !== undefined ? { id: m[2] } : {}) } : undefined;
}

type At = (key: string, hint: string, about?: Marker["about"]) => void;

/** The v0.3 gRPC/REST form: resource names instead of ids. */
function resourceMarkers(model: Model, type: string, o: Record<string, unknown>, at: At): void {
  if (has.call(o, "name")) resourceMarker(model, type, o, "name", at);
  if (has.call(o, "parent")) resourceMarker(model, type, o, "parent", at);
}

function resourceMarker(model: Model, type: string, o: Record<string, unknown>, key: string, at: At): void {
  if (model.fieldOf(type, key)) return;
  const r = resourceName(o[key]);
  if (!r) return;
  const fields = model.meta.FIELDS[type] ?? [];
  const hasField = (json: string) => fields.some((f) => f[0] === json);
  const taskIdField = hasField("taskId") ? "taskId" : "id";
  const parts = r.id !== undefined && hasField("taskId") ? [`"taskId": ${JSON.stringify(r.taskId)}`, `"id": ${JSON.stringify(r.id)}`] : [`"${taskIdField}": ${JSON.stringify(r.id ?? r.taskId)}`];
  const required = fields.filter((f) => f[3] & 4).map((f) => f[0]);
  const about = ["taskId", "id"].filter((p) => required.includes(p)).map((p) => ({ code: "required" as const, property: p }));
  at(key, `v0.3 resource name "${key}": ${JSON.stringify(o[key])} is ${parts.join(", ")} in v1`, about);
}

/** Where the two protocol revisions differ: hints for a document written for the other one. */
function revisionMarkers(model: Model, type: string, o: Record<string, unknown>, at: At): void {
  const present = (k: string) => has.call(o, k);
  if (model.revision === "1.0") {
    if (type === "SendMessageConfiguration") {
      if (present("blocking")) {
        at(
          "blocking",
          '"blocking" (revision 2026-02-17) is "returnImmediately" in A2A v1.0, with the inverted meaning: blocking: true is returnImmediately: false (the default), blocking: false is returnImmediately: true',
        );
      }
      for (const k of ["pushNotificationConfig", "push_notification_config"]) {
        if (present(k)) at(k, `"${k}" (revision 2026-02-17) is "taskPushNotificationConfig" in A2A v1.0: a TaskPushNotificationConfig, its url, token, authentication and id at the top level`);
      }
    }
    if (type === "TaskPushNotificationConfig") {
      for (const k of ["pushNotificationConfig", "push_notification_config"]) {
        if (present(k)) at(k, `A2A v1.0 flattened TaskPushNotificationConfig: move url, token, authentication and id out of "${k}" (revision 2026-02-17) to the top level`, missing("url"));
      }
      if (present("config")) {
        at(
          "config",
          'CreateTaskPushNotificationConfigRequest { taskId, config } (revision 2026-02-17) is gone in A2A v1.0: CreateTaskPushNotificationConfig takes a TaskPushNotificationConfig { taskId, url, token, authentication, id }',
          missing("url"),
        );
      }
    }
  } else {
    if (type === "SendMessageConfiguration") {
      for (const k of ["returnImmediately", "return_immediately"]) {
        if (present(k)) at(k, `"${k}" is A2A v1.0; revision 2026-02-17 has "blocking" with the inverted meaning (returnImmediately: true is blocking: false). Or validate with { revision: "1.0" }`);
      }
      for (const k of ["taskPushNotificationConfig", "task_push_notification_config"]) {
        if (present(k)) at(k, `"${k}" is A2A v1.0; revision 2026-02-17 has "pushNotificationConfig", a PushNotificationConfig { url, token, authentication, id }. Or validate with { revision: "1.0" }`);
      }
    }
    if (type === "TaskPushNotificationConfig") {
      const flat = ["url", "token", "authentication"].find(present);
      if (flat !== undefined) {
        at(flat, `a flattened TaskPushNotificationConfig is A2A v1.0; revision 2026-02-17 nests url, token, authentication and id: { taskId, pushNotificationConfig: { url, ... } }. Or validate with { revision: "1.0" }`, missing("pushNotificationConfig"));
      }
    }
    if (type === "Task" && !present("contextId") && !present("context_id")) {
      at("contextId", '"contextId" is REQUIRED in revision 2026-02-17 and optional in A2A v1.0 (validate with { revision: "1.0" })', missing("contextId"));
    }
  }
}

function scan(model: Model, type: string, o: Record<string, unknown>, at: At): void {
  if (has.call(o, "kind") && typeof o.kind === "string") {
    if (type === "Part") at("kind", partHint(o) ?? 'v1 parts have no "kind": set exactly one of text, raw, url, data', NO_MATCH);
    else {
      const wrap = V03_KIND_WRAPPER[o.kind];
      const where = type === "SendMessageResponse" || type === "StreamResponse";
      at(
        "kind",
        where && wrap
          ? `v0.3 "kind": "${o.kind}" is a oneof member in v1: send { ${wrap}: { ... } } without "kind"`
          : `v1 has no "kind" discriminator: drop it${wrap ? ` (a ${o.kind} goes under "${wrap}" in a SendMessageResponse or StreamResponse)` : ""}`,
        where ? NO_MATCH : undefined,
      );
    }
  }
  if (has.call(o, "mimeType") && !model.fieldOf(type, "mimeType")) at("mimeType", 'v0.3 "mimeType" is "mediaType" in v1');
  if (type === "Part" && has.call(o, "file")) {
    at("file", 'v0.3 "file" is gone: use "url" (file.uri, fileWithUri) or "raw" (file.bytes, fileWithBytes), "mediaType" and "filename" on the part', NO_MATCH);
  }
  if ((type === "TaskStatus" || type === "ListTasksRequest") && has.call(o, type === "TaskStatus" ? "state" : "status")) {
    const key = type === "TaskStatus" ? "state" : "status";
    const v = o[key];
    if (typeof v === "string" && has.call(V03_STATES, v)) at(key, `v0.3 state "${v}" is ${V03_STATES[v]} in v1`);
  }
  if (type === "Message") {
    if (typeof o.role === "string" && has.call(V03_ROLES, o.role)) at("role", `v0.3 role "${o.role}" is ${V03_ROLES[o.role]} in v1`);
    if (has.call(o, "content") && !has.call(o, "parts")) at("content", 'v0.3 (gRPC/REST JSON) "content" is "parts" in v1', missing("parts"));
  }
  if (type === "TaskStatusUpdateEvent" && has.call(o, "final")) at("final", 'v0.3 "final" is gone in v1: the stream ends after a terminal or interrupted state');
  if (type === "AgentCard") {
    const hybrid = hasV1Interfaces(o);
    for (const k of ["url", "preferredTransport", "protocolVersion", "additionalInterfaces"]) {
      if (!has.call(o, k)) continue;
      if (hybrid) at(k, `v0.3 field "${k}" beside "supportedInterfaces" (a hybrid card, for v0.3 clients): A2A v1.0 reads ${V03_CARD_FIELDS[k]} instead`);
      else at(k, `v0.3 card root "${k}" moved: list each endpoint in "supportedInterfaces": [{ url, protocolBinding, protocolVersion }]`, missing("supportedInterfaces"));
    }
    if (has.call(o, "security")) at("security", 'v0.3 "security" is "securityRequirements" in v1: [{ schemes: { name: { list: [scopes] } } }]');
    for (const k of ["supportsAuthenticatedExtendedCard", "supportsExtendedAgentCard"]) {
      if (has.call(o, k)) at(k, `v0.3 "${k}" is "capabilities.extendedAgentCard" in v1 (A2A v1.0 specification, appendix A.2.2)`);
    }
    if (has.call(o, "authentication")) {
      at("authentication", 'v0.2 card "authentication" ({ schemes, credentials }) is gone: declare "securitySchemes" and "securityRequirements"');
    }
  }
  if (type === "AgentCapabilities" && has.call(o, "stateTransitionHistory")) at("stateTransitionHistory", 'v0.3 "stateTransitionHistory" is gone in v1');
  if (type === "AuthenticationInfo" && has.call(o, "schemes") && !has.call(o, "scheme")) {
    const s = Array.isArray(o.schemes) && typeof o.schemes[0] === "string" ? JSON.stringify(o.schemes[0]) : '"Bearer"';
    at("schemes", `v0.3 "schemes": [...] is "scheme": ${s} in v1 (one HTTP authentication scheme)`, missing("scheme"));
  }
  if (type === "SecurityScheme" && typeof o.type === "string") {
    const m: Record<string, string> = {
      apiKey: "apiKeySecurityScheme",
      http: "httpAuthSecurityScheme",
      oauth2: "oauth2SecurityScheme",
      openIdConnect: "openIdConnectSecurityScheme",
      mutualTLS: "mtlsSecurityScheme",
    };
    const member = m[o.type];
    at("type", `v0.3 OpenAPI-style scheme { type: "${o.type}" } is a oneof in v1: { ${member ?? "<kind>SecurityScheme"}: { ... } }${o.type === "apiKey" ? ' and "in" is "location"' : ""}`, NO_MATCH);
  }
  if (type === "SecurityRequirement") {
    for (const k of Object.keys(o)) {
      if (model.fieldOf(type, k)) continue;
      const v = o[k];
      const scopes = Array.isArray(v) && v.every((x) => typeof x === "string") ? JSON.stringify(v) : "[]";
      at(k, `v0.3 requirement { ${JSON.stringify(k)}: ${scopes} } is { "schemes": { ${JSON.stringify(k)}: { "list": ${scopes} } } } in v1`);
      break;
    }
  }
  resourceMarkers(model, type, o, at);
  revisionMarkers(model, type, o, at);
}

/**
 * Every key scan may put a marker at, for any type but SecurityRequirement (whose markers go at
 * any unknown key): test/v1/hint-keys.test.ts checks it against scan over the fixtures.
 */
export const MARKER_KEYS: ReadonlySet<string> = new Set([
  "kind", "mimeType", "file", "state", "status", "role", "content", "final",
  "url", "preferredTransport", "protocolVersion", "additionalInterfaces", "security", "supportsAuthenticatedExtendedCard", "supportsExtendedAgentCard", "authentication",
  "stateTransitionHistory", "schemes", "type", "name", "parent",
  "blocking", "pushNotificationConfig", "push_notification_config", "config",
  "returnImmediately", "return_immediately", "taskPushNotificationConfig", "task_push_notification_config", "token", "contextId",
]);

/**
 * Can a marker of the object `n` explain one of its issues? attachHints puts a marker at key k of
 * `n` on an issue at or under `n`/k, or (`about`) on one at `n` itself; so, with no issue at `n`,
 * only the keys its issues go on through can take one. Scanning the others (most often the
 * document's root, on the way to the issue) made markers that were all dropped.
 */
function mayHint(type: string, n: Node): boolean {
  if (type === "SecurityRequirement" || n.hits === undefined) return true;
  for (const p of n.hits) if (p.length === n.depth || MARKER_KEYS.has(String(p[n.depth]))) return true;
  return false;
}

/**
 * One object on the walk: its type, its value, and where it sits, as a link
 * to its parent and one or two path segments (the field, then the index or
 * key inside a repeated or map field), so that paths are only built for the
 * few nodes that need one (a marker, an SDK object). `hits` are the paths of
 * the issues at or under the object, when it has any; `depth` is the length
 * of its own path.
 */
interface Node {
  /** The message type the object is read as; undefined: none (the root under a name that is no message). */
  readonly info: TypeInfo | undefined;
  readonly value: unknown;
  readonly up: Node | undefined;
  readonly key: PathSegment | undefined;
  readonly index: PathSegment | undefined;
  readonly depth: number;
  readonly hits: Hits;
}

/** Issue paths (an issue's pointer is its path's, so paths say where it is without building strings). */
type Hits = ReadonlyArray<readonly PathSegment[]> | undefined;

/** The path of node `n`, then `key`: filled from the end, its length known (no growing, no reverse). */
function pathTo(n: Node, key: PathSegment): PathSegment[] {
  const out: PathSegment[] = new Array(n.depth + 1);
  let k = n.depth;
  out[k] = key;
  for (let x: Node | undefined = n; x !== undefined && x.key !== undefined; x = x.up) {
    if (x.index !== undefined) out[--k] = x.index;
    out[--k] = x.key;
  }
  return out;
}

/** The paths of `hits` that go on with `seg` after their first `depth` segments, or undefined when none does. */
function hitsAt(hits: Hits, depth: number, seg: PathSegment): Hits {
  if (hits === undefined) return undefined;
  // All of them (often the one issue): the same list, not a copy.
  let k = 0;
  while (k < hits.length && goesOn(hits[k]!, depth, seg)) k++;
  if (k === hits.length) return hits;
  let out: Array<readonly PathSegment[]> | undefined = k > 0 ? hits.slice(0, k) : undefined;
  for (k++; k < hits.length; k++) if (goesOn(hits[k]!, depth, seg)) (out ??= []).push(hits[k]!);
  return out;
}

/** Does `p` go on with `seg` after its first `depth` segments (as pointers compare: 0 and "0" are one)? */
const goesOn = (p: readonly PathSegment[], depth: number, seg: PathSegment): boolean => p.length > depth && (p[depth] === seg || String(p[depth]) === String(seg));

/** What the walk needs of a message type: its message-typed fields (in field order, each with its type's TypeInfo) and ts-proto's oneof key, when that is no field. */
interface TypeInfo {
  readonly name: string;
  readonly children: ReadonlyArray<{ readonly row: FieldRow; readonly info: TypeInfo }>;
  readonly oneofKey: string | undefined;
}

/** Per model, built on first use: every message type's TypeInfo (a type that is no message has none). */
const TABLES = new WeakMap<Model, ReadonlyMap<string, TypeInfo>>();

function typesOf(model: Model): ReadonlyMap<string, TypeInfo> {
  let table = TABLES.get(model);
  if (table === undefined) {
    const { FIELDS, ONEOFS, MESSAGE_NAMES } = model.meta;
    const made = new Map<string, { name: string; children: Array<{ row: FieldRow; info: TypeInfo }>; oneofKey: string | undefined }>();
    for (const name of MESSAGE_NAMES) {
      const oneof = ONEOFS[name]?.name;
      made.set(name, { name, children: [], oneofKey: oneof !== undefined && !model.fieldOf(name, oneof) ? oneof : undefined });
    }
    // Linked once all exist: the types refer to each other (Task, Message, Part).
    for (const [name, info] of made) for (const row of FIELDS[name] ?? []) if (made.has(row[2])) info.children.push({ row, info: made.get(row[2])! });
    TABLES.set(model, (table = made));
  }
  return table;
}

const isCase = (v: unknown): boolean => {
  const o = obj(v);
  return o !== undefined && has.call(o, "$case") && typeof o.$case === "string";
};

/**
 * The walk behind findMarkers and inspect: the input's message objects along
 * the revision's type structure (never inside Struct or Value data),
 * breadth-first, at most NODE_BUDGET of them. Each field is looked for under
 * its JSON name, then its proto name: enumerating a hostile object's keys
 * costs time in the number of keys (about 16 ms per 100,000 on this machine
 * kind), which the validator already paid once. With `out`, objects are
 * scanned for markers: every one, or with `issues` only those with an issue
 * at or under them (attachHints gives a marker only to an issue at or under
 * its object, so the hints come out the same; an issue's pointer is its
 * path's). With `sdk`, the walk stops at the first `{ $case }` object and
 * answers its path. With `sdk` "hits", an object is looked at for one only
 * when an issue is at or under it, and the walk ends once no such object is
 * left: the objects before that are counted as before, so the budget runs out
 * at the same object.
 */
function walk(model: Model, typeName: string, input: unknown, out: Marker[] | undefined, sdk: boolean | "hits", issues?: readonly ValidationIssue[]): PathSegment[] | undefined {
  if (sdk !== false && isCase(input)) return [];
  const all = issues === undefined;
  const hits = all || issues.length === 0 ? undefined : issues.map((i) => i.path);
  const queue: Node[] = [{ info: typesOf(model).get(typeName), value: input, up: undefined, key: undefined, index: undefined, depth: 0, hits }];
  // Only with "hits" (which needs issues): the queued objects with an issue at or under them.
  const early = sdk === "hits" && !all;
  let pending = hits !== undefined ? 1 : 0;
  let budget = NODE_BUDGET;
  // One marker maker for the whole walk, at the node being scanned.
  let current = queue[0]!;
  const at: At = (key, hint, about) => {
    const path = pathTo(current, key);
    out!.push(about && about.length > 0 ? { path, hint, about } : { path, hint });
  };
  for (let i = 0; i < queue.length && budget > 0; i++) {
    const n = queue[i]!;
    if (early) {
      if (pending === 0) break;
      if (n.hits !== undefined) pending--;
    }
    const o = obj(n.value);
    const info = n.info;
    if (!o || info === undefined) continue;
    budget--;
    const look = sdk === true || (sdk === "hits" && n.hits !== undefined);
    // ts-proto names a oneof's field after the oneof (Part's `content`).
    if (look && info.oneofKey !== undefined && has.call(o, info.oneofKey) && isCase(o[info.oneofKey])) return pathTo(n, info.oneofKey);
    if (out !== undefined && (all || (n.hits !== undefined && mayHint(info.name, n)))) {
      current = n;
      scan(model, info.name, o, at);
    }
    for (const child of info.children) {
      const row = child.row;
      const key = has.call(o, row[0]) ? row[0] : row[1] !== row[0] && has.call(o, row[1]) ? row[1] : undefined;
      if (key === undefined) continue;
      const v = o[key];
      if (look && isCase(v)) return pathTo(n, key);
      pending += enqueue(queue, row, child.info, v, n, key, budget);
    }
  }
  return undefined;
}

/** Queues a message field's value(s) for a breadth-first walk, at most `budget` items of a list or map; answers how many queued have hits. */
function enqueue(queue: Node[], row: FieldRow, info: TypeInfo, v: unknown, up: Node, key: string, budget: number): number {
  const depth = up.depth + 1;
  const hits = hitsAt(up.hits, up.depth, key);
  let hit = 0;
  if (row[3] & REPEATED) {
    if (Array.isArray(v)) {
      for (let j = 0; j < v.length && j < budget; j++) {
        const h = hitsAt(hits, depth, j);
        if (h !== undefined) hit++;
        queue.push({ info, value: v[j], up, key, index: j, depth: depth + 1, hits: h });
      }
    }
  } else if (row[3] & MAP) {
    const m = obj(v);
    if (m) {
      for (const k of Object.keys(m).slice(0, budget)) {
        const h = hitsAt(hits, depth, k);
        if (h !== undefined) hit++;
        queue.push({ info, value: m[k], up, key, index: k, depth: depth + 1, hits: h });
      }
    }
  } else {
    if (hits !== undefined) hit++;
    queue.push({ info, value: v, up, key, index: undefined, depth, hits });
  }
  return hit;
}

/** Finds the constructs in `input` read as a `typeName` of the model's revision. */
export function findMarkers(model: Model, typeName: string, input: unknown): Marker[] {
  const out: Marker[] = [];
  walk(model, typeName, input, out, false);
  return out;
}

/**
 * For a failed validation, in one walk: an in-memory @a2a-js/sdk object (ts-proto: a oneof as
 * `{ $case, value }`, enums as numbers) instead of its JSON, as the path of the first `{ $case }`
 * object (that one issue replaces the rest); else the markers that can explain `issues`.
 * `sdkHasIssue`: the caller knows that each such object has an issue at or under the object
 * that holds it (the strict all-errors pass's uncapped list: no message takes a "$case"
 * key), so only the objects with issues are looked at.
 */
export function inspect(
  model: Model,
  typeName: string,
  input: unknown,
  issues: readonly ValidationIssue[],
  sdkHasIssue = false,
): { readonly sdk: PathSegment[] } | { readonly sdk: undefined; readonly markers: Marker[] } {
  const markers: Marker[] = [];
  const sdk = walk(model, typeName, input, markers, sdkHasIssue ? "hits" : true, issues);
  return sdk !== undefined ? { sdk } : { sdk: undefined, markers };
}

/** Do `a` and `b` agree on their first `n` segments (as pointers do: 0 and "0" are one)? */
function samePrefix(a: readonly PathSegment[], b: readonly PathSegment[], n: number): boolean {
  for (let k = 0; k < n; k++) if (a[k] !== b[k] && String(a[k]) !== String(b[k])) return false;
  return true;
}

/**
 * Puts each marker's hint on the issue about its construct (see the module comment); other markers
 * are dropped. Compares paths, not pointers: an issue's pointer is its path's, so the matches are the
 * same, without building a pointer per marker.
 */
export function attachHints(issues: readonly ValidationIssue[], markers: readonly Marker[]): ValidationIssue[] {
  if (markers.length === 0) return issues.slice();
  const out = issues.slice();
  for (const m of markers) {
    const i = issueFor(out, m);
    if (i !== -1) out[i] = withHint(out[i]!, m.hint);
  }
  return out;
}

/** Where a marker's hint goes, or -1: the issue at the construct; else one it explains at its object; else one inside it (loops, not closures). */
function issueFor(out: readonly ValidationIssue[], m: Marker): number {
  const at = m.path;
  const n = at.length;
  for (let i = 0; i < out.length; i++) {
    const x = out[i]!;
    if (x.hint === undefined && x.path.length === n && samePrefix(x.path, at, n)) return i;
  }
  const about = m.about;
  if (about) {
    for (let i = 0; i < out.length; i++) {
      const x = out[i]!;
      if (x.hint !== undefined || x.path.length !== n - 1 || !samePrefix(x.path, at, n - 1)) continue;
      for (const a of about) if (a.code === x.code && (a.property === undefined || a.property === x.property)) return i;
    }
  }
  for (let i = 0; i < out.length; i++) {
    const x = out[i]!;
    if (x.hint === undefined && x.path.length > n && samePrefix(x.path, at, n)) return i;
  }
  return -1;
}

