/**
 * WHATWG event-stream framing (HTML Living Standard, "Server-sent events", the parsing algorithm):
 * line ends, fields, BOM, caps, sources, and a property: any chunking of the same bytes gives the
 * same items.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readEventStream, type EventStreamItem, type EventStreamLimits, type EventStreamSource } from "../../src/wire/event-stream.js";

async function all(source: EventStreamSource, limits?: EventStreamLimits): Promise<EventStreamItem[]> {
  const out: EventStreamItem[] = [];
  for await (const item of readEventStream(source, limits)) out.push(item);
  return out;
}
const datas = (items: EventStreamItem[]) => items.map((i) => (i.ok ? i.event.data : i.event?.data));
const bytes = (s: string) => new TextEncoder().encode(s);

describe("event-stream framing", () => {
  it("joins multi-line data with LF and strips one space after the colon", async () => {
    const items = await all('data: {"a":\ndata:  1}\n\n');
    expect(items).toEqual([{ ok: true, event: { type: "message", data: '{"a":\n 1}', lastEventId: "", offset: 0 } }]);
  });

  it("accepts CR, LF and CRLF line ends, and a CR at a chunk's end followed by LF in the next", async () => {
    expect(datas(await all("data: a\r\rdata: b\n\ndata: c\r\n\r\n"))).toEqual(["a", "b", "c"]);
    expect(datas(await all([bytes("data: a\r"), bytes("\n\r"), bytes("\ndata: b\r\n\r\n")]))).toEqual(["a", "b"]);
  });

  it("skips comments, ignores unknown fields and events without data", async () => {
    expect(datas(await all(": keep-alive\n\nfoo: bar\ndata: x\n\nevent: ping\n\n"))).toEqual(["x"]);
  });

  it("reads event, id (ignored with NUL), retry (digits only)", async () => {
    const items = await all("event: update\nid: 7\nretry: 3000\ndata: x\n\nid: a\u0000b\nretry: 1e3\ndata: y\n\nid\ndata\n\n");
    expect(items.map((i) => i.ok && i.event)).toEqual([
      { type: "update", data: "x", lastEventId: "7", retry: 3000, offset: 0 },
      { type: "message", data: "y", lastEventId: "7", retry: 3000, offset: 41 },
      { type: "message", data: "", lastEventId: "", retry: 3000, offset: 69 },
    ]);
  });

  it("strips a leading BOM, split or whole, and only the first", async () => {
    expect(datas(await all("\uFEFFdata: a\n\n"))).toEqual(["a"]);
    expect(datas(await all([new Uint8Array([0xef]), new Uint8Array([0xbb, 0xbf]), bytes("data: a\n\n")]))).toEqual(["a"]);
    expect(datas(await all("\uFEFF\uFEFFdata: a\n\n"))).toEqual([]); // the second BOM is part of a field name
    expect(datas(await all([new Uint8Array([0xef]), bytes("data: a\n\n")]))).toEqual([]); // EF alone is no BOM: the line's field is "\uFFFDdata"
  });

  it("decodes a multi-byte character split across chunks", async () => {
    const b = bytes("data: é€😀\n\n");
    const chunks = Array.from(b, (x) => new Uint8Array([x]));
    expect(datas(await all(chunks))).toEqual(["é€😀"]);
  });

  it("reports an event the stream ends without a blank line, and still gives its content", async () => {
    const items = await all("data: a\n\ndata: b");
    expect(items[0]!.ok).toBe(true);
    expect(items[1]).toMatchObject({ ok: false, final: true, event: { data: "b" }, issues: [{ code: "truncated" }] });
  });

  it("caps one event: skipped with an issue up to its blank line, the next read", async () => {
    const big = "data: " + "x".repeat(100) + "\n\n";
    const items = await all([bytes(big.slice(0, 50)), bytes(big.slice(50) + "data: ok\n\n")], { maxEventBytes: 64 });
    expect(items).toMatchObject([{ ok: false, final: false, issues: [{ code: "too_large" }] }, { ok: true, event: { data: "ok" } }]);
  });

  it("caps the stream: reading stops with an issue, and the source is not read further", async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield "data: 1\n\n";
      }
    }
    const items = await all(endless(), { maxStreamBytes: 95 });
    expect(items.filter((i) => i.ok)).toHaveLength(10);
    expect(items.at(-1)).toMatchObject({ ok: false, final: true, issues: [{ code: "too_large" }] });
    expect(pulled).toBe(11);
  });

  it("turns a stream that errors into an issue, never a throw", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent) return c.error(new Error("connection reset"));
        sent = true;
        c.enqueue(bytes("data: a\n\ndata: b"));
      },
    });
    const items = await all(body);
    expect(items).toMatchObject([{ ok: true, event: { data: "a" } }, { ok: false, final: true, issues: [{ code: "truncated", message: expect.stringContaining("connection reset") }] }]);
  });

  it("reads a fetch Response and a Uint8Array", async () => {
    expect(datas(await all(new Response("data: r\n\n")))).toEqual(["r"]);
    expect(datas(await all(bytes("data: u\n\n")))).toEqual(["u"]);
  });

  it("property: any chunking of the same bytes gives the same items", async () => {
    const line = fc.oneof(
      fc.constantFrom("", ": c", "event: e", "id: 1", "retry: 10", "data", "data:", "data: é€😀", "x: y"),
      fc.string({ unit: "binary", maxLength: 12 }).map((s) => "data: " + s.replace(/[\r\n]/g, "")),
    );
    const eol = fc.constantFrom("\n", "\r", "\r\n");
    const doc = fc.tuple(fc.boolean(), fc.array(fc.tuple(line, eol), { maxLength: 20 })).map(([bom, ls]) => (bom ? "\uFEFF" : "") + ls.map(([l, e]) => l + e).join(""));
    await fc.assert(
      fc.asyncProperty(doc, fc.array(fc.nat(), { maxLength: 8 }), async (text, cuts) => {
        const b = bytes(text);
        const at = [...new Set(cuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
        const chunks: Uint8Array[] = [];
        let from = 0;
        for (const c of [...at, b.length]) {
          chunks.push(b.slice(from, c));
          from = c;
        }
        expect(await all(chunks)).toEqual(await all(b));
      }),
      { numRuns: 200, seed: 1 },
    );
  });
});
