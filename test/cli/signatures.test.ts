/** `--verify-signatures --jwks`: every v1 agent card's signatures, reported at the signature's line. */
import { describe, expect, it } from "vitest";
import { signAgentCard } from "../../src/v1/signatures/index.js";
import { jwkSet, sampleCard, testKey } from "../signatures/helpers.js";
import { cli, put, scratch } from "./helpers.js";

const docs = (stdout: string) =>
  JSON.parse(stdout).files.flatMap((f: { documents: unknown[] }) => f.documents) as Array<{ type: string; valid: boolean; issues: { pointer: string; code: string; line: number; severity?: string }[] }>;

describe("--verify-signatures --jwks", () => {
  it("passes a card signed by a key of the set, and reports a tampered one at its signature", async () => {
    const key = await testKey("EdDSA", "card-key");
    const signed = await signAgentCard(sampleCard(), { key: key.privateJwk, kid: "card-key", alg: "EdDSA" });
    expect(signed.ok).toBe(true);
    if (!signed.ok) return;
    const root = scratch();
    put(root, "keys.json", jwkSet(key.publicJwk));
    put(root, "cards/good.json", signed.value);
    put(root, "cards/bad.json", { ...signed.value, name: "Someone Else" });
    const r = await cli(["cards", "--type", "AgentCard", "--verify-signatures", "--jwks", "keys.json", "-f", "json"], { cwd: root });
    const [bad, good] = docs(r.stdout);
    expect(good!.valid).toBe(true);
    expect(bad!.valid).toBe(false);
    expect(bad!.issues).toEqual([expect.objectContaining({ code: "signature_invalid", pointer: "/signatures/0/signature" })]);
    expect(bad!.issues[0]!.line).toBeGreaterThan(1);
    expect(r.code).toBe(1);
  });

  it("warns about an unsigned card, and checks nothing without the flag", async () => {
    const root = scratch();
    put(root, "keys.json", jwkSet((await testKey("EdDSA", "k")).publicJwk));
    put(root, "card.json", sampleCard());
    const r = await cli(["card.json", "--type", "AgentCard", "--verify-signatures", "--jwks", "keys.json", "-f", "json"], { cwd: root });
    expect(r.code).toBe(0);
    expect(docs(r.stdout)[0]!.issues).toEqual([expect.objectContaining({ code: "signature_missing", severity: "warning" })]);
    const plain = await cli(["card.json", "--type", "AgentCard", "-f", "json"], { cwd: root });
    expect(docs(plain.stdout)[0]!.issues).toEqual([]);
  });

  it("needs both flags and a readable JWK Set (usage errors)", async () => {
    const root = scratch();
    put(root, "card.json", sampleCard());
    put(root, "bad.json", { keys: "nope" });
    expect((await cli(["card.json", "--verify-signatures"], { cwd: root })).code).toBe(2);
    expect((await cli(["card.json", "--jwks", "bad.json"], { cwd: root })).code).toBe(2);
    const r = await cli(["card.json", "--verify-signatures", "--jwks", "bad.json"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--jwks bad.json");
  });
});
