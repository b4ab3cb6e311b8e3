/**
 * Each problem is reported once: an unreadable path on standard error (or, under GitHub, as
 * its annotation), never on both streams; an operand named twice is looked at once.
 */
import { describe, expect, it } from "vitest";
import { cli, put, request, scratch } from "./helpers.js";

const MISSING = "missing.json: no such file or directory";
const count = (text: string, needle: string): number => text.split(needle).length - 1;

function tree(): string {
  const root = scratch();
  put(root, "ok.json", request());
  return root;
}

describe("an unreadable path is reported once", () => {
  it("pretty: on standard error only; standard output counts it in the summary", async () => {
    const r = await cli(["ok.json", "missing.json"], { cwd: tree() });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`a2a-validate: ${MISSING}\n`);
    expect(r.stdout).toBe("1 file: 1 as expected, 0 failed; 1 path could not be read\n");
    expect(count(r.stdout + r.stderr, "missing.json")).toBe(1);
  });

  it("github: as its annotation only (standard error lands in the same log)", async () => {
    const r = await cli(["ok.json", "missing.json"], { cwd: tree(), env: { GITHUB_ACTIONS: "true" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(`::error title=a2a-validate%3A unreadable path::${MISSING}\n1 file: 1 as expected, 0 failed; 1 path could not be read\n`);
  });

  it("json and junit: once on standard error for people, once in the report as data", async () => {
    const json = await cli(["ok.json", "missing.json", "-f", "json"], { cwd: tree() });
    expect(json.code).toBe(2);
    expect(json.stderr).toBe(`a2a-validate: ${MISSING}\n`);
    expect(JSON.parse(json.stdout).errors).toEqual([{ path: "missing.json", message: "no such file or directory" }]);
    const junit = await cli(["ok.json", "missing.json", "-f", "junit"], { cwd: tree() });
    expect(junit.stderr).toBe(`a2a-validate: ${MISSING}\n`);
    expect(count(junit.stdout, '<testcase name="missing.json" classname="unreadable">')).toBe(1);
  });

  it("an operand named twice (or spelled two ways) is looked at, and reported, once", async () => {
    const root = tree();
    put(root, "empty/readme.txt", "no json here");
    const r = await cli(["missing.json", "./missing.json", "nope/*.json", "nope/*.json", "empty", "empty/", "ok.json", "./ok.json"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n").filter((l) => l !== "")).toEqual([
      `a2a-validate: ${MISSING}`,
      "a2a-validate: nope/*.json: no files match this pattern",
      "a2a-validate: empty: no *.json, *.jsonl, *.ndjson or *.har files in this folder",
    ]);
    expect(r.stdout).toBe("1 file: 1 as expected, 0 failed; 3 paths could not be read\n");
  });
});
