/**
 * canonicalizeAgentCard: the field-presence rules of the A2A v1.0
 * specification, section 8.4.1, and its behaviour on hostile input.
 */
import { describe, expect, it } from "vitest";
import { canonicalizeAgentCard } from "../../src/v1/signatures/index.js";
import { sampleCard } from "./helpers.js";

const canon = (card: unknown) => {
  const r = canonicalizeAgentCard(card);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.value;
};

describe("section 8.4.1 presence rules", () => {
  it("reproduces the specification's example of default value removal", () => {
    const card = { name: "Example Agent", description: "", capabilities: { streaming: false, pushNotifications: false, extensions: [] }, skills: [] };
    expect(canon(card)).toBe('{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}');
  });

  it("removes `signatures` at the top level only", () => {
    expect(canon({ name: "A", signatures: [{ protected: "x", signature: "y" }] })).toBe('{"name":"A"}');
    expect(canon({ name: "A", signatures: "not even an array" })).toBe('{"name":"A"}');
    expect(canon({ name: "A", capabilities: { extensions: [{ params: { signatures: 1 } }] } })).toBe('{"capabilities":{"extensions":[{"params":{"signatures":1}}]},"name":"A"}');
  });

  it("keeps REQUIRED fields at their default value", () => {
    expect(canon({ name: "", description: "", version: "", supportedInterfaces: [], defaultInputModes: [], defaultOutputModes: [], skills: [{ id: "", name: "", description: "", tags: [] }] })).toBe(
      '{"defaultInputModes":[],"defaultOutputModes":[],"description":"","name":"","skills":[{"description":"","id":"","name":"","tags":[]}],"supportedInterfaces":[],"version":""}',
    );
  });

  it("keeps proto3 `optional` fields that are present, even at the default", () => {
    expect(canon({ name: "A", iconUrl: "", documentationUrl: "", capabilities: { extendedAgentCard: false } })).toBe('{"capabilities":{"extendedAgentCard":false},"documentationUrl":"","iconUrl":"","name":"A"}');
  });

  it("removes default values of other fields, at every depth", () => {
    const card = {
      name: "A",
      supportedInterfaces: [{ url: "u", protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" }],
      securitySchemes: {},
      securityRequirements: [],
      capabilities: { extensions: [{ uri: "", description: "", required: false }] },
      skills: [{ id: "s", name: "n", description: "d", tags: ["t"], examples: [], inputModes: [], outputModes: [], securityRequirements: [] }],
    };
    expect(canon(card)).toBe('{"capabilities":{"extensions":[{}]},"name":"A","skills":[{"description":"d","id":"s","name":"n","tags":["t"]}],"supportedInterfaces":[{"protocolBinding":"JSONRPC","protocolVersion":"1.0","url":"u"}]}');
  });

  it("keeps a set message field even when it is empty, and strips inside map values", () => {
    const card = {
      name: "A",
      provider: {},
      securitySchemes: { k: { apiKeySecurityScheme: { location: "header", name: "X-Key", description: "" } }, m: { mtlsSecurityScheme: {} } },
      securityRequirements: [{ schemes: { k: { list: [] } } }],
    };
    expect(canon(card)).toBe('{"name":"A","provider":{},"securityRequirements":[{"schemes":{"k":{}}}],"securitySchemes":{"k":{"apiKeySecurityScheme":{"location":"header","name":"X-Key"}},"m":{"mtlsSecurityScheme":{}}}}');
  });

  it("treats null as not set, except for REQUIRED fields", () => {
    expect(canon({ name: null, iconUrl: null, provider: null, skills: null, capabilities: { streaming: null } })).toBe('{"capabilities":{},"name":null,"skills":null}');
  });

  it("signs free JSON (Struct) and unknown fields exactly as given", () => {
    const card = { name: "A", capabilities: { extensions: [{ uri: "x", params: { zero: 0, no: false, empty: "", list: [], nil: null } }] }, "x-vendor": { empty: "" }, other: "" };
    expect(canon(card)).toBe('{"capabilities":{"extensions":[{"params":{"empty":"","list":[],"nil":null,"no":false,"zero":0},"uri":"x"}]},"name":"A","other":"","x-vendor":{"empty":""}}');
  });

  it("signs malformed values as they are rather than guessing", () => {
    expect(canon({ name: "A", skills: "none", securitySchemes: [], capabilities: 7 })).toBe('{"capabilities":7,"name":"A","securitySchemes":[],"skills":"none"}');
  });

  it("does not depend on key order, whitespace or an added default-valued field", () => {
    const card = sampleCard();
    const reordered = Object.fromEntries(Object.entries(card).reverse());
    const reparsed = JSON.parse(JSON.stringify(card, null, 7));
    const padded = { ...card, securityRequirements: [...(card.securityRequirements as unknown[])], supportedInterfaces: [{ ...(card.supportedInterfaces as object[])[0], tenant: "" }] };
    expect(canon(reordered)).toBe(canon(card));
    expect(canon(reparsed)).toBe(canon(card));
    expect(canon(padded)).toBe(canon(card));
  });
});

describe("hostile input: issues, never exceptions", () => {
  const cases: Array<[string, () => unknown, string, string]> = [
    ["a throwing getter", () => ({ name: "A", get description(): string { throw new Error("boom"); } }), "/description", "invalid"],
    ["a revoked proxy", () => { const p = Proxy.revocable({}, {}); p.revoke(); return { name: "A", provider: p.proxy }; }, "/provider", "invalid"],
    ["a proxy whose ownKeys throws", () => ({ skills: [new Proxy({}, { ownKeys() { throw new Error("no keys"); } })] }), "/skills/0", "invalid"],
    ["a cycle", () => { const o: Record<string, unknown> = { name: "A" }; o["self"] = o; return o; }, "/self", "not_serializable"],
    ["a Date", () => ({ name: "A", when: new Date(0) }), "/when", "not_serializable"],
    ["a Map", () => ({ name: "A", m: new Map() }), "/m", "not_serializable"],
    ["a BigInt", () => ({ name: "A", n: 1n }), "/n", "not_serializable"],
    ["a function", () => ({ name: "A", f: () => 1 }), "/f", "not_serializable"],
    ["a symbol", () => ({ name: "A", s: Symbol("s") }), "/s", "not_serializable"],
    ["a hole in an array", () => ({ name: "A", skills: [, 1] }), "/skills/0", "not_serializable"],
    ["NaN", () => ({ name: "A", n: Number.NaN }), "/n", "not_serializable"],
    ["100,000 levels of nesting", () => { let v: unknown = {}; for (let i = 0; i < 100_000; i++) v = { a: v }; return v; }, "", "too_large"],
  ];
  it.each(cases)("%s", (_name, make, pointer, code) => {
    const r = canonicalizeAgentCard(make());
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues[0]!.code).toBe(code);
      expect(r.issues[0]!.pointer.startsWith(pointer)).toBe(true);
    }
  });

  it.each([null, undefined, 42, "card", [1, 2], true])("a card that is not an object (%j)", (v) => {
    const r = canonicalizeAgentCard(v);
    expect(r.ok).toBe(false);
  });

  it("keeps `__proto__` as an ordinary key and does not touch prototypes", () => {
    const card = JSON.parse('{"name":"A","__proto__":{"polluted":true},"constructor":{"prototype":1}}');
    expect(canon(card)).toBe('{"__proto__":{"polluted":true},"constructor":{"prototype":1},"name":"A"}');
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("never mutates the card and reads each getter once", () => {
    let reads = 0;
    const card = Object.freeze({ ...sampleCard(), get version() { reads++; return "2.0.0"; } });
    const before = JSON.stringify(card);
    reads = 0;
    canon(card);
    expect(reads).toBe(1);
    expect(JSON.stringify(card)).toBe(before);
  });

  it("accepts null-prototype objects and values from JSON.parse alike", () => {
    const bare = Object.assign(Object.create(null), { name: "A" });
    expect(canon(bare)).toBe('{"name":"A"}');
  });
});
