/**
 * a2a-validate on URLs, end to end in-process, against servers on 127.0.0.1: the real SDK agent
 * with --allow-private and --probe, a bad card placed at line:col, refusals as unreadable paths
 * (exit 2), --jwks, and the usage rules of URL runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signAgentCard } from "../../src/v1/signatures/index.js";
import { cardFor } from "../server/agent.js";
import { jwkSet, testKey } from "../signatures/helpers.js";
import { startServer, type LocalServer } from "../net/local.js";
import { startSdkAgent, type SdkAgent } from "../client/sdk-agent.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { exec } from "./binary.js";
import { cli, put, scratch } from "./helpers.js";

let agent: SdkAgent;
let srv: LocalServer;
let signedText = "";
const badText = JSON.stringify({ ...cardFor("https://agent.example.com"), name: 42 }, null, 2);
const dir = scratch();

beforeAll(async () => {
  agent = await startSdkAgent();
  srv = await startServer({
    "/bad.json": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(badText),
    "/signed.json": (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(signedText),
    // Answers GetTask with a task: what --probe must catch.
    "/rpc": (_req, res, body) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(body).id, result: { id: "t", contextId: "c", status: { state: "TASK_STATE_COMPLETED" } } })),
    "/.well-known/agent-card.json": (_req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ...cardFor(srv.url), supportedInterfaces: [{ url: `${srv.url}/rpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }] })),
  });
  const k = await testKey("EdDSA", "cli-key");
  const s = await signAgentCard(cardFor("https://agent.example.com"), { key: k.privateKey, kid: k.kid, alg: "EdDSA" });
  if (!s.ok) throw new Error("sign");
  signedText = JSON.stringify(s.value);
  put(dir, "jwks.json", jwkSet(k.publicJwk));
  put(dir, "other.json", jwkSet({ ...(await testKey("EdDSA", "x")).publicJwk, kid: "cli-key" }));
});
afterAll(async () => {
  await agent.close();
  await srv.close();
});

describe("a2a-validate <url>", () => {
  it("validates and probes the real SDK agent with --allow-private", async () => {
    const r = await cli([agent.url, "--allow-private", "--probe"], { cwd: dir });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1 file: 1 as expected, 0 failed");
  });

  it("refuses the same agent without --allow-private: an unreadable path, exit 2", async () => {
    const r = await cli([agent.url], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/agent-card\.json: .*not https/);
    const named = await cli([agent.url.replace("http:", "https:")], { cwd: dir });
    expect(named.stderr).toMatch(/127\.0\.0\.1, a loopback address/);
  });

  it("places a bad card's issue at its line:col, in every format", async () => {
    const r = await cli([`${srv.url}/bad.json`, "--allow-private", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { files: Array<{ file: string; documents: Array<{ issues: Array<{ pointer: string; line: number; column: number }> }> }> };
    const line = badText.split("\n").findIndex((l) => l.includes('"name": 42')) + 1;
    expect(report.files[0]!.file).toBe(`${srv.url}/bad.json`);
    expect(report.files[0]!.documents[0]!.issues[0]).toMatchObject({ pointer: "/name", line, column: 11 });
    const pretty = await cli([`${srv.url}/bad.json`, "--allow-private"], { cwd: dir });
    expect(pretty.stdout).toContain(`bad.json:${line}:11`);
  });

  it("--probe fails an agent that answers GetTask on an unknown task with a task", async () => {
    const r = await cli([srv.url, "--allow-private", "--probe"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/expected TaskNotFoundError \(-32001\), got a result/);
    const without = await cli([srv.url, "--allow-private"], { cwd: dir });
    expect(without.code).toBe(0);
  });

  it("verifies signatures with --jwks", async () => {
    expect((await cli([`${srv.url}/signed.json`, "--allow-private", "--jwks", "jwks.json"], { cwd: dir })).code).toBe(0);
    const bad = await cli([`${srv.url}/signed.json`, "--allow-private", "--jwks", "other.json"], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("signature_invalid");
  });

  it("keeps URLs and paths apart, and --probe / --allow-private for URLs", async () => {
    put(dir, "card.json", cardFor("https://agent.example.com"));
    for (const argv of [[srv.url, "card.json"], ["card.json", "--probe"], ["card.json", "--allow-private"]]) {
      const r = await cli(argv, { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/URLs and paths cannot be mixed|applies to URL operands/);
    }
  });
});

// The built binary on a URL (after the build, A2A_TEST_BUILT=1, as test/cli/built.test.ts).
const bin = process.env.A2A_TEST_BIN ?? join(import.meta.dirname, "../../dist/cli/bin.js");
describe.skipIf(process.env.A2A_TEST_BUILT !== "1")("dist/cli/bin.js on a URL", () => {
  it("validates and probes the SDK agent, and refuses it without --allow-private", async () => {
    expect(existsSync(bin)).toBe(true);
    const ok = await exec([process.execPath, bin], [agent.url, "--allow-private", "--probe"], { cwd: dir });
    expect(ok).toMatchObject({ code: 0, stdout: "1 file: 1 as expected, 0 failed\n", stderr: "" });
    const refused = await exec([process.execPath, bin], [agent.url], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/not https/);
  });
});
