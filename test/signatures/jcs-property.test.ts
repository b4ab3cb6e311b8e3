/**
 * RFC 8785 cross-checks. The library's layer (its input checks, then the
 * `canonicalize` package) must agree byte for byte with json-canonicalize, an
 * independent package, and with a reference written here from the RFC text, on
 * fast-check JSON values salted with the hard cases; the RFC's own number
 * samples pin number serialization down.
 */
import fc from "fast-check";
import { canonicalize as otherJcs } from "json-canonicalize";
import { describe, expect, it } from "vitest";
import { canonicalizeAgentCard } from "../../src/v1/signatures/index.js";
import { jcs } from "../../src/v1/signatures/jcs.js";
import { snapshot } from "../../src/v1/signatures/snapshot.js";

function ours(v: unknown): string | undefined {
  const s = snapshot(v);
  return s.ok ? jcs(s.value) : undefined;
}

// ---------- a reference from RFC 8785 section 3.2 ----------

function refString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) throw new Error("lone surrogate");
      out += s[i]! + s[i + 1]!;
      i++;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) throw new Error("lone surrogate");
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c === 0x08) out += "\\b";
    else if (c === 0x09) out += "\\t";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0c) out += "\\f";
    else if (c === 0x0d) out += "\\r";
    else if (c < 0x20) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}

/** Property names compared as arrays of UTF-16 code units (section 3.2.3). */
function byCodeUnits(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function reference(v: unknown): string {
  if (v === null) return "null";
  if (v === true) return "true";
  if (v === false) return "false";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error("not a JSON number");
    return String(v); // ECMAScript Number::toString, which section 3.2.2.3 adopts
  }
  if (typeof v === "string") return refString(v);
  if (Array.isArray(v)) return "[" + v.map(reference).join(",") + "]";
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort(byCodeUnits);
  return "{" + keys.map((k) => refString(k) + ":" + reference(o[k])).join(",") + "}";
}

// ---------- arbitraries ----------

const hardStrings = fc.constantFrom("", "\u{1F600}", "\uFF01", "\uE000", "\u{10000}", "\u{10FFFF}", "caf\u00e9", "cafe\u0301", "\u007f", "\u0000", "\u001f", "\u2028", "\u2029", '"\\/', "\u{1F600}\u{1F601}", "__proto__", "constructor");
const hardNumbers = fc.constantFrom(1e21, 1e20, 999999999999999900000, -0, 0, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_SAFE_INTEGER, 2 ** 53, 0.000001, 1e-7, 0.1 + 0.2, 1e23, 9.999999999999997e22, 333333333.3333332);
const str = fc.oneof({ weight: 3, arbitrary: fc.string({ unit: "binary" }) }, { weight: 2, arbitrary: hardStrings }, { weight: 1, arbitrary: fc.string({ unit: "grapheme" }) });
const num = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), hardNumbers, fc.integer());
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, fc.constant(null), fc.boolean(), num, str, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 5 }),
  object: fc.dictionary(str, tie("value"), { maxKeys: 6, noNullPrototype: true }),
})).value;

describe("RFC 8785: three implementations agree", () => {
  it("on fast-check JSON values with astral characters, -0, 1e21, 5e-324 and hard keys", () => {
    fc.assert(
      fc.property(json, (v) => {
        const mine = ours(v);
        expect(mine).toBe(reference(v));
        expect(mine).toBe(otherJcs(v));
      }),
      { numRuns: 2000 },
    );
  });

  it("on fast-check's own JSON values, and the result parses back to the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary", maxDepth: 6 }), (v) => {
        const mine = ours(v)!;
        expect(mine).toBe(reference(v));
        expect(mine).toBe(otherJcs(v));
        // -0 is the one value whose text does not round-trip (it prints as 0).
        expect(JSON.parse(mine)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 1000 },
    );
  });

  it("is idempotent: canonical text parsed and canonicalized again is unchanged", () => {
    fc.assert(
      fc.property(json, (v) => {
        const once = ours(v)!;
        expect(ours(JSON.parse(once))).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe("RFC 8785 hard cases", () => {
  // RFC 8785 Appendix B: IEEE 754 bit patterns and their required serialization.
  const appendixB: Array<[string, string]> = [
    ["0000000000000000", "0"],
    ["8000000000000000", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ];
  it.each(appendixB)("the double %s serializes as %s", (hex, want) => {
    const v = Buffer.from(hex, "hex").readDoubleBE(0);
    expect(ours(v)).toBe(want);
    expect(otherJcs(v)).toBe(want);
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
  ])("refuses %s (appendix B's 7fffffffffffffff and 7ff0000000000000)", (_name, v) => {
    const r = canonicalizeAgentCard({ n: v });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ pointer: "/n", code: "not_serializable" });
  });

  it("orders keys by UTF-16 code units, not code points: U+1F600 before U+FF01", () => {
    expect(ours({ "b\uFF01": 1, "b\u{1F600}": 2 })).toBe('{"b\u{1F600}":2,"b\uFF01":1}');
    expect(ours({ "\uE000": 1, "\u{10000}": 2 })).toBe('{"\u{10000}":2,"\uE000":1}');
  });

  it("writes astral characters as themselves, and controls as the RFC's escapes", () => {
    expect(ours(["\u{1F600}", "\u0001\u001f\u007f\b\t\n\f\r\"\\/"])).toBe('["\u{1F600}","\\u0001\\u001f\u007f\\b\\t\\n\\f\\r\\"\\\\/"]');
  });

  it.each(["\ud800", "\udc00", "a\ud800b", "\udc00\ud800", "\ud83d"])("rejects the lone surrogate in %j, in values and in keys, at its path", (s) => {
    const inValue = canonicalizeAgentCard({ skills: [{ name: s }] });
    expect(inValue.ok).toBe(false);
    if (!inValue.ok) expect(inValue.issues[0]).toMatchObject({ pointer: "/skills/0/name", code: "not_serializable" });
    const inKey = canonicalizeAgentCard({ [s]: 1 });
    expect(inKey.ok).toBe(false);
    expect(ours(s)).toBeUndefined();
  });

  it("fast-check: any string with a lone surrogate is refused, any well-formed one accepted", () => {
    const lone = fc.tuple(fc.string({ unit: "binary" }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ unit: "binary" })).map(([a, c, b]) => a + String.fromCharCode(c) + b);
    fc.assert(
      fc.property(lone, (s) => {
        const wellFormed = (s as unknown as { isWellFormed(): boolean }).isWellFormed();
        expect(ours({ s }) !== undefined).toBe(wellFormed);
      }),
      { numRuns: 1000 },
    );
  });
});
