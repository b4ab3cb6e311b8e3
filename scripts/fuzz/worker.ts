/** A worker thread: loads a family on first use and runs the chunks it is sent. */
import { parentPort, workerData } from "node:worker_threads";
import { loadFamily, type FamilyName } from "./families.js";
import { createRunner, type HarnessOptions, type Runner } from "./harness.js";
import { familyInfo } from "./info.js";

const { options, heartbeat } = workerData as { options: Omit<HarnessOptions, "heartbeat">; heartbeat: SharedArrayBuffer };
const hb = new Int32Array(heartbeat);
const runners = new Map<string, Runner>();

async function runner(name: FamilyName): Promise<Runner> {
  let r = runners.get(name);
  if (!r) {
    const family = await loadFamily(name);
    r = createRunner(family, { ...options, heartbeat: hb });
    runners.set(name, r);
    parentPort!.postMessage({ type: "loaded", family: name, info: familyInfo(family) });
  }
  return r;
}

parentPort!.on("message", async (m: { type: "chunk"; id: number; family: FamilyName; start: number; end: number }) => {
  const r = await runner(m.family);
  const t0 = performance.now();
  const partial = r.run(m.start, m.end);
  parentPort!.postMessage({ type: "done", id: m.id, partial, cpuMs: performance.now() - t0 });
});
parentPort!.postMessage({ type: "ready" });
