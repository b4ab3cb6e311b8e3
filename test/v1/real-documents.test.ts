/**
 * Real A2A documents nobody on this project wrote (the A2A v1.0 specification's
 * examples, SDK and TCK test data, sample agent cards; fixtures/v1/real/, each
 * with a sidecar naming its source): every one gets the verdict its sidecar
 * records in both modes and both revisions, and the CLI names one type for
 * every document that validates as exactly one. docs/conformance.md explains
 * the rejections ("Real documents").
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as V1 from "../../src/v1/index.js";
import { cli } from "../cli/helpers.js";

const ROOT = join(import.meta.dirname, "../../fixtures/v1/real");
type Issue = { pointer: string; code: string };
type Verdict = "valid" | Issue[];
interface Sidecar {
  type: string;
  method?: string;
  source: string;
  issues?: Issue[];
  lenient: Verdict;
  revisions: Record<string, { strict: Verdict; lenient: Verdict }>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".json") && !e.name.endsWith(".expect.json") ? [join(dir, e.name)] : [],
  );
}

const docs = walk(ROOT).map((file) => ({
  file,
  rel: relative(ROOT, file),
  doc: JSON.parse(readFileSync(file, "utf8")) as unknown,
  sidecar: JSON.parse(readFileSync(file.replace(/\.json$/, ".expect.json"), "utf8")) as Sidecar,
}));

function check(s: Sidecar, doc: unknown, mode: "strict" | "lenient", revision: "1.0" | "2026-02-17") {
  const o = { mode, revision } as const;
  if (s.type === "JsonRpcRequest") return V1.validateJsonRpcRequest(doc, o);
  if (s.type === "JsonRpcResponse") return V1.validateJsonRpcResponse((s.method ?? "GetTask") as V1.RpcName, doc, o);
  return V1.validate(s.type as V1.MessageName, doc, o);
}

describe("real documents", () => {
  it("are at least 300 A2A v1 documents, each naming its source", () => {
    const v1 = docs.filter((d) => !d.rel.split("/").includes("v0.3"));
    expect(v1.length).toBeGreaterThanOrEqual(300);
    for (const d of docs) expect(d.sidecar.source, d.rel).toMatch(/\S/);
  });

  it("get the verdict their sidecar records, in both modes and both revisions", () => {
    const wrong: string[] = [];
    for (const { rel, doc, sidecar: s } of docs) {
      const expected: Record<string, Verdict> = {
        "1.0 strict": s.issues ?? "valid",
        "1.0 lenient": s.lenient,
        "2026-02-17 strict": s.revisions["2026-02-17"]!.strict,
        "2026-02-17 lenient": s.revisions["2026-02-17"]!.lenient,
      };
      for (const [key, want] of Object.entries(expected)) {
        const [revision, mode] = key.split(" ") as ["1.0" | "2026-02-17", "strict" | "lenient"];
        const r = check(s, doc, mode, revision);
        if (want === "valid") {
          if (!r.ok) wrong.push(`${rel} (${key}): expected valid, got ${r.issues.map((i) => `${i.pointer} ${i.code}`).join("; ")}`);
          continue;
        }
        if (r.ok) {
          wrong.push(`${rel} (${key}): expected ${want.map((i) => `${i.pointer} ${i.code}`).join("; ")}, got valid`);
          continue;
        }
        for (const i of want) if (!r.issues.some((p) => p.pointer === i.pointer && p.code === i.code)) wrong.push(`${rel} (${key}): missing ${i.pointer} ${i.code}`);
      }
      // The folder says the default verdict: strict mode, A2A v1.0.
      expect(rel.split("/")[0], rel).toBe(s.issues === undefined ? "valid" : "invalid");
    }
    expect(wrong).toEqual([]);
  });

  describe("through the CLI, without sidecars", () => {
    const tmp = mkdtempSync(join(tmpdir(), "a2a-real-"));
    afterAll(() => rmSync(tmp, { recursive: true, force: true }));

    it("name one type for every document that validates as exactly one", async () => {
      // Which message types accept each valid document (strict, 1.0), besides the JSON-RPC envelopes.
      const single = new Map<string, string>();
      for (const { rel, doc, sidecar: s } of docs) {
        if (!rel.startsWith("valid/") || s.type === "JsonRpcRequest" || s.type === "JsonRpcResponse") continue;
        const accepting = V1.MESSAGE_NAMES.filter((n) => V1.validate(n, doc).ok);
        if (accepting.length === 1) single.set(rel, accepting[0]!);
      }
      expect(single.size).toBeGreaterThan(100);
      for (const rel of single.keys()) cpSync(join(ROOT, rel), join(tmp, rel));
      const r = await cli([".", "--family", "v1", "-f", "json", "--expect", "valid"], { cwd: tmp });
      const named = new Map<string, string | null>();
      for (const f of JSON.parse(r.stdout).files as Array<{ file: string; documents: Array<{ type: string | null }> }>) {
        named.set(f.file.replace(/^\.\//, ""), f.documents[0]?.type ?? null);
      }
      const wrong = [...single].filter(([rel, type]) => named.get(rel) !== type).map(([rel, type]) => `${rel}: ${type}, CLI said ${named.get(rel)}`);
      expect(wrong).toEqual([]);
    });
  });
});
