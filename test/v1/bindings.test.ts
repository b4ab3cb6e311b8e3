/** JSON-RPC and HTTP+JSON bindings. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { HTTP_ROUTES, matchHttpRoute, RPC_NAMES, validate, validateJsonRpcRequest, validateJsonRpcResponse } from "../../src/v1/index.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";
import { readJson, ROOT } from "./helpers.js";

const message = readJson("fixtures/v1/valid/Message/user.json");
const task = readJson("fixtures/v1/valid/Task/completed.json");
const statusEvent = readJson("fixtures/v1/valid/TaskStatusUpdateEvent/working.json");

describe("validateJsonRpcRequest", () => {
  it("accepts a SendMessage request and types it", () => {
    const r = validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message } });
    expect(r.ok).toBe(true);
    if (r.ok && r.value.method === "SendMessage") expect(r.value.params.message.messageId).toBe(message.messageId);
  });

  it("knows the 11 RPCs of the proto's service, and only those", () => {
    const svc = protobuf.parse(readFileSync(join(ROOT, "schemas/v1/a2a.proto"), "utf8")).root.lookup("lf.a2a.v1.A2AService") as protobuf.Service;
    expect([...RPC_NAMES].sort()).toEqual(svc.methodsArray.map((m) => m.name).sort());
    const r = validateJsonRpcRequest({ jsonrpc: "2.0", id: "x", method: "message/send", params: { message } });
    expect(!r.ok && r.issues[0]).toMatchObject({ pointer: "/method", code: "enum" });
    expect(!r.ok && r.issues[0]!.hint).toMatch(/SendMessage/);
  });

  it("checks the envelope", () => {
    const bad = validateJsonRpcRequest({ jsonrpc: "1.0", id: {}, method: "GetTask", params: { id: "t" }, extra: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => [i.pointer, i.code])).toEqual([["/jsonrpc", "const"], ["/id", "type"], ["/extra", "unknown_property"]]);
    expect(validateJsonRpcRequest({ jsonrpc: "2.0", id: null, method: "GetTask", params: { id: "t" } }).ok).toBe(true);
    expect(validateJsonRpcRequest("nope").ok).toBe(false);
    expect(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "GetTask", params: [] }).ok).toBe(false);
  });

  it("rejects a notification (no id): every A2A method returns a result (specification, section 9.3)", () => {
    for (const mode of ["strict", "lenient"] as const) {
      const r = validateJsonRpcRequest({ jsonrpc: "2.0", method: "GetTask", params: { id: "t" } }, { mode });
      expect(!r.ok && r.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "id", hint: expect.stringMatching(/notification/) })]);
    }
  });

  it("hands over to revision 2026-02-17 when asked", () => {
    const body = { jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message, configuration: { blocking: true } } };
    expect(validateJsonRpcRequest(body, { revision: "2026-02-17" }).ok).toBe(true);
    const r = validateJsonRpcRequest(body);
    expect(!r.ok && r.issues[0]).toMatchObject({ pointer: "/params/configuration/blocking", hint: expect.stringMatching(/returnImmediately/) });
    // Lenient: ignored with a warning under /params.
    const l = validateJsonRpcRequest(body, { mode: "lenient" });
    expect(l.ok && l.warnings?.[0]).toMatchObject({ pointer: "/params/configuration/blocking", severity: "warning" });
  });

  it("validates params as the RPC's request, with paths under /params", () => {
    const r = validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "GetTask", params: {} });
    expect(!r.ok && r.issues[0]).toMatchObject({ pointer: "/params", code: "required", property: "id" });
    const l = validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "t", history_length: "3" }, extra: 1 }, { mode: "lenient" });
    expect(l.ok && l.value).toEqual({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "t", historyLength: 3 } });
  });

  it("lets params be absent only where the request has no REQUIRED field", () => {
    expect(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "GetExtendedAgentCard" }).ok).toBe(true);
    expect(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "ListTasks" }).ok).toBe(true);
    expect(validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "CancelTask" }).ok).toBe(false);
  });
});

describe("validateJsonRpcResponse", () => {
  it("validates result as the RPC's response message", () => {
    expect(validateJsonRpcResponse("SendMessage", { jsonrpc: "2.0", id: 1, result: { task } }).ok).toBe(true);
    const v03 = validateJsonRpcResponse("SendMessage", { jsonrpc: "2.0", id: 1, result: { ...task, kind: "task" } });
    expect(!v03.ok && v03.issues.some((i) => i.pointer === "/result/kind" && /task: \{/.test(i.hint ?? ""))).toBe(true);
    expect(validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, result: task }).ok).toBe(true);
  });

  it("uses StreamResponse for each event of the streaming RPCs", () => {
    for (const m of ["SendStreamingMessage", "SubscribeToTask"] as const) {
      expect(validateJsonRpcResponse(m, { jsonrpc: "2.0", id: 1, result: { statusUpdate: statusEvent } }).ok, m).toBe(true);
      expect(validateJsonRpcResponse(m, { jsonrpc: "2.0", id: 1, result: statusEvent }).ok, m).toBe(false);
    }
  });

  it("expects {} for the Empty result", () => {
    expect(validateJsonRpcResponse("DeleteTaskPushNotificationConfig", { jsonrpc: "2.0", id: 1, result: {} }).ok).toBe(true);
    expect(validateJsonRpcResponse("DeleteTaskPushNotificationConfig", { jsonrpc: "2.0", id: 1, result: { ok: true } }).ok).toBe(false);
    expect(validateJsonRpcResponse("DeleteTaskPushNotificationConfig", { jsonrpc: "2.0", id: 1, result: null }).ok).toBe(false);
  });

  it("checks error objects and exactly one of result/error", () => {
    // A2A v1.0 specification, section 9.5: `data` is an array of ProtoJSON Any objects (test/wire/jsonrpc-error.test.ts has the rest).
    const info = { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "TASK_NOT_FOUND", domain: "a2a-protocol.org", metadata: { taskId: "t" } };
    expect(validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found", data: [info] } }).ok).toBe(true);
    const obj = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found", data: { id: "t" } } });
    expect(!obj.ok && obj.issues.map((i) => [i.pointer, i.code])).toEqual([["/error/data", "type"]]);
    const e = validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: { code: 1.5, message: 2 } });
    expect(!e.ok && e.issues.map((i) => i.pointer)).toEqual(["/error/code", "/error/message"]);
    expect(validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1 }).ok).toBe(false);
    expect(validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, result: task, error: { code: 1, message: "x" } }).ok).toBe(false);
    expect(validateJsonRpcResponse("Nope" as never, { jsonrpc: "2.0", id: 1, result: {} }).ok).toBe(false);
  });
});

describe("AgentInterface.url by protocolBinding", () => {
  const iface = (url: string, protocolBinding: string) => validate("AgentInterface", { url, protocolBinding, protocolVersion: "1.0" });
  it("GRPC: hostname:port (or a URL with an authority, as the specification's sample card writes it)", () => {
    for (const url of ["127.0.0.1:50051", "grpc.example.com:443", "localhost:8080", "[::1]:50051", "a2a-grpc.internal.:443", "https://georoute-agent.example.com/a2a/grpc", "dns:///grpc.example.com:443"]) {
      expect(iface(url, "GRPC").ok, url).toBe(true);
    }
    for (const url of ["grpc.example.com", "grpc.example.com:0", "grpc.example.com:65536", "localhost:abc", "grpc example:1", ""]) expect(iface(url, "GRPC").ok, url).toBe(false);
    const r = iface("localhost", "GRPC");
    expect(!r.ok && r.issues).toEqual([expect.objectContaining({ pointer: "/url", code: "format", message: expect.stringMatching(/hostname:port/) })]);
  });

  it("JSONRPC and HTTP+JSON: an absolute http(s) URL", () => {
    for (const b of ["JSONRPC", "HTTP+JSON"]) {
      for (const url of ["https://api.example.com/a2a/v1", "http://localhost:8080/", "HTTPS://API.EXAMPLE.COM"]) expect(iface(url, b).ok, `${b} ${url}`).toBe(true);
      for (const url of ["grpc.example.com:443", "ftp://a.example/x", "https:///x", "wss://a.example/x", "/a2a"]) expect(iface(url, b).ok, `${b} ${url}`).toBe(false);
    }
  });

  it("any other binding: an absolute URI", () => {
    expect(iface("wss://agent.example.com/a2a/websocket", "https://example.com/bindings/websocket/v1").ok).toBe(true);
    expect(iface("urn:example:agent", "custom").ok).toBe(true);
    expect(iface("not a uri", "custom").ok).toBe(false);
  });
});

describe("HTTP+JSON routes", () => {
  it("has each RPC with and without {tenant}, from the proto's google.api.http options", () => {
    expect(HTTP_ROUTES).toHaveLength(22);
    for (const rpc of RPC_NAMES) {
      const routes = HTTP_ROUTES.filter((r) => r.rpc === rpc);
      expect(routes.map((r) => r.tenant).sort(), rpc).toEqual([false, true]);
      expect(routes[0]!.template.replace("/{tenant}", "")).toBe(routes[1]!.template.replace("/{tenant}", ""));
    }
    // A2A v1.0: CreateTaskPushNotificationConfig takes the whole TaskPushNotificationConfig as its body.
    const create = HTTP_ROUTES.find((r) => r.rpc === "CreateTaskPushNotificationConfig" && !r.tenant)!;
    expect(create).toMatchObject({ verb: "POST", template: "/tasks/{task_id=*}/pushNotificationConfigs", body: "*", request: "TaskPushNotificationConfig", pathParams: ["taskId"] });
    // Revision 2026-02-17: a CreateTaskPushNotificationConfigRequest whose `config` is the body.
    const old = R2026.HTTP_ROUTES.find((r) => r.rpc === "CreateTaskPushNotificationConfig" && !r.tenant)!;
    expect(old).toMatchObject({ verb: "POST", template: "/tasks/{task_id=*}/pushNotificationConfigs", body: "config", request: "CreateTaskPushNotificationConfigRequest", pathParams: ["taskId"] });
    expect(R2026.HTTP_ROUTES).toHaveLength(22);
    expect(matchHttpRoute("POST", "/tasks/t-1/pushNotificationConfigs", { revision: "2026-02-17" })?.route.request).toBe("CreateTaskPushNotificationConfigRequest");
    expect(matchHttpRoute("POST", "/tasks/t-1/pushNotificationConfigs")?.route.request).toBe("TaskPushNotificationConfig");
    expect(HTTP_ROUTES.find((r) => r.rpc === "GetTask")!.body).toBeUndefined();
    expect(HTTP_ROUTES.find((r) => r.rpc === "SendMessage")!.body).toBe("*");
  });

  it("matches paths to RPCs and path parameters", () => {
    expect(matchHttpRoute("POST", "/message:send")).toMatchObject({ rpc: "SendMessage", params: {} });
    expect(matchHttpRoute("post", "/acme/message:stream")).toMatchObject({ rpc: "SendStreamingMessage", params: { tenant: "acme" } });
    expect(matchHttpRoute("GET", "/tasks/t-1")).toMatchObject({ rpc: "GetTask", params: { id: "t-1" } });
    expect(matchHttpRoute("GET", "/tasks/t-1?historyLength=3")).toMatchObject({ rpc: "GetTask", params: { id: "t-1" } });
    expect(matchHttpRoute("GET", "/tasks/t-1:subscribe")).toMatchObject({ rpc: "SubscribeToTask", params: { id: "t-1" } });
    expect(matchHttpRoute("POST", "/tasks/t-1:cancel")).toMatchObject({ rpc: "CancelTask", params: { id: "t-1" } });
    expect(matchHttpRoute("GET", "/tasks")).toMatchObject({ rpc: "ListTasks" });
    expect(matchHttpRoute("GET", "/acme/tasks")).toMatchObject({ rpc: "ListTasks", params: { tenant: "acme" } });
    expect(matchHttpRoute("DELETE", "/acme/tasks/t%2F1/pushNotificationConfigs/c1")).toMatchObject({
      rpc: "DeleteTaskPushNotificationConfig",
      params: { tenant: "acme", taskId: "t/1", id: "c1" },
    });
    expect(matchHttpRoute("GET", "/tasks/t-1/pushNotificationConfigs")).toMatchObject({ rpc: "ListTaskPushNotificationConfigs", params: { taskId: "t-1" } });
    expect(matchHttpRoute("GET", "/extendedAgentCard")).toMatchObject({ rpc: "GetExtendedAgentCard" });
  });

  it("returns undefined for anything else, without throwing", () => {
    expect(matchHttpRoute("PUT", "/tasks/t-1")).toBeUndefined();
    expect(matchHttpRoute("GET", "/nope")).toBeUndefined();
    expect(matchHttpRoute("GET", "/tasks/%E0%A4%A")).toBeUndefined();
    expect(matchHttpRoute("GET", "/a/b/c/d/e/f")).toBeUndefined();
    expect(matchHttpRoute(1 as never, null as never)).toBeUndefined();
    expect(matchHttpRoute("GET", "/" + "x".repeat(100_000))).toBeUndefined();
  });
});
