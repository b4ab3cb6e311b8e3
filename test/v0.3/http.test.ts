/** The v0.3 HTTP+JSON routes (A2A v0.3.0 specification, sections 3.2.3, 3.5.6 and the REST tabs of section 7). */
import { describe, expect, it } from "vitest";
import { HTTP_ROUTES, matchHttpRoute, RPC_NAMES, validateHttpRequest, validateHttpResponse } from "../../src/v0.3/index.js";

const message = { kind: "message", messageId: "m-1", role: "user", parts: [{ kind: "text", text: "hi" }] };
const task = { kind: "task", id: "t-1", contextId: "c-1", status: { state: "working" } };
const config = { taskId: "t-1", pushNotificationConfig: { url: "https://client.example.com/push" } };
const brief = (r: { ok: boolean; issues?: readonly { pointer: string; code: string }[] }) => (r.ok ? [] : r.issues!.map((i) => `${i.pointer} ${i.code}`));

describe("matchHttpRoute", () => {
  it("has a route for each of the ten methods", () => {
    expect(new Set(HTTP_ROUTES.map((r) => r.rpc))).toEqual(new Set(RPC_NAMES));
  });

  it.each([
    ["POST", "/v1/message:send", "message/send", {}],
    ["POST", "/v1/message:stream", "message/stream", {}],
    ["GET", "/v1/tasks/t-1?historyLength=2", "tasks/get", { id: "t-1" }],
    ["POST", "/v1/tasks/t-1:cancel", "tasks/cancel", { id: "t-1" }],
    ["POST", "/v1/tasks/t-1:subscribe", "tasks/resubscribe", { id: "t-1" }],
    ["GET", "/v1/tasks/t-1:subscribe", "tasks/resubscribe", { id: "t-1" }],
    ["POST", "/v1/tasks/t-1/pushNotificationConfigs", "tasks/pushNotificationConfig/set", { id: "t-1" }],
    ["GET", "/v1/tasks/t-1/pushNotificationConfigs", "tasks/pushNotificationConfig/list", { id: "t-1" }],
    ["GET", "/v1/tasks/t-1/pushNotificationConfigs/c%201", "tasks/pushNotificationConfig/get", { id: "t-1", configId: "c 1" }],
    ["DELETE", "/v1/tasks/t-1/pushNotificationConfigs/c-1", "tasks/pushNotificationConfig/delete", { id: "t-1", configId: "c-1" }],
    ["get", "/v1/card", "agent/getAuthenticatedExtendedCard", {}],
  ])("%s %s is %s", (verb, path, rpc, params) => {
    const m = matchHttpRoute(verb, path);
    expect(m?.rpc).toBe(rpc);
    expect(m?.params).toEqual(params);
  });

  it("matches no v1.0 path and no wrong verb", () => {
    expect(matchHttpRoute("POST", "/message:send")).toBeUndefined();
    expect(matchHttpRoute("GET", "/v1/message:send")).toBeUndefined();
    expect(matchHttpRoute("GET", "/v1/extendedAgentCard")).toBeUndefined();
    expect(matchHttpRoute("GET", 5 as unknown as string)).toBeUndefined();
  });
});

describe("validateHttpRequest", () => {
  it("validates the body as the route's", () => {
    expect(validateHttpRequest({ method: "POST", path: "/v1/message:send", body: { message } }).ok).toBe(true);
    expect(brief(validateHttpRequest({ method: "POST", path: "/v1/message:send", body: { message: { ...message, role: "ROLE_USER" } } }))).toEqual(["/body/message/role enum"]);
    expect(validateHttpRequest({ method: "GET", path: "/v1/tasks/t-1" }).ok).toBe(true);
    expect(validateHttpRequest({ method: "POST", path: "/v1/tasks/t-1:cancel", body: { name: "tasks/t-1" } }).ok).toBe(true);
    expect(brief(validateHttpRequest({ method: "POST", path: "/v1/tasks/t-1:cancel", body: { name: 1 } }))).toEqual(["/body/name type"]);
  });

  it("reads push configuration bare (the proto) or as { config } (section 7.5's REST tab)", () => {
    expect(validateHttpRequest({ method: "POST", path: "/v1/tasks/t-1/pushNotificationConfigs", body: config }).ok).toBe(true);
    expect(validateHttpRequest({ method: "POST", path: "/v1/tasks/t-1/pushNotificationConfigs", body: { config } }).ok).toBe(true);
    expect(brief(validateHttpRequest({ method: "POST", path: "/v1/tasks/t-1/pushNotificationConfigs", body: { config: {} } }))).toEqual(["/body/config required", "/body/config required"]);
  });

  it("reports a malformed input and an unknown route", () => {
    expect(brief(validateHttpRequest({ path: "/v1/card" }))).toEqual([" required"]);
    expect(brief(validateHttpRequest({ method: "PUT", path: "/v1/card" }))).toEqual(["/path no_match"]);
    expect(brief(validateHttpRequest(null))).toEqual([" type"]);
  });
});

describe("validateHttpResponse", () => {
  it("validates a success body as the route's response", () => {
    expect(validateHttpResponse({ method: "GET", path: "/v1/tasks/t-1", status: 200, body: task }).ok).toBe(true);
    expect(validateHttpResponse({ method: "POST", path: "/v1/message:send", status: 200, body: { task } }).ok).toBe(true);
    expect(brief(validateHttpResponse({ method: "POST", path: "/v1/message:send", status: 200, body: task }))).toEqual(["/body no_match"]);
    expect(brief(validateHttpResponse({ method: "POST", path: "/v1/message:send", status: 200, body: { task, message } }))).toEqual(["/body no_match"]);
    const event = { statusUpdate: { kind: "status-update", taskId: "t", contextId: "c", status: { state: "working" }, final: false } };
    expect(validateHttpResponse({ method: "POST", path: "/v1/message:stream", status: 200, body: event }).ok).toBe(true);
    expect(brief(validateHttpResponse({ method: "POST", path: "/v1/message:stream", status: 200, body: { statusUpdate: {} } }))[0]).toBe("/body/statusUpdate required");
    expect(validateHttpResponse({ method: "GET", path: "/v1/tasks/t-1/pushNotificationConfigs", status: 200, body: [config] }).ok).toBe(true);
    expect(brief(validateHttpResponse({ method: "GET", path: "/v1/tasks/t-1/pushNotificationConfigs", status: 200, body: [config, {}] }))[0]).toBe("/body/1 required");
    expect(validateHttpResponse({ method: "DELETE", path: "/v1/tasks/t-1/pushNotificationConfigs/c", status: 200 }).ok).toBe(true);
  });

  it("does not check an error body (section 3.2.3 defines none), and refuses other statuses", () => {
    expect(validateHttpResponse({ method: "GET", path: "/v1/tasks/t-1", status: 404, body: { anything: 1 } }).ok).toBe(true);
    expect(brief(validateHttpResponse({ method: "GET", path: "/v1/tasks/t-1", status: 302 }))).toEqual(["/status enum"]);
    expect(brief(validateHttpResponse({ method: "GET", path: "/v1/tasks/t-1", status: 99 }))).toEqual(["/status type"]);
  });

  it("rejects unknown members of the wrappers in strict mode only", () => {
    const body = { task, extra: 1 };
    expect(validateHttpResponse({ method: "POST", path: "/v1/message:send", status: 200, body }).ok).toBe(true);
    expect(brief(validateHttpResponse({ method: "POST", path: "/v1/message:send", status: 200, body }, { mode: "strict" }))).toEqual(["/body/extra unknown_property"]);
  });

  it("is a Standard Schema", () => {
    const r = validateHttpResponse["~standard"].validate({ method: "GET", path: "/v1/card", status: 200, body: {} });
    expect("issues" in r && r.issues!.length).toBeGreaterThan(0);
  });
});
