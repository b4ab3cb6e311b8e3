/**
 * The cross-SDK golden vectors of the A2A Go SDK verify, and signing their card
 * with their Ed25519 seed reproduces their signature byte for byte.
 */
import type { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalizeAgentCard, signAgentCard, verifyAgentCard } from "../../src/v1/signatures/index.js";
import { b64url, ed25519FromSeed, readGolden } from "./helpers.js";

for (const name of ["golden-b7e8e2c6.json", "golden-e05eb237.json"]) {
  describe(`golden vector ${name}`, () => {
    const v = readGolden(name);
    const signed = () => ({ ...v.card_json_unsigned, signatures: [{ protected: v.protected_b64, signature: v.signature_b64 }] });

    it("has the protected header of section 8.4.2, in RFC 8785 form", () => {
      expect(Buffer.from(v.protected_b64, "base64url").toString("utf8")).toBe(`{"alg":"EdDSA","kid":"${v.kid}","typ":"JOSE"}`);
    });

    it("verifies with the public key of its seed", async () => {
      const { publicJwk } = await ed25519FromSeed(v.ed25519_seed_hex, v.kid);
      const r = await verifyAgentCard(signed(), { keys: { keys: [publicJwk] } });
      expect(r.issues).toEqual([]);
      expect(r.verdict).toBe("valid");
      expect(r.signatures).toEqual([{ index: 0, status: "valid", kid: v.kid, alg: "EdDSA", key: { source: "keys", index: 0 }, issues: [] }]);
    });

    it("keeps the explicitly set `false` capabilities (proto3 optional) in the payload", () => {
      const c = canonicalizeAgentCard(v.card_json_unsigned);
      expect(c.ok && c.value).toContain(`"capabilities":{"pushNotifications":false,"streaming":`);
    });

    it("re-signing the card with its seed reproduces the signature byte for byte", async () => {
      const { privateKey, privateJwk } = await ed25519FromSeed(v.ed25519_seed_hex, v.kid);
      for (const key of [privateKey, privateJwk]) {
        const r = await signAgentCard(v.card_json_unsigned, { key, kid: v.kid, alg: "EdDSA" });
        if (!r.ok) throw new Error(JSON.stringify(r.issues));
        expect(r.value.signatures).toEqual([{ protected: v.protected_b64, signature: v.signature_b64 }]);
      }
    });

    it("signs JCS bytes, not JSON.stringify bytes", async () => {
      const { publicKey } = await (async () => {
        const { publicJwk } = await ed25519FromSeed(v.ed25519_seed_hex, v.kid);
        return { publicKey: await crypto.subtle.importKey("jwk", publicJwk as webcrypto.JsonWebKey, { name: "Ed25519" }, false, ["verify"]) };
      })();
      const sig = Buffer.from(v.signature_b64, "base64url");
      const input = (payload: string) => new TextEncoder().encode(`${v.protected_b64}.${b64url(payload)}`);
      const c = canonicalizeAgentCard(v.card_json_unsigned);
      if (!c.ok) throw new Error("not canonical");
      expect(await crypto.subtle.verify("Ed25519", publicKey, sig, input(c.value))).toBe(true);
      expect(await crypto.subtle.verify("Ed25519", publicKey, sig, input(JSON.stringify(v.card_json_unsigned)))).toBe(false);
    });

    it("fails once the card changes", async () => {
      const { publicJwk } = await ed25519FromSeed(v.ed25519_seed_hex, v.kid);
      const card = signed();
      const r = await verifyAgentCard({ ...card, version: "1.0.1" }, { keys: { keys: [publicJwk] } });
      expect(r.verdict).toBe("invalid");
      expect(r.issues.map((i) => [i.pointer, i.code])).toEqual([["/signatures/0/signature", "signature_invalid"]]);
    });
  });
}
