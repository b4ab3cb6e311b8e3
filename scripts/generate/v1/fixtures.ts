/**
 * Authoring script for fixtures/v1/ (run by hand: `tsx scripts/generate/v1/fixtures.ts`;
 * the output is committed and reviewed as data). For each protocol revision
 * (A2A v1.0 in fixtures/v1/, the pre-release revision in fixtures/v1/2026-02-17/)
 * valid fixtures are written out literally below; the invalid ones are derived
 * from them one rule at a time, each with a sidecar `<case>.expect.json` naming
 * the issues the test must find (docs/cli.md, "Expectations and sidecars"):
 *   { "family": "v1", "type", "revision"?, "issues": [issue...], "lenient": "valid" | [issue...], "reason"? }
 * where an issue is { "pointer", "code", "property"?, "hint"? } that must be among the issues reported.
 * The rules come from the proto model and the bundle constants, not from a list typed here.
 * Reads only files of this repository.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultPasses, EMPTY_ALLOWED, hasPresence, INT_RANGES, isExtensionUriList, isNonEmpty, isUrlField } from "./bundle.js";
import { parseProto, type ProtoModel } from "./proto.js";
import { V1_REVISIONS, type V1Revision } from "../v1.js";

type J = any;
const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const example = (name: string): J => JSON.parse(readFileSync(join(root, "scripts/generate/v1/examples", `${name}.json`), "utf8"));

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
const statusEvent = { taskId: TASK, contextId: CTX, status: { state: "TASK_STATE_WORKING", message: agentMessage, timestamp: "2025-12-15T08:36:20Z" }, metadata: {} };
const artifactEvent = { taskId: TASK, contextId: CTX, artifact, append: false, lastChunk: true };

/** What differs between the revisions: the push notification configs, SendMessageConfiguration, Task.contextId. */
function revisionShapes(rev: string): { config: J; taskPush: J; extra: Record<string, Record<string, J>> } {
  if (rev === "1.0") {
    // "Task id should be empty when sending this configuration in a SendMessage request" (the v1.0 proto).
    const config = { acceptedOutputModes: ["text/plain"], taskPushNotificationConfig: pushConfig, historyLength: 10, returnImmediately: false };
    const taskPush = { tenant: "acme", taskId: TASK, ...pushConfig };
    return {
      config,
      taskPush,
      extra: {
        TaskPushNotificationConfig: { basic: taskPush, "url-only": { url: "https://client.example.com/hook" } },
        SendMessageConfiguration: { basic: config, "return-immediately": { returnImmediately: true } },
      },
    };
  }
  const config = { acceptedOutputModes: ["text/plain"], pushNotificationConfig: pushConfig, historyLength: 10, blocking: true };
  const taskPush = { tenant: "acme", taskId: TASK, pushNotificationConfig: pushConfig };
  return {
    config,
    taskPush,
    extra: {
      TaskPushNotificationConfig: { basic: taskPush },
      SendMessageConfiguration: { basic: config },
      PushNotificationConfig: { full: pushConfig, "url-only": { url: "https://client.example.com/hook" } },
      CreateTaskPushNotificationConfigRequest: { basic: { taskId: TASK, config: pushConfig } },
    },
  };
}

/** One realistic valid instance (or more) per message of the revision, named after it. */
function validFor(rev: string): Record<string, Record<string, J>> {
  const { config, taskPush, extra } = revisionShapes(rev);
  return {
    ...extra,
    Task: {
      completed: task,
      minimal: { id: TASK, contextId: CTX, status: { state: "TASK_STATE_SUBMITTED" } },
      ...(rev === "1.0" ? { "no-context-id": { id: TASK, status: { state: "TASK_STATE_SUBMITTED" } } } : {}),
    },
    TaskStatus: { "proto-example": { state: "TASK_STATE_WORKING", timestamp: "2023-10-27T10:00:00Z" }, "with-message": { state: "TASK_STATE_INPUT_REQUIRED", message: agentMessage, timestamp: "2025-12-15T08:36:24.728123Z" } },
    Part: {
      text: { text: "Hello" },
      raw: { raw: "iVBORw0KGgo=", mediaType: "image/png", filename: "pixel.png" },
      url: { url: "https://example.com/report.pdf", mediaType: "application/pdf", filename: "report.pdf" },
      data: { data: { a: "Lion", b: "Tiger" }, mediaType: "application/json;schema=fightComparison" },
      "data-null": { data: null },
      "text-empty": { text: "" },
    },
    Message: { user: userMessage, agent: agentMessage },
    Artifact: { mixed: artifact },
    TaskStatusUpdateEvent: { working: statusEvent },
    TaskArtifactUpdateEvent: { "last-chunk": artifactEvent },
    AuthenticationInfo: { bearer: authInfo },
    AgentInterface: {
      jsonrpc: iface,
      "http-json": { url: "http://localhost:8080/a2a/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      // The v1.0 proto's example on AgentInterface.url.
      "grpc-proto-example": { url: "grpc.example.com:443", protocolBinding: "GRPC", protocolVersion: "1.0" },
      "grpc-ip-port": { url: "127.0.0.1:50051", protocolBinding: "GRPC", protocolVersion: "1.0" },
      // The A2A v1.0 specification's sample agent card (section 8.5) gives its gRPC interface as a URL.
      "grpc-url": { url: "https://georoute-agent.example.com/a2a/grpc", protocolBinding: "GRPC", protocolVersion: "1.0" },
      // The specification, section 5.8: a custom binding identified by a URI.
      "custom-binding": { url: "wss://agent.example.com/a2a/websocket", protocolBinding: "https://example.com/bindings/websocket/v1", protocolVersion: "1.0" },
    },
    AgentCard: { full: card },
    AgentProvider: { basic: provider },
    AgentCapabilities: { full: capabilities, empty: {}, "explicit-defaults": { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false } },
    AgentExtension: { basic: extension, "uri-empty": { uri: "", description: "", required: false } },
    AgentSkill: { basic: skill },
    AgentCardSignature: { basic: signature },
    StringList: { scopes: { list: ["agent.read"] } },
    SecurityRequirement: { basic: securityRequirement, "no-authentication": { schemes: {} }, empty: {} },
    SecurityScheme: {
      "api-key": { apiKeySecurityScheme: apiKey },
      http: { httpAuthSecurityScheme: httpAuth },
      oauth2: { oauth2SecurityScheme: oauth2 },
      oidc: { openIdConnectSecurityScheme: oidc },
      mtls: { mtlsSecurityScheme: mtls },
    },
    APIKeySecurityScheme: { header: apiKey },
    HTTPAuthSecurityScheme: { bearer: httpAuth },
    OAuth2SecurityScheme: { "authorization-code": oauth2, "metadata-url-empty": { ...oauth2, oauth2MetadataUrl: "" } },
    OpenIdConnectSecurityScheme: { basic: oidc },
    MutualTlsSecurityScheme: { basic: mtls },
    OAuthFlows: {
      "authorization-code": flows,
      "client-credentials": { clientCredentials: clientCreds },
      implicit: { implicit },
      password: { password },
      "device-code": { deviceCode },
    },
    AuthorizationCodeOAuthFlow: { basic: authCode, "refresh-url-empty": { ...authCode, refreshUrl: "" } },
    ClientCredentialsOAuthFlow: { basic: clientCreds },
    ImplicitOAuthFlow: { basic: implicit, "all-defaults": { authorizationUrl: "", refreshUrl: "", scopes: {} } },
    PasswordOAuthFlow: { basic: password },
    DeviceCodeOAuthFlow: { basic: deviceCode },
    SendMessageRequest: { basic: { tenant: "acme", message: userMessage, configuration: config, metadata: { traceId: "abc123" } } },
    GetTaskRequest: { basic: { id: TASK, historyLength: 0 } },
    ListTasksRequest: { filtered: { contextId: CTX, status: "TASK_STATE_WORKING", pageSize: 100, pageToken: "next-2", historyLength: 5, statusTimestampAfter: "2025-12-01T00:00:00Z", includeArtifacts: true } },
    ListTasksResponse: {
      "last-page": { tasks: [task], nextPageToken: "", pageSize: 50, totalSize: 1 },
      // No task matches: an empty page is the only way to say so (REQUIRED tasks may be empty; docs/conformance.md).
      "no-match": { tasks: [], nextPageToken: "", pageSize: 50, totalSize: 0 },
    },
    CancelTaskRequest: { basic: { id: TASK, metadata: { reason: "user request" } } },
    GetTaskPushNotificationConfigRequest: { basic: { taskId: TASK, id: "cfg-1" } },
    DeleteTaskPushNotificationConfigRequest: { basic: { tenant: "acme", taskId: TASK, id: "cfg-1" } },
    SubscribeToTaskRequest: { basic: { id: TASK } },
    ListTaskPushNotificationConfigsRequest: { basic: { taskId: TASK, pageSize: 10, pageToken: "" } },
    GetExtendedAgentCardRequest: { empty: {}, tenant: { tenant: "acme" } },
    SendMessageResponse: { task: { task }, message: { message: agentMessage } },
    StreamResponse: { task: { task }, message: { message: agentMessage }, "status-update": { statusUpdate: statusEvent }, "artifact-update": { artifactUpdate: artifactEvent } },
    ListTaskPushNotificationConfigsResponse: { basic: { configs: [taskPush], nextPageToken: "" } },
  };
}

type Issue = { pointer: string; code: string; property?: string; hint?: string };
/** The shared sidecar convention (docs/cli.md): `issues` in the default (strict) mode, plus the lenient verdict. */
interface Expect {
  family: "v1";
  type: string;
  revision?: string;
  issues: Issue[];
  lenient: "valid" | Issue[];
  reason?: string;
}

function invalidFor(rev: V1Revision, model: ProtoModel, VALID: Record<string, Record<string, J>>): Array<[name: string, id: string, input: J, expect: Expect]> {
  const INVALID: Array<[name: string, id: string, input: J, expect: Expect]> = [];
  /** `issues` apply to both modes unless `lenient` says otherwise. */
  const add = (name: string, id: string, input: J, e: { issues: Issue[]; lenient?: "valid" | Issue[]; strict?: Issue[]; note?: string }) => {
    if (!model.messages.some((m) => m.name === name)) throw new Error(`fixture ${name}/${id}: no such message in revision ${rev.id}`);
    INVALID.push([
      name,
      id,
      input,
      { family: "v1", type: name, ...(rev.id !== "1.0" ? { revision: rev.id } : {}), issues: e.strict ?? e.issues, lenient: e.lenient ?? e.issues, ...(e.note ? { reason: e.note } : {}) },
    ]);
  };
  const clone = <X>(x: X): X => JSON.parse(JSON.stringify(x));
  const first = (name: string): J => clone(Object.values(VALID[name]!)[0]);
  const only10 = rev.id === "1.0";

  // REQUIRED: every field the proto marks, removed and null; strings emptied; enums at zero; non-empty arrays emptied.
  for (const m of model.messages) {
    for (const f of m.fields.filter((x) => x.required)) {
      const key = `${m.name}.${f.name}`;
      // Lenient mode reads an absent (or null) field without presence as its default: valid where the default is.
      const lenientDefault = !hasPresence(f) && defaultPasses(m, f);
      const missing = [{ pointer: "", code: "required", property: f.jsonName }];
      const note = lenientDefault ? `lenient mode reads the absent field as its default value, which is valid here (A2A v1.0 specification, section 5.7; docs/conformance.md)` : undefined;
      const base = first(m.name);
      delete base[f.jsonName];
      add(m.name, `required-${f.jsonName}`, base, { issues: missing, lenient: lenientDefault ? "valid" : missing, ...(note ? { note } : {}) });
      const nul = first(m.name);
      nul[f.jsonName] = null;
      add(m.name, `null-${f.jsonName}`, nul, {
        strict: [{ pointer: `/${f.jsonName}`, code: "type" }],
        issues: missing,
        lenient: lenientDefault ? "valid" : missing,
        note: `null: strict mode wants ${f.jsonName} given; lenient mode reads null as absent${lenientDefault ? ", and the default is valid" : ""}`,
      });
      if (f.type === "string" && !f.repeated && !f.mapKey && !EMPTY_ALLOWED.has(key)) {
        const e = first(m.name);
        e[f.jsonName] = "";
        const code = m.name === "APIKeySecurityScheme" && f.name === "location" ? "enum" : isUrlField(f) ? "format" : "too_short";
        add(m.name, `empty-${f.jsonName}`, e, { issues: [{ pointer: `/${f.jsonName}`, code }] });
      }
      if (f.kind === "enum") {
        const z = first(m.name);
        z[f.jsonName] = f.type === "Role" ? "ROLE_UNSPECIFIED" : "TASK_STATE_UNSPECIFIED";
        add(m.name, `zero-${f.jsonName}`, z, { issues: missing });
        const zn = first(m.name);
        zn[f.jsonName] = 0;
        add(m.name, `zero-number-${f.jsonName}`, zn, { strict: [{ pointer: `/${f.jsonName}`, code: "type" }], issues: missing });
      }
      if (isNonEmpty(m, f)) {
        const n = first(m.name);
        n[f.jsonName] = [];
        add(m.name, `empty-array-${f.jsonName}`, n, { issues: [{ pointer: `/${f.jsonName}`, code: "too_few_items" }], note: "A2A v1.0 specification, section 5.7: arrays marked as required MUST contain at least one element" });
      }
    }
    // Oneofs: none set, two set, and a null member beside a set one (lenient: not set).
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
      const nullMember = { ...clone(donorB), [a]: null };
      add(m.name, `oneof-${o.name}-null-member`, nullMember, {
        issues: [{ pointer: `/${a}`, code: "type" }],
        lenient: "valid",
        note: `proto3 JSON: a oneof member that is null is not set, so only "${b}" is`,
      });
    }
    // URL formats.
    for (const f of m.fields.filter(isUrlField)) {
      const valid = (Object.values(VALID[m.name]!) as J[]).find((v) => typeof v[f.jsonName] === "string" && v[f.jsonName] !== "");
      if (!valid) continue;
      const bad = { ...clone(valid), [f.jsonName]: "example.com/no-scheme" };
      add(m.name, `format-url-${f.jsonName}`, bad, { issues: [{ pointer: `/${f.jsonName}`, code: "format" }] });
    }
    // Extension URI lists: each element is an absolute URI, as AgentExtension.uri is.
    for (const f of m.fields.filter(isExtensionUriList)) {
      const bad = { ...first(m.name), [f.jsonName]: ["https://example.com/ext/v1", "not a uri"] };
      add(m.name, `format-uri-${f.jsonName}`, bad, { issues: [{ pointer: `/${f.jsonName}/1`, code: "format" }] });
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

  // Optional URLs with presence: "" is a set value, so the format applies.
  add("AgentCard", "documentation-url-empty", { ...first("AgentCard"), documentationUrl: "" }, {
    issues: [{ pointer: "/documentationUrl", code: "format" }],
    note: "documentationUrl is proto3 optional (explicit presence): an empty string is set, and is not a URL",
  });
  add("Part", "url-empty", { url: "" }, { issues: [{ pointer: "/url", code: "format" }], note: "a oneof member has presence: an empty url is set, and is not a URL" });

  // AgentInterface.url by protocolBinding (the v1.0 proto's comment; docs/conformance.md).
  const ai = (id: string, url: string, binding: string, note: string) =>
    add("AgentInterface", id, { url, protocolBinding: binding, protocolVersion: "1.0" }, { issues: [{ pointer: "/url", code: "format" }], note });
  ai("grpc-no-port", "grpc.example.com", "GRPC", "gRPC: hostname:port, and the port is missing");
  ai("grpc-port-too-big", "grpc.example.com:65536", "GRPC", "gRPC: a port is 1 to 65535");
  ai("grpc-path-without-authority", "localhost:abc", "GRPC", "gRPC: not hostname:port, and not a URL with an authority");
  ai("jsonrpc-host-port", "grpc.example.com:443", "JSONRPC", "JSONRPC needs an absolute http(s) URL");
  ai("http-json-ftp", "ftp://files.example.com/a2a", "HTTP+JSON", "HTTP+JSON needs an absolute http(s) URL");
  ai("http-json-no-host", "https:///a2a", "HTTP+JSON", "an http(s) URL needs a host");
  ai("custom-not-a-uri", "agent example", "https://example.com/bindings/websocket/v1", "any other binding: an absolute URI");

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
  add("Message", "unknown-field", { ...userMessage, priority: "high" }, { issues: [{ pointer: "/priority", code: "unknown_property" }], lenient: "valid", note: "mode difference: unknown fields are ignored on input (with a warning)" });
  add("Message", "null-optional-fields", { ...userMessage, contextId: null, taskId: null, metadata: null, extensions: null }, {
    issues: [{ pointer: "/contextId", code: "type" }],
    lenient: "valid",
    note: "proto3 JSON: null is the default value (absent)",
  });
  add("ListTaskPushNotificationConfigsRequest", "page-size-null", { taskId: TASK, pageSize: null }, { issues: [{ pointer: "/pageSize", code: "type" }], lenient: "valid", note: "proto3 JSON: null is the default value" });
  add("ListTasksRequest", "page-size-string", { pageSize: "10" }, { issues: [{ pointer: "/pageSize", code: "type" }], lenient: "valid", note: "mode difference: int32 as a numeric string" });
  add("ListTasksRequest", "page-size-string-out-of-range", { pageSize: "101" }, { strict: [{ pointer: "/pageSize", code: "type" }], issues: [{ pointer: "/pageSize", code: "too_big" }] });
  add("ListTasksRequest", "page-size-fraction", { pageSize: 1.5 }, { issues: [{ pointer: "/pageSize", code: "type" }] });
  // What a default protobuf printer writes for a valid last page: every default omitted.
  add("ListTasksResponse", "printer-defaults-omitted", { pageSize: 10 }, {
    issues: [{ pointer: "", code: "required", property: "tasks" }, { pointer: "", code: "required", property: "nextPageToken" }, { pointer: "", code: "required", property: "totalSize" }],
    lenient: "valid",
    note: "strict mode: REQUIRED fields are present even at their default (A2A v1.0 specification, sections 5.7 and 8.4.1); lenient mode reads them as their defaults, which are valid here",
  });

  // Unknown fields that change what a document means are not ignored.
  add("SecurityRequirement", "v03-bearer", { bearer: [] }, {
    issues: [{ pointer: "/bearer", code: "unknown_property", hint: '"schemes"' }],
    lenient: [{ pointer: "", code: "required", property: "schemes", hint: '"schemes"' }],
    note: 'the v0.3 form; ignoring "bearer" would leave {}, "no authentication required", so lenient mode rejects it',
  });
  add("AgentCard", "v03-security-requirement", { ...first("AgentCard"), securityRequirements: [{ oauth: ["agent.read"] }] }, {
    issues: [{ pointer: "/securityRequirements/0/oauth", code: "unknown_property" }],
    lenient: [{ pointer: "/securityRequirements/0", code: "required", property: "schemes" }],
  });

  // An in-memory @a2a-js/sdk object instead of its JSON.
  add("Message", "sdk-object", { messageId: "m1", role: 1, parts: [{ content: { $case: "text", value: "hi" }, filename: "", mediaType: "text/plain" }], contextId: "", taskId: "", extensions: [], referenceTaskIds: [] }, {
    issues: [{ pointer: "", code: "type", hint: "toJSON()" }],
    note: "a ts-proto object (oneof as { $case, value }, numeric enums): one issue at the root",
  });

  // v0.3-shaped objects (JSON-RPC and gRPC/REST proto JSON), v0.2 cards: invalid, with hints.
  add("Message", "v03-user-message", { kind: "message", messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] }, {
    issues: [
      { pointer: "/kind", code: "unknown_property", hint: "drop it" },
      { pointer: "/role", code: "enum", hint: "ROLE_USER" },
      { pointer: "/parts/0/kind", code: "unknown_property", hint: "{ text }" },
    ],
    lenient: [{ pointer: "/role", code: "enum", hint: "ROLE_USER" }],
    note: "lenient mode ignores the unknown kind members but still rejects the v0.3 role",
  });
  add("Message", "v03-rest-content", { messageId: "m1", role: "ROLE_USER", content: [{ text: "hi" }] }, {
    issues: [{ pointer: "/content", code: "unknown_property", hint: '"parts"' }],
    lenient: [{ pointer: "", code: "required", property: "parts", hint: '"parts"' }],
    note: 'v0.3 gRPC/REST JSON: "content" instead of "parts"',
  });
  add("TaskStatus", "v03-state", { state: "completed" }, { issues: [{ pointer: "/state", code: "enum", hint: "TASK_STATE_COMPLETED" }] });
  add("TaskStatus", "v03-rest-cancelled", { state: "TASK_STATE_CANCELLED" }, { issues: [{ pointer: "/state", code: "enum", hint: "TASK_STATE_CANCELED" }] });
  add("GetTaskRequest", "v03-rest-name", { name: `tasks/${TASK}` }, {
    issues: [{ pointer: "/name", code: "unknown_property", hint: `"id": "${TASK}"` }],
    lenient: [{ pointer: "", code: "required", property: "id", hint: `"id": "${TASK}"` }],
    note: 'v0.3 gRPC/REST JSON: resource name "tasks/{id}"',
  });
  add("GetTaskPushNotificationConfigRequest", "v03-rest-name", { name: `tasks/${TASK}/pushNotificationConfigs/cfg-1` }, {
    issues: [{ pointer: "/name", code: "unknown_property", hint: '"id": "cfg-1"' }],
    lenient: [{ pointer: "", code: "required", property: "taskId", hint: '"taskId"' }],
  });
  add("ListTaskPushNotificationConfigsRequest", "v03-rest-parent", { parent: `tasks/${TASK}` }, {
    issues: [{ pointer: "/parent", code: "unknown_property", hint: `"taskId": "${TASK}"` }],
    lenient: [{ pointer: "", code: "required", property: "taskId", hint: '"taskId"' }],
  });
  add("AuthenticationInfo", "v03-schemes", { schemes: ["Bearer"], credentials: "token" }, {
    issues: [{ pointer: "/schemes", code: "unknown_property", hint: '"scheme": "Bearer"' }],
    lenient: [{ pointer: "", code: "required", property: "scheme", hint: '"scheme": "Bearer"' }],
    note: 'v0.3 push authentication { schemes: [...] } is v1 { scheme }',
  });
  add("Part", "v03-file", { kind: "file", file: { uri: "https://example.com/a.pdf", mimeType: "application/pdf" } }, {
    issues: [{ pointer: "/kind", code: "unknown_property", hint: "{ url } or { raw }" }],
    lenient: [{ pointer: "", code: "no_match", hint: "{ url } or { raw }" }],
  });
  add("Part", "v03-mime-type", { text: "hi", mimeType: "text/plain" }, {
    issues: [{ pointer: "/mimeType", code: "unknown_property", hint: '"mediaType"' }],
    lenient: "valid",
    note: "lenient mode ignores the unknown field and reports it as a warning with the hint",
  });
  add("AgentCard", "v03-card", {
    name: "Old Agent", description: "A v0.3 card", url: "https://api.example.com/a2a", protocolVersion: "0.3.0", preferredTransport: "JSONRPC", version: "1.0.0",
    capabilities: { streaming: true, stateTransitionHistory: false }, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [first("AgentSkill")],
  }, {
    issues: [{ pointer: "", code: "required", property: "supportedInterfaces" }, { pointer: "/url", code: "unknown_property", hint: "supportedInterfaces" }],
    lenient: [{ pointer: "", code: "required", property: "supportedInterfaces", hint: "supportedInterfaces" }],
  });
  add("AgentCard", "v03-card-no-description", {
    name: "Old Agent", url: "https://api.example.com/a2a", protocolVersion: "0.3.0", version: "1.0.0",
    capabilities: {}, defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"], skills: [first("AgentSkill")],
  }, {
    issues: [{ pointer: "", code: "required", property: "description" }, { pointer: "/url", code: "unknown_property", hint: "supportedInterfaces" }],
    lenient: [{ pointer: "", code: "required", property: "description" }, { pointer: "", code: "required", property: "supportedInterfaces", hint: "supportedInterfaces" }],
    note: "the card-url hint sits on the missing supportedInterfaces, not on the missing description",
  });
  for (const k of ["supportsExtendedAgentCard", "supportsAuthenticatedExtendedCard"]) {
    add("AgentCard", `v03-${k}`, { ...first("AgentCard"), [k]: true }, {
      issues: [{ pointer: `/${k}`, code: "unknown_property", hint: "capabilities.extendedAgentCard" }],
      lenient: "valid",
      note: "ignored in lenient mode, with a warning carrying the hint",
    });
  }
  add("AgentCard", "v02-authentication", { ...first("AgentCard"), authentication: { schemes: ["Bearer"] } }, {
    issues: [{ pointer: "/authentication", code: "unknown_property", hint: "securitySchemes" }],
    lenient: "valid",
  });
  add("StreamResponse", "v03-status-update", { kind: "status-update", taskId: TASK, contextId: CTX, status: { state: "working" }, final: false }, {
    issues: [{ pointer: "/kind", code: "unknown_property", hint: "statusUpdate" }],
    lenient: [{ pointer: "", code: "no_match", hint: "statusUpdate" }],
  });
  add("TaskStatusUpdateEvent", "v03-final", { ...statusEvent, final: true }, {
    issues: [{ pointer: "/final", code: "unknown_property", hint: '"final" is gone' }],
    lenient: "valid",
  });
  add("SecurityScheme", "v03-api-key", { type: "apiKey", in: "header", name: "X-API-Key" }, {
    issues: [{ pointer: "/type", code: "unknown_property", hint: "apiKeySecurityScheme" }],
    lenient: [{ pointer: "", code: "no_match", hint: "apiKeySecurityScheme" }],
  });

  // Where the revisions differ: a document of the other revision fails with a hint naming the difference.
  if (only10) {
    add("SendMessageConfiguration", "revision-blocking", { blocking: true }, {
      issues: [{ pointer: "/blocking", code: "unknown_property", hint: "returnImmediately" }],
      lenient: "valid",
      note: "revision 2026-02-17's blocking; lenient mode ignores it with a warning carrying the hint",
    });
    add("SendMessageConfiguration", "revision-push-notification-config", { pushNotificationConfig: pushConfig }, {
      issues: [{ pointer: "/pushNotificationConfig", code: "unknown_property", hint: "taskPushNotificationConfig" }],
      lenient: "valid",
    });
    add("TaskPushNotificationConfig", "revision-nested", { taskId: TASK, pushNotificationConfig: pushConfig }, {
      issues: [{ pointer: "/pushNotificationConfig", code: "unknown_property", hint: "flattened" }],
      lenient: [{ pointer: "", code: "required", property: "url", hint: "flattened" }],
    });
    add("TaskPushNotificationConfig", "revision-create-request", { taskId: TASK, config: pushConfig }, {
      issues: [{ pointer: "/config", code: "unknown_property", hint: "CreateTaskPushNotificationConfigRequest" }],
      lenient: [{ pointer: "", code: "required", property: "url", hint: "CreateTaskPushNotificationConfigRequest" }],
      note: "revision 2026-02-17's CreateTaskPushNotificationConfigRequest, as the request of CreateTaskPushNotificationConfig",
    });
  } else {
    add("SendMessageConfiguration", "revision-return-immediately", { returnImmediately: true }, {
      issues: [{ pointer: "/returnImmediately", code: "unknown_property", hint: "blocking" }],
      lenient: "valid",
    });
    add("SendMessageConfiguration", "revision-task-push-notification-config", { taskPushNotificationConfig: pushConfig }, {
      issues: [{ pointer: "/taskPushNotificationConfig", code: "unknown_property", hint: "pushNotificationConfig" }],
      lenient: "valid",
    });
    add("TaskPushNotificationConfig", "revision-flattened", { taskId: TASK, ...pushConfig }, {
      issues: [{ pointer: "/url", code: "unknown_property", hint: "flattened" }],
      lenient: [{ pointer: "", code: "required", property: "pushNotificationConfig", hint: "flattened" }],
    });
    add("Task", "revision-no-context-id", { id: TASK, status: { state: "TASK_STATE_SUBMITTED" }, kind: "task" }, {
      issues: [{ pointer: "", code: "required", property: "contextId", hint: "optional in A2A v1.0" }],
      note: 'Task.contextId is REQUIRED here, optional in v1.0; in lenient mode the "kind" hint stays off the missing contextId',
    });
  }

  // The v1-shaped examples of "A2A Protocol Extension: Input/output schemas (v1)", with their verdicts.
  add("AgentCard", "object-schemas-extension-section-1-card", example("object-schemas-extension-section-1-agent-card"), {
    issues: [{ pointer: "", code: "required", property: "name" }, { pointer: "/schemas", code: "unknown_property" }],
    lenient: [{ pointer: "", code: "required", property: "name" }],
    note: '"A2A Protocol Extension: Input/output schemas (v1)", section 1: a partial card (no name, description, interfaces, version, modes, skills) with the extension\'s root `schemas`, which v1 does not define',
  });
  add("Message", "object-schemas-extension-section-2-user-message", example("object-schemas-extension-section-2-user-message"), {
    issues: [{ pointer: "/messageId", code: "type" }, { pointer: "/role", code: "enum", hint: "ROLE_USER" }, { pointer: "/parts/0/kind", code: "unknown_property", hint: "{ data }" }],
    lenient: [{ pointer: "/messageId", code: "type" }, { pointer: "/role", code: "enum", hint: "ROLE_USER" }],
    note: '"A2A Protocol Extension: Input/output schemas (v1)", section 2: "messageId": 1 is a number; v0.3 kind/role',
  });
  add("Task", "object-schemas-extension-section-4-task-response", example("object-schemas-extension-section-4-task-response"), {
    issues: [{ pointer: "/kind", code: "unknown_property" }, { pointer: "/status/state", code: "enum", hint: "TASK_STATE_COMPLETED" }],
    lenient: [{ pointer: "/status/state", code: "enum", hint: "TASK_STATE_COMPLETED" }],
    note: '"A2A Protocol Extension: Input/output schemas (v1)", section 4: a v0.3 task (kind, lowercase state, kind on messages and parts)',
  });
  return INVALID;
}

// Write.
for (const rev of V1_REVISIONS) {
  const model = parseProto(readFileSync(join(root, rev.proto), "utf8"));
  const VALID = validFor(rev.id);
  const INVALID = invalidFor(rev, model, VALID);
  const dir = join(root, rev.id === "1.0" ? "fixtures/v1" : `fixtures/v1/${rev.id}`);
  // Only the authored folders are rewritten.
  rmSync(join(dir, "valid"), { recursive: true, force: true });
  rmSync(join(dir, "invalid"), { recursive: true, force: true });
  const unknown = Object.keys(VALID).filter((n) => !model.messages.some((m) => m.name === n));
  if (unknown.length > 0) throw new Error(`revision ${rev.id}: valid fixtures for unknown messages ${unknown.join(", ")}`);
  for (const [name, cases] of Object.entries(VALID)) {
    for (const [id, v] of Object.entries(cases)) {
      mkdirSync(join(dir, "valid", name), { recursive: true });
      writeFileSync(join(dir, "valid", name, `${id}.json`), JSON.stringify(v, null, 2) + "\n");
      // The CLI validates fixtures/ as they lie: an older revision's documents say which revision they are.
      if (rev.id !== "1.0") writeFileSync(join(dir, "valid", name, `${id}.expect.json`), JSON.stringify({ family: "v1", type: name, revision: rev.id }, null, 2) + "\n");
    }
  }
  for (const [name, id, input, expect] of INVALID) {
    mkdirSync(join(dir, "invalid", name), { recursive: true });
    writeFileSync(join(dir, "invalid", name, `${id}.json`), JSON.stringify(input, null, 2) + "\n");
    writeFileSync(join(dir, "invalid", name, `${id}.expect.json`), JSON.stringify(expect, null, 2) + "\n");
  }
  const missing = model.messages.filter((m) => !VALID[m.name]).map((m) => m.name);
  if (missing.length > 0) throw new Error(`revision ${rev.id}: no valid fixture for ${missing.join(", ")}`);
  console.log(`revision ${rev.id}: wrote ${Object.values(VALID).reduce((n, c) => n + Object.keys(c).length, 0)} valid and ${INVALID.length} invalid fixtures`);
}
