/**
 * The HAR scanner: the entries it cuts out of a byte stream are those JSON.parse finds, however the
 * bytes are split into chunks (escaped quotes and backslashes, brackets inside strings, CRLF,
 * chunks of one byte); an entry over the cap is dropped and named; a file that is not a HAR, or is
 * cut short, is reported as such by the CLI.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HarScanner, type HarItem } from "../../src/cli/har-scan.js";
import { cli, put, scratch } from "./helpers.js";

function scan(chunks: Uint8Array[], max = 1 << 20) {
  const s = new HarScanner(max);
  const out: HarItem[] = [];
  for (const c of chunks) s.push(c, out);
  s.end(out);
  return { s, out };
}

const tricky = { log: { version: "1.2", creator: { name: 'x"y\\', version: "1" }, entries: [{ request: { postData: { text: '{"a\\\\":"}"}' } }, n: -1.5e3, t: true, z: null }, { x: [1, [2, { "}": "]" }]] }, { 'e\\"': "\\\\" }] }, other: 5 };

describe("the HAR scanner", () => {
  it("cuts out exactly JSON.parse's entries, at every chunking (property, 300 runs)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, "\t"), fc.array(fc.nat(), { maxLength: 6 }), (extra, indent, cuts) => {
        const doc = { ...tricky, log: { ...tricky.log, entries: [...tricky.log.entries, extra] } };
        const bytes = Buffer.from(JSON.stringify(doc, null, indent as number | string).replace(/\n/g, indent === "\t" ? "\r\n" : "\n"));
        const points = [...new Set(cuts.map((c) => c % bytes.length))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((p, k, all) => bytes.subarray(p, all[k + 1] ?? bytes.length));
        const { s, out } = scan(chunks);
        const entries = out.flatMap((o) => (o.kind === "entry" ? [JSON.parse(o.text!)] : []));
        expect(entries).toEqual(JSON.parse(bytes.toString()).log.entries);
        expect(s.unfinished).toBe(false);
        expect(out.filter((o) => o.kind === "member").map((o) => (o as { key: string }).key)).toEqual(["version", "creator"]);
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it("gives each entry's line and column in the file, also byte by byte", () => {
    const bytes = Buffer.from(JSON.stringify(tricky, null, 2));
    const lines = bytes.toString().split("\n");
    const want = lines.flatMap((l, n) => (l === "      {" ? [`${n + 1}:7`] : []));
    const got = scan(Array.from(bytes, (b) => Uint8Array.of(b))).out.flatMap((o) => (o.kind === "entry" ? [`${o.line}:${o.column}`] : []));
    expect(got).toEqual(want);
  });

  it("drops an entry over the cap, keeps its neighbours", () => {
    const doc = { log: { version: "1.2", entries: [{ a: 1 }, { big: "x".repeat(5000) }, { b: 2 }] } };
    const { out } = scan([Buffer.from(JSON.stringify(doc))], 1000);
    expect(out.filter((o) => o.kind === "entry").map((o) => (o as { text?: string }).text)).toEqual(['{"a":1}', undefined, '{"b":2}']);
  });
});

describe("a capture that is no HAR, or cut short", () => {
  const dir = scratch();
  const codes = async (name: string) => JSON.parse((await cli([name, "-f", "json"], { cwd: dir })).stdout).files[0].documents.flatMap((d: any) => d.issues.map((i: any) => i.code));
  it("a JSON document without log.entries", async () => {
    put(dir, "card.har", { name: "not a capture" });
    expect(await codes("card.har")).toEqual(["invalid_har"]);
  });
  it("a capture cut off in the middle of an entry", async () => {
    put(dir, "cut.har", JSON.stringify({ log: { version: "1.2", entries: [{ request: {} }, { comment: "x".repeat(100) }] } }).slice(0, -30));
    expect(await codes("cut.har")).toEqual(["invalid_har", "invalid_json"]);
  });
  it("standard input with --har is read as a capture", async () => {
    const har = JSON.stringify({ log: { version: "1.2", entries: [{ request: { method: "GET", url: "http://127.0.0.1/x" }, response: { status: 200, content: { mimeType: "text/html", text: "<p>" } } }] } });
    const r = await cli(["--har", "-", "-f", "json"], { cwd: dir, stdin: har });
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ file: "<stdin>", kind: "har", har: { entries: 1, exchanges: 0, skipped: 1 } });
  });
  it("an entry over --max-bytes is named, the rest read", async () => {
    put(dir, "big.har", { log: { version: "1.2", entries: [{ comment: "x".repeat(3000) }] } });
    const r = JSON.parse((await cli(["big.har", "--max-bytes", "1000", "-f", "json"], { cwd: dir })).stdout);
    expect(r.files[0].documents.map((d: any) => d.issues[0].code)).toEqual(["too_large"]);
  });
});
