/**
 * Issue 18, finding 4 (the guard's part): a store that never answers, or
 * answers late, is `replay_store_unavailable` after storeTimeoutMs, whatever
 * the client does. A late "added" means the key was remembered although the
 * message was refused: the fail-closed side, so a resend needs a new message_id.
 */
import { describe, expect, it } from "vitest";
import { createMemoryReplayStore, createReplayGuard, type ReplayStore } from "../../src/replay/index.js";
import { message, T0 } from "./support.js";

describe("store timeout (finding 4)", () => {
  it("a store that never answers is replay_store_unavailable after storeTimeoutMs", async () => {
    const silent: ReplayStore = { remember: () => new Promise(() => {}) };
    const started = Date.now();
    const r = await createReplayGuard({ store: silent, storeTimeoutMs: 50 }).check(message(), { now: T0 });
    expect(r).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable", message: expect.stringMatching(/did not answer within 50 ms/) }] });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("the default timeout is one second", async () => {
    const silent: ReplayStore = { remember: () => new Promise(() => {}) };
    const started = Date.now();
    const r = await createReplayGuard({ store: silent }).check(message(), { now: T0 });
    expect(r).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable", message: expect.stringMatching(/within 1000 ms/) }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a late 'added' still refuses the message, and the key is remembered: the resend is a replay", async () => {
    const memory = createMemoryReplayStore();
    let late: Promise<unknown> = Promise.resolve();
    const slow: ReplayStore = {
      remember: (...args) => {
        const answer = new Promise<void>((r) => setTimeout(r, 100)).then(() => memory.remember(...args));
        late = answer;
        return answer;
      },
    };
    const m = message();
    expect(await createReplayGuard({ store: slow, storeTimeoutMs: 20 }).check(m, { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replay_store_unavailable" }] });
    await late;
    expect(await createReplayGuard({ store: memory }).check(m, { now: T0 })).toMatchObject({ ok: false, issues: [{ code: "replayed" }] });
  });

  it("an answer in time is used", async () => {
    const quick: ReplayStore = { remember: () => new Promise((r) => setTimeout(() => r("added"), 5)) };
    expect((await createReplayGuard({ store: quick, storeTimeoutMs: 1_000 }).check(message(), { now: T0 })).ok).toBe(true);
  });
});
