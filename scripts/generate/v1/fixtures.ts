/**
 * Authoring script for fixtures/v1/ (run by hand: `tsx scripts/generate/v1/fixtures.ts`;
 * the output is committed and reviewed as data). Valid fixtures are written out
 * literally below; the invalid ones are derived from them one rule at a time,
 * each with a sidecar `<case>.expect.json` naming the issue the test must find:
 *   { "strict": "valid" | [issue...], "lenient": "valid" | [issue...], "note"? }
 * where an issue is { "pointer", "code", "property"?, "hint"? } that must be among the issues reported.
 * The rules come from the proto model and the bundle constants, not from a list typed here.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EMPTY_ALLOWED, INT_RANGES, isUrlField, NON_EMPTY } from "./bundle.js";
import { parseProto } from "./proto.js";

type J = any;
const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const model = parseProto(readFileSync(join(root, "schemas/v1/a2a.proto"), "utf8"));

const CTX = "0d94b771-6b14-41a0-8425-89533e3edbf5";
const TASK = "a20a3b55-799a-4eeb-b9dc-f68014b7f031";
const userMessage = {
  messageId: "79948407-2588-4add-b823-5a890285ca6f",
  role: "ROLE_USER",
  contextId: CTX,
  parts: [{ text: "Who would win in a fight between a lion and a tiger?" }],
};
const agentMessage = {
  messageId: "5c1e9a7d-3f2b-4e8a-9b6c-0d4f2a8e7c13",
  contextId: CTX,
  taskId: TASK,
  role: "ROLE_AGENT",
  parts: [{ text: "Comparing the two now." }],
};
const artifact = {
  artifactId: "fight-result",
  name: "Fight analysis",
  parts: [
    { data: { winner: "Tiger", probability: 0.65 }, mediaType: "application/json" },
    { text: "Tigers are generally larger than lions.", mediaType: "text/plain" },
  ],
};
const status = { state: "TASK_STATE_COMPLETED", timestamp: "2025-12-15T08:36:24.728Z" };
const task = { id: TASK, contextId: CTX, status, artifacts: [artifact], history: [userMessage, agentMessage], metadata: { title: "Lion vs tiger" } };
const authInfo = { scheme: "Bearer", credentials: "eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo" };
const pushConfig = { id: "cfg-1", url: "https://client.example.com/a2a/push", token: "opaque-task-token", authentication: authInfo };
const iface = { url: "https://api.example.com/a2a/v1", protocolBinding: "JSONRPC", protocolVersion: "1.0" };
const provider = { url: "https://example.com", organization: "Example Corp" };
const extension = { uri: "https://raw.githubusercontent.com/facultyai/a2a-extension-object-schemas/refs/heads/main/v1", description: "Structured input and output schemas", required: false, params: { strict: true } };
const capabilities = { streaming: true, pushNotifications: true, extensions: [extension], extendedAgentCard: false };
const securityRequirement = { schemes: { oauth: { list: ["agent.read", "agent.write"] } } };
const skill = {
  id: "fight-comparison",
  name: "Fight Comparison",
  description: "Determines who would win in a hypothetical fight between two contestants.",
  tags: ["comparison", "prediction"],
  examples: ['{"a": "Lion", "b": "Tiger"}'],
  inputModes: ["text/plain", "application/json;schema=fightComparison"],
  outputModes: ["text/plain"],
  securityRequirements: [securityRequirement],
};
const signature = { protected: "eyJhbGciOiJFUzI1NiIsImtpZCI6ImtleS0xIn0", signature: "MEUCIQDx4Yb3kq2uZp8R5w0v7fJ9nQeXk1sT2aLmH6cB8dVgAIgE1", header: { kid: "key-1" } };
const apiKey = { description: "Key in a header", location: "header", name: "X-API-Key" };
const httpAuth = { scheme: "Bearer", bearerFormat: "JWT" };
const authCode = { authorizationUrl: "https://auth.example.com/authorize", tokenUrl: "https://auth.example.com/token", refreshUrl: "https://auth.example.com/refresh", scopes: { "agent.read": "Read" }, pkceRequired: true };
const clientCreds = { tokenUrl: "https://auth.example.com/token", scopes: { "agent.write": "Write" } };
const implicit = { authorizationUrl: "https://auth.example.com/authorize", scopes: {} };
const password = { tokenUrl: "https://auth.example.com/token", refreshUrl: "https://auth.example.com/refresh", scopes: { "agent.read": "Read" } };
const deviceCode = { deviceAuthorizationUrl: "https://auth.example.com/device", tokenUrl: "https://auth.example.com/token", scopes: { "agent.read": "Read" } };
const flows = { authorizationCode: authCode };
const oauth2 = { description: "OAuth 2.0", flows, oauth2MetadataUrl: "https://auth.example.com/.well-known/oauth-authorization-server" };
const oidc = { openIdConnectUrl: "https://auth.example.com/.well-known/openid-configuration" };
const mtls = { description: "Client certificates" };
const card = {
  name: "Fight Agent",
  description: "Compares contestants in hypothetical fights.",
  supportedInterfaces: [iface, { url: "https://api.example.com/a2a/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0", tenant: "acme" }],
  provider,
  version: "1.2.0",
  documentationUrl: "https://example.com/docs/fight-agent",
  capabilities,
  securitySchemes: { oauth: { oauth2SecurityScheme: oauth2 }, key: { apiKeySecurityScheme: apiKey } },
  securityRequirements: [securityRequirement],
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain", "application/json"],
  skills: [skill],
  signatures: [signature],
  iconUrl: "https://example.com/icon.png",
};
const config = { acceptedOutputModes: ["text/plain"], pushNotificationConfig: pushConfig, historyLength: 10, blocking: true };
const statusEvent = { taskId: TASK, contextId: CTX, status: { state: "TASK_STATE_WORKING", message: agentMessage, timestamp: "2025-12-15T08:36:20Z" }, metadata: {} };
const artifactEvent = { taskId: TASK, contextId: CTX, artifact, append: false, lastChunk: true };
const taskPush = { tenant: "acme", taskId: TASK, pushNotificationConfig: pushConfig };

/** One realistic valid instance per message, named after it. */
const VALID: Record<string, Record<string, J>> = {
  SendMessageConfiguration: { basic: config },
  Task: { completed: task, minimal: { id: TASK, contextId: CTX, status: { state: "TASK_STATE_SUBMITTED" } } },
  TaskStatus: { "proto-example": { state: "TASK_STATE_WORKING", timestamp: "2023-10-27T10:00:00Z" }, "with-message": { state: "TASK_STATE_INPUT_REQUIRED", message: agentMessage, timestamp: "2025-12-15T08:36:24.728123Z" } },
  Part: {
    text: { text: "Hello" },
    raw: { raw: "iVBORw0KGgo=", mediaType: "image/png", filename: "pixel.png" },
    url: { url: "https://example.com/report.pdf", mediaType: "application/pdf", filename: "report.pdf" },
    data: { data: { a: "Lion", b: "Tiger" }, mediaType: "application/json;schema=fightComparison" },
    "data-null": { data: null },
  },
  Message: { user: userMessage, agent: agentMessage },
  Artifact: { mixed: artifact },
  TaskStatusUpdateEvent: { working: statusEvent },
  TaskArtifactUpdateEvent: { "last-chunk": artifactEvent },
  PushNotificationConfig: { full: pushConfig, "url-only": { url: "https://client.example.com/hook" } },
  AuthenticationInfo: { bearer: authInfo },
  AgentInterface: { jsonrpc: iface, "grpc-proto-example": { url: "https://grpc.example.com/a2a", protocolBinding: "GRPC", protocolVersion: "0.3" } },
  AgentCard: { full: card },
  AgentProvider: { basic: provider },
  AgentCapabilities: { full: capabilities, empty: {} },
  AgentExtension: { basic: extension },
  AgentSkill: { basic: skill },
  AgentCardSignature: { basic: signature },
  TaskPushNotificationConfig: { basic: taskPush },
  StringList: { scopes: { list: ["agent.read"] } },
  SecurityRequirement: { basic: securityRequirement },
  SecurityScheme: {
    "api-key": { apiKeySecurityScheme: apiKey },
    http: { httpAuthSecurityScheme: httpAuth },
    oauth2: { oauth2SecurityScheme: oauth2 },
    oidc: { openIdConnectSecurityScheme: oidc },
    mtls: { mtlsSecurityScheme: mtls },
  },
  APIKeySecurityScheme: { header: apiKey },
  HTTPAuthSecurityScheme: { bearer: httpAuth },
  OAuth2SecurityScheme: { "authorization-code": oauth2 },
  OpenIdConnectSecurityScheme: { basic: oidc },
  MutualTlsSecurityScheme: { basic: mtls },
  OAuthFlows: {
    "authorization-code": flows,
    "client-credentials": { clientCredentials: clientCreds },
    implicit: { implicit },
    password: { password },
    "device-code": { deviceCode },
  },
  AuthorizationCodeOAuthFlow: { basic: authCode },
  ClientCredentialsOAuthFlow: { basic: clientCreds },
  ImplicitOAuthFlow: { basic: implicit },
  PasswordOAuthFlow: { basic: password },
  DeviceCodeOAuthFlow: { basic: deviceCode },
  SendMessageRequest: { basic: { tenant: "acme", message: userMessage, configuration: config, metadata: { traceId: "abc123" } } },
  GetTaskRequest: { basic: { id: TASK, historyLength: 0 } },
  ListTasksRequest: { filtered: { contextId: CTX, status: "TASK_STATE_WORKING", pageSize: 100, pageToken: "next-2", historyLength: 5, statusTimestampAfter: "2025-12-01T00:00:00Z", includeArtifacts: true } },
  ListTasksResponse: { "last-page": { tasks: [task], nextPageToken: "", pageSize: 50, totalSize: 1 } },
  CancelTaskRequest: { basic: { id: TASK, metadata: { reason: "user request" } } },
  GetTaskPushNotificationConfigRequest: { basic: { taskId: TASK, id: "cfg-1" } },
  DeleteTaskPushNotificationConfigRequest: { basic: { tenant: "acme", taskId: TASK, id: "cfg-1" } },
  CreateTaskPushNotificationConfigRequest: { basic: { taskId: TASK, config: pushConfig } },
  SubscribeToTaskRequest: { basic: { id: TASK } },
  ListTaskPushNotificationConfigsRequest: { basic: { taskId: TASK, pageSize: 10, pageToken: "" } },
  GetExtendedAgentCardRequest: { empty: {}, tenant: { tenant: "acme" } },
  SendMessageResponse: { task: { task }, message: { message: agentMessage } },
  StreamResponse: { task: { task }, message: { message: agentMessage }, "status-update": { statusUpdate: statusEvent }, "artifact-update": { artifactUpdate: artifactEvent } },
  ListTaskPushNotificationConfigsResponse: { basic: { configs: [taskPush], nextPageToken: "" } },
};

type Issue = { pointer: string; code: string; property?: string; hint?: string };
/** The shared sidecar convention (docs/cli.md): `issues` in the default (strict) mode, plus the lenient verdict. */
interface Expect {
  family: "v1";
  type: string;
  issues: Issue[];
  lenient: "valid" | Issue[];
  reason?: string;
}
const INVALID: Array<[name: string, id: string, input: J, expect: Expect]> = [];
/** `issues` apply to both modes unless `lenient` says otherwise. */
const add = (name: string, id: string, input: J, e: { issues: Issue[]; lenient?: "valid" | Issue[]; strict?: Issue[]; note?: string }) =>
  INVALID.push([name, id, input, { family: "v1", type: name, issues: e.strict ?? e.issues, lenient: e.lenient ?? e.issues, ...(e.note ? { reason: e.note } : {}) }]);
const clone = <X>(x: X): X => JSON.parse(JSON.stringify(x));
const first = (name: string): J => clone(Object.values(VALID[name]!)[0]);

// REQUIRED: every field the proto marks, removed; strings emptied; enums at zero; listed arrays emptied.
for (const m of model.messages) {
  for (const f of m.fields.filter((x) => x.required)) {
    const base = first(m.name);
    delete base[f.jsonName];
    add(m.name, `required-${f.jsonName}`, base, { issues: [{ pointer: "", code: "required", property: f.jsonName }] });
    const key = `${m.name}.${f.name}`;
    if (f.type === "string" && !f.repeated && !f.mapKey && !EMPTY_ALLOWED.has(key)) {
      const e = first(m.name);
      e[f.jsonName] = "";
      const code = m.name === "APIKeySecurityScheme" && f.name === "location" ? "enum" : isUrlField(f) ? "format" : "too_short";
      add(m.name, `empty-${f.jsonName}`, e, { issues: [{ pointer: `/${f.jsonName}`, code }] });
    }
    if (f.kind === "enum") {
      const z = first(m.name);
      z[f.jsonName] = f.type === "Role" ? "ROLE_UNSPECIFIED" : "TASK_STATE_UNSPECIFIED";
      add(m.name, `zero-${f.jsonName}`, z, { issues: [{ pointer: "", code: "required", property: f.jsonName }] });
      const zn = first(m.name);
      zn[f.jsonName] = 0;
      add(m.name, `zero-number-${f.jsonName}`, zn, { strict: [{ pointer: `/${f.jsonName}`, code: "type" }], issues: [{ pointer: "", code: "required", property: f.jsonName }] });
    }
    if (NON_EMPTY.has(key)) {
      const n = first(m.name);
      n[f.jsonName] = [];
      add(m.name, `empty-array-${f.jsonName}`, n, { issues: [{ pointer: `/${f.jsonName}`, code: "too_few_items" }] });
    }
  }
  // Oneofs: none set, and two set.
  for (const o of m.oneofs) {
    const valid = Object.values(VALID[m.name]!) as J[];
    const none = clone(valid[0]);
    for (const fn of o.fields) delete none[m.fields.find((x) => x.name === fn)!.jsonName];
    add(m.name, `oneof-${o.name}-none`, none, { issues: [{ pointer: "", code: "no_match" }] });
    const a = m.fields.find((x) => x.name === o.fields[0])!.jsonName;
    const b = m.fields.find((x) => x.name === o.fields[1])!.jsonName;
    const donorB = valid.find((v) => b in v)!;
    const two = { ...clone(valid.find((v) => a in v)), [b]: clone(donorB[b]) };
    add(m.name, `oneof-${o.name}-two`, two, { issues: [{ pointer: "", code: "no_match" }] });
  }
  // URL formats.
  for (const f of m.fields.filter(isUrlField)) {
    const valid = (Object.values(VALID[m.name]!) as J[]).find((v) => f.jsonName in v);
    if (!valid) continue;
    const bad = { ...clone(valid), [f.jsonName]: "example.com/no-scheme" };
    add(m.name, `format-url-${f.jsonName}`, bad, { issues: [{ pointer: `/${f.jsonName}`, code: "format" }] });
  }
  // Narrowed int32 ranges.
  for (const f of m.fields) {
    const r = INT_RANGES[`${m.name}.${f.name}`];
    if (!r) continue;
    const lo = first(m.name);
    lo[f.jsonName] = r[0] - 1;
    add(m.name, `range-${f.jsonName}-below`, lo, { issues: [{ pointer: `/${f.jsonName}`, code: "too_small" }] });
    if (r[1] < 2147483647) {
      const hi = first(m.name);
      hi[f.jsonName] = r[1] + 1;
      add(m.name, `range-${f.jsonName}-above`, hi, { issues: [{ pointer: `/${f.jsonName}`, code: "too_big" }] });
    }
  }
}

// Timestamps (strict needs Z and 0/3/6/9 digits; both reject calendar errors and leap seconds).
const ts = (id: string, t: string, lenientValid: boolean, note?: string) =>
  add("TaskStatus", `timestamp-${id}`, { state: "TASK_STATE_WORKING", timestamp: t }, { issues: [{ pointer: "/timestamp", code: "format" }], ...(lenientValid ? { lenient: "valid" as const } : {}), ...(note ? { note } : {}) });
ts("offset", "2026-01-01T05:30:00+05:30", true, "mode difference: offsets are accepted on input, emitted as Z");
ts("zero-offset", "2026-01-01T00:00:00+00:00", true, "mode difference");
ts("two-digits", "2026-01-01T00:00:00.12Z", true, "mode difference: proto3 JSON emits 0, 3, 6 or 9 digits");
ts("feb-30", "2026-02-30T00:00:00Z", false);
ts("feb-29-non-leap", "2025-02-29T00:00:00Z", false);
ts("leap-second", "2016-12-31T23:59:60Z", false, "google.protobuf.Timestamp has no leap seconds");
ts("lowercase", "2026-01-01t00:00:00z", false);
ts("ten-digits", "2026-01-01T00:00:00.1234567890Z", false);
ts("not-a-timestamp", "not-a-timestamp", false);
add("TaskStatus", "timestamp-number", { state: "TASK_STATE_WORKING", timestamp: 12345 }, { issues: [{ pointer: "/timestamp", code: "type" }] });

// Base64.
add("Part", "raw-bad-char", { raw: "not base64!" }, { issues: [{ pointer: "/raw", code: "format" }] });
add("Part", "raw-bad-length", { raw: "QUJ" }, { issues: [{ pointer: "/raw", code: "format" }], lenient: "valid", note: "unpadded Base64 is accepted on input" });
add("Part", "raw-url-safe", { raw: "-_8=" }, { issues: [{ pointer: "/raw", code: "format" }], lenient: "valid", note: "URL-safe Base64 is accepted on input" });
add("Part", "raw-length-1-mod-4", { raw: "QUJDR" }, { issues: [{ pointer: "/raw", code: "format" }] });

// Enums.
add("APIKeySecurityScheme", "location-body", { location: "body", name: "key" }, { issues: [{ pointer: "/location", code: "enum" }] });
add("TaskStatus", "state-unknown-name", { state: "TASK_STATE_PAUSED" }, { issues: [{ pointer: "/state", code: "enum" }], note: "an unknown name is not carried (only unknown numbers are)" });
add("TaskStatus", "state-number", { state: 2 }, { issues: [{ pointer: "/state", code: "type" }], lenient: "valid", note: "mode difference: enums by number" });
add("TaskStatus", "state-unknown-number", { state: 99 }, { issues: [{ pointer: "/state", code: "type" }], lenient: "valid", note: "mode difference: an unknown number is carried" });

// Other mode differences.
add("Message", "snake-case", { message_id: "m1", role: "ROLE_USER", parts: [{ text: "hi" }], context_id: CTX }, { issues: [{ pointer: "", code: "required", property: "messageId" }], lenient: "valid", note: "mode difference: snake_case names" });
add("Message", "both-spellings", { messageId: "m1", message_id: "m1", role: "ROLE_USER", parts: [{ text: "hi" }] }, { strict: [{ pointer: "/message_id", code: "unknown_property" }], issues: [{ pointer: "/message_id", code: "not_allowed" }] });
add("Message", "unknown-field", { ...userMessage, priority: "high" }, { issues: [{ pointer: "/priority", code: "unknown_property" }], lenient: "valid", note: "mode difference: unknown fields are ignored on input" });
add("ListTasksRequest", "page-size-string", { pageSize: "10" }, { issues: [{ pointer: "/pageSize", code: "type" }], lenient: "valid", note: "mode difference: int32 as a numeric string" });
add("ListTasksRequest", "page-size-string-out-of-range", { pageSize: "101" }, { strict: [{ pointer: "/pageSize", code: "type" }], issues: [{ pointer: "/pageSize", code: "too_big" }] });
add("ListTasksRequest", "page-size-fraction", { pageSize: 1.5 }, { issues: [{ pointer: "/pageSize", code: "type" }] });

// v0.3-shaped objects: invalid, with hints.
add("Message", "v03-user-message", { kind: "message", messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] }, {
  issues: [
    { pointer: "/kind", code: "unknown_property", hint: "drop it" },
    { pointer: "/role", code: "enum", hint: "ROLE_USER" },
    { pointer: "/parts/0/kind", code: "unknown_property", hint: "{ text }" },
  ],
  lenient: [{ pointer: "/role", code: "enum", hint: "ROLE_USER" }],
  note: "lenient mode ignores the unknown kind members but still rejects the v0.3 role",
});
add("TaskStatus", "v03-state", { state: "completed" }, { issues: [{ pointer: "/state", code: "enum", hint: "TASK_STATE_COMPLETED" }] });
add("Part", "v03-file", { kind: "file", file: { uri: "https://example.com/a.pdf", mimeType: "application/pdf" } }, {
  issues: [{ pointer: "/kind", code: "unknown_property", hint: "{ url } or { raw }" }],
  lenient: [{ pointer: "", code: "no_match", hint: "{ url } or { raw }" }],
});
add("Part", "v03-mime-type", { text: "hi", mimeType: "text/plain" }, {
  issues: [{ pointer: "/mimeType", code: "unknown_property", hint: '"mediaType"' }],
  lenient: "valid",
  note: "lenient mode ignores the unknown field and reports the hint as a warning",
});
add("AgentCard", "v03-card", {
  name: "Old Agent", description: "A v0.3 card", url: "https://api.example.com/a2a", protocolVersion: "0.3.0", preferredTransport: "JSONRPC", version: "1.0.0",
  capabilities: { streaming: true, stateTransitionHistory: false }, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [],
}, {
  issues: [{ pointer: "", code: "required", property: "supportedInterfaces" }, { pointer: "/url", code: "unknown_property", hint: "supportedInterfaces" }],
  lenient: [{ pointer: "", code: "required", property: "supportedInterfaces", hint: "supportedInterfaces" }],
});
add("StreamResponse", "v03-status-update", { kind: "status-update", taskId: TASK, contextId: CTX, status: { state: "working" }, final: false }, {
  issues: [{ pointer: "/kind", code: "unknown_property", hint: "statusUpdate" }],
  lenient: [{ pointer: "", code: "no_match", hint: "statusUpdate" }],
});
add("SecurityScheme", "v03-api-key", { type: "apiKey", in: "header", name: "X-API-Key" }, {
  issues: [{ pointer: "/type", code: "unknown_property", hint: "apiKeySecurityScheme" }],
  lenient: [{ pointer: "", code: "no_match", hint: "apiKeySecurityScheme" }],
});

// The v1-shaped examples of the seeds (004, the input/output schemas extension), with their verdicts.
const seed004 = readFileSync(join(root, "../shared/seeds/004_69e19ff03653abec.txt"), "utf8");
const blocks = [...seed004.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!));
add("AgentCard", "seed-004-partial-card", blocks[0], {
  issues: [{ pointer: "", code: "required", property: "name" }, { pointer: "/schemas", code: "unknown_property" }],
  lenient: [{ pointer: "", code: "required", property: "name" }],
  note: "seed 004 section 1: a partial card (no name, description, interfaces, version, modes) with the extension's root `schemas`, which v1 does not define",
});
add("Message", "seed-004-user-message", blocks[1], {
  issues: [{ pointer: "/messageId", code: "type" }, { pointer: "/role", code: "enum", hint: "ROLE_USER" }, { pointer: "/parts/0/kind", code: "unknown_property", hint: "{ data }" }],
  lenient: [{ pointer: "/messageId", code: "type" }, { pointer: "/role", code: "enum", hint: "ROLE_USER" }],
  note: 'seed 004 section 2: "messageId": 1 is a number; v0.3 kind/role',
});
add("Task", "seed-004-task", blocks[2], {
  issues: [{ pointer: "/kind", code: "unknown_property" }, { pointer: "/status/state", code: "enum", hint: "TASK_STATE_COMPLETED" }],
  lenient: [{ pointer: "/status/state", code: "enum", hint: "TASK_STATE_COMPLETED" }],
  note: "seed 004 section 4: a v0.3 task (kind, lowercase state, kind on messages and parts)",
});

// Write.
const dir = join(root, "fixtures/v1");
// Only the authored folders are rewritten.
rmSync(join(dir, "valid"), { recursive: true, force: true });
rmSync(join(dir, "invalid"), { recursive: true, force: true });
for (const [name, cases] of Object.entries(VALID)) {
  for (const [id, v] of Object.entries(cases)) {
    mkdirSync(join(dir, "valid", name), { recursive: true });
    writeFileSync(join(dir, "valid", name, `${id}.json`), JSON.stringify(v, null, 2) + "\n");
  }
}
for (const [name, id, input, expect] of INVALID) {
  mkdirSync(join(dir, "invalid", name), { recursive: true });
  writeFileSync(join(dir, "invalid", name, `${id}.json`), JSON.stringify(input, null, 2) + "\n");
  writeFileSync(join(dir, "invalid", name, `${id}.expect.json`), JSON.stringify(expect, null, 2) + "\n");
}
const missing = model.messages.filter((m) => !VALID[m.name]).map((m) => m.name);
if (missing.length > 0) throw new Error(`no valid fixture for ${missing.join(", ")}`);
console.log(`wrote ${Object.values(VALID).reduce((n, c) => n + Object.keys(c).length, 0)} valid and ${INVALID.length} invalid fixtures`);
