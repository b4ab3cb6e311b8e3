/**
 * docs/conformance.md says what lenient mode does with `null` in two places ("Lenient mode reads proto3
 * JSON as protobuf's parsers do" and "Modes"); both must say what the code does (issue 22, point 9).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "../../src/v1/index.js";

const doc = readFileSync(join(import.meta.dirname, "../../docs/conformance.md"), "utf8");
const section = (title: string): string => {
  const start = doc.indexOf(`### ${title}`);
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf("\n### ", start + 4);
  return doc.slice(start, end < 0 ? undefined : end);
};

describe("lenient null, as documented", () => {
  it("the code reads null as not set: an optional field is dropped, a REQUIRED one is a required issue saying null", () => {
    const optional = validate("Message", { messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }], contextId: null }, { mode: "lenient" });
    expect(optional.ok).toBe(true);
    expect(Object.hasOwn((optional as { value: object }).value, "contextId")).toBe(false);
    const required = validate("Message", { messageId: null, role: "ROLE_USER", parts: [{ text: "hi" }] }, { mode: "lenient" });
    expect(required.ok).toBe(false);
    expect((required as unknown as { issues: Array<{ code: string; property?: string; message: string }> }).issues[0]).toMatchObject({ code: "required", property: "messageId", message: expect.stringMatching(/null/) });
  });

  it.each(["Lenient mode reads proto3 JSON as protobuf's parsers do", "Modes"])("section %s says null is not set, never that it is refused", (title) => {
    const text = section(title);
    expect(text).toMatch(/`null` is (read as "not set"|the default value)/);
    expect(text).not.toMatch(/`null` is \*\*not\*\* read/);
  });
});
