/**
 * typia 12 peer. typia needs a TypeScript transform, so the parent bench
 * process runs `typia generate` over bench/peers/typia-src/ once (skipped when
 * the output is newer than the sources) and every process imports the output.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "../..");
const src = join(import.meta.dirname, "typia-src");
const out = join(root, "bench/.tmp/typia");
const failure = join(out, "FAILED.txt");

const newest = (dir: string) => Math.max(0, ...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));

/** Generates the typia validators; returns the error text when typia cannot build them. */
export function prepareTypia(): string | undefined {
  mkdirSync(out, { recursive: true });
  if (existsSync(join(out, "v1.ts")) && !existsSync(failure) && newest(out) >= newest(src)) return undefined;
  const cli = join(root, "node_modules/typia/lib/executable/typia.js");
  const p = spawnSync(process.execPath, [cli, "generate", "--input", src, "--output", out, "--project", join(root, "tsconfig.json")], { encoding: "utf8", cwd: root });
  const ok = p.status === 0 && existsSync(join(out, "legacy.ts")) && existsSync(join(out, "v1.ts"));
  if (ok) {
    rmSync(failure, { force: true });
    return undefined;
  }
  const why = `typia generate exited ${p.status}: ${(p.stderr || p.stdout || String(p.error)).trim().slice(0, 800)}`;
  writeFileSync(failure, why);
  return why;
}

export interface TypiaPeers {
  readonly legacy: typeof import("./typia-src/legacy.js");
  readonly v1: typeof import("./typia-src/v1.js");
}

/** The generated validators, or the reason there are none. */
export async function loadTypia(): Promise<TypiaPeers | string> {
  if (existsSync(failure)) return readFileSync(failure, "utf8");
  try {
    return { legacy: await import(join(out, "legacy.ts")), v1: await import(join(out, "v1.ts")) };
  } catch (e) {
    return `the generated typia validators do not load: ${(e as Error).message}`;
  }
}
