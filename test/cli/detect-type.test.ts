/** `--type` skips detection: the document's keys are not read, proven by counting the families' detection calls. */
import { afterEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { decide, resolve } from "../../src/cli/detect.js";
import { loadFamilies, type CheckContext } from "../../src/cli/registry.js";
import { createTask } from "../../src/v1/index.js";

describe("--type", async () => {
  const families = await loadFamilies();
  let spies: MockInstance[] = [];
  const watch = () => {
    spies = families.flatMap((f) => [vi.spyOn(f, "detect"), ...(f.discriminate ? [vi.spyOn(f, "discriminate")] : [])]);
  };
  const detections = () => spies.reduce((n, s) => n + s.mock.calls.length, 0);
  afterEach(() => {
    for (const s of spies) s.mockRestore();
    spies = [];
  });

  const task = createTask({ id: "t-1", contextId: "c-1", state: "TASK_STATE_WORKING" });
  const ctx: CheckContext = { mode: undefined, method: undefined, freshness: false, now: Date.now(), stream: new Map() };

  it("reads no key of the document when one family has the type", async () => {
    watch();
    for (let i = 0; i < 100; i++) {
      // Task is a v1 and a v0.3 type: --family names the one.
      expect(resolve(task, families, { type: "Task", family: "v1" }, [])).toMatchObject({ type: "Task" });
      // any case, and even against a discriminator key (ListTasksRequest is v1's alone)
      expect(resolve({ jsonrpc: "2.0", id: i, method: "ListTasks", params: {} }, families, { type: "listTasksRequest" }, [])).toMatchObject({ type: "ListTasksRequest" });
    }
    const d = await decide(task, families, { type: "Task", family: "v1" }, ctx, []);
    expect("checked" in d && d.checked.issues).toEqual([]);
    expect(detections()).toBe(0);
  });

  it("reads them only to choose between families that share the type name", () => {
    watch();
    expect(resolve({}, families, { type: "AgentCard", family: "v1" }, [])).toMatchObject({ type: "AgentCard" });
    expect(detections()).toBe(0);
    resolve({}, families, { type: "AgentCard" }, []);
    expect(detections()).toBeGreaterThan(0);
  });

  it("without --type, detection runs (the control for the counts above)", () => {
    watch();
    expect(resolve(task, families, {}, [])).toMatchObject({ type: "Task" });
    expect(detections()).toBeGreaterThan(0);
  });
});
