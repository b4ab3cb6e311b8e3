/**
 * The hybrid agent cards of fixtures/hybrid/ (issue 20 item 3): each card's v1.0 view gets the
 * verdicts its `.hybrid.jsonc` records, in strict and lenient mode, from the v1 validators. The v0.3
 * view is checked with the other v0.3 documents (test/v0.3/real-fixtures.test.ts reads the sidecars);
 * here only that strict v0.3 mode tells a hybrid from a v0.3 card.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as V1 from "../../src/v1/index.js";
import { validateAgentCard } from "../../src/v0.3/index.js";

const ROOT = join(import.meta.dirname, "../../fixtures/hybrid");
type Issue = { pointer: string; code: string };
interface Views {
  source: string;
  detected: "hybrid" | "1.0";
  v1: { strict: "valid" | "invalid"; lenient: "valid" | Issue[]; reason: string };
  v03: { valid: boolean; issues?: Issue[]; reason: string };
  agree: boolean | null;
  disagreements: Array<{ pointer: string; rule: string; reason: string }>;
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".hybrid.jsonc") ? [join(dir, e.name)] : []));

const cards = walk(ROOT).map((f) => ({
  rel: relative(ROOT, f).replace(/\.hybrid\.jsonc$/, ".json"),
  doc: JSON.parse(readFileSync(f.replace(/\.hybrid\.jsonc$/, ".json"), "utf8")) as unknown,
  views: JSON.parse(readFileSync(f, "utf8")) as Views,
}));

const errors = (issues: readonly { pointer: string; code: string; severity?: string }[]) => issues.filter((i) => i.severity !== "warning");

describe("hybrid agent cards", () => {
  it("are the cards of five SDKs and the hand-made disagreeing ones, each with its source and reasons", () => {
    const sources = new Set(cards.map((c) => c.rel.split("/")[1]));
    for (const s of ["a2a-python", "a2a-go", "a2a-dotnet", "a2a-java", "a2a-js", "hand-made"]) expect(sources, s).toContain(s);
    for (const { rel, views } of cards) {
      expect(views.source, rel).toMatch(/\S/);
      expect(views.v1.reason && views.v03.reason, rel).toBeTruthy();
      // A disagreement list goes with agree: false, and only then.
      if (views.agree !== null) expect(views.agree, rel).toBe(views.disagreements.length === 0);
      // The folder is the v0.3 view's verdict.
      expect(rel.split("/")[0], rel).toBe(views.v03.valid ? "valid" : "invalid");
    }
    expect(cards.filter((c) => c.views.agree === false).length).toBeGreaterThanOrEqual(4);
    expect(cards.filter((c) => c.views.agree === true).length).toBeGreaterThanOrEqual(3);
  });

  it("get the v1.0 verdicts their views record, in strict and lenient mode", () => {
    const wrong: string[] = [];
    for (const { rel, doc, views } of cards) {
      const strict = V1.validate("AgentCard", doc, { mode: "strict" });
      if ((strict.ok ? "valid" : "invalid") !== views.v1.strict) wrong.push(`${rel} strict: ${strict.ok ? "valid" : "invalid"}`);
      const lenient = V1.validate("AgentCard", doc, { mode: "lenient" });
      if (views.v1.lenient === "valid") {
        if (!lenient.ok) wrong.push(`${rel} lenient: expected valid, got ${errors(lenient.issues).map((i) => `${i.pointer} ${i.code}`).join("; ")}`);
        continue;
      }
      if (lenient.ok) wrong.push(`${rel} lenient: expected issues, got valid`);
      else for (const i of views.v1.lenient) if (!lenient.issues.some((p) => p.pointer === i.pointer && p.code === i.code)) wrong.push(`${rel} lenient: missing ${i.pointer} ${i.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("fail strict v0.3 mode on their v1.0 supportedInterfaces, whatever their default v0.3 verdict", () => {
    for (const { rel, doc } of cards) {
      const r = validateAgentCard(doc, { mode: "strict" });
      expect(r.ok, rel).toBe(false);
      if (!r.ok) expect(r.issues.some((i) => i.pointer === "/supportedInterfaces" && i.code === "unknown_property"), rel).toBe(true);
    }
  });
});
