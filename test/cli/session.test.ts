/** The session family through the CLI: detection, its two modes, its schemas. */
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/session/index.js";
import { cli, put, scratch } from "./helpers.js";

describe("session family through the CLI", () => {
  it("detects a session and checks unknown properties only in strict mode", async () => {
    const root = scratch();
    const session = createSession({});
    put(root, "s.json", { ...session, extra: true });
    const lenient = await cli(["s.json", "-f", "json"], { cwd: root });
    const doc = JSON.parse(lenient.stdout).files[0].documents[0];
    expect(doc).toMatchObject({ family: "session", type: "Session", mode: "default", valid: true });
    expect(lenient.code).toBe(0);
    const strict = await cli(["s.json", "--mode", "strict"], { cwd: root });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/s\.json:\d+:\d+ {2}\/extra {2}.* {2}unknown_property/);
  });

  it("prints a session type's schema", async () => {
    const r = await cli(["schema", "session", "Session"], { cwd: scratch() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ title: "Session" });
  });
});
