/**
 * The shortcuts of the v1 invalid path give what the plain way gives: the SDK-object
 * look only where issues are (on the strict all-errors pass's own list), the cached
 * enum words, typeAt of a path's head, and the cached instancePath segments.
 */
import { describe, expect, it } from "vitest";
import { collectIssues, isLastCollected, type AjvError } from "../../src/core/ajv-issues.js";
import { MAX_ISSUES } from "../../src/core/result.js";
import { issuesOf, type GeneratedValidator } from "../../src/core/validator.js";
import { listValues } from "../../src/core/messages.js";
import * as full2026 from "../../src/generated/v1/2026-02-17/strict-full.js";
import * as full10 from "../../src/generated/v1/strict-full.js";
import { api as api2026 } from "../../src/v1/2026-02-17/validators.js";
import { refineFailure, type RevisionApi } from "../../src/v1/engine.js";
import { strictFormatProblem } from "../../src/v1/formats.js";
import { withoutZero } from "../../src/v1/issues.js";
import { api as api10 } from "../../src/v1/validators.js";
import { invalidFixtures, validFixtures, type Revision } from "./helpers.js";

const SDK_VALUE = { $case: "text", value: "x" };

/** The document with one object's member replaced by an SDK oneof, or given ts-proto's `content` key, at each place in turn. */
function sdkVariants(doc: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (v: unknown, rebuild: (x: unknown) => unknown, depth: number) => {
    if (depth > 6 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => visit(x, (y) => rebuild(v.map((z, j) => (j === i ? y : z))), depth + 1));
      return;
    }
    const o = v as Record<string, unknown>;
    out.push(rebuild({ ...o, content: SDK_VALUE }));
    for (const k of Object.keys(o)) {
      out.push(rebuild({ ...o, [k]: SDK_VALUE }));
      visit(o[k], (y) => rebuild({ ...o, [k]: y }), depth + 1);
    }
  };
  visit(doc, (x) => x, 0);
  return out;
}

const REVS: Record<Revision, { api: RevisionApi<unknown>; full: Record<string, unknown> }> = {
  "1.0": { api: api10 as RevisionApi<unknown>, full: full10 },
  "2026-02-17": { api: api2026 as RevisionApi<unknown>, full: full2026 },
};

describe("the SDK-object look where issues are", () => {
  it("finds what the look at every object finds (fixtures, with an SDK oneof at each place)", () => {
    let sdk = 0;
    let compared = 0;
    for (const revision of ["1.0", "2026-02-17"] as const) {
      const { api, full } = REVS[revision];
      for (const f of [...validFixtures(revision), ...invalidFixtures(revision)]) {
        if (!api.model.isMessageName(f.type)) continue;
        for (const doc of [f.input, ...sdkVariants(f.input)]) {
          const r = api.validate(f.type, doc);
          if (r.ok) continue;
          // A copy of the list is not the pass's own: refineFailure looks at every object.
          const raw = issuesOf(full[f.type] as GeneratedValidator, doc, { formatProblem: strictFormatProblem }, f.type);
          expect(r.issues).toStrictEqual(refineFailure(api.model, f.type, doc, raw.slice(), false));
          if (r.issues.length === 1 && r.issues[0]!.received === "an in-memory SDK object") sdk++;
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(sdk).toBeGreaterThan(100);
  });
});

describe("isLastCollected", () => {
  it("is true for collectIssues' own list only", () => {
    const errors: AjvError[] = [{ instancePath: "/a", schemaPath: "#/type", keyword: "type", params: { type: "string" } }];
    const { issues } = collectIssues(errors, { a: 1 }, {}, MAX_ISSUES);
    expect(isLastCollected(issues)).toBe(true);
    expect(isLastCollected(issues.slice())).toBe(false);
    collectIssues(errors, { a: 1 });
    expect(isLastCollected(issues)).toBe(false);
  });
});

describe("withoutZero", () => {
  it("is the filter and its words, the same for every call", () => {
    const list = ["ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"];
    const a = withoutZero(list, "ROLE_UNSPECIFIED");
    expect(a.allowed).toEqual(["ROLE_USER", "ROLE_AGENT"]);
    expect(a.words).toBe(listValues(["ROLE_USER", "ROLE_AGENT"]));
    expect(withoutZero(list, "ROLE_UNSPECIFIED")).toBe(a);
    // Another zero for the same list is answered for that zero.
    expect(withoutZero(list, "ROLE_USER").allowed).toEqual(["ROLE_UNSPECIFIED", "ROLE_AGENT"]);
  });

  it("gives each issue its own allowed list", () => {
    const bad = { messageId: "m", role: "user", parts: [{ text: "x" }] };
    const issues = () => (api10.validate("Message", bad) as { issues: readonly { allowed?: readonly unknown[] }[] }).issues;
    const [x] = issues();
    const [y] = issues();
    expect(x!.allowed).toEqual(["ROLE_USER", "ROLE_AGENT"]);
    expect(x!.allowed).not.toBe(y!.allowed);
  });
});

describe("typeAt of a path's head", () => {
  it("is typeAt of the sliced path", () => {
    const model = api10.model;
    const paths = [[], ["message"], ["message", "parts"], ["message", "parts", 0], ["message", "parts", 0, "text"], ["configuration", "taskPushNotificationConfig", "authentication"], ["nope", "x"]];
    for (const p of paths) for (let end = 0; end <= p.length; end++) expect(model.typeAt("SendMessageRequest", p, end)).toBe(model.typeAt("SendMessageRequest", p.slice(0, end)));
  });
});

describe("instancePath segments", () => {
  const error = (instancePath: string): AjvError => ({ instancePath, schemaPath: "#/type", keyword: "type", params: { type: "string" } });

  it("decode escapes, read indices only inside arrays, and keep odd keys", () => {
    const root = { "a/b": { "c~d": [{ __proto__: 1 }, 5] }, "0": { "01": 2 }, constructor: 3, "": { "": 4 } };
    Object.defineProperty(root["a/b"]["c~d"][0], "__proto__", { value: 1, enumerable: true });
    const cases: Array<[string, unknown[], string]> = [
      ["/a~1b/c~0d/1", ["a/b", "c~d", 1], "5"],
      ["/a~1b/c~0d/0/__proto__", ["a/b", "c~d", 0, "__proto__"], "1"],
      ["/0/01", ["0", "01"], "2"],
      ["/constructor", ["constructor"], "3"],
      ["//", ["", ""], "4"],
      ["/a~1b/c~0d/01", ["a/b", "c~d", "01"], "undefined"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [at, path, got] of cases) {
        const [issue] = collectIssues([error(at)], root).issues;
        expect(issue!.path).toStrictEqual(path);
        expect(issue!.received).toBe(got);
      }
    }
  });

  it("are the same for a path too long to remember", () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    const keys = Array.from({ length: 100 }, (_, i) => `key${i}`);
    for (const k of keys.slice(0, -1)) at = (at[k] = {}) as Record<string, unknown>;
    at[keys[keys.length - 1]!] = 7;
    const pointer = "/" + keys.join("/");
    for (let round = 0; round < 2; round++) {
      const [issue] = collectIssues([error(pointer)], deep).issues;
      expect(issue!.path).toStrictEqual(keys);
      expect(issue!.pointer).toBe(pointer);
      expect(issue!.received).toBe("7");
    }
  });
});
