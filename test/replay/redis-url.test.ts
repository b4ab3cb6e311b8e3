/**
 * A2A_REDIS_URL points the Redis tests at a Redis the developer runs (issue 22, point 8): scripts/redis.sh
 * installs nothing then, and the suites use that server instead of starting one.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRedisServer, NO_REDIS, startRedis, testRedis, type RedisServer } from "./redis-server.js";

const script = join(import.meta.dirname, "../../scripts/redis.sh");

describe("A2A_REDIS_URL", () => {
  let own: RedisServer;
  beforeAll(async () => {
    const bin = findRedisServer();
    if (!bin) throw new Error(NO_REDIS);
    own = await startRedis(bin);
  }, 30_000);
  afterAll(() => own?.stop());

  it("scripts/redis.sh installs nothing and says which Redis the tests use", () => {
    // No redis-server and no apt-get on this PATH: only the variable can make the script pass.
    const r = spawnSync("/bin/bash", [script], { env: { PATH: "/nonexistent", A2A_REDIS_URL: own.url }, encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`the Redis tests use ${own.url}`);
  });

  it("the suites talk to that Redis, and leave it running", async () => {
    const redis = await testRedis({ A2A_REDIS_URL: own.url });
    expect(redis).toMatchObject({ url: own.url, external: true });
    await redis.stop();
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    expect(await client.ping()).toBe("PONG");
    await client.quit();
  });

  it("without it and without redis-server, the script fails with one line saying how to get one", () => {
    const r = spawnSync("/bin/bash", [script], { env: { PATH: "/nonexistent" }, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/A2A_REDIS_URL=redis:\/\/127\.0\.0\.1:6379/);
  });
});
