/** Detection on real documents, through the command line (needs check.ts to call detect.ts's decide). */
import { describe, expect, it } from "vitest";
import { cli, put, scratch } from "./helpers.js";

interface Doc {
  family: string | null;
  type: string | null;
  valid: boolean;
  issues: { pointer: string; code: string; severity: string; hint?: string; allowed?: string[] }[];
}
const docs = (stdout: string): Doc[] => JSON.parse(stdout).files.flatMap((f: { documents: Doc[] }) => f.documents);

describe("detection through the CLI", () => {
  it("validates {data} as the v1 Part it is, not as 'Part or session Artifact'", async () => {
    const root = scratch();
    put(root, "part.json", { data: { foo: "bar" } });
    const r = await cli(["part.json", "-f", "json"], { cwd: root });
    expect(r.code).toBe(0);
    expect(docs(r.stdout)[0]).toMatchObject({ family: "v1", type: "Part", valid: true, issues: [] });
  });

  it("reports the closest candidate (session SendMessageRequest, not the first-listed v1 Message), then names the others", async () => {
    const root = scratch();
    put(root, "request.json", { role: "user" });
    const r = await cli(["request.json", "-f", "json"], { cwd: root });
    const [doc] = docs(r.stdout);
    expect(doc).toMatchObject({ family: "session", type: "SendMessageRequest", valid: false });
    expect(doc!.issues.map((i) => i.code)).toEqual(["required", "closest_type"]);
    expect(doc!.issues.at(-1)).toMatchObject({ severity: "warning", allowed: ["v1 Message", "session Message"] });
  });

  it("shows the hints of a v0.3 file part and a v0.3 card", async () => {
    const root = scratch();
    put(root, "file.json", { kind: "file", file: { uri: "https://example.com/a.pdf", mimeType: "application/pdf" } });
    put(root, "card.json", { protocolVersion: "0.3.0", name: "n", url: "https://a.example/", preferredTransport: "JSONRPC" });
    const r = await cli(["file.json", "card.json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/file\.json:\d+:\d+ {2}\/file {2}.*\n {6}hint: v0\.3 "file" is gone/);
    expect(r.stdout).toMatch(/card\.json:\d+:\d+ {2}\/preferredTransport {2}.*\n {6}hint: v0\.3 card root "preferredTransport" moved/);
  });
});
