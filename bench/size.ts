/**
 * Minified + gzipped size of each public entry, as a user's bundler would ship it (zod excluded),
 * and of a bundle that imports one validator from an entry, against that entry's size.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type BuildOptions } from "esbuild";
import { rollup } from "rollup";
import { built, pkg } from "./dist.js";
import { fmt } from "./harness.js";
import { judge, ONE_VALIDATOR_MAX_SHARE } from "./targets.js";


interface Size {
  readonly min: number;
  readonly gzip: number;
}

async function bundled(input: Pick<BuildOptions, "entryPoints" | "stdin">): Promise<Size> {
  const out = await build({ ...input, bundle: true, minify: true, format: "esm", platform: "node", write: false, external: ["zod", "ajv", "ajv/*"], logLevel: "silent" });
  const code = out.outputFiles[0]!.contents;
  return { min: code.length / 1024, gzip: gzipSync(code, { level: 9 }).length / 1024 };
}

/**
 * Rollup's tree-shaking, then esbuild's minifier: esbuild keeps a namespace whole when it is reached
 * through a re-export (`import { v1 } from "a2a-schemas"; v1.validateTask`), rollup and webpack keep
 * only the members read.
 */
async function rolledUp(contents: string): Promise<Size> {
  const input = join(pkg, ".bench-entry.mjs");
  writeFileSync(input, contents);
  try {
    const b = await rollup({ input, external: (id) => !id.startsWith(".") && !id.startsWith("/"), onwarn() {} });
    const { output } = await b.generate({ format: "esm" });
    const min = await build({ stdin: { contents: output[0].code, loader: "js" }, minify: true, format: "esm", write: false, logLevel: "silent" });
    const code = min.outputFiles[0]!.contents;
    return { min: code.length / 1024, gzip: gzipSync(code, { level: 9 }).length / 1024 };
  } finally {
    rmSync(input, { force: true });
  }
}

/** One validator imported the way a user writes it; `from` is the entry's built file. */
const ONE: ReadonlyArray<{ entry: string; from: string; code: (path: string) => string; what: string; rollup?: boolean }> = [
  { entry: "./v1", from: "v1/index.js", what: "import { validateTask } from \"a2a-schemas/v1\"", code: (p) => `export { validateTask } from ${JSON.stringify(p)};` },
  { entry: "./legacy", from: "legacy/index.js", what: "import { validateRequestMessage } from \"a2a-schemas/legacy\"", code: (p) => `export { validateRequestMessage } from ${JSON.stringify(p)};` },
  { entry: "./session", from: "session/index.js", what: "import { validateSendMessageRequest } from \"a2a-schemas/session\"", code: (p) => `export { validateSendMessageRequest } from ${JSON.stringify(p)};` },
  { entry: ".", from: "index.js", what: "import { v1 } from \"a2a-schemas\"; v1.validateTask", code: (p) => `import { v1 } from ${JSON.stringify(p)}; export const validateTask = v1.validateTask;`, rollup: true },
];

/** The most one Zod model may cost in a browser bundle, zod included (test/package/zod-size.test.ts). */
const ZOD_MODEL_MAX_KB = 40;

/** One Zod model per Zod entry, bundled for the browser with zod included; `null` is a user's own small model. */
const ZOD: ReadonlyArray<{ from: string | null; model: string }> = [
  { from: "v1/zod.js", model: "TaskSchema" },
  { from: "v1/2026-02-17/zod.js", model: "TaskSchema" },
  { from: "legacy/zod.js", model: "LegacyMessageSchema" },
  { from: "session/zod.js", model: "MessageSchema" },
  { from: null, model: "z.object({ a: z.string().optional() })" },
];

async function withZod(contents: string): Promise<Size> {
  const out = await build({ stdin: { contents, resolveDir: pkg, loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
  const code = out.outputFiles[0]!.contents;
  return { min: code.length / 1024, gzip: gzipSync(code, { level: 9 }).length / 1024 };
}

export async function benchSize(): Promise<string> {
  const json = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  const label = (subpath: string) => `\`${subpath === "." ? json.name : `${json.name}/${subpath.slice(2)}`}\``;
  const rows: string[] = [];
  const entrySize = new Map<string, Size>();
  for (const [subpath, target] of Object.entries<any>(json.exports)) {
    if (subpath.includes("*") || subpath === "./package.json" || subpath.startsWith("./cli")) continue;
    const size = await bundled({ entryPoints: [join(pkg, target.import.default)] });
    entrySize.set(subpath, size);
    rows.push(`| ${label(subpath)} | ${fmt(size.min, 1)} | ${fmt(size.gzip, 1)} |`);
  }
  const one: string[] = [];
  for (const o of ONE) {
    const size = o.rollup ? await rolledUp(o.code(built(o.from))) : await bundled({ stdin: { contents: o.code(built(o.from)), resolveDir: pkg, loader: "js" } });
    const whole = o.rollup ? await rolledUp(`export * from ${JSON.stringify(built(o.from))};`) : entrySize.get(o.entry)!;
    const share = size.gzip / whole.gzip;
    one.push(`| \`${o.what}\` | ${fmt(size.gzip, 1)} | ${fmt(whole.gzip, 1)} | ${fmt(share)} | ≤ ${ONE_VALIDATOR_MAX_SHARE} | ${judge(share, [{ label: `≤ ${ONE_VALIDATOR_MAX_SHARE} of the entry`, limit: ONE_VALIDATOR_MAX_SHARE }], `one validator: ${o.what}`)} |`);
  }
  const zod: string[] = [];
  for (const o of ZOD) {
    const contents = o.from === null ? `import * as z from "zod"; export const model = ${o.model};` : `export { ${o.model} } from ${JSON.stringify(built(o.from))};`;
    const size = await withZod(contents);
    const what = o.from === null ? `a user's own \`${o.model}\`` : `\`import { ${o.model} } from "${json.name}/${o.from.replace(/\.js$/, "")}"\``;
    const result = o.from === null ? "baseline" : judge(size.gzip, [{ label: `≤ ${ZOD_MODEL_MAX_KB} KB`, limit: ZOD_MODEL_MAX_KB }], `one Zod model: ${o.from}`);
    zod.push(`| ${what} | ${fmt(size.min, 1)} | ${fmt(size.gzip, 1)} | ${o.from === null ? "" : `≤ ${ZOD_MODEL_MAX_KB}`} | ${result} |`);
  }
  return [
    "## Entry sizes",
    "",
    "Bundled with esbuild `--minify` for node (zod and, for the extension entry, the Ajv compiler left external; re2js and safe-regex2 included).",
    "",
    "| entry | min KB | min+gzip KB |",
    "| --- | ---: | ---: |",
    ...rows,
    "",
    `### Importing one validator (target: at most ${ONE_VALIDATOR_MAX_SHARE}× its entry's size)`,
    "",
    "A module that imports one validator from the built entry, bundled the same way (tree-shaken; the package declares `sideEffects: false`). The root entry's row is bundled with rollup (then minified by esbuild), the whole entry too: esbuild keeps a namespace whole when it is reached through a re-export, so with esbuild `v1.validateTask` from the root costs all of `a2a-schemas/v1`; rollup and webpack keep only the members read.",
    "",
    "| import | min+gzip KB | entry min+gzip KB | share of the entry | target | result |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...one,
    "",
    `### One Zod model, zod included (target: at most ${ZOD_MODEL_MAX_KB} KB min+gzip)`,
    "",
    "A module that imports one model from a built Zod entry, bundled with esbuild `--minify` for the browser with zod included. The entries import zod as a namespace (`import * as z from \"zod\"`): `import { z } from \"zod\"` is one object that holds all of zod (locales, JSON Schema conversion), about 98 KB with one model.",
    "",
    "| import | min KB | min+gzip KB | target | result |",
    "| --- | ---: | ---: | ---: | --- |",
    ...zod,
    "",
  ].join("\n");
}
