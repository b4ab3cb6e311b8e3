/**
 * The a2a-itk wire-format vectors (test/v1/a2a-itk, verbatim from a2aproject/a2a-itk) in
 * lenient mode. They test proto3 JSON parsing, not REQUIRED rules: where our
 * REQUIRED layer rejects a vector that a parser accepts, the vector is listed
 * below with the reason (and in docs/conformance-v1.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateByName } from "../../src/v1/validators.js";
import { FIXTURES } from "./helpers.js";

interface Vector {
  id: string;
  message: string;
  input: unknown;
  expected?: unknown;
  expect_reject?: boolean;
}

const dir = join(import.meta.dirname, "a2a-itk");
const vectors: Vector[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), "utf8")) as { vectors: Vector[] }).vectors);

/** Vectors a proto3 JSON parser accepts but our REQUIRED rules reject: id → the issue we report instead. */
const REJECTED_BY_REQUIRED: Record<string, { pointer: string; code: string; property: string }> = {
  // TaskStatus.state is REQUIRED; the zero value counts as missing.
  "enum.zero_value": { pointer: "", code: "required", property: "state" },
  // Message.parts is REQUIRED (and must be non-empty); these vectors have none.
  "enum.role_known": { pointer: "", code: "required", property: "parts" },
  "enum.role_unknown_number": { pointer: "", code: "required", property: "parts" },
};

describe("a2a-itk vectors in lenient mode", () => {
  it("are all here (13)", () => {
    expect(vectors).toHaveLength(13);
  });

  it.each(vectors.map((v) => [v.id, v] as const))("%s", (id, v) => {
    const r = validateByName(v.message, v.input, { mode: "lenient" });
    const ours = REJECTED_BY_REQUIRED[id];
    if (v.expect_reject) {
      expect(r.ok).toBe(false);
    } else if (ours) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues).toContainEqual(expect.objectContaining(ours));
    } else {
      expect(r.ok ? [] : r.issues).toEqual([]);
      // The lenient result is the parsed, canonical value: what the vector expects a parser to yield.
      if (r.ok) expect(r.value).toEqual(v.expected);
    }
  });

  it("the REQUIRED rejections are exactly the vectors lacking a REQUIRED field: with it added, they pass", () => {
    const patched: Record<string, unknown> = {
      "enum.role_known": { messageId: "m1", role: "ROLE_USER", parts: [{ text: "x" }] },
      "enum.role_unknown_number": { messageId: "m1", role: 77, parts: [{ text: "x" }] },
    };
    for (const [id, input] of Object.entries(patched)) {
      const v = vectors.find((x) => x.id === id)!;
      expect(validateByName(v.message, input, { mode: "lenient" }).ok, id).toBe(true);
    }
  });

  it("strict mode rejects the non-canonical inputs (numbers for enums, offsets)", () => {
    for (const id of ["enum.known_by_number", "enum.unknown_number", "timestamp.offset_utc", "timestamp.offset_non_utc"]) {
      const v = vectors.find((x) => x.id === id)!;
      expect(validateByName(v.message, v.input).ok, id).toBe(false);
    }
    for (const id of ["enum.known_by_name", "timestamp.whole_second", "timestamp.millis", "timestamp.nanos"]) {
      const v = vectors.find((x) => x.id === id)!;
      expect(validateByName(v.message, v.input).ok, id).toBe(true);
    }
  });
});
