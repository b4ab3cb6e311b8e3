/**
 * Inputs meant to hang, exhaust or hijack a2a-validate (project issue 8): devices
 * and FIFOs where documents are expected, deep folder trees, control
 * sequences in keys and file names. Whatever could hang runs in a child
 * process killed past a time or memory limit, so a regression fails the test
 * instead of the test run.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBounded } from "./bounded.js";
import { cli, put, request, scratch } from "./helpers.js";

const hasDevZero = existsSync("/dev/zero");
// Control characters and newlines in file names: not on Windows.
const posixNames = process.platform !== "win32";

function mkfifo(path: string): boolean {
  try {
    execFileSync("mkfifo", [path], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const hasMkfifo = process.platform !== "win32" && mkfifo(join(scratch(), "probe"));

/** A folder with one valid document, for the hostile entries to sit beside. */
function withOk(): string {
  const root = scratch();
  put(root, "fixtures/ok.json", request());
  return root;
}

describe.skipIf(!hasDevZero)("devices", () => {
  it("refuses /dev/zero as an operand, at once, with exit 2", async () => {
    const r = await runBounded(["/dev/zero", "--max-bytes", "1KiB"], { cwd: scratch(), timeoutMs: 20_000, maxRssMb: 400 });
    expect(r.killed).toBeUndefined();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("a2a-validate: /dev/zero: is a character device, not a regular file\n");
    expect(r.stdout).toContain("0 files: 0 as expected, 0 failed; 1 path could not be read");
  });

  it("refuses a link to /dev/zero named as an operand", async () => {
    const root = scratch();
    symlinkSync("/dev/zero", join(root, "evil.json"));
    const r = await runBounded(["evil.json"], { cwd: root, timeoutMs: 20_000, maxRssMb: 400 });
    expect(r.killed).toBeUndefined();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("a2a-validate: evil.json: is a character device, not a regular file\n");
  });

  it("skips a link to /dev/zero found by a folder walk or a glob", async () => {
    const root = withOk();
    symlinkSync("/dev/zero", join(root, "fixtures/evil.json"));
    for (const operand of ["fixtures", "fixtures/*.json", "fixtures/**"]) {
      const r = await runBounded([operand], { cwd: root, timeoutMs: 20_000, maxRssMb: 400 });
      expect(r.killed, operand).toBeUndefined();
      expect(r, operand).toMatchObject({ code: 0, stdout: "1 file: 1 as expected, 0 failed\n", stderr: "" });
    }
  });
});

describe.skipIf(!hasMkfifo)("FIFOs", () => {
  it("refuses a FIFO with no writer as an operand, without opening it", async () => {
    const root = scratch();
    mkfifo(join(root, "pipe.json"));
    const r = await runBounded(["pipe.json"], { cwd: root, timeoutMs: 20_000 });
    expect(r.killed).toBeUndefined();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("a2a-validate: pipe.json: is a FIFO, not a regular file\n");
  });

  it("skips FIFOs found by a folder walk or a glob, and a FIFO where a sidecar would be", async () => {
    const root = withOk();
    mkfifo(join(root, "fixtures/pipe.json"));
    mkfifo(join(root, "fixtures/ok.expect.json"));
    mkdirSync(join(root, "links"));
    symlinkSync(join(root, "fixtures/pipe.json"), join(root, "links/linked.jsonl"));
    for (const operand of ["fixtures", "fixtures/*.json", "fixtures/ok.json"]) {
      const r = await runBounded([operand], { cwd: root, timeoutMs: 20_000 });
      expect(r.killed, operand).toBeUndefined();
      expect(r, operand).toMatchObject({ code: 0, stdout: "1 file: 1 as expected, 0 failed\n", stderr: "" });
    }
    const linked = await runBounded(["links"], { cwd: root, timeoutMs: 20_000 });
    expect(linked.killed).toBeUndefined();
    expect(linked).toMatchObject({ code: 2, stderr: "a2a-validate: links: no *.json, *.jsonl, *.ndjson or *.har files in this folder\n" });
  });
});

describe.skipIf(process.platform !== "linux")("memory", () => {
  it("walks a 2,000-folder-deep tree in bounded time and memory", async () => {
    const root = scratch();
    // "/d" per level: 2,000 levels fit in PATH_MAX (4096) below a short temporary folder.
    const depth = Math.min(2000, Math.floor((4090 - root.length - "/tree/a.json".length) / 2));
    // A document on every level, each with a folder list as long as its depth. Made by a process that
    // moves down as it goes (a path per call would cost a look-up per level), removed by rm -rf (Node 20's
    // recursive rmSync overflows its stack on this tree).
    const make = 'const fs = require("fs"); process.chdir(process.argv[1]); for (let i = 0; i < +process.argv[2]; i++) { fs.mkdirSync("d"); process.chdir("d"); fs.writeFileSync("a.json", process.argv[3]); }';
    mkdirSync(join(root, "tree"));
    execFileSync(process.execPath, ["-e", make, join(root, "tree"), String(depth), JSON.stringify(request())]);
    let base;
    let r;
    try {
      base = await runBounded(["--version"], { cwd: root });
      r = await runBounded(["tree"], { cwd: root, timeoutMs: 45_000, maxRssMb: 1024 });
    } finally {
      execFileSync("rm", ["-rf", join(root, "tree")]);
    }
    expect(r.killed).toBeUndefined();
    expect(r).toMatchObject({ code: 0, stdout: `${depth} files: ${depth} as expected, 0 failed\n`, stderr: "" });
    // Measured: about 30 MB over a `--version` run; the recursive walk took minutes and about 190 MB.
    expect(r.peakMb! - base.peakMb!).toBeLessThan(100);
  });

  it("keeps a single over-long JSON Lines record bounded", async () => {
    const root = scratch();
    const line = JSON.stringify(request());
    // 64 MiB of one line between two records, against a 1 MiB limit.
    writeFileSync(join(root, "big.jsonl"), Buffer.concat([Buffer.from(line + '\n"'), Buffer.alloc(64 * 1024 * 1024, "x"), Buffer.from('"\n' + line + "\n")]));
    const base = await runBounded(["--version"], { cwd: root });
    const r = await runBounded(["big.jsonl", "--max-bytes", "1MiB", "-f", "json"], { cwd: root, timeoutMs: 45_000, maxRssMb: 1024 });
    expect(r.killed).toBeUndefined();
    const docs = JSON.parse(r.stdout).files[0].documents;
    expect(docs.map((d: { line: number; met: boolean }) => [d.line, d.met])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(docs[1].issues[0].code).toBe("too_large");
    expect(r.peakMb! - base.peakMb!).toBeLessThan(64);
  });
});

/** Raw control characters other than LF: C0, DEL, C1, bidi controls, U+2028/U+2029. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
/** OSC 0 (set the title), ED 2 (clear the screen), an 8-bit CSI and a right-to-left override. */
const EVIL_KEY = "\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil";
const EVIL_SHOWN = "\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\\u202eevil";

function evilTree(): string {
  const root = scratch();
  put(root, "k.json", { ...request(), [EVIL_KEY]: 1 });
  put(root, "bad\u001b[31mname.json", "{\u001b}");
  return root;
}

describe.skipIf(!posixNames)("control characters from documents", () => {
  it("are shown as escapes in pretty output, coloured or not", async () => {
    const root = evilTree();
    for (const tty of [false, true]) {
      const r = await cli(["."], { cwd: root, tty });
      expect(r.code).toBe(1);
      // Our own colours are the only escape sequences.
      const text = r.stdout.replace(/\u001b\[\d+m/g, "");
      expect(text).not.toMatch(RAW_CONTROL);
      expect(text).toContain(`/${EVIL_SHOWN}  unknown property "${EVIL_SHOWN}" is not allowed`);
      expect(text).toContain("FAIL bad\\u001b[31mname.json\n");
      // The syntax error names the character by its code point, never raw.
      expect(text).toContain('expected a property name in double quotes or "}", found U+001B');
    }
  });

  it("are shown as escapes in JUnit XML, which stays well-formed", async () => {
    const r = await cli([".", "-f", "junit"], { cwd: evilTree() });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain(`/${EVIL_SHOWN}  unknown property &quot;${EVIL_SHOWN}&quot; is not allowed`);
    expect(r.stdout).toContain('<testsuite name="bad\\u001b[31mname.json"');
    for (const m of r.stdout.matchAll(/="([^"]*)"/g)) expect(m[1]).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/);
  });

  it("are escaped in GitHub annotations", async () => {
    const r = await cli([".", "-f", "github"], { cwd: evilTree() });
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toMatch(/^::error file=k\.json,line=\d+,col=\d+,title=RequestMessage%3A unknown_property::/m);
    expect(r.stdout).toContain(`::/${EVIL_SHOWN}: unknown property "${EVIL_SHOWN}" is not allowed\n`);
    expect(r.stdout).toContain("::error file=bad\\u001b[31mname.json,");
  });

  it("leave JSON output free of raw C1, bidi and separator characters, and the values intact", async () => {
    const r = await cli([".", "-f", "json"], { cwd: evilTree() });
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    const out = JSON.parse(r.stdout);
    expect(out.files.map((f: { file: string }) => f.file)).toContain("bad\u001b[31mname.json");
    const k = out.files.find((f: { file: string }) => f.file === "k.json");
    expect(k.documents[0].issues.map((i: { pointer: string }) => i.pointer)).toContain(`/${EVIL_KEY}`);
  });
});

/** The runner's unescaping (actions/toolkit command.ts, inverted). */
const unescapeData = (s: string) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");

describe.skipIf(!posixNames)("workflow command injection", () => {
  it("cannot start a second command through a key, a file name or a path, with a newline or %0A", async () => {
    const root = scratch();
    const newline = "a\n::error::forged by a newline";
    const percent = "b%0A::error::forged by %0A";
    put(root, "docs/k.json", { ...request(), [newline]: 1, [percent]: 2 });
    put(root, "docs/x\n::warning::forged by a name.json", "{");
    const r = await cli(["docs", "gone\n::error::forged by an operand.json", "gone%0A::error::forged.json"], { cwd: root, env: { GITHUB_ACTIONS: "true" } });
    expect(r.code).toBe(2);
    const lines = r.stdout.split("\n").filter((l) => l !== "");
    // Every command line is one of ours: file=… for a document, title=… for an unreadable path.
    const commands = lines.filter((l) => l.startsWith("::"));
    expect(lines.filter((l) => !l.startsWith("::"))).toEqual(["2 files: 0 as expected, 2 failed; 2 paths could not be read"]);
    for (const c of commands) expect(c).toMatch(/^::(error|warning|notice) (file=docs\/[^,]*,line=\d+,col=\d+,title=[^,:]*|title=a2a-validate%3A unreadable path)::/);
    // Standard error is read for commands too: nothing there may begin one. Under GitHub the
    // annotation is the one report of an unreadable path, so standard error stays empty.
    for (const l of r.stderr.split("\n")) expect(l).not.toMatch(/^\s*::/);
    expect(r.stderr).toBe("");
    // The runner gets back exactly the key, %0A and all.
    const messages = commands.map((c) => unescapeData(c.slice(c.indexOf("::", 2) + 2)));
    expect(messages).toContain(`/${newline}: unknown property "${newline}" is not allowed`);
    expect(messages).toContain(`/${percent}: unknown property "${percent}" is not allowed`);
    expect(messages).toContain("gone%0A::error::forged.json: no such file or directory");
    expect(messages).toContain("gone\n::error::forged by an operand.json: no such file or directory");
  });
});
