/** Strict A2A v1.0 on a hybrid agent card: one issue naming its v0.3 fields; lenient mode: a warning per field. */
import { describe, expect, it } from "vitest";
import { validate, validateJsonRpcResponse, type ValidationIssue } from "../../src/v1/index.js";
import { readJson } from "./helpers.js";

const card = readJson("fixtures/v1/valid/AgentCard/full.json") as Record<string, unknown>;
const v03Fields = { url: "https://api.example.com/a2a", preferredTransport: "JSONRPC", protocolVersion: "0.3.0", additionalInterfaces: [], supportsAuthenticatedExtendedCard: true };
const hybrid: Record<string, unknown> = { ...card, ...v03Fields };
const issuesOf = (r: { ok: boolean; issues?: readonly ValidationIssue[] }) => (r.ok ? [] : r.issues!);

describe("hybrid agent cards", () => {
  it("strict: one hybrid_card issue at the card, naming every v0.3 field, with the hint", () => {
    const issues = issuesOf(validate("AgentCard", hybrid));
    expect(issues).toHaveLength(1);
    const [i] = issues;
    expect(i).toMatchObject({ pointer: "", code: "hybrid_card", received: "url, preferredTransport, protocolVersion, additionalInterfaces, supportsAuthenticatedExtendedCard" });
    expect(i!.message).toContain('"url", "preferredTransport", "protocolVersion", "additionalInterfaces", "supportsAuthenticatedExtendedCard"');
    expect(i!.hint).toMatch(/supportsAuthenticatedExtendedCard → capabilities\.extendedAgentCard/);
    expect(i!.hint).toMatch(/checkHybridCard/);
  });

  it("strict: other issues stay as they were, and the card's place is kept", () => {
    const issues = issuesOf(validate("AgentCard", { ...hybrid, name: 5, extra: 1 }));
    expect(issues.map((i) => [i.pointer, i.code])).toEqual(
      expect.arrayContaining([
        ["", "hybrid_card"],
        ["/extra", "unknown_property"],
        ["/name", "type"],
      ]),
    );
    expect(issues.filter((i) => i.code === "unknown_property").map((i) => i.pointer)).toEqual(["/extra"]);
    // Nested: the card a JSON-RPC response carries.
    const r = issuesOf(validateJsonRpcResponse("GetExtendedAgentCard", { jsonrpc: "2.0", id: 1, result: hybrid }));
    expect(r.map((i) => [i.pointer, i.code])).toEqual([["/result", "hybrid_card"]]);
  });

  it("strict: a v0.3 card (no supportedInterfaces) keeps one issue per field with its hints", () => {
    const { supportedInterfaces: _, ...v03 } = hybrid;
    const issues = issuesOf(validate("AgentCard", v03));
    expect(issues.some((i) => i.code === "hybrid_card")).toBe(false);
    expect(issues.filter((i) => i.code === "unknown_property").map((i) => i.pointer)).toEqual(expect.arrayContaining(["/url", "/preferredTransport"]));
  });

  it("lenient: accepted, with a warning per v0.3 field that says it is a hybrid card's", () => {
    const r = validate("AgentCard", hybrid, { mode: "lenient" });
    expect(r.ok).toBe(true);
    const w = r.ok ? (r.warnings ?? []) : [];
    expect(w.map((x) => x.pointer)).toEqual(Object.keys(v03Fields).map((k) => `/${k}`));
    expect(w.every((x) => x.code === "unknown_property" && x.severity === "warning")).toBe(true);
    expect(w.find((x) => x.pointer === "/url")!.hint).toMatch(/hybrid card.*supportedInterfaces\[\]\.url/);
  });
});
