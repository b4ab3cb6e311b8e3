/**
 * The adapters never throw on options that cannot be read (a throwing getter, a revoked proxy): the door
 * fails closed, answering every request with an internal error, as it does for an invalid card.
 */
import { describe, expect, it } from "vitest";
import { a2aExpress, a2aFetch } from "../../src/server/index.js";

const hostile = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return [
    Object.defineProperty({}, "card", { get: () => { throw new Error("boom"); }, enumerable: true }),
    Object.defineProperty({}, "binding", { get: () => { throw proxy; }, enumerable: true }),
    proxy,
  ];
};

const request = () =>
  new Request("http://127.0.0.1/a2a", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "t-1" } }) });

describe("adapters with options that cannot be read", () => {
  it.each(hostile().map((o, i) => [i, o]))("a2aFetch #%s refuses every request with -32603, never throws", async (_i, options) => {
    let called = false;
    const handler = a2aFetch(async () => ((called = true), new Response("{}")), options as never);
    const res = await handler(request());
    expect(called).toBe(false);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32603 } });
  });

  it.each(hostile().map((o, i) => [i, o]))("a2aExpress #%s is made without throwing", (_i, options) => {
    expect(typeof a2aExpress(options as never)).toBe("function");
  });
});
