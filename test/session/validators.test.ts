import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  artifactDataProblem,
  artifactKind,
  assertMessage,
  formatIssue,
  isAgentCard,
  isEmail,
  isSessionTimestamp,
  SESSION_VALIDATORS,
  validateArtifact,
  validateMessage,
  validateSession,
  ValidationError,
  type SessionTypeName,
} from "../../src/session/index.js";
import { base64Error, BASE64_PREFIX, isBase64Data } from "../../src/session/rules.js";
import { ARBITRARIES, timestamp } from "./arbitraries.js";

const card = { name: "Echo", description: "Echoes", version: "1", api: { type: "a2a", url: "https://a.example" }, auth: {} };
const msg = { id: "m1", role: "user", content: "hi", created_at: "2025-12-09T15:30:00Z" };

describe("modes", () => {
  it("default mode keeps unknown properties at every level, strict mode reports each at its own path", () => {
    const doc = { ...card, "x-vendor": 1, api: { ...card.api, timeout: 5 } };
    const d = SESSION_VALIDATORS.AgentCard(doc);
    expect(d.ok && d.value).toBe(doc);
    const s = SESSION_VALIDATORS.AgentCard(doc, { mode: "strict" });
    expect(s.ok ? [] : s.issues.map((i) => [i.pointer, i.code, i.property])).toEqual([
      ["/x-vendor", "unknown_property", "x-vendor"],
      ["/api/timeout", "unknown_property", "timeout"],
    ]);
    expect(isAgentCard(doc)).toBe(true);
    expect(isAgentCard(doc, { mode: "strict" })).toBe(false);
  });

  it("free-form objects (metadata, parameters, details, data) stay open in strict mode", () => {
    const doc = { ...msg, metadata: { anything: { deep: [1] } }, artifacts: [{ id: "a", type: "application/json", data: { any: 1 } }] };
    expect(validateMessage(doc, { mode: "strict" }).ok).toBe(true);
  });

  it("anything but mode strict is the default mode; odd options never throw", () => {
    const doc = { ...msg, extra: 1 };
    for (const o of [undefined, {}, { mode: "default" }, { mode: "STRICT" }, null, 42, "strict"] as unknown[]) {
      expect(validateMessage(doc, o as never).ok).toBe(true);
    }
  });

  it("exposes each mode as a Standard Schema", async () => {
    const v = SESSION_VALIDATORS.Session;
    const doc = { id: "s", created_at: "2025-12-09T15:30:00Z", status: "active", x: 1 };
    expect(v["~standard"].version).toBe(1);
    expect(v["~standard"].vendor).toBe("a2a-schemas");
    expect(await v["~standard"].validate(doc)).toEqual({ value: doc });
    const r = await v.strict["~standard"].validate(doc);
    expect("issues" in r && r.issues?.[0]?.message).toContain('unknown property "x"');
    expect(v.tolerant(doc).ok).toBe(true);
  });
});

describe("issues", () => {
  it("say why a timestamp is not a real instant", () => {
    const r = validateSession({ id: "s", created_at: "2025-02-29T10:00:00Z", status: "active" });
    expect(r.ok ? "" : formatIssue(r.issues[0]!)).toBe(
      '/created_at: must be a UTC timestamp like 2025-12-09T15:30:00.000Z, got "2025-02-29T10:00:00Z" (February 29 in 2025, not a leap year)',
    );
  });

  it("report a missing property at the parent, naming it", () => {
    const r = validateMessage({ id: "m", role: "user", created_at: "2025-12-09T15:30:00Z" });
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code, i.property])).toEqual([["", "required", "content"]]);
  });

  it("list the allowed values of an enum", () => {
    const r = validateMessage({ ...msg, role: "assistant" });
    expect(r.ok ? undefined : r.issues[0]!.allowed).toEqual(["user", "agent", "system"]);
  });

  it("assert throws a ValidationError that carries and prints the issues", () => {
    expect(() => assertMessage({ ...msg, role: 1 })).toThrowError(ValidationError);
    try {
      assertMessage({ ...msg, extra: 1 }, { mode: "strict" });
      expect.unreachable();
    } catch (e) {
      expect((e as ValidationError).issues[0]!.pointer).toBe("/extra");
      expect((e as Error).message).toContain("Invalid Message: 1 issue\n  /extra: unknown property");
    }
    expect(() => assertMessage({ ...msg, extra: 1 })).not.toThrow();
  });
});

describe("artifact data by type", () => {
  it("classifies media types case-insensitively, ignoring parameters", () => {
    expect(artifactKind("Text/Plain; charset=utf-8")).toBe("text");
    expect(artifactKind(" application/JSON ")).toBe("json");
    expect(artifactKind("application/json-seq")).toBe("other");
    expect(artifactKind("image/svg+xml")).toBe("binary");
    expect(artifactKind("image/")).toBe("other");
    expect(artifactKind("imagery/png")).toBe("other");
    expect(artifactKind("application/pdf")).toBe("binary");
    expect(artifactKind("url/reference")).toBe("url");
    expect(artifactKind("text")).toBe("other");
  });

  it("accepts exactly padded standard Base64 after the prefix", () => {
    const ok = (d: string) => artifactDataProblem("image/png", d) === undefined;
    expect(["base64:", "base64:AA==", "base64:AAA=", "base64:AAAA", "base64:+/+/"].every(ok)).toBe(true);
    expect(["base64:A", "base64:A=", "base64:A===", "base64:AA=A", "base64:AA==AAAA", "base64:-_-_", "base64:AA AA", "AAAA", "Base64:AAAA"].some(ok)).toBe(false);
  });

  it("agrees with Node's Base64 decoder on random strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."AB+/=-_a0 ."), maxLength: 12 }), (s) => {
        const strictDecode = s.length % 4 === 0 && Buffer.from(s, "base64").toString("base64") === s;
        // Node re-encodes canonically; non-canonical padding bits are still standard Base64 for us.
        if (strictDecode) expect(artifactDataProblem("image/png", "base64:" + s)).toBeUndefined();
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) expect(artifactDataProblem("image/png", "base64:" + s)).toBeDefined();
      }),
      { numRuns: 2000 },
    );
  });

  // The scan artifactKind ran for every type before it learnt common types by their exact text.
  const scannedKind = (type: string): string => {
    const semi = type.indexOf(";");
    const end = semi === -1 ? type.length : semi;
    if (end > 1024) return "other";
    const e = type.slice(0, end).trim().toLowerCase();
    if (e.startsWith("text/")) return "text";
    if (e === "application/json") return "json";
    if (e === "url/reference") return "url";
    if (["application/octet-stream", "application/pdf"].includes(e) || ["image/", "audio/", "video/"].some((p) => e.startsWith(p) && e.length > p.length)) return "binary";
    return "other";
  };

  it("classifies every type as the full scan does, common ones included", () => {
    const common = ["application/json", "text/plain", "text/markdown", "text/html", "text/csv", "url/reference", "image/png", "image/jpeg", "application/pdf"];
    const type = fc.oneof(
      fc.constantFrom(...common),
      fc.tuple(fc.constantFrom(...common), fc.constantFrom("", " ", ";", "; charset=utf-8", "x", "/"), fc.boolean(), fc.boolean()).map(([t, tail, upper, lead]) => (lead ? " " : "") + (upper ? t.toUpperCase() : t) + tail),
      fc.string({ unit: fc.constantFrom(..."textimagpnjsourl/; AT"), maxLength: 20 }),
      fc.string(),
    );
    fc.assert(
      fc.property(type, (t) => {
        expect(artifactKind(t)).toBe(scannedKind(t));
      }),
      { numRuns: 5000 },
    );
  });

  it("finds the same first bad Base64 character as the range tests did", () => {
    const ranged = (s: string, from: number): number => {
      let pad = 0;
      for (let i = from; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
        if (c === 61) {
          if (i < s.length - 2) return i;
          pad++;
        } else if (!alpha || pad > 0) return i;
      }
      return (s.length - from) % 4 === 0 ? -1 : s.length;
    };
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: fc.constantFrom(..."AZaz09+/=-_.\u00e9\u0100"), maxLength: 14 }), fc.string()), fc.nat(8), (s, from) => {
        expect(base64Error(s, from)).toBe(ranged(s, from));
      }),
      { numRuns: 5000 },
    );
  });

  it("isBase64Data is exactly the prefix and no base64Error", () => {
    const body = fc.oneof(fc.string({ unit: fc.constantFrom(..."AZaz09+/=-_.\n"), maxLength: 14 }), fc.string());
    const data = fc.oneof(body.map((b) => BASE64_PREFIX + b), body, fc.constantFrom("base64:", "base64", "Base64:AAAA", "base64:AAAA\n"));
    fc.assert(
      fc.property(data, (d) => {
        expect(isBase64Data(d)).toBe(d.startsWith(BASE64_PREFIX) && base64Error(d, BASE64_PREFIX.length) === -1);
      }),
      { numRuns: 5000 },
    );
  });

  it("gives the JSON Specification's image artifact example one clear issue", () => {
    const r = validateArtifact({ id: "art_ghi789", type: "image/jpeg", data: "base64:iVBORw0KGgoAAAANSUhEUgAAAAUA...", name: "image.jpg" });
    expect(r.ok ? "" : formatIssue(r.issues[0]!)).toContain('character "." at position 35 is not standard Base64');
  });
});

describe("formats", () => {
  it("timestamps: UTC Z, optional fraction of 1 to 9 digits, real instants", () => {
    for (const s of ["2025-12-09T15:30:00Z", "2024-02-29T00:00:00.1Z", "2025-12-31T23:59:59.999999999Z"]) expect(isSessionTimestamp(s), s).toBe(true);
    for (const s of ["2025-12-09T15:30:00", "2025-12-09T15:30:00.Z", "2025-12-09T15:30:00.1234567890Z", "2023-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-12-09T15:30:00+00:00", "0000-01-01T00:00:00Z"]) {
      expect(isSessionTimestamp(s), s).toBe(false);
    }
  });

  it("email: dot-atom local part, LDH domain of two labels or more", () => {
    for (const s of ["a@b.co", "first.last+tag@sub.example.org", "x_y@a-b.io"]) expect(isEmail(s), s).toBe(true);
    for (const s of ["a@b", "@b.co", "a@", "a..b@b.co", ".a@b.co", "a@-b.co", "a@b-.co", "a b@b.co", "a@b..co", "a".repeat(65) + "@b.co", `a@${"b".repeat(64)}.co`, "a@b.co".padStart(255, "x")]) {
      expect(isEmail(s), s).toBe(false);
    }
  });
});

describe("hostile input", () => {
  const TYPES = Object.keys(SESSION_VALIDATORS) as SessionTypeName[];
  const deep = (() => {
    let o: Record<string, unknown> = {};
    const root = o;
    for (let i = 0; i < 100_000; i++) o = (o.metadata = {}) as Record<string, unknown>;
    return root;
  })();
  const inputs: unknown[] = [
    undefined, null, 0, "x".repeat(10_000_000), [], [msg], () => 1, Symbol("s"), 10n,
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {}}, "id": "m"}'),
    { ...msg, metadata: deep },
    { ...msg, content: "x".repeat(10_000_000) },
    { ...msg, artifacts: [{ id: "a", type: "image/png", data: "base64:" + "A".repeat(10_000_000) }] },
    { ...msg, artifacts: Array.from({ length: 5000 }, () => ({ id: 1 })) },
    Object.create(null),
    new Proxy({}, { get() { throw new Error("boom"); }, ownKeys() { throw new Error("boom"); }, has() { throw new Error("boom"); } }),
  ];

  it.each(TYPES)("%s: never throws, caps the issue list, in both modes", (type) => {
    for (const input of inputs) {
      for (const mode of ["default", "strict"] as const) {
        const r = SESSION_VALIDATORS[type](input, { mode });
        if (!r.ok) expect(r.issues.length).toBeLessThanOrEqual(101);
        expect(typeof SESSION_VALIDATORS[type].check(input, { mode })).toBe("boolean");
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("reports more than 100 issues as 100 and a too_many_issues marker", () => {
    const r = validateMessage({ ...msg, artifacts: Array.from({ length: 500 }, () => ({ id: 1 })) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toHaveLength(101);
      expect(r.issues[100]!.code).toBe("too_many_issues");
    }
  });

  it("never mutates its input", () => {
    const typed = fc.constantFrom(...TYPES).chain((t) => fc.tuple(fc.constant(t), fc.oneof(ARBITRARIES[t], fc.jsonValue())));
    fc.assert(
      fc.property(typed, fc.constantFrom("default", "strict") as fc.Arbitrary<"default" | "strict">, ([type, input], mode) => {
        // A JSON snapshot sees own "__proto__" keys, which structuredClone would not copy as data.
        const before = JSON.stringify(input);
        SESSION_VALIDATORS[type](input, { mode });
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("compiled validators drop the timestamp pattern", () => {
  // scripts/generate/session.ts compiles with patternImpliedBy ["date-time"]: sound only if the format implies the pattern.
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, "../../schemas/session/common.json"), "utf8"));
  const pattern = new RegExp(schema.$defs.utcTimestamp.pattern, "u");
  it("every string isSessionTimestamp accepts matches the published pattern and maxLength", () => {
    const near = fc.string({ unit: fc.constantFrom(..."0123456789-T:.Zz+ "), maxLength: 32 });
    fc.assert(
      fc.property(fc.oneof(timestamp, near, fc.string()), (s) => {
        if (isSessionTimestamp(s)) {
          expect(pattern.test(s), s).toBe(true);
          expect(s.length).toBeLessThanOrEqual(schema.$defs.utcTimestamp.maxLength);
        }
      }),
      { numRuns: 5000 },
    );
  });
});
