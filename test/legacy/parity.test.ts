/** The Ajv validators and the Zod models give the same verdict on generated input. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as V from "../../src/legacy/index.js";
import * as Z from "../../src/legacy/zod.js";
import { SCHEMA_EXAMPLES, legacyInput } from "../support/legacy-arbitraries.js";

const PAIRS: Array<[string, (x: unknown) => boolean, (x: unknown) => boolean]> = [
  ["LegacyMessage", (x) => V.validateMessage(x).ok, (x) => Z.LegacyMessageSchema.safeParse(x).success],
  ["BaseMessage", (x) => V.validateBaseMessage(x).ok, (x) => Z.BaseMessageSchema.safeParse(x).success],
  ["RequestMessage", (x) => V.validateRequestMessage(x).ok, (x) => Z.RequestMessageSchema.safeParse(x).success],
  ["ResponseMessage", (x) => V.validateResponseMessage(x).ok, (x) => Z.ResponseMessageSchema.safeParse(x).success],
  ["DiscoverAgentsMessage", (x) => V.validateDiscoverAgentsMessage(x).ok, (x) => Z.DiscoverAgentsMessageSchema.safeParse(x).success],
  ["HandshakeMessage", (x) => V.validateHandshakeMessage(x).ok, (x) => Z.HandshakeMessageSchema.safeParse(x).success],
];

describe("Ajv and Zod agree (legacy)", () => {
  it("on every schema example", () => {
    for (const ex of SCHEMA_EXAMPLES) {
      expect(V.validateMessage(ex).ok).toBe(true);
      expect(Z.LegacyMessageSchema.safeParse(ex).success).toBe(true);
    }
  });

  it("on 10,000 generated boundary inputs", () => {
    let valid = 0;
    let invalid = 0;
    fc.assert(
      fc.property(legacyInput, (input) => {
        for (const [name, ajv, zod] of PAIRS) {
          const a = ajv(input);
          const z = zod(input);
          if (a !== z) throw new Error(`${name}: Ajv says ${a}, Zod says ${z} for ${JSON.stringify(input)}`);
          if (name === "LegacyMessage") a ? valid++ : invalid++;
        }
      }),
      { numRuns: 10_000 },
    );
    // The generator must exercise both verdicts, or the agreement proves little.
    expect(valid).toBeGreaterThan(500);
    expect(invalid).toBeGreaterThan(3000);
  });

  it("with the same issue paths for the cross-field rules", () => {
    const ex = SCHEMA_EXAMPLES.find((e) => e.message_type === "handshake")!;
    const bad = { ...ex, sender_id: "someone-else" };
    const a = V.validateMessage(bad);
    const z = Z.LegacyMessageSchema.safeParse(bad);
    expect(a.ok).toBe(false);
    expect(z.success).toBe(false);
    if (!a.ok && !z.success) expect(z.error.issues.map((i) => i.path)).toEqual(a.issues.map((i) => i.path));
  });
});
