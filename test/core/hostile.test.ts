/**
 * Regression tests for hostile input on the failure path: bounded issue
 * collection (once quadratic in the number of failing items) and constant-time
 * handling of strings far over their cap. Work is asserted by what the library
 * reports and by counting, never by the clock (budgets live in `npm run bench`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectIssues, type AjvError } from "../../src/core/ajv-issues.js";
import { ERROR_BUDGET, errorBudget } from "../../src/core/error-budget.js";
import { MAX_ISSUES } from "../../src/core/result.js";
import * as L from "../../src/legacy/index.js";
import * as S from "../../src/session/index.js";
import * as V1 from "../../src/v1/index.js";

const root = join(import.meta.dirname, "../..");
const fixture = (p: string) => JSON.parse(readFileSync(join(root, "fixtures", p), "utf8"));
const request = fixture("legacy/valid/request/get-price.json");
const emptyParts = (n: number) => ({ messageId: "m-1", role: "ROLE_USER", parts: Array.from({ length: n }, () => ({})) });

describe("failure paths with many failing items", () => {
  it("stop once the error budget is spent, and say so (200,000 empty parts through JSON-RPC)", () => {
    const r = V1.validateJsonRpcRequest({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: emptyParts(200_000) } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(MAX_ISSUES + 1);
    expect(r.issues[0]).toMatchObject({ pointer: "/params/message/parts/0", code: "no_match" });
    expect(r.issues[MAX_ISSUES]).toMatchObject({ code: "too_many_issues", message: `too many issues: showing the first ${MAX_ISSUES}; validation stopped after ${ERROR_BUDGET} errors` });
    expect(errorBudget.left).toBe(Infinity); // reset for the next call
  });

  it("in lenient mode too", () => {
    const r = V1.validate("Message", emptyParts(200_000), { mode: "lenient" });
    expect(!r.ok && r.issues.at(-1)).toMatchObject({ code: "too_many_issues" });
  });

  it("count the issues past the cap exactly when the budget was not spent", () => {
    const r = V1.validateMessage(emptyParts(150));
    expect(!r.ok && r.issues[MAX_ISSUES]).toMatchObject({ code: "too_many_issues", message: `too many issues: showing the first ${MAX_ISSUES} of 150` });
  });

  it("read at most MAX_ISSUES errors into issues, counting the rest", () => {
    let reads = 0;
    const errors: AjvError[] = Array.from({ length: 50_000 }, (_, i) => ({
      instancePath: `/x${i}`,
      schemaPath: "#/type",
      keyword: "type",
      get params() {
        reads++;
        return { type: "string" };
      },
    }));
    const { issues, rest } = collectIssues(errors, {}, {}, MAX_ISSUES);
    expect(issues).toHaveLength(MAX_ISSUES);
    expect(rest).toBe(50_000 - MAX_ISSUES);
    expect(reads).toBe(MAX_ISSUES);
  });

  it("collapse thousands of failed alternatives in one pass (the list read once)", () => {
    // 20,000 items, each a failed oneOf with two branch errors before it: the
    // old collapse re-scanned the list from the start for each one.
    const errors: AjvError[] = [];
    for (let i = 0; i < 20_000; i++) {
      errors.push({ instancePath: `/parts/${i}`, schemaPath: "#/oneOf/0/required", keyword: "required", params: { missingProperty: "text" } });
      errors.push({ instancePath: `/parts/${i}`, schemaPath: "#/oneOf/1/required", keyword: "required", params: { missingProperty: "url" } });
      errors.push({ instancePath: `/parts/${i}`, schemaPath: "#/oneOf", keyword: "oneOf", params: { passingSchemas: null } });
    }
    let reads = 0;
    const counted = new Proxy(errors, {
      get(t, k, r) {
        reads++;
        return Reflect.get(t, k, r);
      },
    });
    const { issues, rest } = collectIssues(counted, { parts: [] }, {}, MAX_ISSUES);
    expect(reads).toBeLessThan(2 * errors.length + 10);
    expect(issues).toHaveLength(MAX_ISSUES);
    expect(rest).toBe(20_000 - MAX_ISSUES);
  });

  it("for every family", () => {
    const unknown = (base: object, n: number) => Object.assign({}, base, Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${i}`, i])));
    const legacy = L.validateRequestMessage(unknown(request, 30_000));
    expect(!legacy.ok && legacy.issues.at(-1)).toMatchObject({ code: "too_many_issues", message: expect.stringContaining("validation stopped") });
    const session = S.validateSendMessageRequest(unknown({ content: "hi" }, 30_000), { mode: "strict" });
    expect(!session.ok && session.issues.at(-1)).toMatchObject({ code: "too_many_issues", message: expect.stringContaining("validation stopped") });
  });
});

describe("strings far over their cap", () => {
  const huge = "a".repeat(10_000_000);
  const astral = "\u{1F600}".repeat(5_000_000);

  it("are described by their UTF-16 length, not counted or copied", () => {
    for (const s of [huge, astral]) {
      const r = L.validateRequestMessage({ ...request, message_id: s });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      const issue = r.issues.find((i) => i.pointer === "/message_id")!;
      expect(issue).toMatchObject({ code: "too_long", received: "10000000 UTF-16 code units" });
      expect(issue.message.length).toBeLessThan(200);
    }
  });

  it("skip the pattern and format checks of their field (one issue, not two)", () => {
    const r = L.validateRequestMessage({ ...request, message_id: huge, timestamp: huge });
    expect(!r.ok && r.issues.map((i) => `${i.pointer} ${i.code}`)).toEqual(["/message_id too_long", "/timestamp too_long"]);
    const t = V1.validateTaskStatus({ state: "TASK_STATE_WORKING", timestamp: astral });
    expect(!t.ok && t.issues.map((i) => `${i.pointer} ${i.code}`)).toEqual(["/timestamp too_long"]);
  });

  it("just over the cap are still counted in code points", () => {
    const r = L.validateRequestMessage({ ...request, message_id: "a".repeat(40) });
    expect(!r.ok && r.issues.find((i) => i.code === "too_long")).toMatchObject({ received: "40" });
    // 20 emoji are 40 UTF-16 units but 20 characters: within the cap, so the pattern speaks.
    const e = L.validateRequestMessage({ ...request, message_id: "\u{1F600}".repeat(20) });
    expect(!e.ok && e.issues.map((i) => i.code)).toEqual(["pattern"]);
  });

  it("in a payload over the size cap are refused by a lower bound, without a scan", () => {
    const s = "\u{1F600}".repeat(5_300_000); // 10.6 M UTF-16 units: over 10 MiB whatever they hold
    const real = String.prototype.charCodeAt;
    let calls = 0;
    String.prototype.charCodeAt = function (this: string, i: number) {
      calls++;
      return real.call(this, i);
    };
    let r: ReturnType<typeof L.validateRequestMessage>;
    try {
      r = L.validateRequestMessage({ ...request, payload: { method: "get_price", parameters: { currency: s } } });
    } finally {
      String.prototype.charCodeAt = real;
    }
    expect(!r.ok && r.issues[0]).toMatchObject({ pointer: "/payload", code: "too_large" });
    expect(calls).toBeLessThan(10_000);
  });
});

describe("builders on hostile arguments", () => {
  it("refuse a fake byte array instead of looping over its claimed length", () => {
    const fake = { length: 2 ** 32, subarray: () => [] };
    expect(() => V1.createFilePart({ bytes: fake } as never)).toThrow(/argument "bytes" must be a Uint8Array/);
  });

  it("refuse a string where options belong instead of spreading it into keys", () => {
    expect(() => V1.createTextPart("hello", "x".repeat(100_000) as never)).toThrow(/argument "options" must be an object/);
    expect(() => L.createDiscoverAgentsMessage({ senderId: "agent-1", query: "x".repeat(100_000) as never })).toThrow(L.ValidationError);
  });

  it("keep __proto__ an own key of what they build", () => {
    const opts = JSON.parse('{"__proto__": {"polluted": true}, "mediaType": "text/plain"}');
    expect(() => V1.createTextPart("hi", opts)).toThrow(V1.ValidationError); // an unknown field, not a new prototype
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
