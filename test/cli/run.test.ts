/** run() end to end, in-process: discovery, detection, expectations, formats and exit codes. */
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, put, request, scratch, where } from "./helpers.js";

/** Where the value 42 of `"method": 42` is (a UUID may hold a "42" too). */
function at42(text: string): { line: number; column: number } {
  const p = where(text, '"method": 42');
  return { line: p.line, column: p.column + '"method": '.length };
}

/** A small fixture tree in the project's layout. */
function fixtureTree(): string {
  const root = scratch();
  put(root, "fixtures/legacy/valid/request.json", request());
  put(root, "fixtures/legacy/valid/sub/other.json", request("other"));
  put(root, "fixtures/legacy/invalid/method-number.json", { ...request(), payload: { method: 42 } });
  put(root, "fixtures/legacy/invalid/method-number.expect.json", { issues: [{ pointer: "/payload/method", code: "type" }], reason: "method must be a string" });
  put(root, "fixtures/legacy/invalid/extra-key.json", { ...request(), extra: true });
  put(root, "node_modules/dep/package.json", { name: "dep" });
  return root;
}

describe("exit codes and expectations", () => {
  it("exits 0 when every document meets its expectation, and says so", async () => {
    const root = fixtureTree();
    const r = await cli(["fixtures"], { cwd: root });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("4 files: 4 as expected, 0 failed\n");
    expect(r.code).toBe(0);
  });

  it("exits 1 when a negative fixture passes", async () => {
    const root = fixtureTree();
    put(root, "fixtures/legacy/invalid/actually-fine.json", request());
    const r = await cli(["fixtures"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("fixtures/legacy/invalid/actually-fine.json:1:1  expected to be invalid, but it is a valid RequestMessage (legacy)");
    expect(r.stdout).toContain("5 files: 4 as expected, 1 failed");
  });

  it("exits 1 when a negative fixture fails for the wrong reason", async () => {
    const root = fixtureTree();
    put(root, "fixtures/legacy/invalid/method-number.expect.json", { issues: [{ pointer: "/payload/method", code: "too_long" }] });
    const r = await cli(["fixtures"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("failed, but not with the expected issue too_long at /payload/method");
    // what it did report is shown, with its position
    const text = readFileSync(join(root, "fixtures/legacy/invalid/method-number.json"), "utf8");
    const at = at42(text);
    expect(r.stdout).toContain(`fixtures/legacy/invalid/method-number.json:${at.line}:${at.column}  /payload/method  must be a string, got 42`);
  });

  it("points each issue of a failing document at file:line:col", async () => {
    const root = scratch();
    const path = put(root, "msg.json", { ...request(), payload: { method: 42 } });
    const text = readFileSync(path, "utf8");
    const r = await cli(["msg.json"], { cwd: root });
    expect(r.code).toBe(1);
    const at = at42(text);
    expect(r.stdout).toContain(`msg.json:${at.line}:${at.column}  /payload/method  must be a string, got 42`);
    expect(r.stdout).toMatch(/^FAIL msg\.json\n/);
    expect(r.stdout).toContain("1 file: 0 as expected, 1 failed");
  });

  it("puts a missing property at the object that lacks it", async () => {
    const root = scratch();
    const { sender_id: _gone, ...rest } = request();
    const text = JSON.stringify({ note: "x", payload: { method: "m" } }, null, 2);
    put(root, "a.json", JSON.stringify(rest, null, 2));
    put(root, "b.json", text);
    const r = await cli(["a.json", "--type", "RequestMessage", "-f", "json"], { cwd: root });
    const doc = JSON.parse(r.stdout).files[0].documents[0];
    expect(doc.issues).toContainEqual(expect.objectContaining({ pointer: "", code: "required", property: "sender_id", line: 1, column: 1 }));
  });

  it("reports text that is not JSON with the parser's position, as a failure", async () => {
    const root = scratch();
    put(root, "broken.json", '{\n  "a": 1,\n}\n');
    const r = await cli(["broken.json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken\.json:3:1 {2}\(root\) {2}is not valid JSON: .+ {2}invalid_json/);
  });

  it("keeps positions right through a byte-order mark and CRLF line endings", async () => {
    const root = scratch();
    const lf = JSON.stringify({ ...request(), payload: { method: 42 } }, null, 2);
    put(root, "lf.json", lf);
    put(root, "crlf.json", "\uFEFF" + lf.replace(/\n/g, "\r\n"));
    const r = await cli(["lf.json", "crlf.json", "-f", "json"], { cwd: root });
    const [a, b] = JSON.parse(r.stdout).files.map((f: { documents: { issues: unknown[] }[] }) => f.documents[0]!.issues);
    expect(b).toEqual(a);
    expect(a[0]).toMatchObject(at42(lf));
  });

  it("forces one expectation with --expect", async () => {
    const root = fixtureTree();
    expect((await cli(["fixtures/legacy/valid", "--expect", "invalid"], { cwd: root })).code).toBe(1);
    expect((await cli(["fixtures/legacy/invalid", "--expect", "valid"], { cwd: root })).code).toBe(1);
    expect((await cli(["fixtures/legacy/invalid", "--expect", "invalid"], { cwd: root })).code).toBe(0);
  });

  it("fails a document whose sidecar is broken, saying why", async () => {
    const root = fixtureTree();
    put(root, "fixtures/legacy/invalid/extra-key.expect.json", { isues: [] });
    const r = await cli(["fixtures"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('its sidecar extra-key.expect.json unknown key "isues"');
  });

  it("takes type overrides from the sidecar, and the command line over it", async () => {
    const root = scratch();
    put(root, "x/doc.json", { ...request(), message_type: "response" });
    put(root, "x/doc.expect.json", { type: "RequestMessage" });
    const viaSidecar = await cli(["x", "-f", "json"], { cwd: root });
    expect(JSON.parse(viaSidecar.stdout).files[0].documents[0]).toMatchObject({ type: "RequestMessage" });
    const viaFlag = await cli(["x", "-f", "json", "--type", "ResponseMessage"], { cwd: root });
    expect(JSON.parse(viaFlag.stdout).files[0].documents[0]).toMatchObject({ type: "ResponseMessage" });
  });

  it("exits 2 on paths that do not exist, globs that match nothing and empty folders, but checks the rest", async () => {
    const root = fixtureTree();
    put(root, "empty/readme.txt", "no json here");
    symlinkSync(join(root, "nowhere.json"), join(root, "dangling.json"));
    const r = await cli(["fixtures", "missing.json", "nope/**/*.json", "empty", "dangling.json"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("a2a-validate: missing.json: no such file or directory");
    expect(r.stderr).toContain("a2a-validate: nope/**/*.json: no files match this pattern");
    expect(r.stderr).toContain("a2a-validate: empty: no *.json");
    expect(r.stderr).toContain("a2a-validate: dangling.json:");
    expect(r.stdout).toContain("4 files: 4 as expected, 0 failed; 4 paths could not be read");
  });

  it("exits 2 on usage errors", async () => {
    for (const argv of [[], ["--format", "xml", "x"], ["--type", "NoSuchType", "x"], ["--unknown"]]) {
      const r = await cli(argv, { cwd: scratch() });
      expect(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^a2a-validate: .+\nTry 'a2a-validate --help'\.\n$/);
    }
  });

  it("answers --help and --version", async () => {
    const h = await cli(["--help"], { cwd: scratch() });
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^Usage: a2a-validate/);
    expect(h.stdout).toContain("--follow-symlinks");
    expect(h.stdout).toContain("duplicate_key");
    const v = await cli(["--version"], { cwd: scratch() });
    const pkg = JSON.parse(readFileSync(join(__dirname, "../../package.json"), "utf8")) as { version: string };
    expect(v).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  });
});

describe("discovery", () => {
  it("expands globs, skips sidecars and node_modules, and validates a file named twice once", async () => {
    const root = fixtureTree();
    const r = await cli(["fixtures/**/*.json", "fixtures/legacy/valid/request.json", "-f", "json"], { cwd: root });
    const files = JSON.parse(r.stdout).files.map((f: { file: string }) => f.file);
    expect(files).toEqual([
      "fixtures/legacy/invalid/extra-key.json",
      "fixtures/legacy/invalid/method-number.json",
      "fixtures/legacy/valid/request.json",
      "fixtures/legacy/valid/sub/other.json",
    ]);
    expect(r.code).toBe(0);
  });

  it("walks folders in sorted order, skipping dot-folders and node_modules, following links once", async () => {
    const root = fixtureTree();
    put(root, "fixtures/.cache/stale.json", { not: "a document" });
    put(root, "fixtures/legacy/valid/.hidden.json", { not: "a document" });
    symlinkSync(join(root, "fixtures"), join(root, "fixtures/legacy/loop"));
    const r = await cli(["fixtures", "-f", "json"], { cwd: root });
    expect(JSON.parse(r.stdout).files.map((f: { file: string }) => f.file)).toEqual([
      "fixtures/legacy/invalid/extra-key.json",
      "fixtures/legacy/invalid/method-number.json",
      "fixtures/legacy/valid/request.json",
      "fixtures/legacy/valid/sub/other.json",
    ]);
    expect(r.code).toBe(0);
  });

  it("reads standard input for -", async () => {
    const root = scratch();
    const ok = await cli(["-"], { cwd: root, stdin: JSON.stringify(request()) });
    expect(ok).toMatchObject({ code: 0, stdout: "1 file: 1 as expected, 0 failed\n" });
    const bad = await cli(["-", "-f", "json"], { cwd: root, stdin: "{" });
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).files[0]).toMatchObject({ file: "<stdin>", met: false });
  });
});

describe("NDJSON", () => {
  it("validates record by record, with each issue on its record's line", async () => {
    const root = scratch();
    const lines = [JSON.stringify(request()), "", JSON.stringify({ ...request(), payload: { method: 42 } }), "{oops", JSON.stringify(request())];
    put(root, "traffic.jsonl", lines.join("\n") + "\n");
    const r = await cli(["traffic.jsonl", "-f", "json"], { cwd: root });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    const docs = out.files[0].documents;
    expect(docs.map((d: { record: number; line: number; met: boolean }) => [d.record, d.line, d.met])).toEqual([
      [1, 1, true],
      [2, 3, false],
      [3, 4, false],
      [4, 5, true],
    ]);
    expect(docs[1].issues[0]).toMatchObject({ pointer: "/payload/method", line: 3, column: where(lines[2]!, ":42}").column + 1 });
    expect(docs[2].issues[0]).toMatchObject({ code: "invalid_json", line: 4, column: 2 });
    expect(out.summary).toEqual({ files: 1, documents: 4, asExpected: 2, failed: 2, unreadable: 0, ok: false, skipped: 0 });
  });

  it("reads NDJSON from standard input with --ndjson", async () => {
    const stdin = [request(), request()].map((m) => JSON.stringify(m)).join("\r\n");
    const r = await cli(["-", "--ndjson"], { cwd: scratch(), stdin });
    expect(r).toMatchObject({ code: 0, stdout: "1 file, 2 documents: 2 as expected, 0 failed\n" });
  });

  it("rejects a sidecar that lists issues for a many-document file", async () => {
    const root = scratch();
    put(root, "t.ndjson", JSON.stringify(request()));
    put(root, "t.expect.json", { issues: [{ pointer: "", code: "type" }] });
    const r = await cli(["."], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("only a single-document file");
  });
});

describe("hostile input", () => {
  it("bounds documents with --max-bytes before parsing", async () => {
    const root = scratch();
    put(root, "big.json", JSON.stringify({ ...request(), payload: { method: "m", parameters: { blob: "x".repeat(5000) } } }));
    put(root, "big.jsonl", [JSON.stringify(request()), "x".repeat(5000), JSON.stringify(request())].join("\n"));
    const r = await cli(["big.json", "big.jsonl", "--max-bytes", "2KiB", "-f", "json"], { cwd: root });
    expect(r.code).toBe(1);
    const [json, nd] = JSON.parse(r.stdout).files;
    expect(json.documents[0].issues[0]).toMatchObject({ code: "too_large", line: 1, column: 1 });
    expect(nd.documents.map((d: { met: boolean }) => d.met)).toEqual([true, false, true]);
    expect(nd.documents[1].issues[0]).toMatchObject({ code: "too_large", line: 2 });
  });

  it("survives deep nesting, invalid UTF-8 and prototype keys", async () => {
    const root = scratch();
    put(root, "deep.json", "[".repeat(200_000) + "]".repeat(200_000));
    put(root, "deep-object.json", `{"message_type":"request","payload":${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}}`);
    put(root, "unclosed.json", "[".repeat(200_000));
    put(root, "latin1.json", Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    put(root, "proto.json", '{"__proto__": {"x": 1}, "constructor": 1, "message_type": "request"}');
    const r = await cli(["."], { cwd: root, env: {} });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("5 files: 0 as expected, 5 failed");
    expect(r.stdout).toContain("latin1.json:1:1  (root)  is not valid UTF-8");
  });
});

describe("formats", () => {
  it("defaults to github annotations under GitHub Actions", async () => {
    const root = scratch();
    const text = JSON.stringify({ ...request(), payload: { method: 42 } }, null, 2);
    put(root, "we,ird:name.json", text);
    const r = await cli(["."], { cwd: root, env: { GITHUB_ACTIONS: "true" } });
    const at = at42(text);
    expect(r.stdout).toBe(
      `::error file=we%2Cird%3Aname.json,line=${at.line},col=${at.column},title=RequestMessage%3A type::/payload/method: must be a string, got 42\n` +
        "1 file: 0 as expected, 1 failed\n",
    );
  });

  it("annotates a negative fixture that failed wrongly with the verdict, and its issues as notices", async () => {
    const root = fixtureTree();
    put(root, "fixtures/legacy/invalid/method-number.expect.json", { issues: [{ pointer: "/x", code: "enum" }] });
    const r = await cli(["fixtures/legacy/invalid", "-f", "github"], { cwd: root });
    expect(r.stdout).toMatch(/^::error file=fixtures\/legacy\/invalid\/method-number\.json,line=1,col=1,title=RequestMessage%3A not as expected::failed, but not with the expected issue enum at \/x$/m);
    expect(r.stdout).toMatch(/^::notice file=fixtures\/legacy\/invalid\/method-number\.json,line=\d+,col=\d+,title=RequestMessage%3A type::/m);
  });

  it("writes one stable JSON document", async () => {
    const root = fixtureTree();
    const r = await cli(["fixtures", "-f", "json"], { cwd: root });
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["tool", "version", "formatVersion", "files", "errors", "skipped", "summary"]);
    expect(out.formatVersion).toBe(1);
    const neg = out.files.find((f: { file: string }) => f.file.endsWith("method-number.json"));
    expect(Object.keys(neg)).toEqual(["file", "kind", "documents", "met"]);
    expect(Object.keys(neg.documents[0])).toEqual(["record", "line", "family", "type", "mode", "expected", "valid", "met", "issues", "missing", "problem"]);
    expect(neg.documents[0]).toMatchObject({ record: null, line: 1, family: "legacy", type: "RequestMessage", mode: null, expected: "invalid", valid: false, met: true, missing: [], problem: null });
    expect(neg.documents[0].issues[0]).toMatchObject({ pointer: "/payload/method", code: "type", severity: "error", message: "must be a string, got 42" });
    expect(out.summary).toEqual({ files: 4, documents: 4, asExpected: 4, failed: 0, unreadable: 0, ok: true, skipped: 0 });
  });

  it("writes JUnit XML, one test case per document", async () => {
    const root = fixtureTree();
    put(root, "fixtures/legacy/valid/bad <&>.json", { ...request(), payload: { method: 42 } });
    const r = await cli(["fixtures", "-f", "junit"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="a2a-validate">\n')).toBe(true);
    expect(r.stdout.match(/<testcase /g)).toHaveLength(5);
    expect(r.stdout.match(/<failure /g)).toHaveLength(1);
    expect(r.stdout).toContain('<testsuite name="fixtures/legacy/valid/bad &lt;&amp;&gt;.json" tests="1" failures="1"');
    expect(r.stdout).toContain("</testsuites>\n");
    // nothing unescaped inside attribute values
    for (const m of r.stdout.matchAll(/="([^"]*)"/g)) expect(m[1]).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
  });

  it("colours on a terminal only, and never with NO_COLOR", async () => {
    const root = scratch();
    put(root, "bad.json", { ...request(), payload: { method: 42 } });
    const tty = await cli(["bad.json"], { cwd: root, tty: true });
    expect(tty.stdout).toContain("\u001b[");
    const noColor = await cli(["bad.json"], { cwd: root, tty: true, env: { NO_COLOR: "1" } });
    expect(noColor.stdout).not.toContain("\u001b[");
    const piped = await cli(["bad.json"], { cwd: root });
    expect(piped.stdout).not.toContain("\u001b[");
    const forced = await cli(["bad.json"], { cwd: root, env: { FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\u001b[");
    // the same words either way
    expect(tty.stdout.replace(/\u001b\[\d+m/g, "")).toBe(piped.stdout);
  });
});

describe("options", () => {
  it("checks legacy freshness only when asked", async () => {
    const root = scratch();
    put(root, "old.json", { ...request(), timestamp: "2020-01-01T00:00:00Z" });
    expect((await cli(["old.json"], { cwd: root })).code).toBe(0);
    const r = await cli(["old.json", "--freshness"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\/timestamp {2}is \d+ s old.* {2}stale/);
    expect((await cli(["-", "--freshness"], { cwd: root, stdin: JSON.stringify(request()) })).code).toBe(0);
  });
});

describe("list and schema", () => {
  it("lists the families and their types", async () => {
    const r = await cli(["list"], { cwd: scratch() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^legacy: /);
    expect(r.stdout).toMatch(/^ {2}RequestMessage +message_type "request"$/m);
    expect(r.stdout).toMatch(/^v1: /m);
    expect(r.stdout).toMatch(/^ {2}Task$/m);
    const j = JSON.parse((await cli(["list", "--json", "--family", "legacy"], { cwd: scratch() })).stdout);
    expect(j.families.map((f: { name: string }) => f.name)).toEqual(["legacy"]);
    expect(j.families[0].types).toContainEqual({ name: "HandshakeAckMessage", note: 'message_type "handshake_ack"' });
  });

  it("prints a type's JSON Schema", async () => {
    const legacy = await cli(["schema", "legacy", "HandshakeAckMessage"], { cwd: scratch() });
    expect(legacy.code).toBe(0);
    const fromFile = JSON.parse(readFileSync(join(__dirname, "../../schemas/legacy/handshake-ack-message.json"), "utf8"));
    expect(JSON.parse(legacy.stdout)).toEqual(fromFile);

    const v1 = await cli(["schema", "v1", "Task"], { cwd: scratch() });
    expect(v1.code).toBe(0);
    const s = JSON.parse(v1.stdout);
    expect(s).toMatchObject({ title: "Task", $ref: "#/$defs/Task" });
    // self-contained: every local reference resolves
    for (const m of v1.stdout.matchAll(/"#\/\$defs\/([^"/]+)"/g)) expect(s.$defs).toHaveProperty(m[1]!);
    expect(s.$defs).toHaveProperty("Message");
    expect(s.$defs).not.toHaveProperty("AgentCard");

    const missing = await cli(["schema", "v1", "Nope"], { cwd: scratch() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no type "Nope"/);
  });
});

