import { describe, expect, it } from "vitest";
import { deepFreeze } from "./helpers.js";
import { checkHybridCard, hybridCardViews } from "../../src/versions/index.js";

const card = {
  name: "A",
  description: "d",
  version: "1.0.0",
  supportedInterfaces: [
    { url: "https://a.example/rpc", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    { url: "https://a.example/rpc", protocolBinding: "JSONRPC", protocolVersion: "0.3" },
    { url: "https://a.example/rest", protocolBinding: "HTTP+JSON", protocolVersion: "0.3" },
  ],
  capabilities: { streaming: true, extendedAgentCard: true },
  securitySchemes: {},
  securityRequirements: [{ schemes: { oauth: { list: ["read"] } } }],
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
  url: "https://a.example/rpc",
  preferredTransport: "JSONRPC",
  protocolVersion: "0.3.0",
  additionalInterfaces: [
    { url: "https://a.example/rpc", transport: "JSONRPC" },
    { url: "https://a.example/rest", transport: "HTTP+JSON" },
  ],
  supportsAuthenticatedExtendedCard: true,
  security: [{ oauth: ["read"] }],
};
const issues = (c: unknown) => {
  const r = checkHybridCard(c);
  return r.ok ? [] : r.issues.map((i) => [i.pointer, i.code]);
};

describe("checkHybridCard", () => {
  it("accepts a hybrid card whose views are valid and agree, and returns the card itself", () => {
    const r = checkHybridCard(card);
    expect(r.ok ? [] : r.issues).toEqual([]);
    expect(r.ok && r.value).toBe(card);
    const v = hybridCardViews(card);
    expect(v.v1.ok && Object.keys(v.v1.value)).not.toContain("url");
    expect(v.v03.ok && Object.keys(v.v03.value)).not.toContain("supportedInterfaces");
    expect(v.agreement).toEqual([]);
  });

  it("holds the v0.3 interfaces against supportedInterfaces", () => {
    expect(issues({ ...card, preferredTransport: "GRPC", additionalInterfaces: card.additionalInterfaces.slice(1) })).toEqual([["/preferredTransport", "mismatch"], ["/supportedInterfaces/1", "mismatch"]]);
    expect(issues({ ...card, url: "https://elsewhere.example/" })).toEqual([["/url", "mismatch"]]);
    expect(issues({ ...card, additionalInterfaces: [...card.additionalInterfaces, { url: "https://x.example/", transport: "GRPC" }] })).toEqual([["/additionalInterfaces/2/url", "mismatch"]]);
    // Every interface declared for 0.3 must be one a v0.3 client finds.
    expect(issues({ ...card, additionalInterfaces: card.additionalInterfaces.slice(0, 1) })).toEqual([["/supportedInterfaces/2", "mismatch"]]);
    // Absent preferredTransport is JSONRPC (v0.3's default).
    const { preferredTransport: _, ...noTransport } = card;
    expect(issues(noTransport)).toEqual([]);
  });

  it("holds the declared versions against each other", () => {
    expect(issues({ ...card, protocolVersion: "1.0" })).toEqual([["/protocolVersion", "mismatch"]]);
    const only10 = { ...card, supportedInterfaces: card.supportedInterfaces.filter((i) => i.protocolVersion !== "0.3"), additionalInterfaces: card.additionalInterfaces.slice(0, 1) };
    const r = checkHybridCard(only10);
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code])).toEqual([["/url", "mismatch"], ["/additionalInterfaces/0/url", "mismatch"]]);
    expect(!r.ok && r.issues[0]!.message).toMatch(/for 1\.0 only, not 0\.3/);
  });

  it("holds the extended-card flag and the security requirements against each other", () => {
    expect(issues({ ...card, supportsAuthenticatedExtendedCard: false })).toEqual([["/supportsAuthenticatedExtendedCard", "mismatch"]]);
    const { supportsAuthenticatedExtendedCard: _, ...noFlag } = card;
    expect(issues(noFlag)).toEqual([["/supportsAuthenticatedExtendedCard", "mismatch"]]);
    expect(issues({ ...card, security: [{ oauth: ["write"] }] })).toEqual([["/security", "mismatch"]]);
  });

  it("says which view an issue is about", () => {
    const r = checkHybridCard({ ...card, name: 5, securitySchemes: { k: { apiKeySecurityScheme: { location: "header", name: "X" } } } });
    expect(r.ok).toBe(false);
    const msgs = r.ok ? [] : r.issues.map((i) => `${i.pointer} ${i.message}`);
    expect(msgs.some((m) => m.startsWith("/name v1.0 view:"))).toBe(true);
    expect(msgs.some((m) => m.startsWith("/name v0.3 view:"))).toBe(true);
    expect(msgs.some((m) => m.startsWith("/securitySchemes/k v0.3 view:"))).toBe(true);
    expect(msgs.some((m) => m.startsWith("/securitySchemes/k v1.0 view:"))).toBe(false);
  });

  it("a v0.3 field in capabilities or skills belongs to the v0.3 view only", () => {
    const c = { ...card, capabilities: { ...card.capabilities, stateTransitionHistory: true }, skills: [{ ...card.skills[0], security: [{ oauth: [] }], securityRequirements: [] }] };
    expect(issues(c)).toEqual([]);
  });

  it("never throws, never changes the card", () => {
    expect(issues(null)).toEqual([["", "type"]]);
    expect(issues([card])).toEqual([["", "type"]]);
    const hostile = { ...card, get url(): string {
      throw new Error("boom");
    } };
    expect(checkHybridCard(hostile)).toMatchObject({ ok: false, issues: [{ code: "invalid" }] });
    expect(hybridCardViews(hostile).v1.ok).toBe(false);
    const frozen = structuredClone(card);
    deepFreeze(frozen);
    const before = JSON.stringify(frozen);
    checkHybridCard({ ...frozen, capabilities: frozen.capabilities });
    hybridCardViews(frozen);
    expect(JSON.stringify(frozen)).toBe(before);
  });
});
