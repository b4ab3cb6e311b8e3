/** The error validators never throw, whatever they are given (the core guard's promise). */
import { describe, expect, it } from "vitest";
import { validateHttpErrorBody, validateHttpResponse, validateJsonRpcError, validateJsonRpcResponse } from "../../src/v1/index.js";

const throwing = new Proxy({}, { get() { throw new Error("boom"); }, ownKeys() { throw new Error("boom"); }, has() { throw new Error("boom"); }, getOwnPropertyDescriptor() { throw new Error("boom"); } });
const revoked = (() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })();
let deep: unknown = {};
for (let i = 0; i < 100_000; i++) deep = { "@type": "type.googleapis.com/x.Y", next: deep };

describe("hostile input", () => {
  const inputs: Array<[string, unknown]> = [
    ["a throwing proxy", throwing],
    ["a revoked proxy", revoked],
    ["a throwing proxy as data", { code: -32001, message: "x", data: throwing }],
    ["a revoked proxy as a detail", { code: -32001, message: "x", data: [revoked] }],
    ["a detail nested 100,000 deep", { code: -32001, message: "x", data: [deep] }],
    ["a getter for code", Object.defineProperty({ message: "x" }, "code", { get() { throw new Error("boom"); }, enumerable: true })],
  ];

  it.each(inputs)("%s: a result, never a throw", (_what, input) => {
    for (const r of [
      validateJsonRpcError(input),
      validateHttpErrorBody(input),
      validateHttpErrorBody({ error: input }, { status: 404 }),
      validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: input }),
      validateJsonRpcResponse("GetTask", { jsonrpc: "2.0", id: 1, error: input }, { mode: "lenient" }),
      validateHttpResponse({ method: "GET", path: "/tasks/t", status: 404, body: { error: input } }),
    ]) expect(typeof r.ok).toBe("boolean");
    expect(validateJsonRpcError["~standard"].validate(input)).toBeTypeOf("object");
  });

  it("a throwing options object", () => {
    expect(validateHttpErrorBody({ error: { code: 404, status: "NOT_FOUND", message: "m" } }, throwing as never).ok).toBe(false);
  });
});
