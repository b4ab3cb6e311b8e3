import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "./helpers.js";
import { detectVersion } from "../../src/versions/detect.js";

const ROOT = join(__dirname, "../..");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".json") && !p.endsWith(".expect.json") ? [p] : [];
  });
}

const v03Send = {
  jsonrpc: "2.0",
  id: 1,
  method: "message/send",
  params: { message: { kind: "message", messageId: "m1", role: "user", parts: [{ kind: "text", text: "hi" }] } },
};
const v1Send = { jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { messageId: "m1", role: "ROLE_USER", parts: [{ text: "hi" }] } } };

const v1Card = {
  name: "A",
  description: "d",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://a.example/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [],
};
const hybridCard = { ...v1Card, url: "https://a.example/rpc", preferredTransport: "JSONRPC", protocolVersion: "0.3.0" };
const { supportedInterfaces: _drop, ...v03Card } = hybridCard;

describe("detectVersion", () => {
  it("reads a JSON-RPC method name as deciding", () => {
    const r = detectVersion(v03Send);
    expect(r.version).toBe("0.3");
    expect(r.decidedBy).toBe("document");
    expect(r.evidence[0]).toMatchObject({ source: "document", pointer: "/method", value: "message/send", version: "0.3" });
    expect(r.evidence.map((e) => e.pointer)).toContain("/params/message/parts/0/kind");
    expect(detectVersion(v1Send).version).toBe("1.0");
    // The method decides even when the params say otherwise.
    expect(detectVersion({ ...v1Send, method: "message/send" }).version).toBe("0.3");
  });

  it("tells result shapes apart", () => {
    const task03 = { id: "t", contextId: "c", kind: "task", status: { state: "working" } };
    expect(detectVersion({ jsonrpc: "2.0", id: 1, result: task03 }).version).toBe("0.3");
    const r = detectVersion({ jsonrpc: "2.0", id: 1, result: { task: { id: "t", contextId: "c", status: { state: "TASK_STATE_WORKING" } } } });
    expect(r.version).toBe("1.0");
    expect(r.evidence.find((e) => e.pointer === "/result/task")?.version).toBe("1.0");
    expect(detectVersion({ kind: "status-update", taskId: "t", contextId: "c", status: { state: "completed" }, final: true }).version).toBe("0.3");
  });

  it("reads HTTP+JSON bodies: the v0.3 proto's own names, v1.0's own names", () => {
    expect(detectVersion({ message: { messageId: "m", role: "ROLE_USER", content: [{ text: "hi" }] } }).version).toBe("0.3");
    expect(detectVersion({ message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "hi" }] }, configuration: { returnImmediately: true } }).version).toBe("1.0");
    expect(detectVersion({ configuration: { blocking: true } }).version).toBe("0.3");
    expect(detectVersion({ name: "tasks/t1/pushNotificationConfigs/c1", pushNotificationConfig: { url: "https://x" } }).version).toBe("0.3");
    expect(detectVersion({ taskId: "t1", url: "https://x", authentication: { scheme: "Bearer" } }).version).toBe("1.0");
  });

  it("calls forms both versions' proto JSON share 1.0 only when nothing else speaks", () => {
    const shared = { id: "t", contextId: "c", status: { state: "TASK_STATE_COMPLETED" } };
    expect(detectVersion(shared).version).toBe("1.0");
    expect(detectVersion({ ...shared, status: { state: "TASK_STATE_COMPLETED", update: { messageId: "m", role: "ROLE_AGENT", content: [] } } }).version).toBe("0.3");
  });

  it("names cards: v1.0, v0.3, hybrid", () => {
    expect(detectVersion(v1Card).version).toBe("1.0");
    expect(detectVersion(v03Card).version).toBe("0.3");
    const r = detectVersion(hybridCard);
    expect(r.version).toBe("hybrid");
    expect(r.evidence.filter((e) => e.version === "0.3").map((e) => e.pointer)).toEqual(["/url", "/preferredTransport", "/protocolVersion"]);
    expect(r.evidence.find((e) => e.version === "1.0")?.pointer).toBe("/supportedInterfaces");
    // A hybrid card inside a JSON-RPC result is still one.
    expect(detectVersion({ jsonrpc: "2.0", id: 1, result: hybridCard }).version).toBe("hybrid");
  });

  it("calls both versions outside a card unknown, and nothing at all unknown", () => {
    const mixed = detectVersion({ id: "t", kind: "task", status: { state: "TASK_STATE_CANCELED" } });
    expect(mixed.version).toBe("unknown");
    expect(new Set(mixed.evidence.map((e) => e.version))).toEqual(new Set(["0.3", "1.0"]));
    expect(detectVersion({ hello: "world" })).toEqual({ version: "unknown", decidedBy: "none", document: "unknown", evidence: [] });
    for (const x of [null, undefined, 42, "text", [], [1, 2]]) expect(detectVersion(x).version).toBe("unknown");
  });

  it("lets a given A2A-Version decide, and says what the document says", () => {
    const r = detectVersion(v03Send, { header: "1.0" });
    expect(r).toMatchObject({ version: "1.0", decidedBy: "header", document: "0.3" });
    expect(r.evidence[0]).toMatchObject({ source: "header", value: "1.0", version: "1.0" });
    expect(r.evidence[0]!.pointer).toBeUndefined();
    expect(detectVersion(v1Send, { header: "" }).version).toBe("0.3"); // section 3.6.2
    expect(detectVersion(v1Send, { header: "  " }).version).toBe("0.3");
    expect(detectVersion(v1Send, { header: null })).toMatchObject({ version: "0.3", decidedBy: "header" }); // no header sent
    expect(detectVersion(v1Send, { header: undefined })).toMatchObject({ version: "1.0", decidedBy: "document" }); // none known
    expect(detectVersion(v1Send, { header: "0.3.0" }).version).toBe("0.3"); // a patch number is ignored
    expect(detectVersion(v03Send, { header: "1.0.1" }).version).toBe("1.0");
    expect(detectVersion(v03Send, { header: "2.0" })).toMatchObject({ version: "unknown", decidedBy: "header", document: "0.3" });
    expect(detectVersion(v03Send, { header: "latest" }).version).toBe("unknown");
    expect(detectVersion(v03Send, { header: 1 as never }).version).toBe("unknown");
  });

  it("never throws, never changes its input, and reads a bounded part of hostile input", () => {
    const getter = { jsonrpc: "2.0", get method(): string {
      throw new Error("boom");
    } };
    expect(detectVersion(getter)).toMatchObject({ version: "unknown" });
    expect(detectVersion(getter, { header: "1.0" })).toMatchObject({ version: "1.0", decidedBy: "header" });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(detectVersion(proxy).version).toBe("unknown");
    expect(detectVersion({ result: proxy }).version).toBe("unknown");
    const options = new Proxy({}, { get: () => { throw 42; } });
    expect(detectVersion(v03Send, options as never).version).toBe("unknown");

    // Deep: 100,000 nested results, read only as far as the node budget.
    let deep: Record<string, unknown> = { kind: "task" };
    for (let i = 0; i < 100_000; i++) deep = { result: deep };
    expect(detectVersion(deep).version).toBe("unknown");
    // Wide: a history of 200,000 messages; only a few are read.
    let reads = 0;
    const history = new Proxy(
      Array.from({ length: 200_000 }, () => ({ messageId: "m", role: "user", parts: [] })),
      { get: (t, k, r) => ((reads += 1), Reflect.get(t, k, r)) },
    );
    expect(detectVersion({ id: "t", history }).version).toBe("0.3");
    expect(reads).toBeLessThan(100);

    const frozen = JSON.parse(JSON.stringify({ jsonrpc: "2.0", id: 1, result: hybridCard }));
    deepFreeze(frozen);
    const before = JSON.stringify(frozen);
    expect(detectVersion(frozen).version).toBe("hybrid");
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it("answers every value and header with one of its four versions", () => {
    const versions = ["1.0", "0.3", "hybrid", "unknown"];
    // A2A-shaped keys, so that the walk goes deep; any values under them.
    const keys = fc.constantFrom("jsonrpc", "method", "params", "result", "message", "kind", "role", "parts", "status", "state", "history", "url", "supportedInterfaces", "capabilities", "skills", "securitySchemes", "type", "configuration", "blocking", "final", "taskId", "text", "file");
    const doc = fc.letrec((tie) => ({ node: fc.oneof({ depthSize: "small" }, fc.anything(), fc.dictionary(keys, tie("node")), fc.array(tie("node"), { maxLength: 4 })) })).node;
    fc.assert(
      fc.property(doc, fc.option(fc.string(), { nil: undefined }), (d, header) => {
        const before = JSON.stringify(d);
        const r = detectVersion(d, header === undefined ? undefined : { header });
        expect(versions).toContain(r.version);
        expect(versions).toContain(r.document);
        expect(r.evidence.length).toBeLessThanOrEqual(25);
        expect(JSON.stringify(d)).toBe(before);
      }),
      { numRuns: 300, seed: 20 },
    );
  });

  it("caps its evidence", () => {
    const parts = Array.from({ length: 50 }, (_, i) => ({ kind: "text", text: String(i), mimeType: `x/${i}` }));
    const r = detectVersion({ kind: "message", messageId: "m", role: "user", parts, metadata: { kind: "task" } });
    expect(r.version).toBe("0.3");
    expect(r.evidence.length).toBeLessThanOrEqual(24);
    // metadata is data, never read for evidence
    expect(r.evidence.some((e) => e.pointer?.startsWith("/metadata"))).toBe(false);
  });

  it("never calls a real v0.3 document 1.0, nor a valid v1.0 fixture 0.3 or hybrid", () => {
    const v03 = walk(join(ROOT, "fixtures/v1/real/invalid/v0.3")).map((f) => [f, detectVersion(JSON.parse(readFileSync(f, "utf8"))).version] as const);
    expect(v03.length).toBeGreaterThan(60);
    expect(v03.filter(([, v]) => v !== "0.3" && v !== "unknown")).toEqual([]);
    expect(v03.filter(([, v]) => v === "0.3").length).toBeGreaterThanOrEqual(65);
    const v1 = [...walk(join(ROOT, "fixtures/v1/valid")), ...walk(join(ROOT, "fixtures/v1/real/valid")).filter((f) => !f.includes("/v0.3/"))].map(
      (f) => [f, detectVersion(JSON.parse(readFileSync(f, "utf8"))).version] as const,
    );
    expect(v1.filter(([, v]) => v !== "1.0" && v !== "unknown")).toEqual([]);
    expect(v1.filter(([, v]) => v === "1.0").length).toBeGreaterThanOrEqual(300);
  });
});
