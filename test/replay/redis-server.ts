/**
 * A throw-away redis-server for the tests: started on a free 127.0.0.1 port,
 * nothing saved to disk, stopped by its own process id. Installed by
 * scripts/redis.sh (which .ci/run calls) when missing. `A2A_REDIS_URL` points
 * the tests at a Redis you run instead (macOS, rootless containers).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const inCI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";

export function findRedisServer(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const path = found.status === 0 ? found.stdout.trim() : "";
  return path || undefined;
}

/** A Redis the developer runs, used instead of a throw-away server (the tests' keys have prefixes of their own). */
export const externalRedisUrl = (env: NodeJS.ProcessEnv = process.env): string | undefined => env.A2A_REDIS_URL || undefined;

/** The one line a test run without any Redis fails with. */
export const NO_REDIS =
  "no Redis for the replay-store tests: run `bash scripts/redis.sh` (installs the Debian package redis-server, as root), put redis-server on PATH, or set A2A_REDIS_URL=redis://127.0.0.1:6379 to use a Redis you run";

/** The Redis a test suite talks to: A2A_REDIS_URL when set (never stopped by the tests), else a throw-away server. */
export async function testRedis(env: NodeJS.ProcessEnv = process.env): Promise<{ readonly url: string; readonly external: boolean; stop(): Promise<void> }> {
  const url = externalRedisUrl(env);
  if (url !== undefined) return { url, external: true, stop: async () => {} };
  const bin = findRedisServer();
  if (!bin) throw new Error(NO_REDIS);
  const server = await startRedis(bin);
  return { url: server.url, external: false, stop: () => server.stop() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect({ host: "127.0.0.1", port });
    let data = "";
    const done = (ok: boolean) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(500, () => done(false));
    sock.once("error", () => done(false));
    sock.once("connect", () => sock.write("PING\r\n"));
    sock.on("data", (d) => {
      data += d.toString();
      if (data.includes("\r\n")) done(data.startsWith("+PONG"));
    });
  });
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Sends a signal to this server's process (SIGSTOP freezes it, SIGCONT wakes it, SIGKILL kills it). */
  signal(sig: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  stop(): Promise<void>;
}

/** Options of `startRedis`: extra redis-server arguments, and a port to reuse (a restart). */
export interface StartOptions {
  readonly args?: readonly string[];
  readonly port?: number;
}

export async function startRedis(bin: string, options: StartOptions = {}): Promise<RedisServer> {
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = options.port ?? (await freePort());
    const dir = mkdtempSync(join(tmpdir(), "a2a-redis-"));
    const child: ChildProcess = spawn(
      bin,
      ["--port", String(port), "--bind", "127.0.0.1", "--protected-mode", "yes", "--save", "", "--appendonly", "no", "--dir", dir, "--daemonize", "no", "--loglevel", "warning", ...(options.args ?? [])],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr?.on("data", (d) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGCONT"); // a frozen server cannot act on SIGTERM
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    };
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if (await ping(port)) return { port, url: `redis://127.0.0.1:${port}`, signal: (sig) => void child.kill(sig), exited, stop };
      await new Promise((r) => setTimeout(r, 50));
    }
    lastError = stderr || `redis-server on port ${port} did not answer PING`;
    await stop();
  }
  throw new Error(`could not start redis-server: ${lastError}`);
}
