/**
 * toV1 / toV03: the mappings the SDKs' compat layers make, each lossy step a warning naming what
 * was lost, bad input answered with the source version's issues, the input never changed.
 */
import { describe, expect, it } from "vitest";
import { httpRouteToV03, httpRouteToV1, toV03, toV1 } from "../../src/versions/index.js";

const deepFreeze = <T>(o: T): T => {
  if (o !== null && typeof o === "object") {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
};

const v03Send = () =>
  deepFreeze({
    jsonrpc: "2.0",
    id: 7,
    method: "message/send",
    params: {
      message: {
        kind: "message",
        messageId: "m-1",
        role: "user",
        contextId: "c-1",
        parts: [
          { kind: "text", text: "hi" },
          { kind: "file", file: { bytes: "aGk=", mimeType: "text/plain", name: "hi.txt" } },
          { kind: "file", file: { uri: "https://example.com/a.png" } },
          { kind: "data", data: { a: 1 } },
        ],
      },
      configuration: {
        acceptedOutputModes: ["text/plain"],
        blocking: false,
        pushNotificationConfig: { url: "https://client.example.com/hook", token: "t", authentication: { schemes: ["Bearer"], credentials: "x" } },
      },
    },
  });

const v1Send = {
  jsonrpc: "2.0",
  id: 7,
  method: "SendMessage",
  params: {
    message: {
      messageId: "m-1",
      role: "ROLE_USER",
      contextId: "c-1",
      parts: [{ text: "hi" }, { raw: "aGk=", mediaType: "text/plain", filename: "hi.txt" }, { url: "https://example.com/a.png" }, { data: { a: 1 } }],
    },
    configuration: {
      acceptedOutputModes: ["text/plain"],
      returnImmediately: true,
      taskPushNotificationConfig: { url: "https://client.example.com/hook", token: "t", authentication: { scheme: "Bearer", credentials: "x" } },
    },
  },
};

const lossy = (r: { ok: boolean; warnings?: readonly { pointer: string; code: string; message: string }[]; issues?: readonly { pointer: string; code: string; message: string }[] }) =>
  (r.ok ? (r.warnings ?? []) : (r.issues ?? [])).filter((i) => i.code === "lossy").map((i) => i.pointer);

describe("toV1 / toV03: a message/send request", () => {
  it("maps method, kinds, roles, file forms, blocking (inverted) and the push config, both ways, without warnings", () => {
    const input = v03Send();
    const up = toV1(input);
    expect(up).toEqual({ ok: true, value: v1Send });
    const down = toV03(v1Send);
    expect(down).toEqual({ ok: true, value: input });
  });

  it("detects the document or takes its type; a response needs its method", () => {
    expect(toV1(v03Send(), { type: "JsonRpcRequest" }).ok).toBe(true);
    const res = { jsonrpc: "2.0", id: 1, result: { kind: "task", id: "t", contextId: "c", status: { state: "input-required" } } };
    const noMethod = toV1(res);
    expect(noMethod.ok).toBe(false);
    expect(!noMethod.ok && noMethod.issues[0]!.code).toBe("required");
    const withMethod = toV1(res, { method: "message/send" });
    expect(withMethod).toEqual({ ok: true, value: { jsonrpc: "2.0", id: 1, result: { task: { id: "t", contextId: "c", status: { state: "TASK_STATE_INPUT_REQUIRED" } } } } });
    expect(toV03((withMethod as { value: unknown }).value, { method: "SendMessage" })).toEqual({ ok: true, value: res });
  });

  it("answers bad input with the source version's issues, never a throw", () => {
    const bad = { jsonrpc: "2.0", id: 1, method: "message/send", params: { message: { kind: "message", messageId: "m", role: "ROLE_USER", parts: [] } } };
    const r = toV1(bad);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues.some((i) => i.pointer.startsWith("/params/message/role"))).toBe(true);
    expect(toV03(bad).ok).toBe(false);
    const hostile = new Proxy({}, { get: () => { throw new Error("boom"); }, ownKeys: () => { throw new Error("boom"); } });
    expect(toV1(hostile, { type: "Message" }).ok).toBe(false);
    expect(toV03(hostile, { type: "Message" }).ok).toBe(false);
    expect(toV1(null).ok).toBe(false);
    expect(toV1({}, { type: "Nope" as never }).ok).toBe(false);
  });

  it("shares no object with the input", () => {
    const input = v03Send();
    const r = toV1(input) as { value: any };
    expect(r.value.params.message.parts[3].data).not.toBe((input.params.message.parts[3] as any).data);
  });
});

describe("the lossy steps are warnings naming what was lost", () => {
  it("the second and later push authentication schemes", () => {
    const p = { taskId: "t", pushNotificationConfig: { url: "https://h.example.com/", authentication: { schemes: ["Bearer", "Basic"] } } };
    const r = toV1(p, { type: "TaskPushNotificationConfig" });
    expect(r).toMatchObject({ ok: true, value: { taskId: "t", url: "https://h.example.com/", authentication: { scheme: "Bearer" } } });
    expect(lossy(r)).toEqual(["/pushNotificationConfig/authentication/schemes/1"]);
    expect((r as any).warnings[0].message).toContain('"Basic"');
  });

  it("a dropped deviceCode flow and pkceRequired", () => {
    const s = { oauth2SecurityScheme: { flows: { deviceCode: { deviceAuthorizationUrl: "https://a.example.com/d", tokenUrl: "https://a.example.com/t", scopes: {} } } } };
    const r = toV03(s, { type: "SecurityScheme" });
    expect(r).toMatchObject({ ok: true, value: { type: "oauth2", flows: {} } });
    expect(lossy(r)).toEqual(["/oauth2SecurityScheme/flows/deviceCode"]);
    const pkce = toV03({ oauth2SecurityScheme: { flows: { authorizationCode: { authorizationUrl: "https://a.example.com/a", tokenUrl: "https://a.example.com/t", scopes: {}, pkceRequired: true } } } }, { type: "SecurityScheme" });
    expect(lossy(pkce)).toEqual(["/oauth2SecurityScheme/flows/authorizationCode/pkceRequired"]);
  });

  it("v0.3 OAuth flows beyond the first", () => {
    const flows = { implicit: { authorizationUrl: "https://a.example.com/a", scopes: {} }, password: { tokenUrl: "https://a.example.com/t", scopes: {} } };
    const r = toV1({ type: "oauth2", flows }, { type: "SecurityScheme" });
    expect(r).toMatchObject({ ok: true, value: { oauth2SecurityScheme: { flows: { implicit: flows.implicit } } } });
    expect(lossy(r)).toEqual(["/flows/password"]);
  });

  it("the state unknown, which has no v1.0 counterpart", () => {
    const r = toV1({ kind: "task", id: "t", contextId: "c", status: { state: "unknown" } });
    expect(r.ok).toBe(false);
    expect(lossy(r)).toEqual(["/status/state"]);
  });

  it("a final flag the state does not imply, the tenant, request metadata, paging", () => {
    const ev = { kind: "status-update", taskId: "t", contextId: "c", status: { state: "working" }, final: true };
    expect(lossy(toV1(ev))).toEqual(["/final"]);
    expect(lossy(toV1({ ...ev, final: false }))).toEqual([]);
    expect(toV03({ statusUpdate: { taskId: "t", contextId: "c", status: { state: "TASK_STATE_INPUT_REQUIRED" } } })).toMatchObject({ ok: true, value: { final: true } });
    expect(lossy(toV03({ tenant: "acme", id: "t" }, { type: "GetTaskRequest" }))).toEqual(["/tenant"]);
    expect(lossy(toV1({ id: "t", metadata: { a: 1 } }, { type: "GetTaskRequest" }))).toEqual(["/metadata"]);
    expect(lossy(toV03({ taskId: "t", pageSize: 5, pageToken: "p" }, { type: "ListTaskPushNotificationConfigsRequest" }))).toEqual(["/pageSize", "/pageToken"]);
  });

  it("members the target has no place for (v0.3 allows extra members)", () => {
    const r = toV1({ kind: "message", messageId: "m", role: "agent", parts: [{ kind: "text", text: "x", extra: 1 }], custom: true });
    expect(r).toMatchObject({ ok: true, value: { messageId: "m", role: "ROLE_AGENT", parts: [{ text: "x" }] } });
    expect(lossy(r)).toEqual(["/custom", "/parts/0/extra"]);
  });

  it("ListTasks has no v0.3 form", () => {
    const r = toV03({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.issues[0]!.code).toBe("unsupported");
  });
});

describe("agent cards", () => {
  const card03 = deepFreeze({
    name: "A",
    description: "d",
    url: "https://a.example.com/rpc",
    preferredTransport: "JSONRPC",
    additionalInterfaces: [{ url: "https://a.example.com/rest", transport: "HTTP+JSON" }],
    version: "1",
    protocolVersion: "0.3.0",
    capabilities: { streaming: true },
    supportsAuthenticatedExtendedCard: true,
    securitySchemes: { key: { type: "apiKey", name: "X-Key", in: "header" } },
    security: [{ key: [] }],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"], security: [{ key: ["r"] }] }],
  });
  const card1 = {
    name: "A",
    description: "d",
    supportedInterfaces: [
      { url: "https://a.example.com/rpc", protocolBinding: "JSONRPC", protocolVersion: "0.3.0" },
      { url: "https://a.example.com/rest", protocolBinding: "HTTP+JSON", protocolVersion: "0.3.0" },
    ],
    version: "1",
    capabilities: { streaming: true, extendedAgentCard: true },
    securitySchemes: { key: { apiKeySecurityScheme: { name: "X-Key", location: "header" } } },
    securityRequirements: [{ schemes: { key: { list: [] } } }],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"], securityRequirements: [{ schemes: { key: { list: ["r"] } } }] }],
  };

  it("url + preferredTransport + additionalInterfaces + protocolVersion ↔ supportedInterfaces; the extended-card flag; security", () => {
    expect(toV1(card03)).toEqual({ ok: true, value: card1 });
    expect(toV03(card1)).toEqual({ ok: true, value: card03 });
  });

  it("a v1.0 card's 1.0 interfaces are not in its v0.3 form, each said; none left is an error", () => {
    const mixed = { ...card1, supportedInterfaces: [{ url: "https://a.example.com/v1", protocolBinding: "JSONRPC", protocolVersion: "1.0" }, ...card1.supportedInterfaces] };
    const r = toV03(mixed);
    expect(r).toMatchObject({ ok: true, value: { url: "https://a.example.com/rpc" } });
    expect(lossy(r)).toEqual(["/supportedInterfaces/0"]);
    const only1 = toV03({ ...card1, supportedInterfaces: [mixed.supportedInterfaces[0]] });
    expect(only1.ok).toBe(false);
  });

  it("stateTransitionHistory and signatures are said", () => {
    expect(lossy(toV1({ ...card03, capabilities: { stateTransitionHistory: true } }))).toEqual(["/capabilities/stateTransitionHistory"]);
    expect(lossy(toV1({ ...card03, signatures: [{ protected: "e30", signature: "c2ln" }] }))).toEqual(["/signatures"]);
  });
});

describe("JSON-RPC errors and the other responses", () => {
  it("an error keeps code, message and typed data; v0.3 data that is not a typed list is said lost; no ErrorInfo is made up", () => {
    const e03 = { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found" } };
    const up = toV1(e03, { method: "tasks/get" });
    expect(up).toMatchObject({ ok: true, value: e03 });
    // Section 9.5's SHOULD: the v1.0 validator's warning, not a lossy one.
    expect(up.ok && up.warnings?.map((w) => w.code)).not.toContain("lossy");
    expect(toV03((up as { value: unknown }).value, { method: "GetTask" })).toEqual({ ok: true, value: e03 });
    const free = toV1({ ...e03, error: { ...e03.error, data: { taskId: "t" } } }, { method: "tasks/get" });
    expect(lossy(free)).toEqual(["/error/data"]);
    expect(lossy(toV03({ jsonrpc: "2.0", id: 1, error: { code: -32009, message: "Version not supported" } }, { method: "GetTask" }))).toEqual(["/error/code"]);
  });

  it("delete answers null in v0.3 and {} in v1.0; the push config list is a bare array in v0.3", () => {
    expect(toV1({ jsonrpc: "2.0", id: 1, result: null }, { method: "tasks/pushNotificationConfig/delete" })).toEqual({ ok: true, value: { jsonrpc: "2.0", id: 1, result: {} } });
    const list03 = [{ taskId: "t", pushNotificationConfig: { id: "c", url: "https://h.example.com/" } }];
    expect(toV1(list03, { type: "ListTaskPushNotificationConfigsResponse" })).toEqual({ ok: true, value: { configs: [{ taskId: "t", id: "c", url: "https://h.example.com/" }] } });
  });

  it("a data part that is not an object is wrapped with the SDKs' data_part_compat flag, and unwrapped back", () => {
    const v1 = { data: [1, 2] };
    const down = toV03(v1, { type: "Part" });
    expect(down).toEqual({ ok: true, value: { kind: "data", data: { value: [1, 2] }, metadata: { data_part_compat: true } } });
    expect(toV1((down as { value: unknown }).value, { type: "Part" })).toEqual({ ok: true, value: v1 });
  });
});

describe("HTTP+JSON request lines", () => {
  const v03Lines: Array<[string, string, string, string, string | undefined]> = [
    ["POST", "/v1/message:send", "POST", "/message:send", "SendMessageRequest"],
    ["POST", "/v1/message:stream", "POST", "/message:stream", "SendMessageRequest"],
    ["GET", "/v1/tasks/t-1?historyLength=2", "GET", "/tasks/t-1?historyLength=2", undefined],
    ["POST", "/v1/tasks/t-1:cancel", "POST", "/tasks/t-1:cancel", "CancelTaskRequest"],
    ["POST", "/v1/tasks/t-1:subscribe", "GET", "/tasks/t-1:subscribe", undefined],
    ["POST", "/v1/tasks/t-1/pushNotificationConfigs", "POST", "/tasks/t-1/pushNotificationConfigs", "TaskPushNotificationConfig"],
    ["GET", "/v1/tasks/t-1/pushNotificationConfigs", "GET", "/tasks/t-1/pushNotificationConfigs", undefined],
    ["GET", "/v1/tasks/t-1/pushNotificationConfigs/c-1", "GET", "/tasks/t-1/pushNotificationConfigs/c-1", undefined],
    ["DELETE", "/v1/tasks/t-1/pushNotificationConfigs/c-1", "DELETE", "/tasks/t-1/pushNotificationConfigs/c-1", undefined],
    ["GET", "/v1/card", "GET", "/extendedAgentCard", undefined],
  ];
  it.each(v03Lines)("%s %s ↔ %s %s", (m03, p03, m1, p1, type) => {
    const up = httpRouteToV1(m03, p03);
    expect(up).toMatchObject({ ok: true, value: { method: m1, path: p1 } });
    expect(up.ok && up.value.type).toBe(type);
    expect(httpRouteToV03(m1, p1)).toMatchObject({ ok: true, value: { method: m03, path: p03 } });
  });

  it("a v1.0 tenant is said lost; no route is an issue", () => {
    const r = httpRouteToV03("GET", "/acme/tasks/t-1");
    expect(r).toMatchObject({ ok: true, value: { method: "GET", path: "/v1/tasks/t-1" } });
    expect(lossy(r as never)).toEqual(["/tenant"]);
    expect(httpRouteToV1("GET", "/v1/nowhere")).toMatchObject({ ok: false, issues: [{ code: "no_match" }] });
    expect(httpRouteToV03("PATCH", "/tasks/t-1").ok).toBe(false);
    expect(httpRouteToV1(42 as never, {} as never).ok).toBe(false);
  });
});

describe("long issue lists are capped like every validator's", () => {
  // Fuzz finding: a list of 325 empty configurations gave 650 issues (two per element).
  it("toV1 of a 325-element list: the first 100 issues and a too_many_issues marker", () => {
    const list = Array.from({ length: 325 }, () => ({}));
    const r = toV1(list, { type: "ListTaskPushNotificationConfigsResponse" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(101);
    expect(r.issues[100]).toMatchObject({ code: "too_many_issues", message: "too many issues: showing the first 100 of 650" });
  });
});
