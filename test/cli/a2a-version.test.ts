/** `--a2a-version 1.0|0.3|auto`: each document validated as its A2A version, reported in every format. */
import { describe, expect, it } from "vitest";
import { cli, put, request, scratch } from "./helpers.js";

const v1Send = { jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message: { messageId: "m1", role: "ROLE_USER", parts: [{ text: "hi" }] } } };
const card = {
  name: "A",
  description: "d",
  version: "1",
  supportedInterfaces: [{ url: "https://a.example/rpc", protocolBinding: "JSONRPC", protocolVersion: "0.3" }],
  capabilities: {},
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
  url: "https://a.example/rpc",
  preferredTransport: "JSONRPC",
  protocolVersion: "0.3.0",
};

function project(): string {
  const root = scratch();
  put(root, "v1.json", v1Send);
  put(root, "hybrid.json", card);
  put(root, "hybrid-bad.json", { ...card, preferredTransport: "GRPC" });
  put(root, "legacy.json", request());
  return root;
}

type Doc = { family: string | null; type: string | null; valid: boolean; issues: { pointer: string; code: string }[]; a2aVersion?: { version: string; decidedBy: string; evidence: { pointer: string }[] } };
async function json(argv: string[], cwd: string): Promise<{ code: number; docs: Record<string, Doc>; summary: Record<string, unknown> }> {
  const r = await cli([...argv, "-f", "json"], { cwd });
  const out = JSON.parse(r.stdout) as { files: { file: string; documents: Doc[] }[]; summary: Record<string, unknown> };
  return { code: r.code, docs: Object.fromEntries(out.files.map((f) => [f.file, f.documents[0]!])), summary: out.summary };
}

describe("--a2a-version", () => {
  it("auto: each document as the version it is, with the evidence, counted in the summary", async () => {
    const r = await json([".", "--a2a-version", "auto"], project());
    expect(r.docs["v1.json"]).toMatchObject({ family: "v1", type: "JsonRpcRequest", valid: true, a2aVersion: { version: "1.0", decidedBy: "document" } });
    expect(r.docs["v1.json"]!.a2aVersion!.evidence[0]!.pointer).toBe("/method");
    expect(r.docs["hybrid.json"]).toMatchObject({ family: "v1+v0.3", type: "AgentCard", valid: true, a2aVersion: { version: "hybrid" } });
    expect(r.docs["hybrid-bad.json"]!.issues.map((i) => [i.pointer, i.code])).toEqual([
      ["/preferredTransport", "mismatch"],
      ["/supportedInterfaces/0", "mismatch"],
    ]);
    // Neither version: detected and validated as without the option.
    expect(r.docs["legacy.json"]).toMatchObject({ family: "legacy", valid: true, a2aVersion: { version: "unknown", decidedBy: "none" } });
    expect(r.summary.versions).toEqual({ hybrid: 2, "1.0": 1, unknown: 1 });
  });

  it("1.0: a hybrid card is strict v1.0's one hybrid_card issue", async () => {
    const r = await json(["hybrid.json", "--a2a-version", "1.0"], project());
    expect(r.docs["hybrid.json"]).toMatchObject({ family: "v1", a2aVersion: { version: "1.0", decidedBy: "option" } });
    expect(r.docs["hybrid.json"]!.issues.map((i) => [i.pointer, i.code])).toEqual([["", "hybrid_card"]]);
  });

  it("a family named by a sidecar decides, and the version is still reported", async () => {
    const root = project();
    put(root, "hybrid.expect.json", { family: "v1" });
    const r = await json(["hybrid.json", "--a2a-version", "auto"], root);
    expect(r.docs["hybrid.json"]).toMatchObject({ family: "v1", a2aVersion: { version: "hybrid" } });
    // A sidecar family of another version than the one asked for: wrong_version.
    put(root, "legacy.expect.json", { family: "legacy" });
    const w = await json(["legacy.json", "--a2a-version", "1.0"], root);
    expect(w.docs["legacy.json"]!.issues.map((i) => i.code)).toEqual(["wrong_version"]);
  });

  it("is in every format", async () => {
    const root = project();
    const shown: Record<string, string> = {
      pretty: 'AgentCard (v1+v0.3; A2A hybrid, by /url "https://a.example/rpc")',
      github: 'title=AgentCard (A2A hybrid%2C by /url "https%3A//a.example/rpc")',
      junit: '<property name="a2aVersion" value="A2A hybrid, by /url &quot;https://a.example/rpc&quot;"/>',
    };
    for (const [f, text] of Object.entries(shown)) {
      const r = await cli(["hybrid-bad.json", "--a2a-version", "auto", "-f", f], { cwd: root });
      expect(r.stdout, f).toContain(text);
      expect(r.stdout, f).toContain("A2A versions: hybrid 1");
    }
    // Without the option, nothing of it.
    const plain = await cli(["."], { cwd: root });
    expect(plain.stdout).not.toContain("A2A versions");
  });

  it("usage errors", async () => {
    const root = project();
    expect((await cli([".", "--a2a-version", "2.0"], { cwd: root })).code).toBe(2);
    const r = await cli([".", "--a2a-version", "0.3", "--family", "v1"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/contradict/);
    expect((await cli([".", "--a2a-version", "1.0", "--family", "object-schemas"], { cwd: root })).code).not.toBe(2);
  });
});
