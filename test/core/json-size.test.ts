import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkJsonSize, jsonByteSize } from "../../src/core/json-size.js";

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v), "utf8");

describe("jsonByteSize", () => {
  it("equals the UTF-8 length of JSON.stringify for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonByteSize(v, Infinity)).toEqual({ kind: "ok", bytes: bytes(v) });
      }),
      { numRuns: 3000 },
    );
  });

  it("counts escapes, astral characters and lone surrogates as JSON.stringify writes them", () => {
    for (const s of ['"\\', "\u0000\u001f\b\t\n\f\r", "é€😀", "\ud800x", "x\udc00", "\u007f\u2028"]) {
      expect(jsonByteSize({ s, [s]: [s, undefined, () => 1] }, Infinity)).toEqual({ kind: "ok", bytes: bytes({ s, [s]: [s, undefined, () => 1] }) });
    }
  });

  it("stops early once over the limit", () => {
    const r = jsonByteSize({ a: "x".repeat(100), b: "y".repeat(1_000_000) }, 50);
    expect(r.kind).toBe("over");
  });

  it("reports cycles, BigInts and toJSON objects instead of throwing", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(jsonByteSize(cyclic, Infinity)).toEqual({ kind: "not_json", reason: "a circular reference" });
    expect(jsonByteSize({ n: 1n }, Infinity)).toEqual({ kind: "not_json", reason: "a BigInt" });
    expect(jsonByteSize({ d: new Date(0) }, Infinity)).toEqual({ kind: "not_json", reason: "an object with toJSON()" });
  });

  it("finds a cycle of any length entered at any depth, in objects and arrays", () => {
    for (const entry of [0, 1, 7, 40]) {
      for (const length of [1, 2, 3, 15, 16, 17, 33, 100]) {
        const ring: Array<Record<string, unknown> | unknown[]> = Array.from({ length }, (_, i) => (i % 2 ? [] : {}));
        ring.forEach((node, i) => {
          const next = ring[(i + 1) % length]!;
          if (Array.isArray(node)) node.push(1, next);
          else node.next = next;
        });
        let root: unknown = ring[0];
        for (let d = 0; d < entry; d++) root = { down: root };
        expect(jsonByteSize(root, Infinity), `cycle of ${length} entered at depth ${entry}`).toEqual({ kind: "not_json", reason: "a circular reference" });
      }
    }
  });

  it("measures 100,000 levels of nesting exactly, without recursion", () => {
    let v: unknown = [];
    for (let i = 0; i < 100_000; i++) v = i % 2 ? { k: v } : [v];
    expect(jsonByteSize(v, Infinity)).toEqual({ kind: "ok", bytes: 100_000 / 2 * ("{\"k\":}".length + "[]".length) + 2 });
  });

  it("counts a shared wide subtree once per reference, as JSON.stringify writes it", () => {
    const wide = Array.from({ length: 40 }, (_, i) => ({ i, s: "é".repeat(i) }));
    const v = { a: [wide, { b: wide }], c: Array.from({ length: 30 }, () => wide) };
    expect(jsonByteSize(v, Infinity)).toEqual({ kind: "ok", bytes: bytes(v) });
    const self: Record<string, unknown> = { wide };
    self.again = { self };
    expect(jsonByteSize({ x: [self] }, Infinity)).toEqual({ kind: "not_json", reason: "a circular reference" });
  });

  it("does not count a shared (non-cyclic) object as a cycle", () => {
    const shared = { x: 1 };
    const v = { a: shared, b: [shared, shared] };
    expect(jsonByteSize(v, Infinity)).toEqual({ kind: "ok", bytes: bytes(v) });
  });

  it("handles nesting far deeper than the call stack", () => {
    let deep: unknown = {};
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    const r = jsonByteSize(deep, Infinity);
    expect(r).toEqual({ kind: "ok", bytes: 200_000 * 6 + 2 });
  });
});

describe("checkJsonSize", () => {
  it("gives the exact walk's verdict, through either path", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 400 }), (v, limit) => {
        const within = ["ok", "within"].includes(checkJsonSize(v, limit).kind);
        expect(within).toBe(bytes(v) <= limit);
      }),
      { numRuns: 5000 },
    );
  });
  it("still reports cycles and non-JSON values", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.a = cyclic;
    expect(checkJsonSize(cyclic, 1e9).kind).toBe("not_json");
    expect(checkJsonSize({ n: 1n }, 1e9).kind).toBe("not_json");
  });
});
