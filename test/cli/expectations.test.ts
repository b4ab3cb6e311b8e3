import { describe, expect, it } from "vitest";
import { expectedIssuesOf, expectedVerdict, isSidecar, missingIssues, parseSidecar, sidecarPath, verdictFor } from "../../src/cli/expectations.js";

const FAMILIES = ["legacy", "v1"];

describe("expectations", () => {
  it("expects failure below a folder named invalid, and only there, with --expect auto", () => {
    expect(expectedVerdict("auto", ["fixtures", "legacy", "invalid", "request"])).toBe("invalid");
    expect(expectedVerdict("auto", ["fixtures", "legacy", "valid"])).toBe("valid");
    expect(expectedVerdict("auto", ["fixtures", "invalid-ish"])).toBe("valid");
    expect(expectedVerdict("auto", [])).toBe("valid");
    expect(expectedVerdict("valid", ["invalid"])).toBe("valid");
    expect(expectedVerdict("invalid", [])).toBe("invalid");
  });

  it("names sidecars after their document", () => {
    expect(sidecarPath("/f/a.json")).toBe("/f/a.expect.json");
    expect(sidecarPath("/f/a.jsonl")).toBe("/f/a.expect.json");
    expect(sidecarPath("/f/a.ndjson")).toBe("/f/a.expect.json");
    expect(isSidecar("/f/a.expect.json")).toBe(true);
    expect(isSidecar("/f/expect.json")).toBe(false);
  });

  it("matches expected issues on pointer and code", () => {
    const produced = [
      { pointer: "/payload/method", code: "type" },
      { pointer: "", code: "required" },
    ];
    expect(missingIssues([{ pointer: "/payload/method", code: "type" }], produced)).toEqual([]);
    expect(missingIssues([{ pointer: "/payload/method", code: "enum" }], produced)).toEqual([{ pointer: "/payload/method", code: "enum" }]);
    expect(missingIssues([{ pointer: "/payload", code: "type" }], produced)).toHaveLength(1);
  });

  it("accepts the documented sidecar shape", () => {
    const s = {
      family: "v1",
      type: "Task",
      mode: "lenient",
      method: "GetTask",
      issues: [{ pointer: "/id", code: "required" }],
      reason: "why",
      source: "A2A v1 protocol definition, 2026-02-17",
    };
    expect(parseSidecar(s, FAMILIES)).toEqual(s);
    expect(parseSidecar({}, FAMILIES)).toEqual({});
  });

  it("rejects what is not the shape, in words", () => {
    expect(parseSidecar([], FAMILIES)).toMatch(/object/);
    expect(parseSidecar({ isues: [] }, FAMILIES)).toMatch(/unknown key "isues"/);
    expect(parseSidecar({ family: "v2" }, FAMILIES)).toMatch(/family/);
    expect(parseSidecar({ mode: "loose" }, FAMILIES)).toMatch(/mode/);
    expect(parseSidecar({ type: 3 }, FAMILIES)).toMatch(/type/);
    expect(parseSidecar({ issues: {} }, FAMILIES)).toMatch(/array/);
    expect(parseSidecar({ issues: [{ pointer: "/a" }] }, FAMILIES)).toMatch(/issues\[0\]/);
    expect(parseSidecar({ lenient: [{ code: "x" }] }, FAMILIES)).toMatch(/lenient\[0\]/);
  });

  it("uses the lenient list in lenient mode, and issues otherwise", () => {
    const strict = [{ pointer: "/a", code: "type" }];
    const lenient = [{ pointer: "", code: "required" }];
    expect(expectedIssuesOf({ issues: strict, lenient }, "lenient")).toEqual(lenient);
    expect(expectedIssuesOf({ issues: strict, lenient }, "strict")).toEqual(strict);
    expect(expectedIssuesOf({ issues: strict, lenient }, undefined)).toEqual(strict);
    expect(expectedIssuesOf({ issues: strict }, "lenient")).toEqual(strict);
    expect(expectedIssuesOf(undefined, "lenient")).toEqual([]);
    expect(expectedIssuesOf({ issues: strict, lenient: "valid" }, "lenient")).toEqual([]);
  });

  it("lets a sidecar say lenient mode accepts a negative fixture", () => {
    const sidecar = { issues: [{ pointer: "/timestamp", code: "format" }], lenient: "valid" as const };
    expect(parseSidecar(sidecar, FAMILIES)).toEqual(sidecar);
    expect(parseSidecar({ lenient: "invalid" }, FAMILIES)).toMatch(/"lenient" must be an array or "valid"/);
    expect(verdictFor("auto", ["invalid"], sidecar, "lenient")).toBe("valid");
    expect(verdictFor("auto", ["invalid"], sidecar, "strict")).toBe("invalid");
    expect(verdictFor("auto", ["invalid"], sidecar, undefined)).toBe("invalid");
    // a forced expectation stays forced
    expect(verdictFor("invalid", ["invalid"], sidecar, "lenient")).toBe("invalid");
  });
});
