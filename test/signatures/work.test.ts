/**
 * Finding 8 of issue 18: keys are resolved before the card is canonicalized, so
 * a card none of whose signatures has a usable key costs no canonicalization,
 * and a card with several usable ones is canonicalized once. Counts the calls
 * to the RFC 8785 serializer instead of timing them (bench/authenticity.ts
 * measures the time).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ jcs: 0 }));
vi.mock("../../src/v1/signatures/jcs.js", async (original) => {
  const real = (await original()) as { jcs: (v: unknown) => string };
  return { jcs: (v: unknown) => (calls.jcs++, real.jcs(v)) };
});

import { signAgentCard, verifyAgentCard } from "../../src/v1/signatures/index.js";
import { b64url, jwkSet, sampleCard, testKey } from "./helpers.js";

const card = sampleCard(3);
const header = (h: object) => b64url(JSON.stringify(h));
const garbage = (kid: string) => ({ protected: header({ alg: "ES256", kid, typ: "JOSE" }), signature: "AAAA" });

async function signedBy(...kids: string[]) {
  let c: Record<string, unknown> = card;
  const keys = [];
  for (const kid of kids) {
    const k = await testKey("EdDSA", kid);
    const r = await signAgentCard(c, { key: k.privateKey, kid, alg: "EdDSA" });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    c = r.value;
    keys.push(k.publicJwk);
  }
  return { card: c, keys };
}

beforeEach(() => {
  calls.jcs = 0;
});

describe("verifyAgentCard canonicalizes only when a key can be used, and once", () => {
  it("unknown kids, refused headers and unusable keys: no canonicalization at all", async () => {
    const ed = await testKey("EdDSA", "other");
    const rsa = await testKey("RS256", "rsa-big-e");
    const ec = await testKey("ES256", "bad-ec");
    const sigs = [
      garbage("unknown-1"),
      garbage("unknown-2"),
      { protected: header({ alg: "none", kid: "x" }), signature: "AAAA" },
      { protected: "!!", signature: "AAAA" },
      { protected: header({ alg: "RS256", kid: "rsa-big-e" }), signature: "AAAA" },
      garbage("bad-ec"),
    ];
    // An exponent no WebCrypto uses, and an EC point that does not import.
    const keys = jwkSet(ed.publicJwk, { ...rsa.publicJwk, e: Buffer.alloc(64, 0xff).toString("base64url") }, { ...ec.publicJwk, x: "AAAA" });
    const r = await verifyAgentCard({ ...card, signatures: sigs }, { keys, getKey: () => undefined, maxSignatures: 10 });
    expect(r.verdict).toBe("invalid"); // the malformed headers
    expect(r.signatures.map((s) => s.status)).toEqual(["unverifiable", "unverifiable", "invalid", "invalid", "unverifiable", "unverifiable"]);
    expect(r.issues[4]!.message).toMatch(/exponent/);
    expect(r.issues[5]!.message).toMatch(/could not be imported/);
    expect(calls.jcs).toBe(0);
  });

  it("several valid signatures: one canonicalization", async () => {
    const { card: c, keys } = await signedBy("a", "b", "c", "d");
    calls.jcs = 0;
    const r = await verifyAgentCard(c, { keys: jwkSet(...keys), require: "all" });
    expect(r.verdict).toBe("valid");
    expect(r.signatures.map((s) => s.status)).toEqual(["valid", "valid", "valid", "valid"]);
    expect(calls.jcs).toBe(1);
  });

  it("garbage beside a valid signature: still one canonicalization", async () => {
    const { card: c, keys } = await signedBy("a");
    calls.jcs = 0;
    const r = await verifyAgentCard({ ...c, signatures: [garbage("nope"), ...(c["signatures"] as unknown[]), garbage("nope-2")] }, { keys: jwkSet(...keys) });
    expect(r.verdict).toBe("valid");
    expect(calls.jcs).toBe(1);
  });
});
