/**
 * Text that is not JSON: what was expected and what was found, in words, at the right line and
 * column, with a hint for the usual causes (JSON Lines, a trailing comma, comments, quotes).
 */
import { describe, expect, it } from "vitest";
import { diagnoseSyntax, syntaxProblem } from "../../src/cli/syntax.js";
import { cli, put, scratch } from "./helpers.js";

function problem(text: string, firstLine = 1) {
  let err: unknown;
  try {
    JSON.parse(text);
  } catch (e) {
    err = e;
  }
  expect(err, "JSON.parse must refuse the text").toBeDefined();
  return syntaxProblem(text, err, firstLine);
}

describe("syntax diagnosis", () => {
  it("finds no mistake in JSON", () => {
    for (const t of ['{"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n"]}', "[]", " 0 ", '"\u2028"']) expect(diagnoseSyntax(t), t).toBeUndefined();
  });

  it("recognises JSON Lines: a complete value, a line break, another value", () => {
    expect(problem('{"a":1}\n{"b":2}\n')).toMatchObject({
      line: 2,
      column: 1,
      message: 'expected the end of the document after its value, found "{", the start of another value on a new line',
      jsonLines: true,
    });
    expect(problem('[1]\r\n  "x"').jsonLines).toBe(true);
    // Two values on one line are not JSON Lines.
    expect(problem("{}{}")).toMatchObject({ line: 1, column: 3, hint: "a JSON document holds exactly one value" });
    expect(problem("{}{}").jsonLines).toBeUndefined();
  });

  it("points at a trailing comma's closing bracket, and names the comma", () => {
    expect(problem('{\n  "a": 1,\n}\n')).toEqual({
      line: 3,
      column: 1,
      message: 'expected a property name in double quotes after ",", found "}"',
      hint: 'trailing comma after the last member (JSON does not allow it): remove the "," at 2:9',
    });
    expect(problem("[1, 2,]")).toEqual({
      line: 1,
      column: 7,
      message: 'expected an item after ",", found "]"',
      hint: 'trailing comma after the last item (JSON does not allow it): remove the "," at 1:6',
    });
  });

  it("says so for comments, single quotes and unquoted names", () => {
    expect(problem('{"a": 1 // why\n}')).toMatchObject({ line: 1, column: 9, message: 'expected "," or "}" after the member, found a comment ("//")', hint: "JSON does not allow comments: remove it" });
    expect(problem("/* c */ {}")).toMatchObject({ line: 1, column: 1, hint: "JSON does not allow comments: remove it" });
    expect(problem("{'a': 1}")).toMatchObject({ line: 1, column: 2, hint: 'JSON strings and property names take double quotes ("), not single quotes' });
    expect(problem('{"a": \'x\'}')).toMatchObject({ line: 1, column: 7, message: "expected a value for the property named at 1:2, found \"'\" (a single quote)" });
    expect(problem("{\n  a: 1}")).toMatchObject({ line: 2, column: 3, message: 'expected a property name in double quotes or "}", found an unquoted word (1 character)', hint: "property names must be strings in double quotes" });
  });

  it("explains other usual mistakes", () => {
    expect(problem('{"a": 1 "b": 2}')).toMatchObject({ column: 9, message: 'expected "," or "}" after the member, found a string (1 character)', hint: 'a "," is missing before it' });
    expect(problem('{"a" 1}')).toMatchObject({ column: 6, message: 'expected ":" after the property name at 1:2, found a number (1 character)' });
    expect(problem('{"a": undefined}').hint).toBe("JSON has no undefined: leave the member out, or use null");
    expect(problem('{"a": NaN}').hint).toMatch(/no NaN or Infinity/);
    expect(problem('{"a": True}').hint).toBe("JSON's literals are lowercase: true");
    expect(problem('{"a": 01}')).toMatchObject({ column: 8, hint: "JSON numbers have no leading zeros" });
    expect(problem('{"a": [1, 2}')).toMatchObject({ column: 12, hint: 'the "[" at 1:7 is closed by "]", not "}"' });
    expect(problem('{"a": "x\ny"}')).toMatchObject({ line: 1, column: 9, message: "expected the closing '\"' of the string that starts at 1:7, found a line break" });
    expect(problem('{"a": "\\x"}')).toMatchObject({ column: 8, message: 'expected an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found "\\" followed by a letter' });
    expect(problem("{\u001b}")).toMatchObject({ column: 2, message: 'expected a property name in double quotes or "}", found U+001B' });
  });

  it("puts the end of the text just after the last token, and names the bracket left open", () => {
    expect(problem('{"message_type": "request",\r\n  "x": \n\n')).toEqual({
      line: 2,
      column: 7,
      message: "expected a value for the property named at 2:3, found the end of the text",
      hint: 'the "{" at 1:1 is never closed',
    });
    expect(problem("")).toMatchObject({ line: 1, column: 1, message: "expected a JSON value, found the end of the text", hint: "the document is empty" });
  });

  it("counts lines from the record's line in its file", () => {
    expect(problem("{oops", 7)).toMatchObject({ line: 7, column: 2 });
    expect(problem("[1,\n2,]", 40)).toMatchObject({ line: 41, column: 3, hint: expect.stringContaining('remove the "," at 41:2') });
  });

  it("survives hostile depth, in one pass", () => {
    const p = problem("[".repeat(200_000));
    expect(p).toMatchObject({ line: 1, column: 200_001, hint: 'the "[" at 1:200000 is never closed' });
    expect(problem("[".repeat(200_000) + "}")).toMatchObject({ column: 200_001 });
  });
});

describe("syntax errors through the CLI", () => {
  it("JSON Lines in a .json file: the hint names the extensions read record by record", async () => {
    const root = scratch();
    put(root, "traffic.json", '{"a":1}\n{"b":2}\n');
    const r = await cli(["traffic.json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '  traffic.json:2:1  (root)  is not valid JSON: at 2:1, expected the end of the document after its value, found "{", the start of another value on a new line  invalid_json\n' +
        "      hint: this looks like JSON Lines: name the file .jsonl or .ndjson to have it checked record by record (--ndjson is for standard input)\n",
    );
    expect(r.stdout).not.toMatch(/Unexpected token|LBrace|RBrace/);
  });

  it("JSON Lines on standard input: the hint names --ndjson, which then reads it", async () => {
    const stdin = '{"a":1}\n{"b":2}\n';
    const r = await cli(["-", "-f", "json"], { cwd: scratch(), stdin });
    const issue = JSON.parse(r.stdout).files[0].documents[0].issues[0];
    expect(issue).toMatchObject({ code: "invalid_json", line: 2, column: 1, hint: "this looks like JSON Lines: pass --ndjson to read standard input record by record" });
    expect(issue.message).toMatch(/^is not valid JSON: at 2:1, expected the end of the document after its value, found "\{"/);
  });

  it("a trailing comma: said in words, at the closing brace, in every format", async () => {
    const root = scratch();
    put(root, "broken.json", '{\n  "a": 1,\n}\n');
    const pretty = await cli(["broken.json"], { cwd: root });
    expect(pretty.stdout).toContain('  broken.json:3:1  (root)  is not valid JSON: at 3:1, expected a property name in double quotes after ",", found "}"  invalid_json\n');
    expect(pretty.stdout).toContain('      hint: trailing comma after the last member (JSON does not allow it): remove the "," at 2:9\n');
    const github = await cli(["broken.json", "-f", "github"], { cwd: root });
    expect(github.stdout).toContain("::error file=broken.json,line=3,col=1,title=document%3A invalid_json::(root): is not valid JSON: at 3:1, expected a property name in double quotes after \",\", found \"}\" (hint: trailing comma after the last member (JSON does not allow it): remove the \",\" at 2:9)\n");
  });

  it("keeps each NDJSON record's mistake at its line of the file", async () => {
    const root = scratch();
    put(root, "t.jsonl", '{"a":1}\n\n{"a": 1,}\n{oops\n');
    const r = await cli(["t.jsonl", "-f", "json"], { cwd: root });
    const docs = JSON.parse(r.stdout).files[0].documents;
    expect(docs[1].issues[0]).toMatchObject({ code: "invalid_json", line: 3, column: 9, hint: expect.stringContaining('remove the "," at 3:8') });
    expect(docs[1].issues[0].message).toMatch(/^is not valid JSON: at 3:9, /);
    expect(docs[2].issues[0]).toMatchObject({ code: "invalid_json", line: 4, column: 2, hint: "property names must be strings in double quotes" });
  });
});
