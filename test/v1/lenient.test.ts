/** Lenient mode: the proto3 JSON parse into the canonical form. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validate } from "../../src/v1/index.js";
import { canonicalBase64, canonicalTimestamp } from "../../src/v1/lenient.js";

describe("canonicalTimestamp", () => {
  it("gives the same instant as Date, in UTC with Z (property, millisecond inputs with offsets)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("0002-01-01T00:00:00Z"), max: new Date("9998-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
        (d, offset) => {
          const local = new Date(d.getTime() + offset * 60000).toISOString().slice(0, 23);
          const sign = offset < 0 ? "-" : "+";
          const abs = Math.abs(offset);
          const text = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
          const out = canonicalTimestamp(text)!;
          expect(out).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
          expect(new Date(out).getTime()).toBe(d.getTime());
        },
      ),
    );
  });

  it("keeps nanoseconds and emits 0, 3, 6 or 9 digits as protojson does", () => {
    expect(canonicalTimestamp("2026-01-01T00:00:00.123456789Z")).toBe("2026-01-01T00:00:00.123456789Z");
    expect(canonicalTimestamp("2026-01-01T00:00:00.1Z")).toBe("2026-01-01T00:00:00.100Z");
    expect(canonicalTimestamp("2026-01-01T00:00:00.1234Z")).toBe("2026-01-01T00:00:00.123400Z");
    expect(canonicalTimestamp("2026-01-01T00:00:00.000Z")).toBe("2026-01-01T00:00:00Z");
    expect(canonicalTimestamp("2026-01-01T05:30:00.5+05:30")).toBe("2026-01-01T00:00:00.500Z");
    expect(canonicalTimestamp("0050-06-01T00:00:00Z")).toBe("0050-06-01T00:00:00Z");
  });

  it("rejects what is not RFC 3339 or leaves the Timestamp range", () => {
    for (const s of ["2026-02-30T00:00:00Z", "2016-12-31T23:59:60Z", "2026-01-01 00:00:00Z", "2026-01-01T00:00:00", "0001-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00"]) {
      expect(canonicalTimestamp(s), s).toBeUndefined();
    }
  });
});

describe("canonicalBase64", () => {
  it("turns URL-safe or unpadded Base64 into standard padded Base64 (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        const std = Buffer.from(b).toString("base64");
        expect(canonicalBase64(std)).toBe(std);
        expect(canonicalBase64(Buffer.from(b).toString("base64url"))).toBe(std);
        expect(canonicalBase64(std.replace(/=+$/, ""))).toBe(std);
      }),
    );
    expect(canonicalBase64("QUJDR")).toBeUndefined();
    expect(canonicalBase64("a+b_")).toBeUndefined();
  });
});

describe("lenient validate returns the canonical value", () => {
  it("renames, converts and drops, without touching the input", () => {
    const input = {
      message_id: "m1",
      role: 1,
      parts: [{ raw: "-_8", media_type: "application/octet-stream" }, { text: "x", mimeType: "ignored" }],
      context_id: "c1",
      extra: { anything: true },
    };
    const before = JSON.stringify(input);
    const r = validate("Message", input, { mode: "lenient" });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value).toEqual({ messageId: "m1", role: "ROLE_USER", parts: [{ raw: "+/8=", mediaType: "application/octet-stream" }, { text: "x" }], contextId: "c1" });
      // Every ignored field is a warning at its place; a known construct's carries its hint.
      expect(r.warnings?.map((w) => [w.pointer, w.code, w.severity])).toEqual([
        ["/parts/1/mimeType", "unknown_property", "warning"],
        ["/extra", "unknown_property", "warning"],
      ]);
      expect(r.warnings?.[0]!.hint).toMatch(/mediaType/);
      expect(r.warnings?.[1]!.hint).toBeUndefined();
    }
    expect(JSON.stringify(input)).toBe(before);
  });

  it("carries unknown enum numbers and turns int32 strings into numbers", () => {
    const r = validate("ListTasksRequest", { status: 42, page_size: "20", history_length: "0", status_timestamp_after: "2026-01-01T01:00:00+01:00" }, { mode: "lenient" });
    expect(r.ok && r.value).toEqual({ status: 42, pageSize: 20, historyLength: 0, statusTimestampAfter: "2026-01-01T00:00:00Z" });
  });

  it("reports issues under the spelling the input used", () => {
    const r = validate("SendMessageRequest", { message: { message_id: "", role: "ROLE_USER", parts: [{ text: "x" }] } }, { mode: "lenient" });
    expect(!r.ok && r.issues[0]).toMatchObject({ pointer: "/message/message_id", code: "too_short" });
    const n = validate("ListTasksRequest", { page_size: "0" }, { mode: "lenient" });
    expect(!n.ok && n.issues[0]).toMatchObject({ pointer: "/page_size", code: "too_small" });
  });

  it("keeps map keys as data, __proto__ included", () => {
    const input = JSON.parse('{"authorizationUrl":"https://a.example/auth","tokenUrl":"https://a.example/token","scopes":{"__proto__":"x","read":"y"}}');
    const r = validate("AuthorizationCodeOAuthFlow", input, { mode: "lenient" });
    expect(r.ok).toBe(true);
    if (r.ok) {
      const scopes = (r.value as { scopes: Record<string, string> }).scopes;
      expect(Object.keys(scopes)).toEqual(["__proto__", "read"]);
      expect(Object.getPrototypeOf(scopes)).toBe(Object.prototype);
    }
  });
});

describe("the canonical copy", () => {
  it("shares what needs no change with the input and copies the rest, leaving the input as it was", () => {
    const part = { text: "hi" };
    const input = { message_id: "m-1", role: "ROLE_USER", parts: [part, { url: "https://example.com/a" }], metadata: { a: 1 } };
    const before = structuredClone(input);
    const r = validate("Message", input, { mode: "lenient" });
    expect(r.ok).toBe(true);
    const value = (r as { value: Record<string, unknown> }).value;
    expect(value).not.toBe(input); // message_id was renamed
    expect(value).toEqual({ messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }, { url: "https://example.com/a" }], metadata: { a: 1 } });
    expect(value.parts).toBe(input.parts);
    expect(value.metadata).toBe(input.metadata);
    expect(input).toEqual(before);
  });

  it("copies an object when a field is null, filled with its default or an enum number", () => {
    const input = { messageId: "m-1", role: 1, parts: [{ text: null, data: { a: 1 } }] };
    const r = validate("Message", input, { mode: "lenient" });
    expect(r).toMatchObject({ ok: true, value: { role: "ROLE_USER", parts: [{ data: { a: 1 } }] } });
    const value = (r as { value: { parts: unknown[] } }).value;
    expect(value.parts).not.toBe(input.parts);
    expect(value.parts[0]).not.toBe(input.parts[0]);
    expect(input.parts[0]).toEqual({ text: null, data: { a: 1 } });
  });

  it("names a REQUIRED field the reader filled as missing or null, in the input's spelling", () => {
    const r = validate("AgentCardSignature", { protected: null }, { mode: "lenient" });
    expect(r.ok).toBe(false);
    const issues = (r as unknown as { issues: Array<{ code: string; property?: string; message: string }> }).issues;
    expect(issues.map((i) => [i.code, i.property])).toEqual([
      ["required", "protected"],
      ["required", "signature"],
    ]);
    expect(issues[0]!.message).toMatch(/is null/);
    expect(issues[1]!.message).toMatch(/missing required property "signature"/);
  });
});

describe("canonicalTimestamp's shortcut", () => {
  it("returns a timestamp unchanged exactly when the conversion would give it back", async () => {
    const { convertTimestamp } = await import("../../src/v1/lenient.js");
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const ts = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), two(12), two(31), two(23), two(59), two(59), fc.constantFrom("", ".000", ".100", ".120000", ".123000", ".000001", ".123456789", ".123456000", ".5", "."), fc.constantFrom("Z", "+01:00", "-00:30", "z"))
      .map(([y, mo, d, h, mi, s, f, z]) => `${String(y).padStart(4, "0")}-${mo}-${d}T${h}:${mi}:${s}${f}${z}`);
    fc.assert(fc.property(fc.oneof(ts, fc.string()), (s) => canonicalTimestamp(s) === convertTimestamp(s)), { numRuns: 20000 });
  });
});
