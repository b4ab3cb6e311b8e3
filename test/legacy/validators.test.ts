import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as L from "../../src/legacy/index.js";
import { MAX_ISSUES } from "../../src/core/result.js";
import { SCHEMA_EXAMPLES } from "../support/legacy-arbitraries.js";

const request = SCHEMA_EXAMPLES.find((e) => e.message_type === "request")!;
const validators = Object.entries(L).filter(([k, v]) => k.startsWith("validate") && typeof v === "function") as Array<[string, (x: unknown) => L.ValidationResult<unknown>]>;

describe("validateMessage", () => {
  it("dispatches on message_type and returns the input as value", () => {
    const r = L.validateMessage(request);
    expect(r).toEqual({ ok: true, value: request });
    if (r.ok) expect(r.value).toBe(request);
  });

  it("reports an unknown type as one issue at /message_type listing the 13 types", () => {
    const r = L.validateMessage({ ...request, message_type: "ping", extra: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ pointer: "/message_type", path: ["message_type"], code: "enum", allowed: L.MESSAGE_TYPES });
    expect(r.issues[0]!.message).toContain('"stream_end", got "ping"');
  });

  it("reports non-objects and a missing type at the root", () => {
    expect(L.validateMessage([])).toMatchObject({ ok: false, issues: [{ pointer: "", code: "type", message: "must be an object, got an array" }] });
    expect(L.validateMessage({})).toMatchObject({ ok: false, issues: [{ pointer: "", code: "required", property: "message_type" }] });
  });

  it("reports a missing property at the parent, an extra one at its own path", () => {
    const { sender_id: _drop, ...rest } = request;
    const r = L.validateMessage({ ...rest, surplus: true });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "", code: "required", property: "sender_id", message: 'missing required property "sender_id"' }),
        expect.objectContaining({ pointer: "/surplus", code: "unknown_property" }),
      ]),
    );
  });

  it("writes messages for humans, with what was expected and found", () => {
    const r = L.validateMessage({ ...request, timestamp: "2025-12-09T15:30:00", payload: { method: 42 } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPointer = Object.fromEntries(r.issues.map((i) => [i.pointer, i.message]));
    expect(byPointer["/timestamp"]).toBe('must be a UTC timestamp like 2025-12-09T15:30:00.000Z, got "2025-12-09T15:30:00" (not in the form YYYY-MM-DDTHH:MM:SSZ)');
    expect(byPointer["/payload/method"]).toBe("must be a string, got 42");
  });

  it("escapes pointers per RFC 6901", () => {
    const r = L.validateRequestMessage({ ...request, payload: { method: "m", "a/b~c": 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ pointer: "/payload/a~1b~0c", path: ["payload", "a/b~c"] });
  });

  it("caps the issue list and says so", () => {
    const huge = { ...request, payload: { method: "m", ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) } };
    const r = L.validateMessage(huge);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toHaveLength(MAX_ISSUES + 1);
    expect(r.issues[MAX_ISSUES]).toMatchObject({ code: "too_many_issues", message: `too many issues: showing the first ${MAX_ISSUES} of 5000` });
  });
});

describe("cross-field rules", () => {
  const auth = { agent_id: "client-agent-001", timestamp: "2025-12-09T15:30:00.000Z", nonce: "a1b2c3d4e5f60718293a4b5c6d7e8f90", signature: "SGVsbG8=" };
  it("auth.agent_id must equal sender_id", () => {
    expect(L.validateMessage({ ...request, auth }).ok).toBe(true);
    expect(L.validateMessage({ ...request, auth: { ...auth, agent_id: "another-agent" } })).toMatchObject({
      ok: false,
      issues: [{ pointer: "/auth/agent_id", code: "mismatch" }],
    });
  });
  it("the payload may serialize to at most 10 MiB of UTF-8", () => {
    const near = L.MAX_PAYLOAD_BYTES - JSON.stringify({ method: "m", parameters: { s: "" } }).length;
    expect(L.validateMessage({ ...request, payload: { method: "m", parameters: { s: "x".repeat(near) } } }).ok).toBe(true);
    expect(L.validateMessage({ ...request, payload: { method: "m", parameters: { s: "x".repeat(near + 1) } } })).toMatchObject({
      ok: false,
      issues: [{ pointer: "/payload", code: "too_large" }],
    });
    // 2-byte characters count twice.
    expect(L.validateMessage({ ...request, payload: { method: "m", parameters: { s: "é".repeat(near / 2 + 1) } } }).ok).toBe(false);
  });
});

describe("every validator, on hostile input", () => {
  const cyclic: Record<string, unknown> = { ...request, payload: { method: "m" } };
  (cyclic.payload as Record<string, unknown>).parameters = cyclic;
  let deep: unknown = {};
  for (let i = 0; i < 100_000; i++) deep = { d: deep };
  const throwing = { ...request };
  Object.defineProperty(throwing, "payload", { enumerable: true, get: () => { throw new Error("boom"); } });
  const hostile: unknown[] = [
    undefined, null, 0, NaN, "", "x".repeat(10 * 1024 * 1024), [], [request], () => 1, Symbol("s"), 1n,
    JSON.parse('{"__proto__": {"message_type": "request"}, "constructor": 1}'),
    { ...request, __proto__: null }, Object.create(request), cyclic, { ...request, payload: { method: "m", parameters: deep } }, throwing,
    { ...request, message_id: "x".repeat(1_000_000) }, new Proxy({}, { ownKeys: () => { throw new Error("trap"); } }),
  ];

  it.each(validators.map(([n]) => n))("%s never throws and returns a result", (name) => {
    const v = Object.fromEntries(validators)[name]!;
    for (const input of hostile) {
      const r = v(input);
      expect(typeof r.ok).toBe("boolean");
      if (!r.ok) for (const i of r.issues) expect(typeof i.message).toBe("string");
    }
  });

  it("never mutates its input", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEMA_EXAMPLES), fc.jsonValue(), (ex, noise) => {
        const input = { ...structuredClone(ex), payload: { ...(ex.payload as object), noise } };
        const before = structuredClone(input);
        for (const [, v] of validators) v(input);
        expect(input).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps __proto__ as data and flags it as an unknown property", () => {
    const input = JSON.parse(JSON.stringify(request).replace("{", '{"__proto__":{"x":1},'));
    const r = L.validateMessage(input);
    expect(r).toMatchObject({ ok: false, issues: [{ pointer: "/__proto__", code: "unknown_property" }] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("guards, asserts and Standard Schema", () => {
  it("guards agree with validators", () => {
    expect(L.isRequestMessage(request)).toBe(true);
    expect(L.isRequestMessage({ ...request, payload: {} })).toBe(false);
    expect(L.isMessage(request)).toBe(true);
    expect(L.isMessage(42)).toBe(false);
  });

  it("assert throws a ValidationError that carries the issues and prints them", () => {
    expect(() => L.assertRequestMessage(request)).not.toThrow();
    try {
      L.assertRequestMessage({ ...request, payload: {} });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(L.ValidationError);
      const err = e as L.ValidationError;
      expect(err.typeName).toBe("RequestMessage");
      expect(err.issues).toMatchObject([{ pointer: "/payload", code: "required", property: "method" }]);
      expect(err.message).toBe('Invalid RequestMessage: 1 issue\n  /payload: missing required property "method"');
    }
  });

  it("every validator implements Standard Schema v1", () => {
    for (const [, v] of validators) {
      const std = (v as unknown as { "~standard": { version: number; vendor: string; validate: (x: unknown) => unknown } })["~standard"];
      expect(std.version).toBe(1);
      expect(std.vendor).toBe("a2a-schemas");
    }
    const std = L.validateMessage["~standard"];
    expect(std.validate(request)).toEqual({ value: request });
    expect(std.validate({ ...request, message_id: "nope" })).toMatchObject({ issues: [{ path: ["message_id"], message: expect.stringContaining("UUID v4") }] });
  });
});

describe("freshness (opt-in)", () => {
  const now = Date.parse("2025-12-09T15:30:00.000Z");
  it("accepts the second edition's freshness window and rejects outside it", () => {
    expect(L.checkFreshness({ timestamp: "2025-12-09T15:25:00.000Z" }, { now })).toEqual([]);
    expect(L.checkFreshness({ timestamp: "2025-12-09T15:24:59.999Z" }, { now })).toMatchObject([{ pointer: "/timestamp", code: "stale" }]);
    expect(L.checkFreshness({ timestamp: "2025-12-09T15:31:00.000Z" }, { now })).toEqual([]);
    expect(L.checkFreshness({ timestamp: "2025-12-09T15:31:00.001Z" }, { now })).toMatchObject([{ code: "from_future" }]);
    expect(L.checkFreshness({ timestamp: "2025-12-09T15:00:00Z" }, { now, maxAgeMs: 3_600_000 })).toEqual([]);
    expect(L.checkFreshness({ timestamp: 5 }, { now })).toMatchObject([{ code: "format" }]);
  });
  it("validation itself never depends on the clock", () => {
    expect(L.validateMessage({ ...request, timestamp: "1970-01-01T00:00:00Z" }).ok).toBe(true);
  });
});
