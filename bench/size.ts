/** Minified + gzipped size of each public entry, as a user's bundler would ship it (zod excluded). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = join(import.meta.dirname, "..");

export async function benchSize(): Promise<string> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const rows: string[] = [];
  for (const [subpath, target] of Object.entries<any>(pkg.exports)) {
    if (subpath.includes("*") || subpath === "./package.json" || subpath.startsWith("./cli")) continue;
    const entry = join(root, target.import.default);
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "node",
      write: false,
      external: ["zod", "ajv", "ajv/*"],
      logLevel: "silent",
    });
    const code = out.outputFiles[0]!.contents;
    rows.push(`| \`${subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`}\` | ${(code.length / 1024).toFixed(1)} | ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} |`);
  }
  return ["## Entry sizes", "", "Bundled with esbuild `--minify` for node (zod and, for the extension entry, the Ajv compiler left external; re2js and safe-regex2 included).", "", "| entry | min KB | min+gzip KB |", "| --- | ---: | ---: |", ...rows, ""].join("\n");
}
