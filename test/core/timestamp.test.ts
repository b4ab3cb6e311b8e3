import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEGACY_TIMESTAMP, isUtcTimestamp, timestampProblem } from "../../src/core/timestamp.js";

const SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z$/;

describe("legacy UTC timestamps", () => {
  it.each([
    "2025-12-09T15:30:00.000Z",
    "2025-12-09T15:30:00Z",
    "2024-02-29T00:00:00Z",
    "2000-02-29T23:59:59.999Z",
    "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
  ])("accepts %s", (s) => expect(timestampProblem(s, LEGACY_TIMESTAMP)).toBeUndefined());

  it.each([
    ["2025-02-29T10:00:00Z", "February 29 in 2025, not a leap year"],
    ["1900-02-29T10:00:00Z", "February 29 in 1900, not a leap year"],
    ["2025-02-30T10:00:00Z", "day 30 of month 2"],
    ["2025-04-31T10:00:00Z", "day 31 of month 4"],
    ["2025-13-01T10:00:00Z", "month 13"],
    ["2025-00-01T10:00:00Z", "month 0"],
    ["2025-01-00T10:00:00Z", "day 0 of month 1"],
    ["2025-01-01T24:00:00Z", "hour 24"],
    ["2025-01-01T23:60:00Z", "minute 60"],
    ["2016-12-31T23:59:60Z", "second 60"],
    ["0000-01-01T00:00:00Z", "year 0000"],
    ["2025-12-09t15:30:00Z", "not in the form YYYY-MM-DDTHH:MM:SSZ"],
    ["2025-12-09 15:30:00Z", "not in the form YYYY-MM-DDTHH:MM:SSZ"],
    ["2025-12-09T15:30:00z", "not in UTC (must end in an uppercase Z)"],
    ["2025-12-09T15:30:00+00:00", "not in UTC (must end in an uppercase Z)"],
    ["2025-12-09T15:30:00+0530", "not in UTC (must end in an uppercase Z)"],
    ["2025-12-09T15:30:00", "not in the form YYYY-MM-DDTHH:MM:SSZ"],
    ["2025-12-09T15:30:00.1Z", "1 fractional digits (allowed: 0, 3)"],
    ["2025-12-09T15:30:00.123456Z", "6 fractional digits (allowed: 0, 3)"],
    ["2025-12-09T15:30:00.Z", "a decimal point without digits"],
    ["2025-12-09T15:30:00.000ZZ", "text after the Z"],
    ["", "not in the form YYYY-MM-DDTHH:MM:SSZ"],
  ])("rejects %s (%s)", (s, why) => expect(timestampProblem(s, LEGACY_TIMESTAMP)).toBe(why));

  it("accepts offsets and other precisions only when the rule says so", () => {
    expect(timestampProblem("2026-01-01T05:30:00+05:30", { offsets: true })).toBeUndefined();
    expect(timestampProblem("2026-01-01T00:00:00.123456789Z", { fractionDigits: [0, 3, 6, 9] })).toBeUndefined();
    expect(timestampProblem("2026-01-01T00:00:00.1234Z", { fractionDigits: [0, 3, 6, 9] })).toBe("4 fractional digits (allowed: 0, 3, 6, 9)");
    expect(timestampProblem("2026-01-01T00:00:00+24:00", { offsets: true })).toBe("an offset out of range");
  });

  it("agrees with Date for every instant Date can print", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true }), (d) => {
        const iso = d.toISOString();
        expect(isUtcTimestamp(iso)).toBe(true);
        expect(isUtcTimestamp(iso.replace(/\.\d{3}Z$/, "Z"))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never accepts what the schema's pattern rejects, and matches Date.parse on the calendar", () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const candidate = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), two(13), two(32), two(25), two(61), two(61), fc.constantFrom("", ".000", ".5", ".123456"), fc.constantFrom("Z", "z", "+00:00", ""))
      .map(([y, mo, d, h, mi, s, f, z]) => `${String(y).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}${f}${z}`);
    fc.assert(
      fc.property(fc.oneof(candidate, fc.string()), (s) => {
        if (!isUtcTimestamp(s)) return;
        expect(s).toMatch(SHAPE);
        // A real instant: Date round-trips it to the same calendar fields.
        const ms = Date.parse(s);
        expect(Number.isNaN(ms)).toBe(false);
        expect(new Date(ms).toISOString().slice(0, 19)).toBe(s.slice(0, 19));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("isUtcTimestamp (hot path)", () => {
  it("gives exactly timestampProblem's verdict", () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const near = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), two(13), two(32), two(25), two(61), two(61), fc.constantFrom("", ".000", ".12", ".1234", "."), fc.constantFrom("Z", "z", "+00:00", "", "ZZ"))
      .map(([y, mo, d, h, mi, s, f, z]) => `${String(y).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}${f}${z}`);
    const mangled = near.chain((s) => fc.tuple(fc.nat({ max: s.length - 1 }), fc.string({ minLength: 1, maxLength: 1 })).map(([i, c]) => s.slice(0, i) + c + s.slice(i + 1)));
    fc.assert(
      fc.property(fc.oneof(near, mangled, fc.string()), (s) => {
        expect(isUtcTimestamp(s)).toBe(timestampProblem(s, LEGACY_TIMESTAMP) === undefined);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("v1 strict timestamps imply the Timestamp pattern (the first-error validators skip it)", () => {
  it("isStrictTimestamp never accepts what schemas/v1/a2a.json#/$defs/Timestamp's pattern rejects", async () => {
    const { isStrictTimestamp } = await import("../../src/v1/formats.js");
    const bundle = (await import("../../schemas/v1/a2a.json", { with: { type: "json" } })).default as { $defs: { Timestamp: { pattern: string } } };
    const pattern = new RegExp(bundle.$defs.Timestamp.pattern, "u");
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const candidate = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), two(13), two(32), two(25), two(61), two(61), fc.constantFrom("", ".000", ".5", ".123456", ".123456789", ".1234"), fc.constantFrom("Z", "z", "+00:00", ""))
      .map(([y, mo, d, h, mi, s, f, z]) => `${String(y).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}${f}${z}`);
    const edited = candidate.chain((s) => fc.tuple(fc.nat({ max: s.length - 1 }), fc.string({ minLength: 1, maxLength: 1 })).map(([i, c]) => s.slice(0, i) + c + s.slice(i + 1)));
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(candidate, edited, fc.string()), (s) => {
        if (!isStrictTimestamp(s)) return;
        accepted++;
        expect(s).toMatch(pattern);
      }),
      { numRuns: 20000 },
    );
    expect(accepted).toBeGreaterThan(100); // the property saw accepted timestamps, not only rejections
  });
});

describe("timestampChecker (a rule compiled to a regular expression)", () => {
  it("gives exactly timestampProblem's verdict for the package's rules and odd ones", async () => {
    const { timestampChecker } = await import("../../src/core/timestamp.js");
    const { SESSION_TIMESTAMP } = await import("../../src/session/formats.js");
    const { V1_STRICT_TIMESTAMP, V1_LENIENT_TIMESTAMP } = await import("../../src/v1/formats.js");
    const rules = [
      LEGACY_TIMESTAMP,
      SESSION_TIMESTAMP,
      V1_STRICT_TIMESTAMP,
      V1_LENIENT_TIMESTAMP,
      { fractionDigits: [] },
      { fractionDigits: [0] },
      { fractionDigits: [3] },
      { fractionDigits: [0, 3, 6, 9], offsets: true },
      { fractionDigits: [0, 9, 14, 15, 20], offsets: true },
      { fractionDigits: [14, 1.5, -1, 3, 3] },
      { offsets: true },
    ];
    const checkers = rules.map((r) => timestampChecker(r));
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const near = fc
      .tuple(
        fc.constantFrom(0, 1, 1900, 2000, 2024, 2025, 9999),
        two(13),
        fc.constantFrom("00", "01", "09", "10", "19", "28", "29", "30", "31", "32", "39", "40"),
        two(25),
        two(61),
        two(61),
        fc.constantFrom("", ".0", ".000", ".123456", ".123456789", ".1234567890", ".12345678901234", ".123456789012345", "."),
        fc.constantFrom("Z", "z", "+00:00", "-23:59", "+24:00", "+05:60", "+0500", "", "ZZ", "Z\n"),
      )
      .map(([y, mo, d, h, mi, s, f, z]) => `${String(y).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}${f}${z}`);
    const edited = near.chain((s) => fc.tuple(fc.nat({ max: s.length - 1 }), fc.string({ minLength: 1, maxLength: 1 })).map(([i, c]) => s.slice(0, i) + c + s.slice(i + 1)));
    fc.assert(
      fc.property(fc.oneof(near, edited, fc.string()), fc.nat(rules.length - 1), (s, i) => {
        expect(checkers[i]!(s)).toBe(timestampProblem(s, rules[i]!) === undefined);
      }),
      { numRuns: 50000 },
    );
  });
});
