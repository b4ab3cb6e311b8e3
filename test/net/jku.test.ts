/**
 * The signature module's `jku` goes through the safe fetch when no fetch is passed: a key server
 * on 127.0.0.1 is refused by default, used with allowPrivate, and a redirect is never followed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAgentCard, verifyAgentCard } from "../../src/v1/signatures/index.js";
import { jwkSet, sampleCard, testKey } from "../signatures/helpers.js";
import { json, redirect, startServer, type LocalServer } from "./local.js";

let srv: LocalServer;
let keys: unknown = {};
beforeAll(async () => {
  srv = await startServer({ "/jwks.json": (req, res, b) => json(keys)(req, res, b), "/moved.json": redirect("/jwks.json") });
});
afterAll(() => srv.close());

async function signedWith(path: string) {
  const k = await testKey("EdDSA", "local");
  const r = await signAgentCard(sampleCard(2), { key: k.privateKey, kid: k.kid, alg: "EdDSA", jku: `${srv.url}${path}` });
  if (!r.ok) throw new Error("sign");
  keys = jwkSet(k.publicJwk);
  return r.value;
}

describe("jku through the safe fetch", () => {
  it("refuses a key server on a loopback address by default, before connecting", async () => {
    const card = await signedWith("/jwks.json");
    const before = srv.hits.get("/jwks.json") ?? 0;
    const r = await verifyAgentCard(card, { jku: { allowedOrigins: [srv.url] } });
    expect(r.verdict).toBe("unverifiable");
    expect(r.issues[0]!.message).toMatch(/refused: .*(not https|loopback address)/);
    expect(srv.hits.get("/jwks.json") ?? 0).toBe(before);
  });

  it("fetches it with allowPrivate, and never follows a redirect", async () => {
    const card = await signedWith("/jwks.json");
    const r = await verifyAgentCard(card, { jku: { allowedOrigins: [srv.url], allowPrivate: true } });
    expect(r.verdict).toBe("valid");
    expect(r.signatures[0]!.key).toEqual({ source: "jku", index: 0, url: `${srv.url}/jwks.json` });
    const moved = await signedWith("/moved.json");
    const m = await verifyAgentCard(moved, { jku: { allowedOrigins: [srv.url], allowPrivate: true } });
    expect(m.verdict).toBe("unverifiable");
    expect(m.issues[0]!.message).toMatch(/redirects are refused/);
  });

  it("keeps the size limit", async () => {
    const card = await signedWith("/jwks.json");
    keys = { ...(keys as object), pad: "x".repeat(70_000) };
    const r = await verifyAgentCard(card, { jku: { allowedOrigins: [srv.url], allowPrivate: true } });
    expect(r.issues[0]!.message).toMatch(/over the 65536-byte limit/);
  });
});
