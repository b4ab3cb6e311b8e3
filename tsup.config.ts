import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { transform } from "esbuild";
import { defineConfig, type Options } from "tsup";

/** One entry per public subpath; the exports map in package.json mirrors this list. */
export const entry = {
  index: "src/index.ts",
  "legacy/index": "src/legacy/index.ts",
  "legacy/zod": "src/legacy/zod.ts",
  "v1/index": "src/v1/index.ts",
  "v1/zod": "src/v1/zod.ts",
  "v1/2026-02-17/index": "src/v1/2026-02-17/index.ts",
  "v1/2026-02-17/zod": "src/v1/2026-02-17/zod.ts",
  "v1/signatures/index": "src/v1/signatures/index.ts",
  "v1/server/index": "src/v1/server/index.ts",
  "v1/stream": "src/v1/stream.ts",
  "v1/client": "src/v1/client.ts",
  "versions/index": "src/versions/index.ts",
  "session/index": "src/session/index.ts",
  "session/zod": "src/session/zod.ts",
  "v0.3/index": "src/v0.3/index.ts",
  "v0.3/zod": "src/v0.3/zod.ts",
  "replay/index": "src/replay/index.ts",
  "extensions/object-schemas/index": "src/extensions/object-schemas/index.ts",
  "cli/index": "src/cli/index.ts",
  "cli/bin": "src/cli/bin.ts",
};

const { index: root, "cli/index": cli, "cli/bin": bin, ...families } = entry;

/**
 * Each family's generated types get a declaration file of their own (not in the exports map). The
 * declaration bundler names a shared chunk's exports with one or two letters (`Task as T`), and a
 * type error that meets two types of one name (v1 and 2026-02-17 `Task`) prints each through its
 * file and export name: `import("…/types-I4L6ibFd").T`. An entry's exports keep their names, so the
 * same error reads `import("…/dist/v1/types").Task`. The declarations are the same, moved (+0.1%).
 */
export const typeEntries = {
  "v1/types": "src/generated/v1/types.ts",
  "v1/2026-02-17/types": "src/generated/v1/2026-02-17/types.ts",
  "legacy/types": "src/generated/legacy/types.ts",
  "session/types": "src/generated/session/types.ts",
  "session/strict-types": "src/generated/session/strict-types.ts",
  "v0.3/types": "src/generated/v0.3/types.ts",
  "v0.3/strict-types": "src/generated/v0.3/strict-types.ts",
};

/**
 * Minified, because Node parses an entry's code at every start (a2a-schemas/v1's compile time fell by
 * a fifth, measured side by side): whitespace and syntax everywhere, and the names too in the
 * generated validators (the .js files under src/generated/: machine-written, most of each entry's
 * bytes, readable and drift-checked in the repository). The hand-written code keeps its names, for
 * readable stack traces, and lines stay short (an uncaught error prints its source line; one line of
 * half a megabyte made that unreadable).
 */
const minifyGenerated = {
  name: "minify-generated",
  setup(build: { onLoad: (o: { filter: RegExp }, f: (a: { path: string }) => Promise<{ contents: string; loader: "js" }>) => void }) {
    build.onLoad({ filter: /[\\/]src[\\/]generated[\\/].*\.js$/ }, async (a) => {
      const r = await transform(await readFile(a.path, "utf8"), { loader: "js", format: "esm", minify: true, lineLimit: 160, sourcefile: a.path });
      return { contents: r.code, loader: "js" };
    });
  },
};

const common = {
  format: ["esm", "cjs"],
  target: "node20",
  outDir: "dist",
  external: ["zod", "ajv", "ajv/dist/2020.js", "safe-regex2", "re2js"],
  esbuildPlugins: [minifyGenerated],
  // Terser for the rest: esbuild's minifier drops the /* @__PURE__ */ annotations that let a bundler
  // drop unused validators; terser keeps them. Whitespace only: names stay, for stack traces.
  minify: "terser",
  terserOptions: { compress: false, mangle: false, format: { comments: false, preserve_annotations: true, max_line_len: 160, ascii_only: true } },
} satisfies Options;

/**
 * The ESM root entry re-exports the family entries' own files (`export * as v1 from "./v1/index.js"`)
 * instead of a copy of each: rollup and webpack then keep only the members an application reads of
 * `v1` (a copied namespace is an object of every export), and Node loads each family once. The CJS
 * root requires each family's .cjs entry on first read (lazyNamespaces, below).
 */
const familiesExternal = {
  name: "families-external",
  setup(build: { onResolve: (o: { filter: RegExp }, f: (a: { path: string; importer: string }) => { path: string; external: boolean } | undefined) => void }) {
    build.onResolve({ filter: /^\.\/(legacy|session|v1)\/index\.js$/ }, (a) => (/src[\\/]index\.ts$/.test(a.importer) ? { path: a.path, external: true } : undefined));
  },
};

/**
 * The CLI is Node-only and loads most of itself with import() on first use. Each module it loads so
 * (a "lazy file": the validation run, each family's adapter, the HAR and URL runs...) is an entry of
 * its own in dist/cli/, and every import() of the CLI's code points at one: at a lazy file
 * (`./validate.js`), or at a family's public entry for its validators (`../legacy/index.js`, the file
 * a2a-schemas/legacy loads). The lazy files of an ordinary run are built without shared chunks, each
 * with its own copy of the small modules it needs: Node's module loader paid more for the chunks than
 * for parsing the copies (`a2a-validate request.json`, a legacy file: 24 files -> 4; bench/RESULTS.md,
 * "Start-up"). The CLI therefore tells its errors by name, not by class (isUsageError,
 * isNotRegularFile). The lazy files of the HAR, URL and stream-file runs and of hybrid cards carry
 * v1's validators and share chunks among themselves (in dist/cli/), as before.
 * An import() of the CLI that is none of these fails the build, so that no module is inlined unseen.
 */
const CLI_LAZY: Record<string, string> = {
  validate: "cli/validate",
  commands: "cli/commands",
  "family-legacy": "cli/families/legacy",
  "family-v1": "cli/families/v1",
  "family-session": "cli/families/session",
  "family-v0.3": "cli/families/v0.3",
  "family-object-schemas": "cli/families/object-schemas",
  "versions-detect": "versions/detect",
};
const CLI_LAZY_SHARED: Record<string, string> = {
  url: "cli/url",
  "har-file": "cli/har-file",
  "stream-file": "cli/stream-file",
  "versions-hybrid-card": "versions/hybrid-card",
};
const PUBLIC_ENTRIES = new Set(Object.values(families).map((f) => f.replace(/^src\/|\.ts$/g, "")));
const lazyBySource = new Map(Object.entries({ ...CLI_LAZY, ...CLI_LAZY_SHARED }).map(([file, source]) => [source, file]));
const entriesOf = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).map(([file, source]) => [`cli/${file}`, `src/${source}.ts`]));

const cliLazyImports = {
  name: "cli-lazy-imports",
  setup(build: {
    initialOptions: { outExtension?: Record<string, string> };
    onResolve: (o: { filter: RegExp }, f: (a: { path: string; kind: string; resolveDir: string }) => { path?: string; external?: boolean; errors?: { text: string }[] } | undefined) => void;
  }) {
    // tsup's CJS build is an ESM build (for the tree-shaking) that writes .cjs files.
    const ext = build.initialOptions.outExtension?.[".js"] ?? ".js";
    build.onResolve({ filter: /^\./ }, (a) => {
      if (a.kind !== "dynamic-import") return undefined;
      const source = relative(resolve("src"), resolve(a.resolveDir, a.path)).replace(/\\/g, "/").replace(/\.[jt]s$/, "");
      if (PUBLIC_ENTRIES.has(source)) return { path: `../${source}${ext}`, external: true };
      const file = lazyBySource.get(source);
      if (file !== undefined) return { path: `./${file}${ext}`, external: true };
      return { errors: [{ text: `src/${source}: the CLI imports it lazily, but it is neither a lazy file of the CLI nor a public entry (tsup.config.ts, CLI_LAZY)` }] };
    });
  },
};

const cliJs = { ...common, dts: false, clean: false, treeshake: true, noExternal: [/^ajv\/dist\/runtime\//], esbuildPlugins: [minifyGenerated, cliLazyImports] } satisfies Options;

/**
 * The root entry's declarations are src/index.ts itself: re-exports of the core's declarations
 * (`core/index`, a declaration-only entry of build 2, not in the exports map) and of the family
 * entries as namespaces. Bundled into one file, they repeated every family's types and suffixed the
 * same-named ones (v1's `Task` printed `Task$1` in a user's type error); re-exported, each type keeps
 * its family's file and name. The .d.cts points at the .cjs files, whose declarations are the .d.cts.
 * Anything in src/index.ts but comments and `export * [as x] from "./…/index.js"` fails the build.
 */
async function writeRootDeclarations(): Promise<void> {
  const source = await readFile("src/index.ts", "utf8");
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  for (const statement of code.split(";").map((s) => s.trim()).filter((s) => s !== "")) {
    if (!/^export \* (as [A-Za-z_$][\w$]* )?from "\.\/[\w./-]+\/index\.js"$/.test(statement)) {
      throw new Error(`src/index.ts: the root declarations are its re-exports, and this is not one: ${statement}`);
    }
  }
  await writeFile("dist/index.d.ts", source);
  await writeFile("dist/index.d.cts", source.replace(/(from "\.\/[\w./-]+)\.js"/g, '$1.cjs"'));
}

/** `export * as x from "./x/index.js"` of src/index.ts: the root's family namespaces, name and entry. */
function rootNamespaces(source: string): Array<{ name: string; file: string }> {
  return [...source.matchAll(/^export \* as ([A-Za-z_$][\w$]*) from "(\.\/[\w./-]+\/index)\.js";$/gm)].map((m) => ({ name: m[1]!, file: m[2]! }));
}

/**
 * The CommonJS root's namespaces, as getters that require the family's own entry on first read:
 * `require("a2a-schemas")` then costs the core alone (a family is parsed when it is used), and each
 * family is loaded once however it is reached. A getter, not a copy: `root.v1 === require("a2a-schemas/v1")`.
 */
function lazyNamespaces(): string {
  const spaces = rootNamespaces(readFileSync("src/index.ts", "utf8"));
  if (spaces.length === 0) throw new Error("src/index.ts: no family namespace found for the CommonJS root");
  return spaces.map(({ name, file }) => `Object.defineProperty(module.exports, ${JSON.stringify(name)}, { enumerable: true, get: () => require(${JSON.stringify(file + ".cjs")}) });`).join("\n");
}

/**
 * Builds run side by side; scripts/consumer.mjs type-checks their packed result the way a
 * consumer does, with skipLibCheck off.
 *
 * 1. JavaScript for every entry but the CLI, one file each (the root in its own builds, below), and
 *    for the CLI, in the files it loads lazily (cliLazyImports). The first alone cleans dist/, at its
 *    start, before anything else is written (the other bundles take longer than removing a folder;
 *    each declaration build first compiles the whole source).
 * 2. Declarations of the family entries, with shared chunks, and of each family's generated types
 *    (typeEntries). This build type-checks the source.
 *    And of the core (`core/index`), which the root entry re-exports.
 * 3. Declarations of the root entry: not bundled, written from src/index.ts after the root's ESM build
 *    (writeRootDeclarations). The declaration bundler (rollup-plugin-dts) writes a namespace member
 *    that comes from another chunk as `declare const X: typeof X`, so a type became a value (TS2693)
 *    and `v1.Task` no type (TS2749); one self-contained file avoided that but suffixed same-named types
 *    (`Task$1`). Plain re-exports of the family entries have neither fault.
 * 4. Declarations of the CLI: `RunOptions.stdin` is a Node stream, so they, and no others, start with
 *    a reference to @types/node. (A `/// <reference>` in src/cli/index.ts would not do: the bundler
 *    drops those of .ts sources.)
 *
 * Build 4 skips the type check (noCheck), which halves its time: `tsc --noEmit` checks the
 * whole source (and build 2 most of it again).
 */
export default defineConfig([
  {
    ...common,
    entry: families,
    dts: false,
    clean: true,
    // One file per entry: Node's module loader paid more for a dozen shared chunks than for parsing
    // an entry's own copy (a2a-schemas/legacy: 24 -> 14 ms over bare node, v1: 45 -> 18 ms, measured
    // side by side). The copies share no state that matters: ValidationError is recognised across
    // copies, and a2a-schemas/v1 carries every revision itself.
    splitting: false,
    treeshake: true,
    // Ajv's runtime helpers (ucs2length) are bundled; the Ajv compiler never is.
    noExternal: [/^ajv\/dist\/runtime\//],
  },
  {
    ...common,
    format: ["esm"],
    entry: { index: root },
    dts: false,
    clean: false,
    splitting: false,
    treeshake: true,
    esbuildPlugins: [minifyGenerated, familiesExternal],
    onSuccess: writeRootDeclarations,
  },
  // The CommonJS root: the core, and each family's own .cjs entry required the first time it is read.
  { ...common, format: ["cjs"], entry: { index: "src/core/index.ts" }, dts: false, clean: false, splitting: false, treeshake: true, footer: { js: lazyNamespaces() } },
  // The CLI: its entries and the lazy files of an ordinary run, one self-contained file each (cliLazyImports).
  { ...cliJs, entry: { "cli/index": cli, "cli/bin": bin, ...entriesOf(CLI_LAZY) }, splitting: false },
  {
    // The CLI's rarer runs (HAR, URL, stream files, hybrid cards): v1's validators in chunks they share, in dist/cli/.
    ...cliJs,
    entry: entriesOf(CLI_LAZY_SHARED),
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = "cli/chunk-[hash]";
    },
  },
  { ...common, entry: families, dts: { only: true, entry: { ...families, ...typeEntries, "core/index": "src/core/index.ts" } }, clean: false },
  {
    ...common,
    entry: { "cli/index": cli, "cli/bin": bin },
    dts: { only: true, compilerOptions: { noCheck: true }, banner: '/// <reference types="node" />' },
    clean: false,
  },
]);
