/** The v0.3 family through the CLI: the fixtures with their sidecars, JSON-RPC streams, modes, schemas, `list`. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, put, scratch } from "./helpers.js";

const root = join(import.meta.dirname, "../..");

describe("v0.3 family through the CLI", () => {
  it("passes every v0.3 fixture with its expectation (--family v0.3; sidecars name the family and mode)", async () => {
    const r = await cli(["--family", "v0.3", "fixtures/v0.3/valid", "fixtures/v0.3/invalid", "-f", "json"], { cwd: root });
    const docs = JSON.parse(r.stdout).files.flatMap((f: { documents: Array<{ family: string; valid: boolean }> }) => f.documents);
    expect(docs.length).toBeGreaterThanOrEqual(143);
    expect(new Set(docs.map((d: { family: string }) => d.family))).toEqual(new Set(["v0.3"]));
    expect(r.code).toBe(0);
  });

  it("reads a sidecar's family: a v0.3 document is checked as v0.3 without --family", async () => {
    const dir = scratch();
    put(dir, "invalid/m.json", { kind: "message", messageId: "m", role: "ROLE_USER", parts: [] });
    put(dir, "invalid/m.expect.json", { family: "v0.3", type: "Message", reason: "v1.0 role", issues: [{ pointer: "/role", code: "enum" }] });
    const r = await cli(["invalid", "-f", "json"], { cwd: dir });
    expect(JSON.parse(r.stdout).files[0].documents[0]).toMatchObject({ family: "v0.3", type: "Message" });
    expect(r.code).toBe(0);
  });

  it("checks a JSON-RPC stream: each response by its request's method, unknown properties only in strict mode", async () => {
    const dir = scratch();
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "t" } },
      { jsonrpc: "2.0", id: 1, result: { kind: "task", id: "t", contextId: "c", status: { state: "working" }, extra: 1 } },
    ];
    put(dir, "s.jsonl", lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const ok = await cli(["--family", "v0.3", "s.jsonl", "-f", "json"], { cwd: dir });
    expect(JSON.parse(ok.stdout).files[0].documents.map((d: { type: string; valid: boolean }) => [d.type, d.valid])).toEqual([
      ["JsonRpcRequest", true],
      ["JsonRpcResponse", true],
    ]);
    const strict = await cli(["--family", "v0.3", "--mode", "strict", "s.jsonl"], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/\/result\/extra {2}.* {2}unknown_property/);
  });

  it("prints a definition's schema in either mode, and lists the family", async () => {
    const dir = scratch();
    const s = await cli(["schema", "v0.3", "TextPart", "--mode", "strict"], { cwd: dir });
    expect(JSON.parse(s.stdout)).toMatchObject({ title: "TextPart", definitions: { TextPart: { additionalProperties: false } } });
    const l = await cli(["list", "--family", "v0.3", "--json"], { cwd: dir });
    expect(l.stdout).toContain("JSONRPCRequest");
    expect(l.stdout).toContain("JsonRpcRequest");
    const help = await cli(["--help"], { cwd: dir });
    expect(help.stdout).toContain("v0.3");
  });
});
