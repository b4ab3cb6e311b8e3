/**
 * --probe's checks: against the real @a2a-js/sdk agent every probe passes and nothing but GetTask
 * is sent; against a local server answering wrongly each wrong answer is an issue at the interface.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAgentCard, interfacesOf, probeInterfaces, type CardInterface } from "../../src/v1/client.js";
import { A2A_ERRORS } from "../../src/wire/codes.js";
import { startServer, type LocalServer, type Route } from "../net/local.js";
import { startSdkAgent, type SdkAgent } from "./sdk-agent.js";

let agent: SdkAgent;
let wrong: LocalServer;

/** JSON-RPC answers by behaviour: the request's id echoed or not, a result or an error code. */
const rpc = (answer: (id: unknown, version: string | undefined) => unknown): Route => (req, res, body) => {
  const id = (JSON.parse(body) as { id: unknown }).id;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer(id, req.headers["a2a-version"] as string | undefined)));
};
const status = (name: keyof typeof A2A_ERRORS, reason = A2A_ERRORS[name].reason) => ({
  error: { code: A2A_ERRORS[name].httpStatus, status: A2A_ERRORS[name].grpcStatus, message: "x", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "a2a-protocol.org" }] },
});

beforeAll(async () => {
  agent = await startSdkAgent();
  wrong = await startServer({
    // A task for any id, whatever the version: both probes fail.
    "/rpc/result": rpc((id) => ({ jsonrpc: "2.0", id, result: { id: "t", contextId: "c", status: { state: "TASK_STATE_COMPLETED" } } })),
    // TaskNotFound with the wrong id, and no version check.
    "/rpc/wrong-id": rpc(() => ({ jsonrpc: "2.0", id: "other", error: { code: -32001, message: "Task not found" } })),
    // An internal error for everything.
    "/rpc/internal": rpc((id) => ({ jsonrpc: "2.0", id, error: { code: -32603, message: "boom" } })),
    // Right for an unknown task; for the unsupported version, a body that is not JSON.
    "/rpc/half": (req, res, body) =>
      req.headers["a2a-version"] === "1.0" ? rpc((id) => ({ jsonrpc: "2.0", id, error: { code: -32001, message: "Task not found" } }))(req, res, body) : res.writeHead(400).end("bad version"),
    // HTTP+JSON: the probe GETs <interface>/tasks/<id>. The right status with the wrong reason; a task-less 200.
    "/rest/wrong-reason/tasks/*": (req, res) =>
      req.headers["a2a-version"] === "1.0"
        ? res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify(status("TaskNotFoundError", "NOT_HERE")))
        : res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify(status("VersionNotSupportedError"))),
    "/rest/200/tasks/*": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
  });
});
afterAll(async () => {
  await agent.close();
  await wrong.close();
});

const iface = (url: string, binding: string, n = 0): CardInterface => ({ path: ["supportedInterfaces", n, "url"], url, binding, protocolVersion: "1.0" });

describe("probeInterfaces", () => {
  it("passes every probe of the real SDK agent, sending nothing but GetTask", async () => {
    const card = await fetchAgentCard(agent.url, { allowPrivate: true });
    expect(card.ok).toBe(true);
    if (!card.ok) return;
    agent.seen.length = 0;
    const checks = await probeInterfaces(card.value.interfaces, { allowPrivate: true });
    expect(checks.map((c) => [c.interface.binding, c.probe, c.ok, c.issues])).toEqual([
      ["JSONRPC", "task-not-found", true, []],
      ["JSONRPC", "version", true, []],
      ["HTTP+JSON", "task-not-found", true, []],
      ["HTTP+JSON", "version", true, []],
    ]);
    // Two JSON-RPC POSTs (GetTask) and two GETs of a task: nothing that could start work.
    expect(agent.seen.map((s) => s.replace(/[0-9a-f-]{36}$/, "<id>"))).toEqual(["POST /a2a/jsonrpc", "POST /a2a/jsonrpc", "GET /a2a/rest/tasks/<id>", "GET /a2a/rest/tasks/<id>"]);
  });

  it("reports each wrong JSON-RPC answer at the interface", async () => {
    const codes = async (path: string) => (await probeInterfaces([iface(`${wrong.url}${path}`, "JSONRPC", 2)], { allowPrivate: true })).map((c) => [c.probe, c.ok, c.issues.map((i) => i.pointer), c.issues.map((i) => i.message).join(" | ")]);
    const result = await codes("/rpc/result");
    expect(result.map((r) => r.slice(0, 3))).toEqual([
      ["task-not-found", false, ["/supportedInterfaces/2/url"]],
      ["version", false, ["/supportedInterfaces/2/url"]],
    ]);
    expect(result[0]![3]).toMatch(/expected TaskNotFoundError \(-32001\), got a result/);
    expect(result[1]![3]).toMatch(/expected VersionNotSupportedError \(-32009\), got a result/);
    const wrongId = await codes("/rpc/wrong-id");
    expect(wrongId[0]![3]).toMatch(/expected id "a2a-validate-probe-[0-9a-f-]+", the request's/);
    expect(wrongId[1]![3]).toMatch(/VersionNotSupportedError, code -32009.*got code -32001/);
    const internal = await codes("/rpc/internal");
    expect(internal[0]![3]).toMatch(/TaskNotFoundError, code -32001.*got code -32603/);
    const half = await codes("/rpc/half");
    expect(half.map((r) => r[1])).toEqual([true, false]);
    expect(half[1]![3]).toMatch(/not JSON/);
  });

  it("reports wrong HTTP+JSON answers, skips gRPC, and never follows a probe elsewhere", async () => {
    const checks = await probeInterfaces([iface(`${wrong.url}/nowhere`, "HTTP+JSON"), iface("agent.example.com:443", "GRPC", 1)], { allowPrivate: true });
    // A plain-text 404 is not google.rpc.Status; the version probe wanted 400.
    expect(checks.map((c) => [c.probe, c.ok, c.skipped])).toEqual([
      ["task-not-found", false, false],
      ["version", false, false],
      ["task-not-found", false, true],
    ]);
    expect(checks[0]!.issues[0]!.message).toMatch(/google\.rpc\.Status|not JSON/);
    expect(checks[1]!.issues[0]!.message).toMatch(/expected HTTP 400 FAILED_PRECONDITION, VersionNotSupportedError/);
    expect(checks[2]!.issues[0]).toMatchObject({ code: "unsupported", severity: "warning", pointer: "/supportedInterfaces/1/url" });
    const reason = await probeInterfaces([iface(`${wrong.url}/rest/wrong-reason`, "HTTP+JSON")], { allowPrivate: true });
    expect(reason.map((c) => c.ok)).toEqual([false, true]);
    expect(reason[0]!.issues.map((i) => i.message).join(" | ")).toMatch(/NOT_HERE/);
    const ok200 = await probeInterfaces([iface(`${wrong.url}/rest/200/`, "HTTP+JSON")], { allowPrivate: true });
    expect(ok200[0]!.issues[0]!.message).toMatch(/expected HTTP 404 NOT_FOUND, TaskNotFoundError.*got HTTP 200/);
    // An interface for A2A 0.3 (a v0.3 or hybrid card's) is not probed: the probes speak v1.0.
    const v03 = await probeInterfaces([{ ...iface(`${wrong.url}/rpc/result`, "JSONRPC"), protocolVersion: "0.3.0" }], { allowPrivate: true });
    expect(v03.map((c) => [c.skipped, c.issues[0]!.message])).toEqual([[true, "an interface for A2A 0.3.0 is not probed: probes send A2A v1.0 requests only"]]);
    expect(wrong.hits.get("/rpc/result")).toBe(2); // the two probes of the first test only
    // Without allowPrivate the probe is refused before connecting.
    const refused = await probeInterfaces(interfacesOf({ supportedInterfaces: [{ url: `${wrong.url}/rpc/result`, protocolBinding: "JSONRPC" }] }));
    expect(refused[0]!.issues[0]!.code).toBe("insecure_url");
  });
});
