/**
 * The CLI stays in its tree (project issue 18, finding 7): a folder walk or a glob does not follow
 * a symbolic link whose real path leaves the operand's root, says so in every format, and never
 * reads /proc or /sys through a link; and text that is not JSON is never quoted in a report.
 */
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FORMATS } from "../../src/cli/formats/names.js";
import { cli, put, request, scratch } from "./helpers.js";

const TOKEN = "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const posix = process.platform !== "win32";
const hasProc = existsSync("/proc/self/environ");

/**
 * A repository checkout (`repo/`, the working directory) beside a secret outside it:
 * `repo/fixtures` holds a valid document and links out of it.
 */
function tree(): { root: string; repo: string } {
  const root = scratch();
  put(root, "secret/token.json", TOKEN + "\n");
  put(root, "secret/nested/deep.json", TOKEN);
  const repo = join(root, "repo");
  put(repo, "fixtures/ok.json", request());
  symlinkSync(join(root, "secret/token.json"), join(repo, "fixtures/token.json"));
  symlinkSync(join(root, "secret"), join(repo, "fixtures/outside"));
  return { root, repo };
}

const SKIPPED_FILE = "is a symbolic link leading outside fixtures: not followed (--follow-symlinks follows it)";

describe.skipIf(!posix)("links out of the tree", () => {
  it("are skipped by a folder walk, with the reason, in every format, and the secret is never read", async () => {
    const { repo } = tree();
    const pretty = await cli(["fixtures"], { cwd: repo });
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toBe(
      `SKIP fixtures/outside  ${SKIPPED_FILE}\nSKIP fixtures/token.json  ${SKIPPED_FILE}\n\n1 file: 1 as expected, 0 failed; 2 symbolic links not followed\n`,
    );
    const github = await cli(["fixtures", "-f", "github"], { cwd: repo });
    expect(github.stdout).toContain(`::warning file=fixtures/token.json,title=a2a-validate%3A symbolic link not followed::fixtures/token.json: ${SKIPPED_FILE}\n`);
    expect(github.stdout).toContain("::warning file=fixtures/outside,");
    const json = JSON.parse((await cli(["fixtures", "-f", "json"], { cwd: repo })).stdout);
    expect(json.skipped).toEqual([
      { path: "fixtures/outside", reason: SKIPPED_FILE },
      { path: "fixtures/token.json", reason: SKIPPED_FILE },
    ]);
    expect(json.summary).toMatchObject({ files: 1, ok: true, skipped: 2 });
    const junit = await cli(["fixtures", "-f", "junit"], { cwd: repo });
    expect(junit.stdout).toContain(
      `<testsuite name="fixtures/token.json" tests="1" failures="0" errors="0" skipped="1">\n    <testcase name="fixtures/token.json" classname="skipped"><skipped message="${SKIPPED_FILE}"/></testcase>`,
    );
    for (const r of [pretty, github, junit]) expect(r.stdout + r.stderr).not.toContain("ghp_");
  });

  it("are skipped by a glob, a file link or a folder link, and a glob of nothing but them says so", async () => {
    const { repo } = tree();
    for (const glob of ["fixtures/*.json", "fixtures/**/*.json", "**/*.json"]) {
      const r = await cli([glob, "-f", "json"], { cwd: repo });
      const out = JSON.parse(r.stdout);
      expect(out.files.map((f: { file: string }) => f.file), glob).toEqual(["fixtures/ok.json"]);
      expect(out.skipped.map((s: { path: string }) => s.path), glob).toEqual(glob === "fixtures/*.json" ? ["fixtures/token.json"] : ["fixtures/outside", "fixtures/token.json"]);
      expect(r.stdout, glob).not.toContain("ghp_");
    }
    const none = await cli(["fixtures/token*.json"], { cwd: repo });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe("a2a-validate: fixtures/token*.json: no files match this pattern (1 symbolic link not followed)\n");
  });

  it("are followed with --follow-symlinks", async () => {
    const { repo } = tree();
    const r = await cli(["fixtures", "--follow-symlinks", "-f", "json"], { cwd: repo });
    const out = JSON.parse(r.stdout);
    expect(out.files.map((f: { file: string }) => f.file)).toEqual(["fixtures/ok.json", "fixtures/outside/nested/deep.json", "fixtures/outside/token.json", "fixtures/token.json"]);
    expect(out.skipped).toEqual([]);
  });

  it("named as an operand, may lead anywhere in the working directory, not out of it", async () => {
    const { repo } = tree();
    put(repo, "real/card.json", request());
    symlinkSync(join(repo, "real/card.json"), join(repo, "fixtures/card.json"));
    expect(await cli(["fixtures/card.json"], { cwd: repo })).toMatchObject({ code: 0, stdout: "1 file: 1 as expected, 0 failed\n" });
    for (const operand of ["fixtures/token.json", "fixtures/outside", "fixtures/outside/token.json"]) {
      const r = await cli([operand], { cwd: repo });
      expect(r.code, operand).toBe(2);
      expect(r.stderr, operand).toBe(`a2a-validate: ${operand}: is a symbolic link leading outside the working directory: not followed (--follow-symlinks follows it)\n`);
      expect((await cli([operand, "--follow-symlinks"], { cwd: repo })).code, operand).toBe(1);
    }
  });
});

describe.skipIf(!posix)("links inside the tree", () => {
  it("are followed, to a file and to a folder, by a walk and by a glob", async () => {
    const root = scratch();
    put(root, "fixtures/a/ok.json", request());
    mkdirSync(join(root, "fixtures/b"));
    symlinkSync("../a/ok.json", join(root, "fixtures/b/linked.json"));
    symlinkSync("a", join(root, "fixtures/c"));
    for (const operand of ["fixtures", "fixtures/**/*.json"]) {
      const out = JSON.parse((await cli([operand, "-f", "json"], { cwd: root })).stdout);
      // The walk enters each real folder once; the glob walks every path to it.
      const want = operand === "fixtures" ? ["fixtures/a/ok.json", "fixtures/b/linked.json"] : ["fixtures/a/ok.json", "fixtures/b/linked.json", "fixtures/c/ok.json"];
      expect(out.files.map((f: { file: string }) => f.file), operand).toEqual(want);
      expect(out.skipped, operand).toEqual([]);
      expect(out.summary.ok, operand).toBe(true);
    }
  });
});

describe.skipIf(!posix || !hasProc)("/proc and /sys", () => {
  it("are never read through a link, even with --follow-symlinks", async () => {
    const root = scratch();
    put(root, "fixtures/ok.json", request());
    symlinkSync("/proc/self/environ", join(root, "fixtures/environ.json"));
    symlinkSync("/proc/self", join(root, "fixtures/self"));
    symlinkSync("/sys", join(root, "fixtures/sys"));
    for (const flags of [[], ["--follow-symlinks"]]) {
      for (const operand of ["fixtures", "fixtures/**/*.json"]) {
        const r = await cli([operand, ...flags, "-f", "json"], { cwd: root });
        const out = JSON.parse(r.stdout);
        expect(out.files.map((f: { file: string }) => f.file), operand).toEqual(["fixtures/ok.json"]);
        const skipped = out.skipped.map((s: { path: string; reason: string }) => `${s.path}: ${s.reason}`);
        expect(skipped, operand).toContain("fixtures/environ.json: is a symbolic link into /proc, which is never followed");
      }
      const direct = await cli(["fixtures/environ.json", ...flags], { cwd: root });
      expect(direct).toMatchObject({ code: 2, stderr: "a2a-validate: fixtures/environ.json: is a symbolic link into /proc, which is never followed\n" });
    }
  });
});

describe("text that is not JSON", () => {
  it("is never quoted, in any format: a token is told by its kind and length", async () => {
    const root = scratch();
    put(root, "token.json", TOKEN + "\n");
    put(root, "env.json", `GITHUB_TOKEN=${TOKEN}\n`);
    put(root, "half.json", `{"token": ${TOKEN}}`);
    put(root, "named.json", `{"${TOKEN}" 1}`);
    put(root, "number.json", `{"pin": 1234 5678}`);
    put(root, "escape.json", `{"a": "\\q${TOKEN}"}`);
    // A sidecar is read as JSON too.
    put(root, "sidecar/ok.json", request());
    put(root, "sidecar/ok.expect.json", `${TOKEN}\n`);
    for (const format of FORMATS) {
      const r = await cli([".", "-f", format], { cwd: root });
      expect(r.code, format).toBe(1);
      expect(r.stdout, format).not.toMatch(/ghp_|GITHUB|1234|5678|token"/);
    }
    const out = JSON.parse((await cli([".", "-f", "json"], { cwd: root })).stdout);
    expect(out.files.find((f: { file: string }) => f.file === "sidecar/ok.json").documents[0].problem).toBe(
      "ok.expect.json is not valid JSON: at 1:1, expected a JSON value, found an unquoted word (40 characters)",
    );
    const docs = out.files.filter((f: { file: string }) => !f.file.startsWith("sidecar/")).map((f: { file: string; documents: { issues: { message: string }[] }[] }) => [
      f.file,
      f.documents[0]!.issues[0]!.message,
    ]);
    expect(Object.fromEntries(docs)).toEqual({
      "env.json": "is not valid JSON: at 1:1, expected a JSON value, found an unquoted word (12 characters)",
      "escape.json": 'is not valid JSON: at 1:8, expected an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found "\\" followed by a letter',
      "half.json": "is not valid JSON: at 1:11, expected a value for the property named at 1:2, found an unquoted word (40 characters)",
      "named.json": 'is not valid JSON: at 1:45, expected ":" after the property name at 1:2, found a number (1 character)',
      "number.json": 'is not valid JSON: at 1:14, expected "," or "}" after the member, found a number (4 characters)',
      "token.json": "is not valid JSON: at 1:1, expected a JSON value, found an unquoted word (40 characters)",
    });
  });
});
