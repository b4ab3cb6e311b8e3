/**
 * Every legacy fixture through every validator engine.
 *
 * - fixtures/legacy/valid/<message_type>/*.json: valid for the dispatching validator and for the per-type one.
 * - fixtures/legacy/valid/reference-examples/*.json: examples of the two editions of the "Message Schemas
 *   Reference" that are valid; the sidecar names the type.
 * - fixtures/legacy/invalid/<rule>/*.json with <name>.expect.json: rejected, and every listed
 *   issue (pointer + code) is among those produced.
 * - fixtures/legacy/invalid/reference-examples/*.json: the other examples of both editions; their sidecar lists every issue,
 *   so an engine marked `exhaustive` must produce exactly those (as a multiset of pointer + code).
 *
 * A second engine (the Zod models) is one more entry in ENGINES.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import * as legacy from "../../src/legacy/index.js";
import * as legacyZod from "../../src/legacy/zod.js";
import type { Validator } from "../../src/core/validator.js";

const ROOT = join(import.meta.dirname, "../../fixtures/legacy");
/** The folder that holds the examples of both editions of the "Message Schemas Reference". */
const EXAMPLES = "reference-examples";

// ---------------------------------------------------------------- engines

interface EngineIssue {
  readonly pointer: string;
  readonly code: string;
}
type EngineResult = { readonly ok: true } | { readonly ok: false; readonly issues: readonly EngineIssue[] };
interface Engine {
  readonly name: string;
  /** `type` is a schema title (`RequestMessage`, `AuthTag`, ...) or `LegacyMessage` (dispatch on message_type). */
  readonly validate: (type: string, input: unknown) => EngineResult;
  /** Its issue list is authoritative: reference-example sidecars must match it exactly. */
  readonly exhaustive?: boolean;
  /** Which of a sidecar's expected issues this engine reports in the library's terms (default: all). */
  readonly reports?: (issue: EngineIssue) => boolean;
}

/** Zod reports the shared cross-field rules with the library's code (params.a2aCode) and path. */
const RULE_CODES = new Set(["mismatch", "too_large", "not_serializable"]);
function zodValidate(type: string, input: unknown): EngineResult {
  const schema = (legacyZod as Record<string, unknown>)[`${type}Schema`] as { safeParse: (x: unknown) => any } | undefined;
  if (!schema) throw new Error(`no Zod model for type ${type}`);
  const r = schema.safeParse(input);
  if (r.success) return { ok: true };
  return {
    ok: false,
    issues: r.error.issues.map((i: { path: PropertyKey[]; code: string; params?: { a2aCode?: string } }) => ({
      pointer: i.path.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join(""),
      code: i.params?.a2aCode ?? `zod:${i.code}`,
    })),
  };
}

/** Every exported legacy validator, by its type name (`LegacyMessage` is validateMessage). */
const AJV: Record<string, Validator<unknown>> = {};
for (const value of Object.values(legacy)) {
  if (typeof value === "function" && typeof (value as Partial<Validator<unknown>>).typeName === "string" && "check" in value) {
    AJV[(value as Validator<unknown>).typeName] = value as Validator<unknown>;
  }
}
function ajvValidator(type: string): Validator<unknown> {
  const v = AJV[type];
  if (!v) throw new Error(`no Ajv validator for type ${type}; known: ${Object.keys(AJV).join(", ")}`);
  return v;
}

const ENGINES: readonly Engine[] = [
  { name: "ajv", validate: (type, input) => ajvValidator(type)(input), exhaustive: true },
  { name: "zod", validate: zodValidate, reports: (i) => RULE_CODES.has(i.code) },
];

/** Type name of each message_type (`handshake_ack` → `HandshakeAckMessage`). */
const TYPE_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(legacy.VALIDATORS_BY_TYPE).map(([k, v]) => [k, (v as Validator<unknown>).typeName]),
);

// ---------------------------------------------------------------- fixtures

interface Expect {
  family: string;
  type: string;
  issues: Array<{ pointer: string; code: string; detail?: string }>;
  reason: string;
  source?: string;
}
interface Fixture {
  /** Path relative to fixtures/legacy, with forward slashes. */
  readonly id: string;
  readonly kind: "valid" | "invalid";
  /** The folder under valid/ or invalid/: a message_type, a rule, or `reference-examples`. */
  readonly group: string;
  readonly data: unknown;
  readonly expect?: Expect;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".json") ? [join(dir, e.name)] : [],
  );
}

function load(): Fixture[] {
  const files = walk(ROOT).sort();
  const all = new Set(files);
  const out: Fixture[] = [];
  for (const file of files) {
    if (file.endsWith(".expect.json")) {
      const data = file.replace(/\.expect\.json$/, ".json");
      if (!all.has(data)) throw new Error(`sidecar without fixture: ${relative(ROOT, file)}`);
      continue;
    }
    const id = relative(ROOT, file).split(sep).join("/");
    const [kind, group, ...rest] = id.split("/");
    if ((kind !== "valid" && kind !== "invalid") || !group || rest.length !== 1) throw new Error(`misplaced fixture: ${id}`);
    const sidecar = file.replace(/\.json$/, ".expect.json");
    const expect = all.has(sidecar) ? (JSON.parse(readFileSync(sidecar, "utf8")) as Expect) : undefined;
    out.push({ id, kind, group, data: JSON.parse(readFileSync(file, "utf8")), ...(expect ? { expect } : {}) });
  }
  return out;
}

const FIXTURES = load();
const VALID = FIXTURES.filter((f) => f.kind === "valid");
const INVALID = FIXTURES.filter((f) => f.kind === "invalid");
const key = (i: EngineIssue) => `${i.pointer} ${i.code}`;
const describeIssues = (r: EngineResult) => (r.ok ? "valid" : r.issues.map(key).join("; "));

/** The types a valid fixture must pass: the dispatcher, and the per-type validator. */
function validTypes(f: Fixture): string[] {
  if (f.group === EXAMPLES) return [f.expect!.type];
  return ["LegacyMessage", TYPE_NAME[f.group]!];
}

// ---------------------------------------------------------------- layout and sidecars

describe("legacy fixtures: layout", () => {
  it("has fixtures", () => {
    expect(VALID.length).toBeGreaterThan(26);
    expect(INVALID.length).toBeGreaterThan(100);
  });

  it("puts every valid fixture under its own message_type", () => {
    for (const f of VALID) {
      if (f.group === EXAMPLES) continue;
      expect(Object.keys(TYPE_NAME), f.id).toContain(f.group);
      expect((f.data as { message_type?: unknown }).message_type, f.id).toBe(f.group);
      expect(f.expect, `${f.id}: valid fixtures outside ${EXAMPLES}/ take no sidecar`).toBeUndefined();
    }
  });

  it("has at least two valid fixtures for every message type", () => {
    for (const type of legacy.MESSAGE_TYPES) {
      expect(VALID.filter((f) => f.group === type).length, type).toBeGreaterThanOrEqual(2);
    }
  });

  it("gives every invalid and every reference-example fixture a well-formed sidecar", () => {
    for (const f of [...INVALID, ...VALID.filter((v) => v.group === EXAMPLES)]) {
      const e = f.expect;
      expect(e, `${f.id} has no .expect.json`).toBeDefined();
      if (!e) continue;
      expect(e.family, f.id).toBe("legacy");
      expect(Object.keys(AJV), `${f.id}: unknown type`).toContain(e.type);
      expect(typeof e.reason === "string" && e.reason.length > 10, `${f.id}: reason`).toBe(true);
      expect(Array.isArray(e.issues), f.id).toBe(true);
      for (const i of e.issues) {
        expect(typeof i.pointer === "string" && (i.pointer === "" || i.pointer.startsWith("/")), `${f.id}: pointer ${i.pointer}`).toBe(true);
        expect(typeof i.code, f.id).toBe("string");
      }
      if (f.kind === "invalid") expect(e.issues.length, `${f.id}: an invalid fixture names at least one issue`).toBeGreaterThan(0);
      else expect(e.issues, `${f.id}: a valid reference example has no issues`).toEqual([]);
      if (f.group === EXAMPLES) expect(e.source, `${f.id}: a reference-example fixture names its source by title, edition and section`).toMatch(
          /^Message Schemas Reference, (draft-07|second) edition, §/,
        );
    }
  });

  it("turns every complete example of both editions into a reference-example fixture", () => {
    const examples = new Set(FIXTURES.filter((f) => f.group === EXAMPLES).map((f) => f.id.split("/").pop()!.replace(/\.json$/, "")));
    const required = [
      "draft07-base-pydantic-base-message-example", "draft07-base-pydantic-authentication-tag-example",
      "draft07-request-complete-example", "draft07-response-complete-example-success", "draft07-response-complete-example-error",
      "draft07-handshake-complete-example", "draft07-error-complete-example", "draft07-discover-agents-complete-example",
      "draft07-agent-announcement-complete-example", "draft07-authenticated-complete-example",
      "second-edition-request-example", "second-edition-response-example-success", "second-edition-response-example-error", "second-edition-handshake-example",
      "second-edition-error-example", "second-edition-discover-agents-example", "second-edition-agent-announcement-example",
      "second-edition-unit-test-valid-request-message", "second-edition-unit-test-missing-required-field", "second-edition-unit-test-invalid-uuid-format",
    ];
    for (const name of required) expect(examples, name).toContain(name);
  });
});

// ---------------------------------------------------------------- verdicts, per engine

for (const engine of ENGINES) {
  describe(`legacy fixtures through ${engine.name}`, () => {
    it("accepts every valid fixture, without mutating it", () => {
      for (const f of VALID) {
        const before = JSON.stringify(f.data);
        for (const type of validTypes(f)) {
          const r = engine.validate(type, f.data);
          expect(r.ok, `${f.id} as ${type}: ${describeIssues(r)}`).toBe(true);
        }
        expect(JSON.stringify(f.data), `${f.id} was mutated`).toBe(before);
      }
    });

    it("rejects every invalid fixture with the issues its sidecar names", () => {
      for (const f of INVALID) {
        const e = f.expect!;
        const before = JSON.stringify(f.data);
        const r = engine.validate(e.type, f.data);
        expect(r.ok, `${f.id} was accepted as ${e.type}`).toBe(false);
        const got = r.ok ? [] : r.issues.map(key);
        for (const want of e.issues.filter(engine.reports ?? (() => true))) {
          expect(got, `${f.id}: expected ${key(want)}, got ${got.join("; ")}`).toContain(key(want));
        }
        expect(JSON.stringify(f.data), `${f.id} was mutated`).toBe(before);
      }
    });

    if (engine.exhaustive) {
      it("reports exactly the issues listed for every reference example (the errata)", () => {
        for (const f of INVALID.filter((x) => x.group === EXAMPLES)) {
          const r = engine.validate(f.expect!.type, f.data);
          const got = (r.ok ? [] : r.issues.map(key)).sort();
          expect(got, f.id).toEqual(f.expect!.issues.map(key).sort());
        }
      });
    }
  });
}

// ---------------------------------------------------------------- Ajv: fast path agrees with the full path

describe("legacy fixtures: the first-error fast path agrees with the all-errors pass", () => {
  it("check() and the guard give the same verdict as the full validation on every fixture", () => {
    for (const f of FIXTURES) {
      const types = f.kind === "valid" ? validTypes(f) : [f.expect!.type];
      for (const type of types) {
        const v = ajvValidator(type);
        const full = v(f.data).ok;
        expect(v.check(f.data), `${f.id} as ${type}`).toBe(full);
      }
    }
  });
});

// ---------------------------------------------------------------- cases JSON files cannot hold

/**
 * The payload rules need inputs that are not JSON text (a BigInt, a cycle, an object with
 * toJSON) or too big to keep as a file (10 MiB), so they are built here from real fixtures.
 */
function fixture(id: string): Record<string, unknown> {
  const f = FIXTURES.find((x) => x.id === id);
  if (!f) throw new Error(`missing fixture ${id}`);
  return structuredClone(f.data) as Record<string, unknown>;
}
const MAX = legacy.MAX_PAYLOAD_BYTES;
/** `{"data":"<n chars>"}` serializes to n + 11 bytes of ASCII. */
const asciiPayload = (bytes: number) => ({ data: "x".repeat(bytes - 11) });

interface Synthetic {
  readonly name: string;
  readonly type: string;
  readonly build: () => unknown;
  /** Empty means valid. */
  readonly issues: readonly EngineIssue[];
  /** Issues that must not be reported. */
  readonly absent?: readonly EngineIssue[];
}

const SYNTHETIC: readonly Synthetic[] = [
  {
    name: "payload of exactly 10 MiB is valid",
    type: "LegacyMessage",
    build: () => ({ ...fixture("valid/stream_data/chunk.json"), payload: asciiPayload(MAX) }),
    issues: [],
  },
  {
    name: "payload of 10 MiB + 1 byte is too_large",
    type: "LegacyMessage",
    build: () => ({ ...fixture("valid/stream_data/chunk.json"), payload: asciiPayload(MAX + 1) }),
    issues: [{ pointer: "/payload", code: "too_large" }],
  },
  {
    name: "payload size counts UTF-8 bytes, not characters",
    type: "StreamDataMessage",
    // 5.5 Mi two-byte characters: under the limit in UTF-16 code units, over it in UTF-8 bytes.
    build: () => ({ ...fixture("valid/stream_data/chunk.json"), payload: { data: "é".repeat(MAX / 2 + 512 * 1024) } }),
    issues: [{ pointer: "/payload", code: "too_large" }],
  },
  {
    name: "request payload over 10 MiB inside parameters is too_large",
    type: "RequestMessage",
    build: () => ({ ...fixture("valid/request/get-price.json"), payload: { method: "upload_report", parameters: asciiPayload(MAX) } }),
    issues: [{ pointer: "/payload", code: "too_large" }],
  },
  {
    name: "payload with a BigInt is not_serializable",
    type: "LegacyMessage",
    build: () => ({ ...fixture("valid/stream_data/chunk.json"), payload: { seq: 1n } }),
    issues: [{ pointer: "/payload", code: "not_serializable" }],
  },
  {
    name: "payload with a cycle is not_serializable",
    type: "LegacyMessage",
    build: () => {
      const payload: Record<string, unknown> = { seq: 1 };
      payload.self = payload;
      return { ...fixture("valid/stream_data/chunk.json"), payload };
    },
    issues: [{ pointer: "/payload", code: "not_serializable" }],
  },
  {
    name: "payload with a toJSON object (a Date) is not_serializable",
    type: "LegacyMessage",
    build: () => ({ ...fixture("valid/goodbye/session-complete.json"), payload: { at: new Date(0) } }),
    issues: [{ pointer: "/payload", code: "not_serializable" }],
  },
  {
    name: "cross-field rules run only once the shape is valid (no mismatch next to a shape error)",
    type: "LegacyMessage",
    build: () => ({ ...fixture("invalid/auth/agent-id-not-sender.json"), message_id: "not-a-uuid" }),
    issues: [{ pointer: "/message_id", code: "pattern" }],
    absent: [{ pointer: "/auth/agent_id", code: "mismatch" }],
  },
  {
    name: "an error response with a bad error code reports the code only, not the success branch",
    type: "ResponseMessage",
    build: () => fixture("invalid/response/error-code-lowercase.json"),
    issues: [{ pointer: "/payload/error/code", code: "pattern" }],
    absent: [
      { pointer: "/payload/status", code: "const" },
      { pointer: "/payload", code: "required" },
      { pointer: "/payload/error", code: "unknown_property" },
    ],
  },
  {
    name: "an error response with an empty error message reports the message only, not the success branch",
    type: "ResponseMessage",
    build: () => fixture("invalid/response/error-message-empty.json"),
    issues: [{ pointer: "/payload/error/message", code: "too_short" }],
    absent: [{ pointer: "/payload/status", code: "const" }],
  },
  {
    name: "an oversized payload is not measured while the shape is invalid",
    type: "LegacyMessage",
    build: () => ({ ...fixture("valid/stream_data/chunk.json"), correlation_id: null, payload: asciiPayload(MAX + 1) }),
    issues: [{ pointer: "/correlation_id", code: "type" }],
    absent: [{ pointer: "/payload", code: "too_large" }],
  },
];

for (const engine of ENGINES) {
  describe(`legacy synthetic cases through ${engine.name}`, () => {
    for (const s of SYNTHETIC) {
      it(s.name, () => {
        const r = engine.validate(s.type, s.build());
        if (s.issues.length === 0) {
          expect(r.ok, describeIssues(r)).toBe(true);
          return;
        }
        expect(r.ok).toBe(false);
        const got = r.ok ? [] : r.issues.map(key);
        for (const want of s.issues.filter(engine.reports ?? (() => true))) expect(got).toContain(key(want));
        for (const not of s.absent ?? []) expect(got).not.toContain(key(not));
      });
    }
  });
}
