/**
 * Warnings (issues of severity "warning") show in every format, on documents that pass too,
 * and never change the exit code: v1 lenient mode's ignored fields, an unsigned card, the
 * CLI's own closest_type note.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli, put, scratch, where } from "./helpers.js";

/** A valid v1 Message with one field lenient mode ignores (a warning), pretty-printed. */
function lenientTree(name = "msg.json", extra = "surprise"): { root: string; at: { line: number; column: number } } {
  const root = scratch();
  const path = put(root, name, { messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }], [extra]: 1 });
  return { root, at: where(readFileSync(path, "utf8"), JSON.stringify(extra)) };
}

const MESSAGE = 'unknown field "surprise", ignored';

/** The runner's unescaping (actions/toolkit command.ts, inverted). */
const unescapeData = (s: string) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
const unescapeProperty = (s: string) => unescapeData(s.replace(/%3A/g, ":").replace(/%2C/g, ","));

describe("warnings on a document that passes", () => {
  it("pretty: a WARN block with the warning at its line, marked; still exit 0", async () => {
    const { root, at } = lenientTree();
    const r = await cli(["msg.json", "--mode", "lenient"], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^WARN msg\.json\n/);
    expect(r.stdout).toContain(`  msg.json:${at.line}:${at.column}  /surprise  warning: ${MESSAGE}`);
    expect(r.stdout).not.toContain("FAIL");
    expect(r.stdout.endsWith("1 file: 1 as expected, 0 failed, 1 warning\n")).toBe(true);
  });

  it("pretty: the warning is yellow when colours are on", async () => {
    const { root } = lenientTree();
    const r = await cli(["msg.json", "--mode", "lenient"], { cwd: root, env: { FORCE_COLOR: "1" } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("\u001b[33mwarning: \u001b[39m");
    const plain = await cli(["msg.json", "--mode", "lenient"], { cwd: root });
    expect(r.stdout.replace(/\u001b\[\d+m/g, "")).toBe(plain.stdout);
  });

  it("github: one ::warning at the warning's file, line and column", async () => {
    const { root, at } = lenientTree();
    const r = await cli(["msg.json", "--mode", "lenient", "-f", "github"], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `::warning file=msg.json,line=${at.line},col=${at.column},title=Message%3A unknown_property::/surprise: ${MESSAGE} (the A2A v1.0 specification, section 5.7: unrecognized fields are ignored)\n` +
        "1 file: 1 as expected, 0 failed, 1 warning\n",
    );
  });

  it("github: the warning's file name and message are escaped as GitHub's runner expects", async () => {
    const key = "a%b\nc";
    const { root } = lenientTree("we,ird:name.json", key);
    const r = await cli(["we,ird:name.json", "--mode", "lenient"], { cwd: root, env: { GITHUB_ACTIONS: "true" } });
    expect(r.code).toBe(0);
    const [line, summary, rest] = r.stdout.split("\n");
    expect(summary).toBe("1 file: 1 as expected, 0 failed, 1 warning");
    expect(rest).toBe("");
    const m = /^::warning ([^:]*)::(.*)$/.exec(line!);
    expect(m, line).not.toBeNull();
    expect(m![1]).toMatch(/^file=we%2Cird%3Aname\.json,line=\d+,col=\d+,title=Message%3A unknown_property$/);
    const props = Object.fromEntries(m![1]!.split(",").map((kv) => [kv.slice(0, kv.indexOf("=")), unescapeProperty(kv.slice(kv.indexOf("=") + 1))]));
    expect(props.file).toBe("we,ird:name.json");
    expect(m![2]).toContain("a%25b%0Ac");
    expect(unescapeData(m![2]!)).toContain(`unknown field "${key}", ignored`);
  });

  it("junit: a passing test case carries the warning in <system-out>", async () => {
    const { root, at } = lenientTree();
    const r = await cli(["msg.json", "--mode", "lenient", "-f", "junit"], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('tests="1" failures="0"');
    expect(r.stdout).not.toContain("<failure");
    expect(r.stdout).toMatch(
      new RegExp(`<testcase name="msg\\.json" classname="v1\\.Message" file="msg\\.json" line="1">\\n {6}<system-out> {2}msg\\.json:${at.line}:${at.column} {2}/surprise {2}warning: unknown field &quot;surprise&quot;, ignored .*unknown_property</system-out>\\n {4}</testcase>`),
    );
  });

  it("json: the warning is among the document's issues, with its position", async () => {
    const { root, at } = lenientTree();
    const r = await cli(["msg.json", "--mode", "lenient", "-f", "json"], { cwd: root });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout).files[0].documents[0];
    expect(doc).toMatchObject({ valid: true, met: true });
    expect(doc.issues).toEqual([expect.objectContaining({ pointer: "/surprise", code: "unknown_property", severity: "warning", line: at.line, column: at.column })]);
  });

  it("NDJSON: each record's warning at its own line", async () => {
    const root = scratch();
    const rec = JSON.stringify({ messageId: "m-1", role: "ROLE_USER", parts: [{ text: "hi" }], surprise: 1 });
    put(root, "t.jsonl", [rec, rec].join("\n"));
    const r = await cli(["t.jsonl", "--mode", "lenient"], { cwd: root });
    expect(r.code).toBe(0);
    const column = rec.indexOf('"surprise"') + 1;
    expect(r.stdout).toContain(`t.jsonl:1:${column}  /surprise  warning: `);
    expect(r.stdout).toContain(`t.jsonl:2:${column}  /surprise  warning: `);
    expect(r.stdout).toContain("1 file, 2 documents: 2 as expected, 0 failed, 2 warnings");
  });

  it("a negative fixture that failed as expected shows nothing, its warnings included", async () => {
    const root = scratch();
    put(root, "invalid/m.json", { messageId: "m-1", role: "ROLE_BOT", parts: [{ text: "hi" }], surprise: 1 });
    for (const f of ["pretty", "github"]) {
      const r = await cli(["invalid", "--mode", "lenient", "-f", f], { cwd: root });
      expect(r.code, f).toBe(0);
      expect(r.stdout, f).toBe("1 file: 1 as expected, 0 failed\n");
    }
  });
});

describe("warnings on a document that fails", () => {
  it("the closest_type note is a warning in pretty, github and junit, beside the errors", async () => {
    const root = scratch();
    put(root, "request.json", { role: "user" });
    const pretty = await cli(["request.json"], { cwd: root });
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(/^ {2}request\.json:1:1 {2}\(root\) {2}warning: could be .+ {2}closest_type$/m);
    expect(pretty.stdout).toMatch(/^ {2}request\.json:1:1 {2}\(root\) {2}missing required property "content" {2}required$/m);
    const github = await cli(["request.json", "-f", "github"], { cwd: root });
    expect(github.stdout).toMatch(/^::warning file=request\.json,line=1,col=1,title=SendMessageRequest%3A closest_type::\(root\): could be /m);
    expect(github.stdout).toMatch(/^::error file=request\.json,line=1,col=1,title=SendMessageRequest%3A required::/m);
    const junit = await cli(["request.json", "-f", "junit"], { cwd: root });
    expect(junit.stdout).toMatch(/<failure [^>]*type="required">[^<]*\(root\) {2}warning: could be /);
  });
});
