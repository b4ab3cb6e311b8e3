/**
 * The bench reads one snapshot of the build (bench/.tmp/pkg: dist/, package.json and a link to
 * schemas/), taken when it starts, so a rebuild during the run (a watch, another terminal) can
 * neither fail it nor mix two builds in one table. The CLI finds its package root (version,
 * schema files) by the nearest package.json named a2a-schemas, which the snapshot has.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
export const pkg = join(root, "bench/.tmp/pkg");

/** A built file, e.g. built("legacy/index.js"), in the snapshot. */
export const built = (file: string): string => join(pkg, "dist", file);

/** Every file the exports map and the bin name. */
function expected(): string[] {
  const json = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const targets = Object.values<any>(json.exports).flatMap((t) => (typeof t === "string" ? [] : [t.import.default, t.require.default]));
  return [...targets, ...Object.values<string>(json.bin)].filter((f) => f.startsWith("./dist/"));
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

export function snapshotDist(): void {
  for (let attempt = 1; ; attempt++) {
    rmSync(pkg, { recursive: true, force: true });
    mkdirSync(pkg, { recursive: true });
    try {
      cpSync(join(root, "dist"), join(pkg, "dist"), { recursive: true });
      copyFileSync(join(root, "package.json"), join(pkg, "package.json"));
      symlinkSync(join(root, "schemas"), join(pkg, "schemas"));
      if (expected().every((f) => existsSync(join(pkg, f)))) return;
    } catch {
      // dist/ changed while it was copied: try again.
    }
    if (attempt === 20) throw new Error("dist/ is incomplete: run `npm run build` (or wait for the running build)");
    sleep(3000);
  }
}
