import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineSplitter, type LineRecord } from "../../src/cli/lines.js";

function splitAll(bytes: Uint8Array, cuts: number[], max = 1 << 20): LineRecord[] {
  const s = new LineSplitter(max);
  const out: LineRecord[] = [];
  let at = 0;
  for (const c of [...cuts.filter((c) => c > 0 && c < bytes.length)].sort((a, b) => a - b)) {
    out.push(...s.push(bytes.subarray(at, c)));
    at = c;
  }
  out.push(...s.push(bytes.subarray(at)));
  out.push(...s.end());
  return out;
}

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("LineSplitter", () => {
  it("numbers records by their line, skipping blank lines and CRLF endings", () => {
    const got = splitAll(enc('{"a":1}\r\n\r\n  \n{"b":2}\n{"c":3}'), []);
    expect(got).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 4, text: '{"b":2}' },
      { line: 5, text: '{"c":3}' },
    ]);
  });

  it("drops a leading byte-order mark", () => {
    expect(splitAll(enc('\uFEFF{"a":1}\n'), [])).toEqual([{ line: 1, text: '{"a":1}' }]);
  });

  it("reports a line over the limit as too large without keeping it, and goes on", () => {
    const long = "x".repeat(5000);
    const got = splitAll(enc(`{"a":1}\n${long}\n{"b":2}\n${long}`), [100, 1000, 2000, 4000], 100);
    expect(got).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, text: undefined },
      { line: 3, text: '{"b":2}' },
      { line: 4, text: undefined },
    ]);
  });

  it("counts the limit in bytes, not characters", () => {
    const got = splitAll(enc(`"${"é".repeat(40)}"\n`), [], 60);
    expect(got).toEqual([{ line: 1, text: undefined }]);
  });

  it("splits any text at any chunk boundaries exactly like a whole-text split", () => {
    const line = fc.oneof(fc.string({ unit: "grapheme", maxLength: 20 }), fc.constantFrom("", " ", "\t", "\r", "\u00a0", "é€😀"));
    fc.assert(
      fc.property(fc.array(line.map((l) => l.replace(/\n/g, "")), { maxLength: 12 }), fc.array(fc.nat(400), { maxLength: 8 }), fc.boolean(), (lines, cuts, crlf) => {
        const text = lines.join(crlf ? "\r\n" : "\n");
        const expected = lines
          .map((raw, i) => ({ line: i + 1, text: raw.endsWith("\r") ? raw.slice(0, -1) : raw }))
          .filter((r) => !/^[ \t\r]*$/.test(r.text));
        expect(splitAll(enc(text), cuts)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("decodes any bytes, bad UTF-8 and a split byte-order mark included, as a non-fatal TextDecoder does", () => {
    // Pieces that make valid, truncated, overlong and surrogate sequences when mixed.
    const pieces = [[0xef, 0xbb, 0xbf], [0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xff], [0x0a], [0x0d], [0x20], [0x41]];
    const bytes = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 3 })), { maxLength: 16 }).map((ps) => Uint8Array.from(ps.flat()));
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(60), { maxLength: 6 }), (b, cuts) => {
        const expected = new TextDecoder("utf-8")
          .decode(b)
          .split("\n")
          .map((raw, i) => ({ line: i + 1, text: raw.endsWith("\r") ? raw.slice(0, -1) : raw }))
          .filter((r) => !/^[ \t\r]*$/.test(r.text));
        expect(splitAll(b, cuts)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
