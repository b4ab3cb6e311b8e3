/** `--revision` and a sidecar's `revision`/`revisions`: the v1 protocol revision reaches the validators and the expectations. */
import { describe, expect, it } from "vitest";
import { cli, put, scratch } from "./helpers.js";

// Task.contextId is optional in A2A v1.0 and REQUIRED in the 2026-02-17 revision.
const task = { id: "t-1", status: { state: "TASK_STATE_WORKING" } };
const docs = (stdout: string) => JSON.parse(stdout).files.flatMap((f: { documents: unknown[] }) => f.documents) as Array<{ met: boolean; issues: { pointer: string; code: string }[] }>;

describe("--revision", () => {
  it("defaults to 1.0 and checks 2026-02-17 when asked", async () => {
    const root = scratch();
    put(root, "t.json", task);
    expect((await cli(["t.json", "--type", "Task"], { cwd: root })).code).toBe(0);
    const old = await cli(["t.json", "--type", "Task", "--revision", "2026-02-17", "-f", "json"], { cwd: root });
    expect(old.code).toBe(1);
    expect(docs(old.stdout)[0]!.issues).toEqual(expect.arrayContaining([expect.objectContaining({ code: "required" })]));
  });

  it("refuses an unknown revision as a usage error", async () => {
    const root = scratch();
    put(root, "t.json", task);
    const r = await cli(["t.json", "--revision", "0.3"], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--revision must be one of 1.0, 2026-02-17");
  });

  it("reads per-revision verdicts from a sidecar", async () => {
    const root = scratch();
    put(root, "fixtures/v1/valid/Task/no-context.json", task);
    put(root, "fixtures/v1/valid/Task/no-context.expect.json", {
      family: "v1",
      type: "Task",
      revisions: { "2026-02-17": { strict: [{ pointer: "", code: "required" }], lenient: [{ pointer: "", code: "required" }] } },
    });
    for (const extra of [[], ["--revision", "2026-02-17"], ["--revision", "2026-02-17", "--mode", "lenient"]]) {
      const r = await cli(["fixtures", "-f", "json", ...extra], { cwd: root });
      expect(r.code, extra.join(" ")).toBe(0);
      expect(docs(r.stdout)[0]!.met).toBe(true);
    }
  });

  it("refuses a malformed revisions entry", async () => {
    const root = scratch();
    put(root, "fixtures/a.json", task);
    put(root, "fixtures/a.expect.json", { revisions: { "2026-02-17": { strictt: "valid" } } });
    const r = await cli(["fixtures"], { cwd: root });
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('unknown key "strictt"');
  });
});
