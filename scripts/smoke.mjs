// Smoke test of the packed package in real node processes (vitest would hide
// ESM/CJS packaging faults): pack, install the tarball into a temporary
// project, then import every ESM entry, require every CJS entry, read a schema
// file, and check which entries load zod or the Ajv compiler.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const tmp = mkdtempSync(join(tmpdir(), "a2a-smoke-"));
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const packed = JSON.parse(run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp], root))[0];
const tarball = join(tmp, packed.filename);
const zodVersion = JSON.parse(readFileSync(join(root, "node_modules/zod/package.json"), "utf8")).version;
writeFileSync(join(tmp, "package.json"), JSON.stringify({ name: "smoke", private: true, type: "module" }));
run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, `zod@${zodVersion}`], tmp);

const subpaths = Object.keys(pkg.exports).filter((k) => !k.includes("*") && k !== "./package.json");
const spec = (k) => (k === "." ? pkg.name : `${pkg.name}/${k.slice(2)}`);
const example = JSON.parse(readFileSync(join(root, "schemas/legacy/request-message.json"), "utf8")).examples[0];

// May an entry load zod / the Ajv compiler? Only the zod entries and the extension that compiles untrusted
// schemas; the CLI may reach the extension too, but only through a lazy import() when it meets such a card.
const mayLoad = (k) => ({ zod: k.endsWith("/zod"), ajv: k.startsWith("./extensions/") || k === "./cli" });

const probe = (k) => `
  const m = MOD;
  const names = Object.keys(m);
  if (names.length === 0) throw new Error("no exports");
  for (const n of names) {
    if (/^validate[A-Z]/.test(n) && typeof m[n] === "function" && m[n].length <= 1) {
      const r = m[n]({});
      if (typeof r !== "object" || r === null || (r.ok !== false && r.ok !== true)) throw new Error(n + " did not return a result");
    }
  }
  if (${JSON.stringify(k)} === "./legacy") {
    const r = m.validateMessage(${JSON.stringify(example)});
    if (!r.ok) throw new Error("legacy example rejected: " + JSON.stringify(r.issues));
    if (m.validateMessage({}).ok) throw new Error("legacy accepted {}");
  }
  if (${JSON.stringify(k)} === "./v0.3") {
    const task = m.createTask({ contextId: "c", state: "working" });
    if (!m.validateTask(task, { mode: "strict" }).ok) throw new Error("v0.3 built task rejected");
    const v1 = m.validateTask({ ...task, status: { state: "TASK_STATE_WORKING" } });
    if (v1.ok || !v1.issues[0].hint) throw new Error("v0.3: a v1.0 state without a hint");
    if (!m.validateTask({ ...task, extra: 1 }).ok || m.validateTask({ ...task, extra: 1 }, { mode: "strict" }).ok) throw new Error("v0.3 modes");
    if (m.validateTask.strict["~standard"].jsonSchema.input({ target: "draft-07" }).additionalProperties !== false) throw new Error("v0.3 strict JSON Schema");
  }
  if (${JSON.stringify(k)} === "./v0.3/zod" && !m.StrictTaskSchema.safeParse({ kind: "task", id: "t", contextId: "c", status: { state: "working" } }).success) throw new Error("v0.3 Zod model rejected a task");
  console.log(${JSON.stringify(k)} + ": " + names.length + " exports");
`;

let failures = 0;
const check = (what, fn) => {
  try {
    const out = fn();
    process.stdout.write(`ok   ${what}${out ? `: ${out.trim().split("\n").pop()}` : ""}\n`);
  } catch (e) {
    failures++;
    process.stdout.write(`FAIL ${what}\n${e.stderr || e.message}\n`);
  }
};

for (const k of subpaths) {
  const s = spec(k);
  check(`import ${s}`, () => run("node", ["--input-type=module", "-e", `import * as ns from ${JSON.stringify(s)}; ${probe(k).replace("MOD", "ns")}`], tmp));
  const allowed = mayLoad(k);
  check(`require ${s}`, () =>
    run(
      "node",
      [
        "-e",
        `${probe(k).replace("MOD", `require(${JSON.stringify(s)})`)}
         const loaded = Object.keys(require.cache);
         const zod = loaded.filter((f) => /node_modules[\\\\/]zod[\\\\/]/.test(f));
         const ajv = loaded.filter((f) => /node_modules[\\\\/]ajv[\\\\/]/.test(f));
         if (zod.length && !${allowed.zod}) throw new Error("loaded zod: " + zod[0]);
         if (ajv.length && !${allowed.ajv}) throw new Error("loaded the Ajv compiler: " + ajv[0]);`,
      ],
      tmp,
    ),
  );
}

// The ESM graph of each entry, statically: bare imports other than the allowed ones are a fault.
const dist = join(tmp, "node_modules", pkg.name, "dist");
const chunkImports = (file, seen = new Set()) => {
  if (seen.has(file)) return [];
  seen.add(file);
  const src = readFileSync(file, "utf8");
  const specs = [...src.matchAll(/(?:^|[;\n])\s*(?:import|export)[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specs.flatMap((s) => (s.startsWith(".") ? chunkImports(join(file, "..", s), seen) : [s]));
};
for (const k of subpaths) {
  const target = pkg.exports[k].import.default;
  check(`ESM graph of ${spec(k)}`, () => {
    const bare = [...new Set(chunkImports(join(tmp, "node_modules", pkg.name, target)))];
    const { zod, ajv } = mayLoad(k);
    const bad = bare.filter((b) => (/^zod(\/|$)/.test(b) && !zod) || (/^ajv(\/|$)/.test(b) && !ajv));
    if (bad.length) throw new Error(`imports ${bad.join(", ")}`);
    return `bare imports: ${bare.join(", ") || "none"}`;
  });
}

check("schema file via a2a-schemas/schemas/...", () =>
  run(
    "node",
    [
      "--input-type=module",
      "-e",
      `import { createRequire } from "node:module"; import { readFileSync } from "node:fs";
       const require = createRequire(import.meta.url);
       const file = require.resolve("${pkg.name}/schemas/legacy/request-message.json");
       const s = JSON.parse(readFileSync(file, "utf8"));
       if (s.title !== "RequestMessage") throw new Error("wrong schema");
       const viaImport = (await import("${pkg.name}/schemas/legacy/base-message.json", { with: { type: "json" } })).default;
       if (viaImport.title !== "BaseMessage") throw new Error("wrong schema via import");
       console.log(s.$id);`,
    ],
    tmp,
  ),
);

// One process that both imports and requires the package loads two ValidationError classes: instanceof must still hold.
check("ValidationError across import and require", () =>
  run(
    "node",
    [
      "--input-type=module",
      "-e",
      `import { createRequire } from "node:module";
       import * as esm from "${pkg.name}/legacy";
       const cjs = createRequire(import.meta.url)("${pkg.name}/legacy");
       const thrown = (m) => { try { m.assertRequestMessage({}); } catch (e) { return e; } };
       const a = thrown(esm), b = thrown(cjs);
       if (!(a instanceof cjs.ValidationError) || !(b instanceof esm.ValidationError)) throw new Error("instanceof fails across formats");
       if (!esm.isValidationError(b) || !cjs.isValidationError(a)) throw new Error("isValidationError fails across formats");
       if (new Error("x") instanceof esm.ValidationError) throw new Error("a plain Error passes instanceof");
       console.log("both ways");`,
    ],
    tmp,
  ),
);

// The CommonJS root loads a family on first read, and then it is the family's own entry.
check("CommonJS root: families required on first use", () =>
  run(
    "node",
    [
      "-e",
      `const loaded = (f) => Object.keys(require.cache).some((k) => k.endsWith(require("node:path").join(f, "index.cjs")));
       const root = require("${pkg.name}");
       if (["legacy", "session", "v1"].some(loaded)) throw new Error("a family was loaded by require() of the root");
       if (typeof root.ValidationError !== "function") throw new Error("no core export");
       if (!Object.keys(root).includes("v1")) throw new Error("v1 is not an enumerable member");
       if (!root.v1.isTask || loaded("legacy") || !loaded("v1")) throw new Error("reading v1 loaded the wrong families");
       if (root.v1 !== require("${pkg.name}/v1")) throw new Error("root.v1 is not the v1 entry");
       if (!root.legacy.validateMessage({}).issues.length) throw new Error("legacy does not validate");
       console.log("legacy, session and v1 loaded when read");`,
    ],
    tmp,
  ),
);

// Node prints the source line of an uncaught throw: it must be a line of code, not the whole bundle.
for (const [what, code] of [
  ["legacy assert", `require("${pkg.name}/legacy").assertRequestMessage({})`],
  ["session builder", `require("${pkg.name}/session").createArtifact({ type: "image/png", data: 1 })`],
]) {
  check(`uncaught ${what} error prints a few lines`, () => {
    const r = spawnSync("node", ["-e", code], { cwd: tmp, encoding: "utf8" });
    if (r.status === 0) throw new Error("did not throw");
    if (!r.stderr.includes("ValidationError")) throw new Error(r.stderr.slice(0, 500));
    if (r.stderr.length > 4000) throw new Error(`stderr is ${r.stderr.length} characters`);
    return `${r.stderr.length} characters`;
  });
}

const files = readdirSync(dist, { recursive: true }).length;
console.log(`\nsmoke: ${files} files in dist; ${failures === 0 ? "all checks passed" : failures + " failed"}`);
process.exit(failures === 0 ? 0 : 1);
