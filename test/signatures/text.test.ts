/**
 * Cards given as JSON text (issue 18, finding 10): a member name given twice,
 * which `JSON.parse` resolves silently to the last value while another parser
 * may take the first, is refused, so a card cannot verify here while another
 * SDK reads different content. An object argument cannot show it: the object
 * form of the same text verifies.
 */
import { describe, expect, it } from "vitest";
import { canonicalizeAgentCard, checkCardSignatures, signAgentCard, verifyAgentCard } from "../../src/v1/signatures/index.js";
import { jwkSet, sampleCard, testKey } from "./helpers.js";

async function signedText() {
  const key = await testKey("EdDSA", "text-1");
  const r = await signAgentCard(sampleCard(2), { key: key.privateKey, kid: key.kid, alg: "EdDSA" });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { text: JSON.stringify(r.value, null, 2), keys: jwkSet(key.publicJwk) };
}

describe("verifyAgentCard from text", () => {
  it("verifies a string and UTF-8 bytes as it verifies the parsed object", async () => {
    const { text, keys } = await signedText();
    for (const input of [text, new TextEncoder().encode(text), Buffer.from(text)]) {
      const r = await verifyAgentCard(input, { keys });
      expect(r.verdict).toBe("valid");
      expect(r).toEqual(await verifyAgentCard(JSON.parse(text), { keys }));
    }
  });

  it("refuses a card body that names a member twice; the parsed object cannot show it and verifies", async () => {
    const { text, keys } = await signedText();
    // A first-wins parser reads "Recipe Agent (forged)"; JSON.parse reads the signed name.
    const forged = text.replace('\n  "name": "Recipe Agent"', '\n  "name": "Recipe Agent (forged)",\n  "name": "Recipe Agent"');
    expect(forged).not.toBe(text);
    expect((await verifyAgentCard(JSON.parse(forged), { keys })).verdict).toBe("valid");
    const r = await verifyAgentCard(forged, { keys });
    expect(r).toMatchObject({ verdict: "invalid", ok: false, signatures: [] });
    expect(r.issues).toEqual([
      expect.objectContaining({ path: [], pointer: "", code: "duplicate_key", property: "name", message: expect.stringMatching(/^names "name" more than once \(first at line 2, column 3, again at line 3, column 3\)/) }),
    ]);
  });

  it("finds duplicates anywhere: nested, spelled with escapes, in a signature entry", async () => {
    const { text, keys } = await signedText();
    const nested = text.replace('"id": "skill-1"', '"id": "skill-1", "\\u0069d": "skill-9"');
    expect((await verifyAgentCard(nested, { keys })).issues).toEqual([expect.objectContaining({ pointer: "/skills/1", code: "duplicate_key", property: "id" })]);
    const inSignature = text.replace('"protected":', '"protected": "eyJhbGciOiJub25lIn0", "protected":');
    expect((await verifyAgentCard(inSignature, { keys })).issues).toEqual([expect.objectContaining({ pointer: "/signatures/0", code: "duplicate_key", property: "protected" })]);
  });

  it("refuses text that is not JSON, or not UTF-8, without quoting it", async () => {
    const secret = "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (const input of [secret, `{"a": ${secret}}`, new Uint8Array([0x7b, 0xff, 0x7d])]) {
      const r = await verifyAgentCard(input);
      expect(r.verdict).toBe("invalid");
      expect(r.issues).toHaveLength(1);
      expect(r.issues[0]!.code).toBe("invalid");
      expect(r.issues[0]!.message).not.toContain("ghp_");
    }
  });

  it("keeps the size limits of an object: 256 levels, 1,000,000 values", async () => {
    const deep = `{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect((await verifyAgentCard(deep)).issues).toEqual([expect.objectContaining({ code: "too_large", message: "nested deeper than 256 levels" })]);
    const wide = `{"x":[${"0,".repeat(1_000_000)}0]}`;
    expect((await verifyAgentCard(wide)).issues).toEqual([expect.objectContaining({ code: "too_large", pointer: "/x/999998", message: "holds more than 1000000 values" })]);
  });

  it("an unsigned card given as text is unsigned, pointed at `signatures` when present (checkCardSignatures)", async () => {
    expect((await verifyAgentCard(JSON.stringify(sampleCard(1)))).verdict).toBe("unsigned");
    expect(await checkCardSignatures(JSON.stringify({ ...sampleCard(1), signatures: [] }), { at: ["result"] })).toEqual([
      expect.objectContaining({ pointer: "/result/signatures", code: "signature_missing", severity: "warning" }),
    ]);
    const { text, keys } = await signedText();
    expect(await checkCardSignatures(text.replace('"version"', '"version": "0", "version"'), { keys, at: ["result"] })).toEqual([
      expect.objectContaining({ pointer: "/result", code: "duplicate_key", property: "version" }),
    ]);
  });
});

describe("canonicalizeAgentCard from text", () => {
  it("refuses what RFC 8785 cannot write, as for an object, and keeps `__proto__` as a name", () => {
    expect(canonicalizeAgentCard('{"name":"\\ud800"}')).toEqual({ ok: false, issues: [expect.objectContaining({ pointer: "/name", code: "not_serializable" })] });
    expect(canonicalizeAgentCard('{"name":"a","n":[1e400]}')).toEqual({ ok: false, issues: [expect.objectContaining({ pointer: "/n/0", code: "not_serializable" })] });
    expect(canonicalizeAgentCard('{"name":"\\ud83d\\ude00","n":[1e2, 12345678901234567890123]}')).toEqual({ ok: true, value: '{"n":[100,1.2345678901234568e+22],"name":"😀"}' });
    expect(canonicalizeAgentCard('{"name":"\\\\ud800"}')).toEqual({ ok: true, value: '{"name":"\\\\ud800"}' });
    const proto = '{"name":"A","__proto__":{"polluted":true},"constructor":{"prototype":1}}';
    expect(canonicalizeAgentCard(proto)).toEqual({ ok: true, value: '{"__proto__":{"polluted":true},"constructor":{"prototype":1},"name":"A"}' });
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("gives the payload of the parsed card, and refuses duplicates", () => {
    const card = sampleCard(2);
    const text = JSON.stringify(card);
    expect(canonicalizeAgentCard(text)).toEqual(canonicalizeAgentCard(card));
    expect(canonicalizeAgentCard(new TextEncoder().encode(text))).toEqual(canonicalizeAgentCard(card));
    const r = canonicalizeAgentCard(`{"name":"a","name":"b"}`);
    expect(r).toEqual({ ok: false, issues: [expect.objectContaining({ code: "duplicate_key", property: "name", pointer: "" })] });
  });
});
