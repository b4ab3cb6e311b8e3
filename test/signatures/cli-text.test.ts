/**
 * `a2a-validate --verify-signatures` hands the card's text to the signature
 * check, so a signed card whose body names a member twice fails; the CLI reports
 * the duplicate once, at the repeated name's line (issue 18, finding 10).
 */
import { describe, expect, it } from "vitest";
import { signAgentCard } from "../../src/v1/signatures/index.js";
import { cli, put, scratch } from "../cli/helpers.js";
import { jwkSet, sampleCard, testKey } from "./helpers.js";

describe("--verify-signatures on a card with a duplicate name", () => {
  it("is an error at the object holding it; the same card without it passes", async () => {
    const key = await testKey("EdDSA", "cli-text");
    const signed = await signAgentCard(sampleCard(2), { key: key.privateJwk, kid: key.kid, alg: "EdDSA" });
    if (!signed.ok) throw new Error(JSON.stringify(signed.issues));
    const text = JSON.stringify(signed.value, null, 2);
    const root = scratch();
    put(root, "keys.json", jwkSet(key.publicJwk));
    put(root, "cards/a-good.json", text);
    put(root, "cards/b-forged.json", text.replace('"id": "skill-1"', '"id": "skill-forged",\n      "id": "skill-1"'));
    const r = await cli(["cards", "--type", "AgentCard", "--verify-signatures", "--jwks", "keys.json", "-f", "json"], { cwd: root });
    const [good, forged] = JSON.parse(r.stdout).files.flatMap((f: { documents: unknown[] }) => f.documents) as Array<{ valid: boolean; issues: Array<{ code: string; pointer: string; line: number }> }>;
    expect(good!.valid).toBe(true);
    expect(forged!.valid).toBe(false);
    const dups = forged!.issues.filter((i) => i.code === "duplicate_key");
    expect(dups).toEqual([expect.objectContaining({ code: "duplicate_key", pointer: "/skills/1/id" })]); // once, not again from the signature check
    const forgedText = text.replace('"id": "skill-1"', '"id": "skill-forged",\n      "id": "skill-1"');
    expect(forgedText.split("\n")[dups[0]!.line - 1]).toMatch(/^\s+"id": "skill-1"/); // the repeated name's line
    expect(r.code).toBe(1);
  });
});
