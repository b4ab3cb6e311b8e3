/**
 * The cards `@a2a-js/sdk` (1.3, a devDependency) actually serves from its own agent-card handler
 * with `legacyCompat` on, started here on 127.0.0.1: without an `A2A-Version` header it answers with
 * a v0.3 card that also carries the v1.0 `supportedInterfaces` (a hybrid card), with
 * `A2A-Version: 1.0` with the plain v1.0 card. fixtures/hybrid/ keeps what it served; this test
 * serves the same cards again and fails when the SDK's answer is no longer what the fixtures hold.
 * The input cards are the SDK's own test cards (test/compat/v0_3/server/express/agent_card_handler.spec.ts).
 */
import express from "express";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { agentCardHandler } from "@a2a-js/sdk/server/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { close, listen } from "../server/agent.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures/hybrid");

function card(interfaces: Array<{ url: string; protocolVersion: string }>) {
  return {
    name: "Test Agent",
    description: "A test agent",
    version: "1.0.0",
    provider: { url: "https://example.com", organization: "Test Org" },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [],
    securitySchemes: {},
    securityRequirements: [],
    signatures: [],
    supportedInterfaces: interfaces.map((i) => ({ url: i.url, protocolBinding: "JSONRPC", tenant: "", protocolVersion: i.protocolVersion })),
    capabilities: { extensions: [], streaming: true, pushNotifications: false },
  };
}

const CARDS = {
  "dual-version-card": card([
    { url: "https://api.example/v1", protocolVersion: "1.0" },
    { url: "https://api.example/legacy", protocolVersion: "0.3" },
  ]),
  "legacy-only-card": card([{ url: "https://api.example/a2a", protocolVersion: "0.3" }]),
};

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  for (const [name, c] of Object.entries(CARDS)) {
    app.use(`/${name}/.well-known/agent-card.json`, agentCardHandler({ agentCardProvider: async () => c as never, legacyCompat: { enabled: true } }));
  }
  server = createServer(app);
  base = await listen(server);
});

afterAll(() => close(server));

async function served(name: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${base}/${name}/.well-known/agent-card.json`, { headers });
  expect(res.status).toBe(200);
  return res.json();
}

const fixture = (path: string): unknown => JSON.parse(readFileSync(join(FIXTURES, path), "utf8"));

describe("@a2a-js/sdk's served agent cards", () => {
  it("without A2A-Version: a v0.3 card carrying the v1.0 supportedInterfaces (hybrid)", async () => {
    for (const name of Object.keys(CARDS)) {
      const got = await served(name, {});
      expect(got, name).toEqual(fixture(`valid/a2a-js/${name}-no-header.json`));
      expect(got, name).toHaveProperty("url");
      expect(got, name).toHaveProperty("supportedInterfaces");
    }
  });

  it("with A2A-Version: 1.0: the plain v1.0 card", async () => {
    const got = await served("dual-version-card", { "A2A-Version": "1.0" });
    expect(got).toEqual(fixture("invalid/a2a-js/dual-version-card-a2a-version-1.0.json"));
    expect(got).not.toHaveProperty("url");
  });
});
