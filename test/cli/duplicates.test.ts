/**
 * Duplicate member names are an error at each duplicate's line and column (project issue 18,
 * finding 10): JSON.parse keeps the last, other parsers the first, so `{"role":"user", …,
 * "role":"ROLE_USER"}` must not pass silently. RFC 8259 section 4 (SHOULD be unique), I-JSON,
 * RFC 7493 section 2.3 (MUST).
 */
import { describe, expect, it } from "vitest";
import { duplicateNames, MAX_DUPLICATES } from "../../src/cli/duplicates.js";
import { FORMATS } from "../../src/cli/formats/names.js";
import { cli, put, scratch } from "./helpers.js";

/** 1-based line and column of the `nth` (0-based) occurrence of `needle`. */
function at(text: string, needle: string, nth: number): { line: number; column: number } {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`${needle} #${nth} not in text`);
  const before = text.slice(0, i).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const MESSAGE = '{\n  "messageId": "m-1",\n  "role": "ROLE_USER",\n  "parts": [{ "text": "hi" }],\n  "role": "ROLE_AGENT"\n}\n';

interface Issue {
  pointer: string;
  code: string;
  line: number;
  column: number;
  message: string;
}

async function jsonIssues(argv: string[], cwd: string, stdin?: string): Promise<{ code: number; docs: { issues: Issue[]; valid: boolean }[] }> {
  const r = await cli([...argv, "-f", "json"], { cwd, ...(stdin !== undefined ? { stdin } : {}) });
  return { code: r.code, docs: JSON.parse(r.stdout).files.flatMap((f: { documents: unknown[] }) => f.documents) };
}

describe("duplicate member names", () => {
  it("make a valid v1 Message fail, at the duplicate's line and column, in every format", async () => {
    const root = scratch();
    put(root, "message.json", MESSAGE);
    const pos = at(MESSAGE, '"role"', 1);
    expect(pos).toEqual({ line: 5, column: 3 });
    const { code, docs } = await jsonIssues(["message.json"], root);
    expect(code).toBe(1);
    expect(docs[0]!.valid).toBe(false);
    expect(docs[0]!.issues).toEqual([
      expect.objectContaining({
        pointer: "/role",
        code: "duplicate_key",
        severity: "error",
        property: "role",
        ...pos,
        message: 'duplicate member name "role" (first at 3:3): JSON.parse keeps the last of them, other parsers may keep the first',
      }),
    ]);
    const outputs = Object.fromEntries(await Promise.all(FORMATS.map(async (f) => [f, (await cli(["message.json", "-f", f], { cwd: root })).stdout] as const)));
    expect(outputs.pretty).toContain('  message.json:5:3  /role  duplicate member name "role" (first at 3:3)');
    expect(outputs.github).toContain("::error file=message.json,line=5,col=3,title=Message%3A duplicate_key::/role: duplicate member name");
    expect(outputs.junit).toContain('type="duplicate_key"');
    expect(outputs.junit).toContain("message.json:5:3  /role  duplicate member name");
  });

  it("are found nested, in arrays, after escapes, and each one is reported", async () => {
    const root = scratch();
    const text = '{"a": {"b": [0, {"c": 1, "d": 2, "c": 3}], "e": {"x": 1}},\n "a\\u0062": 1, "ab": 2, "f": [[{"g": 1, "g": 2, "g": 3}]]}';
    put(root, "nested.json", text);
    const { docs } = await jsonIssues(["nested.json", "--type", "Message"], root);
    const dups = docs[0]!.issues.filter((i) => i.code === "duplicate_key").map((i) => [i.pointer, i.line, i.column]);
    expect(dups).toEqual([
      ["/a/b/1/c", ...Object.values(at(text, '"c"', 1))],
      ["/ab", ...Object.values(at(text, '"ab"', 0))],
      ["/f/0/0/g", ...Object.values(at(text, '"g"', 1))],
      ["/f/0/0/g", ...Object.values(at(text, '"g"', 2))],
    ]);
  });

  it("are found in a JSON Lines record, at its line of the file, and on standard input", async () => {
    const root = scratch();
    const lines = ['{"messageId":"m","role":"ROLE_USER","parts":[{"text":"a"}]}', "", '{"messageId":"m","role":"ROLE_USER","parts":[{"text":"a","text":"b"}]}'];
    put(root, "t.jsonl", lines.join("\n") + "\n");
    const { docs } = await jsonIssues(["t.jsonl"], root);
    expect(docs.map((d) => d.valid)).toEqual([true, false]);
    expect(docs[1]!.issues[0]).toMatchObject({ code: "duplicate_key", pointer: "/parts/0/text", line: 3, column: lines[2]!.lastIndexOf('"text"') + 1 });
    const piped = await jsonIssues(["--ndjson", "-"], root, lines.join("\n"));
    expect(piped.docs[1]!.issues[0]).toMatchObject({ code: "duplicate_key", line: 3 });
    const single = await jsonIssues(["-"], root, MESSAGE);
    expect(single.docs[0]!.issues[0]).toMatchObject({ code: "duplicate_key", pointer: "/role", line: 5, column: 3 });
  });

  it("leave alone what only looks like one: a name inside a string, equal names in different objects", () => {
    for (const text of ['{"a": "\\"a\\": 1", "a2": {"a": 1}}', '[{"a":1},{"a":1}]', '{"a" : 1, "b"\n:\t2}', '{"x":"{\\"k\\":1,\\"k\\":2}"}']) {
      expect(duplicateNames(text, JSON.parse(text), 1), text).toEqual([]);
    }
    // Whitespace between a name and its ":" hides nothing.
    const spaced = '{"a" : 1,\n "a"\t\n: 2}';
    expect(duplicateNames(spaced, JSON.parse(spaced), 1)).toEqual([expect.objectContaining({ pointer: "/a", at: { line: 2, column: 2 } })]);
    // "__proto__" is a name like any other.
    const proto = '{"__proto__": 1, "__proto__": 2}';
    expect(duplicateNames(proto, JSON.parse(proto), 1).map((i) => i.pointer)).toEqual(["/__proto__"]);
  });

  it("are listed up to a bound, then counted, and a hostile depth costs no recursion", () => {
    const many = "{" + Array.from({ length: 500 }, () => '"k":1').join(",") + "}";
    const issues = duplicateNames(many, JSON.parse(many), 1);
    expect(issues.length).toBe(MAX_DUPLICATES + 1);
    expect(issues.at(-1)).toMatchObject({ code: "too_many_issues", message: `499 duplicate member names: showing the first ${MAX_DUPLICATES}` });
    const depth = 100_000;
    const deep = '{"a":'.repeat(depth) + '{"b":1,"b":2}' + "}".repeat(depth);
    expect(duplicateNames(deep, JSON.parse(deep), 1)).toEqual([expect.objectContaining({ code: "duplicate_key", at: { line: 1, column: deep.indexOf('"b"', deep.indexOf('"b"') + 1) + 1 } })]);
  });
});
