/**
 * signAgentCard and verifyAgentCard: round trips for every default algorithm,
 * per-signature results and the overall verdict, key sources (JWK Set, lookup,
 * jku under an allow-list), and every unsafe-by-default refusal as a failing
 * verification with a clear issue.
 */
import { FlattenedSign, generateSecret } from "jose";
import { describe, expect, it, vi } from "vitest";
import {
  canonicalizeAgentCard,
  checkCardSignatures,
  signAgentCard,
  verifyAgentCard,
  type FetchLike,
  type FetchResponseLike,
  type Jwk,
  type ValidationIssue,
  type VerifyOptions,
} from "../../src/v1/signatures/index.js";
import { b64url, jwkSet, sampleCard, smallRsaKey, testKey, type CryptoKey } from "./helpers.js";

const card = sampleCard(5);

async function signed(alg = "EdDSA", kid?: string, extra: Partial<Parameters<typeof signAgentCard>[1]> = {}, base: Record<string, unknown> = card) {
  const k = await testKey(alg, kid);
  const r = await signAgentCard(base, { key: k.privateKey, kid: k.kid, alg, ...extra });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { card: r.value, key: k };
}

/** A signature with a hand-made protected header, signed by jose over the card's payload. */
async function craft(header: Record<string, unknown>, key: CryptoKey | Uint8Array, opts: { unprotected?: Record<string, unknown>; crit?: Record<string, boolean>; base?: object } = {}) {
  const payload = canonicalizeAgentCard(opts.base ?? card);
  if (!payload.ok) throw new Error("payload");
  const signer = new FlattenedSign(new TextEncoder().encode(payload.value)).setProtectedHeader(header as never);
  if (opts.unprotected) signer.setUnprotectedHeader(opts.unprotected as never);
  const jws = await signer.sign(key as never, opts.crit ? { crit: opts.crit } : undefined);
  return { protected: jws.protected!, signature: jws.signature, ...(opts.unprotected ? { header: opts.unprotected } : {}) };
}

/** A signature whose protected header is given as raw text (for duplicates, bad UTF-8 and the like). */
async function craftRaw(protectedB64: string, key: CryptoKey, algorithm: string | { name: string; saltLength?: number; hash?: string }) {
  const payload = canonicalizeAgentCard(card);
  if (!payload.ok) throw new Error("payload");
  const input = new TextEncoder().encode(`${protectedB64}.${b64url(payload.value)}`);
  const sig = await crypto.subtle.sign(algorithm as never, key, input);
  return { protected: protectedB64, signature: Buffer.from(sig).toString("base64url") };
}

const withSigs = (...signatures: unknown[]) => ({ ...card, signatures });

function only(r: { issues: readonly ValidationIssue[] }) {
  expect(r.issues).toHaveLength(1);
  return r.issues[0]!;
}

describe("sign, then verify", () => {
  it.each(["EdDSA", "ES256", "ES384", "PS256", "RS256"])("round-trips %s, keyed by a JWK Set", async (alg) => {
    const { card: c, key } = await signed(alg);
    expect(c.signatures).toHaveLength(1);
    expect(JSON.parse(Buffer.from(c.signatures[0]!.protected, "base64url").toString())).toEqual({ alg, kid: key.kid, typ: "JOSE" });
    const r = await verifyAgentCard(c, { keys: jwkSet(key.publicJwk) });
    expect(r).toEqual({ verdict: "valid", ok: true, issues: [], signatures: [{ index: 0, status: "valid", kid: key.kid, alg, key: { source: "keys", index: 0 }, issues: [] }] });
  });

  it("signs with a private JWK as well as a CryptoKey", async () => {
    const k = await testKey("ES256");
    const r = await signAgentCard(card, { key: k.privateJwk, kid: k.kid, alg: "ES256" });
    expect(r.ok && (await verifyAgentCard(r.value, { keys: jwkSet(k.publicJwk) })).verdict).toBe("valid");
  });

  it("writes jku and the unprotected header, and appends to existing signatures", async () => {
    const a = await signed("EdDSA", "a");
    const b = await testKey("ES256", "b");
    const r = await signAgentCard(a.card, { key: b.privateKey, kid: "b", alg: "ES256", jku: "https://keys.example.com/jwks.json", header: { note: "rotation" } });
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.value.signatures).toHaveLength(2);
    expect(r.value.signatures[0]).toEqual(a.card.signatures[0]);
    expect(r.value.signatures[1]!.header).toEqual({ note: "rotation" });
    expect(Buffer.from(r.value.signatures[1]!.protected, "base64url").toString()).toBe('{"alg":"ES256","jku":"https://keys.example.com/jwks.json","kid":"b","typ":"JOSE"}');
    const v = await verifyAgentCard(r.value, { keys: jwkSet(a.key.publicJwk, b.publicJwk) });
    expect(v.signatures.map((s) => s.status)).toEqual(["valid", "valid"]);
  });

  it("never mutates the card it signs or verifies", async () => {
    const frozen = structuredClone(card);
    const deepFreeze = (o: unknown): void => {
      if (typeof o === "object" && o !== null) {
        Object.freeze(o);
        for (const v of Object.values(o)) deepFreeze(v);
      }
    };
    deepFreeze(frozen);
    const { card: c, key } = await signed("EdDSA", undefined, {}, frozen);
    expect(frozen).toEqual(card);
    expect("signatures" in frozen).toBe(false);
    deepFreeze(c);
    expect((await verifyAgentCard(c, { keys: jwkSet(key.publicJwk) })).verdict).toBe("valid");
  });

  it("reports an unsigned card as unsigned, not invalid", async () => {
    for (const c of [card, { ...card, signatures: [] }, { ...card, signatures: null }]) {
      expect(await verifyAgentCard(c, { keys: jwkSet() })).toEqual({ verdict: "unsigned", ok: false, signatures: [], issues: [] });
    }
  });

  it("refuses to sign with none, an HMAC, a public key or a clashing unprotected header", async () => {
    const k = await testKey("EdDSA");
    const secret = await generateSecret("HS256");
    const cases: Array<[Parameters<typeof signAgentCard>[1], string]> = [
      [{ key: k.privateKey, kid: "k", alg: "none" }, "not_allowed"],
      [{ key: secret as never, kid: "k", alg: "HS256" }, "not_allowed"],
      [{ key: k.publicKey, kid: "k", alg: "EdDSA" }, "invalid"],
      [{ key: k.publicJwk, kid: "k", alg: "EdDSA" }, "invalid"],
      [{ key: k.privateKey, kid: "", alg: "EdDSA" }, "required"],
      [{ key: k.privateKey, kid: "k", alg: "EdDSA", header: { kid: "other" } }, "not_allowed"],
      [{ key: k.privateKey, kid: "k", alg: "EdDSA", header: { crit: ["x"] } }, "not_allowed"],
      [{ key: k.privateKey, kid: "k", alg: "EdDSA", jku: "not a url" }, "format"],
    ];
    for (const [opts, code] of cases) {
      const r = await signAgentCard(card, opts);
      expect(r.ok, JSON.stringify(opts.alg)).toBe(false);
      if (!r.ok) expect(r.issues[0]!.code).toBe(code);
    }
    const small = await smallRsaKey("RS256", "small");
    const r = await signAgentCard(card, { key: small.privateKey, kid: "small", alg: "RS256" });
    expect(!r.ok && r.issues[0]!.message).toMatch(/at least 2048 bits/);
  });
});

describe("a changed card or signature fails", () => {
  it("a changed field value: signature_invalid at /signatures/0/signature", async () => {
    const { card: c, key } = await signed();
    const r = await verifyAgentCard({ ...c, description: c.description + "!" }, { keys: jwkSet(key.publicJwk) });
    expect(r.verdict).toBe("invalid");
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/signature", code: "signature_invalid" });
  });

  it("a signature made by another key with the same kid", async () => {
    const { card: c } = await signed("EdDSA", "same");
    const other = await testKey("EdDSA", "same-other");
    const r = await verifyAgentCard(c, { keys: jwkSet({ ...other.publicJwk, kid: "same" }) });
    expect(r.verdict).toBe("invalid");
    expect(only(r).code).toBe("signature_invalid");
  });

  it("a flipped signature bit", async () => {
    const { card: c, key } = await signed("ES256");
    const bytes = Buffer.from(c.signatures[0]!.signature, "base64url");
    bytes[5] = bytes[5]! ^ 1;
    const r = await verifyAgentCard(withSigs({ ...c.signatures[0], signature: bytes.toString("base64url") }), { keys: jwkSet(key.publicJwk) });
    expect(r.verdict).toBe("invalid");
  });
});

describe("unsafe by default: each refusal is a failing verification with a clear issue", () => {
  it("alg none, even with a signature present", async () => {
    const r = await verifyAgentCard(withSigs({ protected: b64url('{"alg":"none","kid":"k","typ":"JOSE"}'), signature: "AAAA" }), { keys: jwkSet(), algorithms: ["none"] });
    expect(r.verdict).toBe("invalid");
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/protected", code: "signature_invalid", message: expect.stringMatching(/never accepted/) });
  });

  it("an HMAC, even when allowed and the secret is in the key set", async () => {
    const secret = (await generateSecret("HS256", { extractable: true })) as CryptoKey;
    const sig = await craft({ alg: "HS256", kid: "mac", typ: "JOSE" }, secret);
    const jwk = { ...((await crypto.subtle.exportKey("jwk", secret)) as object), kid: "mac" } as Jwk;
    const r = await verifyAgentCard(withSigs(sig), { keys: jwkSet(jwk), algorithms: ["HS256", "EdDSA"] });
    expect(r.verdict).toBe("invalid");
    expect(only(r).message).toMatch(/HMAC/);
  });

  it("an unknown crit header, unless the caller says it processes it", async () => {
    const k = await testKey("EdDSA");
    const sig = await craft({ alg: "EdDSA", kid: k.kid, typ: "JOSE", crit: ["exp"], exp: 1 }, k.privateKey, { crit: { exp: true } });
    const r = await verifyAgentCard(withSigs(sig), { keys: jwkSet(k.publicJwk) });
    expect(r.verdict).toBe("unverifiable");
    expect(only(r)).toMatchObject({ code: "signature_unverifiable", message: expect.stringMatching(/crit.*"exp"/) });
    expect((await verifyAgentCard(withSigs(sig), { keys: jwkSet(k.publicJwk), critical: ["exp"] })).verdict).toBe("valid");
  });

  it("malformed crit: a registered name, a name not in the header, an empty list, crit left unprotected", async () => {
    const k = await testKey("EdDSA");
    for (const h of [{ crit: ["kid"] }, { crit: ["nothere"] }, { crit: [] }]) {
      const r = await verifyAgentCard(withSigs(await craftRaw(b64url(JSON.stringify({ alg: "EdDSA", kid: k.kid, ...h })), k.privateKey, "Ed25519")), { keys: jwkSet(k.publicJwk), critical: ["nothere"] });
      expect(r.verdict, JSON.stringify(h)).toBe("invalid");
    }
    const sig = await craft({ alg: "EdDSA", kid: k.kid }, k.privateKey);
    const r = await verifyAgentCard(withSigs({ ...sig, header: { crit: ["x"], x: 1 } }), { keys: jwkSet(k.publicJwk) });
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/header/crit", code: "signature_invalid" });
  });

  it.each([1024, 1536])("an RSA key of %i bits", async (bits) => {
    const k = await smallRsaKey("RS256", `rsa-${bits}`, bits);
    const sig = await craftRaw(b64url(JSON.stringify({ alg: "RS256", kid: k.kid, typ: "JOSE" })), k.privateKey, { name: "RSASSA-PKCS1-v1_5" });
    for (const opts of [{ keys: jwkSet(k.publicJwk) }, { getKey: () => k.publicKey }, { getKey: () => k.publicJwk }] as VerifyOptions[]) {
      const r = await verifyAgentCard(withSigs(sig), opts);
      expect(r.verdict).toBe("unverifiable");
      expect(only(r).message).toMatch(new RegExp(`${bits}-bit modulus; at least 2048`));
    }
  });

  it("a kid that matches no key", async () => {
    const { card: c } = await signed("EdDSA", "rotated-out");
    const other = await testKey("EdDSA", "current");
    const r = await verifyAgentCard(c, { keys: jwkSet(other.publicJwk) });
    expect(r.verdict).toBe("unverifiable");
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/protected", code: "signature_unverifiable", message: expect.stringMatching(/kid "rotated-out" matches no key/) });
    expect(r.signatures[0]!.kid).toBe("rotated-out");
  });

  it("no key source at all", async () => {
    const { card: c } = await signed();
    expect(only(await verifyAgentCard(c)).message).toMatch(/no key source given/);
  });

  it.each([
    ["not base64url", "eyJ+YWxnIjoiRWREU0EifQ=="],
    ["padded base64url", b64url('{"alg":"EdDSA","kid":"k"}') + "="],
    ["not JSON", b64url("alg=EdDSA")],
    ["JSON but not an object", b64url('["EdDSA"]')],
    ["not UTF-8", Buffer.from([0x7b, 0xff, 0x7d]).toString("base64url")],
    ["a byte-order mark before the JSON", b64url('\uFEFF{"alg":"EdDSA","kid":"k"}')],
    ["no alg", b64url('{"kid":"k","typ":"JOSE"}')],
    ["no kid", b64url('{"alg":"EdDSA","typ":"JOSE"}')],
    ["a typ other than JOSE", b64url('{"alg":"EdDSA","kid":"k","typ":"JWT"}')],
    ["b64 false", b64url('{"alg":"EdDSA","kid":"k","b64":false,"crit":["b64"]}')],
    ["the same name twice", b64url('{"alg":"EdDSA","kid":"k","kid":"eddsa-1"}')],
  ])("a protected header that is %s", async (_name, protectedB64) => {
    const k = await testKey("EdDSA");
    const r = await verifyAgentCard(withSigs({ protected: protectedB64, signature: "AAAA" }), { keys: jwkSet(k.publicJwk), critical: ["b64"] });
    expect(r.verdict).toBe("invalid");
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/protected", code: "signature_invalid" });
  });

  it("a header name in both the protected and the unprotected header", async () => {
    const k = await testKey("EdDSA");
    const sig = await craft({ alg: "EdDSA", kid: k.kid, note: "a" }, k.privateKey);
    const r = await verifyAgentCard(withSigs({ ...sig, header: { note: "b" } }), { keys: jwkSet(k.publicJwk) });
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/header/note", code: "signature_invalid", message: expect.stringMatching(/both the protected and the unprotected/) });
  });

  it("alg or kid only in the unprotected header", async () => {
    const k = await testKey("EdDSA");
    const sig = await craft({ alg: "EdDSA" }, k.privateKey, { unprotected: { kid: k.kid } });
    const r = await verifyAgentCard(withSigs(sig), { keys: jwkSet(k.publicJwk) });
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/header/kid", code: "signature_invalid" });
  });

  it("a signature that is not canonical base64url", async () => {
    const { card: c, key } = await signed();
    for (const s of [c.signatures[0]!.signature + "=", "abc+/def", "", 42]) {
      const r = await verifyAgentCard(withSigs({ ...c.signatures[0], signature: s }), { keys: jwkSet(key.publicJwk) });
      expect(only(r)).toMatchObject({ pointer: "/signatures/0/signature", code: "signature_invalid" });
    }
  });

  it("an algorithm outside the allow-list, unless the caller adds it", async () => {
    const { card: c, key } = await signed("ES512");
    const r = await verifyAgentCard(c, { keys: jwkSet(key.publicJwk) });
    expect(r.verdict).toBe("unverifiable");
    expect(only(r).message).toMatch(/alg "ES512" is not in the allowed list \(EdDSA, ES256, ES384, PS256, RS256\)/);
    expect((await verifyAgentCard(c, { keys: jwkSet(key.publicJwk), algorithms: ["ES512"] })).verdict).toBe("valid");
  });

  it("a key of the wrong type for the alg, a key marked for encryption, an oct key", async () => {
    const { card: c } = await signed("EdDSA", "k1");
    const ec = await testKey("ES256", "x");
    const ed = await testKey("EdDSA", "k1");
    const cases: Array<[Jwk, RegExp]> = [
      [{ ...ec.publicJwk, kid: "k1" }, /EC P-256, which cannot verify EdDSA/],
      [{ ...ed.publicJwk, use: "enc" }, /not for verifying/],
      [{ ...ed.publicJwk, key_ops: ["encrypt"] }, /not for verifying/],
      [{ kty: "oct", k: "c2VjcmV0", kid: "k1" }, /symmetric/],
    ];
    for (const [jwk, message] of cases) {
      const r = await verifyAgentCard(c, { keys: jwkSet(jwk) });
      expect(r.verdict).toBe("unverifiable");
      expect(only(r).message).toMatch(message);
    }
  });

  it("an RSA key no WebCrypto can use (a 4,096-bit e, e = 1, an even e) is unverifiable, not invalid", async () => {
    for (const alg of ["RS256", "PS256"]) {
      const { card: c, key } = await signed(alg, `big-e-${alg}`, {}, card);
      // A real modulus beside an exponent OpenSSL refuses: there WebCrypto's verify answers false, as for a changed card.
      const huge = new Uint8Array(512).fill(0xff);
      for (const [e, message] of [
        [Buffer.from(huge).toString("base64url"), /RSA key "big-e-.*" cannot be used: its exponent `e` has 4096 bits; at most 33/],
        ["AQ", /odd number of at least 3/],
        ["AQAA", /odd number of at least 3/],
      ] as const) {
        const r = await verifyAgentCard(c, { keys: jwkSet({ ...key.publicJwk, e }) });
        expect(r.verdict).toBe("unverifiable");
        expect(r.signatures[0]!.status).toBe("unverifiable");
        expect(only(r).code).toBe("signature_unverifiable");
        expect(only(r).message).toMatch(message);
      }
      // The same exponent in a CryptoKey from getKey.
      const name = alg === "RS256" ? "RSASSA-PKCS1-v1_5" : "RSA-PSS";
      const cryptoKey = await crypto.subtle.importKey("jwk", { ...key.publicJwk, e: Buffer.from(huge).toString("base64url"), alg: undefined, kid: undefined } as never, { name, hash: "SHA-256" }, true, ["verify"]);
      const r = await verifyAgentCard(c, { getKey: () => cryptoKey });
      expect(r.verdict).toBe("unverifiable");
      expect(only(r).message).toMatch(/exponent `e` has 4096 bits/);
    }
  });

  it("a key WebCrypto refuses while verifying is unverifiable, not invalid (jose read that as a mismatch)", async () => {
    const { card: c, key } = await signed("ES256", "refused-at-verify");
    const spy = vi.spyOn(crypto.subtle, "verify").mockRejectedValue(new DOMException("key refused", "OperationError"));
    try {
      const r = await verifyAgentCard(c, { keys: jwkSet(key.publicJwk) });
      expect(r.verdict).toBe("unverifiable");
      expect(only(r)).toMatchObject({ code: "signature_unverifiable", pointer: "/signatures/0/signature", message: expect.stringMatching(/could not be checked with key "refused-at-verify" \(ES256\): .*key refused/) });
    } finally {
      spy.mockRestore();
    }
    expect((await verifyAgentCard(c, { keys: jwkSet(key.publicJwk) })).verdict).toBe("valid");
  });

  it("two keys with the kid", async () => {
    const { card: c, key } = await signed("EdDSA", "dup");
    const other = await testKey("EdDSA", "dup-2");
    const r = await verifyAgentCard(c, { keys: jwkSet(key.publicJwk, { ...other.publicJwk, kid: "dup" }) });
    expect(only(r).message).toMatch(/matches 2 keys/);
  });

  it("accepts a WebCrypto-exported Ed25519 JWK (alg \"Ed25519\", key_ops, ext) for an EdDSA signature", async () => {
    const { card: c, key } = await signed("EdDSA", "webcrypto");
    const exported = { ...((await crypto.subtle.exportKey("jwk", key.publicKey)) as object), kid: "webcrypto" } as Jwk;
    expect(exported.alg).toBe("Ed25519");
    expect((await verifyAgentCard(c, { keys: jwkSet(exported) })).verdict).toBe("valid");
    expect((await verifyAgentCard(c, { keys: jwkSet({ ...exported, alg: "ES256" }) })).verdict).toBe("unverifiable");
  });

  it("uses only the public members of a JWK that also carries the private key", async () => {
    const { card: c, key } = await signed("ES256", "priv");
    expect((await verifyAgentCard(c, { keys: jwkSet(key.privateJwk) })).verdict).toBe("valid");
  });
});

describe("several signatures", () => {
  it("one valid signature is enough by default; the others become warnings", async () => {
    const a = await signed("EdDSA", "old");
    const b = await testKey("ES256", "new");
    const r2 = await signAgentCard(a.card, { key: b.privateKey, kid: "new", alg: "ES256" });
    if (!r2.ok) throw new Error("sign");
    const r = await verifyAgentCard(r2.value, { keys: jwkSet(b.publicJwk) });
    expect(r.verdict).toBe("valid");
    expect(r.signatures.map((s) => s.status)).toEqual(["unverifiable", "valid"]);
    expect(only(r)).toMatchObject({ pointer: "/signatures/0/protected", severity: "warning" });
    const all = await verifyAgentCard(r2.value, { keys: jwkSet(b.publicJwk), require: "all" });
    expect(all.verdict).toBe("unverifiable");
    expect(only(all).severity).toBeUndefined();
  });

  it("checks at most maxSignatures", async () => {
    const { card: c, key } = await signed();
    const many = { ...c, signatures: Array(12).fill(c.signatures[0]) };
    const r = await verifyAgentCard(many, { keys: jwkSet(key.publicJwk) });
    expect(r.signatures).toHaveLength(8);
    expect(r.issues.at(-1)).toMatchObject({ pointer: "/signatures", code: "too_many_items", severity: "warning" });
    const all = await verifyAgentCard(many, { keys: jwkSet(key.publicJwk), require: "all" });
    expect(all.ok).toBe(false);
    expect(all.issues.at(-1)).toMatchObject({ pointer: "/signatures", code: "too_many_items" });
    expect(all.issues.at(-1)!.severity).toBeUndefined();
    for (const maxSignatures of [Number.NaN, 0, -3]) expect((await verifyAgentCard(c, { keys: jwkSet(key.publicJwk), maxSignatures, require: "all" })).verdict).toBe("valid");
  });

  it("an invalid signature makes the verdict invalid, an unverifiable one unverifiable", async () => {
    const { card: c, key } = await signed("EdDSA", "v");
    const bad = { ...c.signatures[0], signature: c.signatures[0]!.signature.replace(/^./, (ch) => (ch === "A" ? "B" : "A")) };
    expect((await verifyAgentCard(withSigs(bad, { protected: b64url('{"alg":"EdDSA","kid":"zzz"}'), signature: "AAAA" }), { keys: jwkSet(key.publicJwk) })).verdict).toBe("invalid");
    expect((await verifyAgentCard(withSigs({ protected: b64url('{"alg":"EdDSA","kid":"zzz"}'), signature: "AAAA" }), { keys: jwkSet(key.publicJwk) })).verdict).toBe("unverifiable");
  });
});

describe("getKey", () => {
  it("may return a JWK, a JWK Set or a public CryptoKey, sync or async", async () => {
    const { card: c, key } = await signed("ES384", "lookup");
    for (const getKey of [() => key.publicJwk, () => ({ ...key.publicJwk, kid: undefined }), async () => jwkSet(key.publicJwk), () => key.publicKey] as VerifyOptions["getKey"][]) {
      const r = await verifyAgentCard(c, { getKey });
      expect(r.verdict).toBe("valid");
      expect(r.signatures[0]!.key).toEqual({ source: "getKey" });
    }
  });

  it("is asked with kid, alg and jku, and only when the key set has no such kid", async () => {
    const { card: c, key } = await signed("EdDSA", "asked", { jku: "https://keys.example.com/jwks.json" });
    const getKey = vi.fn(() => key.publicJwk);
    await verifyAgentCard(c, { keys: jwkSet(), getKey });
    expect(getKey).toHaveBeenCalledWith({ kid: "asked", alg: "EdDSA", jku: "https://keys.example.com/jwks.json", index: 0 });
    getKey.mockClear();
    await verifyAgentCard(c, { keys: jwkSet(key.publicJwk), getKey });
    expect(getKey).not.toHaveBeenCalled();
  });

  it("failures are issues: a throw, a private CryptoKey, nothing", async () => {
    const { card: c, key } = await signed("EdDSA", "g");
    const cases: Array<[VerifyOptions["getKey"], RegExp]> = [
      [() => { throw new Error("store down"); }, /getKey failed for kid "g": store down/],
      [() => key.privateKey, /private CryptoKey/],
      [() => undefined, /matches no key \(looked in getKey\)/],
      [() => ({ not: "a key" }) as never, /no usable key/],
    ];
    for (const [getKey, message] of cases) {
      const r = await verifyAgentCard(c, { getKey });
      expect(r.verdict).toBe("unverifiable");
      expect(only(r).message).toMatch(message);
    }
  });
});

describe("jku", () => {
  const JKU = "https://keys.example.com/agent/jwks.json";
  const respond = (body: string, init: { status?: number; headers?: Record<string, string>; chunks?: number } = {}): FetchResponseLike => {
    const bytes = new TextEncoder().encode(body);
    const n = init.chunks ?? 1;
    let i = 0;
    return {
      ok: (init.status ?? 200) < 300,
      status: init.status ?? 200,
      headers: { get: (name: string) => init.headers?.[name.toLowerCase()] ?? null },
      body: {
        getReader: () => ({
          read: async () => (i < n ? { done: false, value: bytes.subarray(Math.floor((i * bytes.length) / n), Math.floor((++i * bytes.length) / n)) } : { done: true }),
          cancel: async () => {},
        }),
      },
      arrayBuffer: async () => bytes.buffer.slice(0) as ArrayBuffer,
    };
  };

  it("is fetched from an allowed origin, once per URL, with redirects refused", async () => {
    const a = await signed("EdDSA", "j1", { jku: JKU });
    const b = await testKey("ES256", "j2");
    const r2 = await signAgentCard(a.card, { key: b.privateKey, kid: "j2", alg: "ES256", jku: JKU });
    if (!r2.ok) throw new Error("sign");
    const fetch = vi.fn<FetchLike>(async () => respond(JSON.stringify(jwkSet(a.key.publicJwk, b.publicJwk)), { chunks: 3 }));
    const r = await verifyAgentCard(r2.value, { jku: { fetch, allowedOrigins: ["https://keys.example.com"] } });
    expect(r.verdict).toBe("valid");
    expect(r.signatures.map((s) => s.key)).toEqual([
      { source: "jku", index: 0, url: JKU },
      { source: "jku", index: 1, url: JKU },
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ redirect: "error" });
  });

  it("is never fetched without a fetch function and an allow-list", async () => {
    const { card: c } = await signed("EdDSA", "j3", { jku: JKU });
    const fetch = vi.fn<FetchLike>();
    const r = await verifyAgentCard(c, { keys: jwkSet() });
    expect(only(r).message).toMatch(/not fetched: pass `jku: \{ allowedOrigins \}`/);
    const r2 = await verifyAgentCard(c, { jku: { fetch, allowedOrigins: ["https://other.example.com", "http://keys.example.com"] } });
    expect(only(r2).message).toMatch(/origin https:\/\/keys.example.com is not in the allowed origins/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("gives up after the timeout, and on a body over the size limit", async () => {
    const { card: c, key } = await signed("EdDSA", "j4", { jku: JKU });
    const allowedOrigins = ["https://keys.example.com"];
    const hang: FetchLike = (_url, init) => new Promise((_resolve, reject) => init.signal.addEventListener("abort", () => reject(new Error("aborted"))));
    const t0 = Date.now();
    const slow = await verifyAgentCard(c, { jku: { fetch: hang, allowedOrigins, timeoutMs: 50 } });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(only(slow).message).toMatch(/took over 50 ms/);

    const big = JSON.stringify({ keys: [key.publicJwk], pad: "x".repeat(70_000) });
    const streamed = await verifyAgentCard(c, { jku: { fetch: async () => respond(big, { chunks: 10 }), allowedOrigins } });
    expect(only(streamed).message).toMatch(/over the 65536-byte limit/);
    const declared = await verifyAgentCard(c, { jku: { fetch: async () => respond("{}", { headers: { "content-length": "999999" } }), allowedOrigins, maxBytes: 1000 } });
    expect(only(declared).message).toMatch(/declares 999999 bytes/);
  });

  it("reports HTTP errors, bad JSON and a set without the kid", async () => {
    const { card: c } = await signed("EdDSA", "j5", { jku: JKU });
    const allowedOrigins = ["https://keys.example.com"];
    const cases: Array<[FetchLike, RegExp]> = [
      [async () => respond("nope", { status: 404 }), /HTTP 404/],
      [async () => respond("{not json"), /not UTF-8 JSON/],
      [async () => respond('{"keys": 1}'), /not a JWK Set/],
      [async () => respond(JSON.stringify(jwkSet())), /matches no key in the JWK Set at/],
      [async () => { throw new TypeError("fetch failed"); }, /fetch failed/],
    ];
    for (const [fetch, message] of cases) {
      const r = await verifyAgentCard(c, { jku: { fetch, allowedOrigins } });
      expect(r.verdict).toBe("unverifiable");
      expect(only(r).message).toMatch(message);
    }
  });
});

describe("hostile input and options: never throws", () => {
  it("cards with throwing getters, proxies and cycles are invalid with an issue", async () => {
    const cyclic: Record<string, unknown> = { name: "A" };
    cyclic["signatures"] = [cyclic];
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const inputs: unknown[] = [
      { ...card, get signatures(): unknown { throw new Error("boom"); } },
      new Proxy({}, { ownKeys() { throw new Error("trap"); } }),
      revoked.proxy,
      cyclic,
      { ...card, signatures: [{ protected: "\ud800", signature: "AA" }] },
      { ...card, signatures: "yes" },
      [card],
      undefined,
    ];
    for (const input of inputs) {
      const r = await verifyAgentCard(input, { keys: jwkSet() });
      expect(r.verdict).toBe("invalid");
      expect(r.issues.length).toBeGreaterThan(0);
    }
  });

  it("signatures that are not objects", async () => {
    const r = await verifyAgentCard(withSigs(null, 7, "x", [], { protected: 1, signature: 2 }), { keys: jwkSet() });
    expect(r.signatures.map((s) => s.status)).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid"]);
  });

  it("a key set that is not one, and hostile option getters", async () => {
    const { card: c } = await signed();
    expect(await verifyAgentCard(c, { keys: { keys: "no" } as never })).toMatchObject({ verdict: "unverifiable", issues: [{ message: expect.stringMatching(/not a JWK Set/) }] });
    const hostile = { get keys(): never { throw new Error("options getter"); } };
    const r = await verifyAgentCard(c, hostile as never);
    expect(r.verdict).toBe("invalid");
    expect(await signAgentCard(card, hostile as never)).toMatchObject({ ok: false });
    expect(await signAgentCard(card, null as never)).toMatchObject({ ok: false });
  });

  it("a card that cannot be signed comes back as issues", async () => {
    const k = await testKey("EdDSA");
    const r = await signAgentCard({ name: "A", bad: "\udc00" }, { key: k.privateKey, kid: k.kid, alg: "EdDSA" });
    expect(r).toMatchObject({ ok: false, issues: [{ pointer: "/bad", code: "not_serializable" }] });
  });
});

describe("checkCardSignatures (for the CLI)", () => {
  it("gives issues with JSON Pointers to the signature, under the card's place in the document", async () => {
    const { card: c, key } = await signed();
    expect(await checkCardSignatures(c, { keys: jwkSet(key.publicJwk) })).toEqual([]);
    const tampered = { ...c, name: "Other" };
    const issues = await checkCardSignatures(tampered, { keys: jwkSet(key.publicJwk), at: ["result"] });
    expect(issues.map((i) => [i.pointer, i.code, i.path])).toEqual([["/result/signatures/0/signature", "signature_invalid", ["result", "signatures", 0, "signature"]]]);
  });

  it("reports an unsigned card as a warning, or an error when a signature is required", async () => {
    expect(await checkCardSignatures(card, {})).toEqual([expect.objectContaining({ pointer: "", code: "signature_missing", severity: "warning" })]);
    const issues = await checkCardSignatures({ ...card, signatures: [] }, { requireSignature: true, at: ["cards", 2] });
    expect(issues).toEqual([expect.objectContaining({ pointer: "/cards/2/signatures", code: "signature_missing" })]);
    expect(issues[0]!.severity).toBeUndefined();
  });

  it("never throws, even on hostile options", async () => {
    const hostile = { get at(): never { throw new Error("getter"); } };
    expect(await checkCardSignatures(card, hostile as never)).toEqual([expect.objectContaining({ code: "invalid" })]);
    expect(await checkCardSignatures(new Proxy({}, { ownKeys() { throw new Error("trap"); } }), {})).toEqual([expect.objectContaining({ code: "invalid" })]);
  });
});
