/**
 * Tests of a real a2a-validate process: exit codes, output that reaches a
 * pipe whole, a reader that goes away early. Shared by spawn.test.ts (the
 * source through tsx) and built.test.ts (dist/cli/bin.js).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { put, request, scratch } from "./helpers.js";

export interface Proc {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function exec(command: readonly string[], args: readonly string[], o: { cwd: string; stdin?: string; env?: Record<string, string> }): Promise<Proc> {
  return new Promise((resolve, reject) => {
    // A clean environment: no GITHUB_ACTIONS or FORCE_COLOR from the machine running the tests.
    const env = { PATH: process.env.PATH ?? "", ...o.env };
    const p = spawn(command[0]!, [...command.slice(1), ...args], { cwd: o.cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    p.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    p.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    p.on("error", reject);
    p.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    p.stdin.end(o.stdin ?? "");
  });
}

const version = (JSON.parse(readFileSync(join(__dirname, "../../package.json"), "utf8")) as { version: string }).version;

export function binaryTests(command: () => readonly string[]): void {
  it("prints its version and exits 0", async () => {
    const r = await exec(command(), ["--version"], { cwd: scratch() });
    expect(r).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("exits 0, 1 and 2 for met expectations, failures and usage errors", async () => {
    const root = scratch();
    put(root, "fixtures/valid/ok.json", request());
    put(root, "fixtures/invalid/bad.json", { ...request(), payload: { method: 42 } });
    put(root, "fixtures/invalid/bad.expect.json", { issues: [{ pointer: "/payload/method", code: "type" }] });
    put(root, "wrong/valid/bad.json", { ...request(), payload: { method: 42 } });
    expect(await exec(command(), ["fixtures"], { cwd: root })).toMatchObject({ code: 0, stdout: "2 files: 2 as expected, 0 failed\n", stderr: "" });
    const fail = await exec(command(), ["wrong"], { cwd: root });
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/^ {2}wrong\/valid\/bad\.json:\d+:\d+ {2}\/payload\/method {2}must be a string, got 42 {2}type$/m);
    expect(fail.stdout).not.toContain("\u001b[");
    const usage = await exec(command(), ["--format", "xml", "fixtures"], { cwd: root });
    expect(usage).toMatchObject({ code: 2, stdout: "" });
    expect(usage.stderr).toMatch(/--format must be one of/);
    // An unreadable path: exit 2, told once (standard error), counted in the summary.
    expect(await exec(command(), ["no-such-dir"], { cwd: root })).toMatchObject({
      code: 2,
      stdout: "0 files: 0 as expected, 0 failed; 1 path could not be read\n",
      stderr: "a2a-validate: no-such-dir: no such file or directory\n",
    });
  });

  it("reads standard input and writes annotations under GitHub Actions", async () => {
    const r = await exec(command(), ["-"], { cwd: scratch(), stdin: JSON.stringify({ ...request(), extra: 1 }), env: { GITHUB_ACTIONS: "true" } });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^::error file=<stdin>,line=1,col=\d+,title=RequestMessage%3A unknown_property::\/extra: /m);
  });

  it("delivers a large report to a pipe whole before exiting", async () => {
    const root = scratch();
    const line = JSON.stringify(request());
    put(root, "many.jsonl", Array.from({ length: 20_000 }, () => line).join("\n"));
    const r = await exec(command(), ["many.jsonl", "-f", "json"], { cwd: root });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.files[0].documents).toHaveLength(20_000);
    expect(out.summary).toMatchObject({ documents: 20_000, failed: 0 });
  });

  it("stays quiet when its reader goes away early", async () => {
    const root = scratch();
    const line = JSON.stringify({ ...request(), payload: { method: 42 } });
    put(root, "bad.jsonl", Array.from({ length: 5_000 }, () => line).join("\n"));
    const r = await new Promise<Proc>((resolve, reject) => {
      const p = spawn(command()[0]!, [...command().slice(1), "bad.jsonl"], { cwd: root, env: { PATH: process.env.PATH ?? "" } });
      let stderr = "";
      p.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      // Like `| head -1`: read once, then close the pipe.
      p.stdout.once("data", () => p.stdout.destroy());
      p.on("error", reject);
      p.on("close", (code, signal) => resolve({ code, signal, stdout: "", stderr }));
    });
    expect(r.stderr).toBe("");
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
  });
}
