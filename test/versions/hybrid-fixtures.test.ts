/** The hybrid cards the SDKs serve (fixtures/hybrid, each with its .hybrid.jsonc expectations) through detectVersion, checkHybridCard and strict v1.0. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "../../src/v1/index.js";
import { detectVersion, hybridCardViews } from "../../src/versions/index.js";

const ROOT = join(__dirname, "../../fixtures/hybrid");
const walk = (d: string): string[] =>
  readdirSync(d).flatMap((e) => {
    const p = join(d, e);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".hybrid.jsonc") ? [p] : [];
  });
const cards = walk(ROOT).map((f) => ({
  name: f.slice(ROOT.length + 1),
  want: JSON.parse(readFileSync(f, "utf8")) as { detected: string; v03: { valid: boolean }; agree: boolean | null },
  card: JSON.parse(readFileSync(f.replace(/\.hybrid\.jsonc$/, ".json"), "utf8")) as unknown,
}));

describe("fixtures/hybrid", () => {
  it("are there", () => expect(cards.length).toBeGreaterThanOrEqual(10));

  it.each(cards.map((c) => [c.name, c] as const))("%s", (_n, { want, card }) => {
    expect(detectVersion(card).version).toBe(want.detected);
    const v = hybridCardViews(card);
    expect(v.v03.ok, v.v03.ok ? "" : JSON.stringify(v.v03.issues)).toBe(want.v03.valid);
    if (want.agree !== null) expect(v.agreement.map((i) => `${i.pointer} ${i.message}`), "agreement").toEqual(want.agree ? [] : expect.arrayContaining([expect.any(String)]));
    if (want.detected === "hybrid") {
      // Strict v1.0: the v0.3 fields are one issue at the card.
      const r = validate("AgentCard", card);
      expect(r.ok ? [] : r.issues.filter((i) => i.code === "hybrid_card").map((i) => i.pointer)).toEqual([""]);
      expect(r.ok ? [] : r.issues.filter((i) => i.code === "unknown_property" && ["/url", "/preferredTransport", "/protocolVersion", "/additionalInterfaces", "/supportsAuthenticatedExtendedCard", "/security"].includes(i.pointer))).toEqual([]);
    }
  });
});
