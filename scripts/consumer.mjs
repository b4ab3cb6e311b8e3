// The packed package's declarations as a consumer's compiler sees them: skipLibCheck off, strict,
// exactOptionalPropertyTypes (and once without), under `nodenext`, `node16` and `bundler` resolution, through both the
// import (.d.ts) and the require (.d.cts) conditions. Run after the build (npx tsup).
//
// Pack into a temporary folder and install the tarball into a scratch project (zod, a peer
// dependency, and @types/node, which the CLI's declarations reference, are linked from this
// repository's node_modules). List every export of every entry of the exports map (but ./schemas/*
// and ./package.json) with the TypeScript API, namespace members included; write consumer files
// that import each export and use it as a value and/or a type (`v1.Task` too); compile them with
// this repository's tsc. Two more checks: the declarations of every entry but ./cli compile in a
// browser's program (no Node types), and the values they declare are what the modules export at
// run time (ESM and CJS).
//
// Exits 1 with the compiler's output on any error, and keeps the scratch project to look into
// (A2A_CONSUMER_KEEP=1 keeps it always).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const requireHere = createRequire(join(root, "package.json"));
const ts = requireHere("typescript");
const tsc = requireHere.resolve("typescript/bin/tsc");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const log = (s) => process.stdout.write(`${s}\n`);

/** At most 40 lines of `text`; all of it goes to `file` in the scratch project (kept on failure). */
function excerpt(text, file) {
  writeFileSync(join(project, file), text);
  const lines = text.trimEnd().split("\n");
  return lines.length <= 40 ? lines.join("\n") : `${lines.slice(0, 40).join("\n")}\n… ${lines.length - 40} more lines in ${join(project, file)}`;
}

function fail(message, keep) {
  process.stdout.write(`\nFAIL ${message}\n`);
  if (keep) process.stdout.write(`(scratch project kept in ${keep})\n`);
  process.exit(1);
}

if (!existsSync(join(root, "dist", "index.d.ts"))) fail("dist/ is not built: run `npx tsup` first");
for (const dep of ["zod", "@types/node"]) {
  if (!existsSync(join(root, "node_modules", dep, "package.json"))) fail(`node_modules/${dep} is missing: run \`npm ci\` first`);
}

// ---------------------------------------------------------------- pack and install

const tmp = mkdtempSync(join(tmpdir(), "a2a-consumer-"));
const project = join(tmp, "project");
mkdirSync(project);
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
let tarball;
try {
  const packed = JSON.parse(run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp], root))[0];
  tarball = join(tmp, packed.filename);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "a2a-consumer", private: true, type: "module" }, null, 2));
  run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline", tarball], project);
} catch (e) {
  fail(`npm pack / npm install: ${e.stderr || e.message}`, tmp);
}
// After the install, which would prune them: the peer dependency and the CLI's Node types.
mkdirSync(join(project, "node_modules", "@types"), { recursive: true });
for (const dep of ["zod", "@types/node"]) symlinkSync(join(root, "node_modules", dep), join(project, "node_modules", dep), "junction");
log(`packed and installed ${tarball.slice(tmp.length + 1)} (${elapsed()})`);

// ---------------------------------------------------------------- every export of every entry

const subpaths = Object.keys(pkg.exports).filter((k) => !k.includes("*") && k !== "./package.json");
const specOf = (k) => (k === "." ? pkg.name : `${pkg.name}/${k.slice(2)}`);
const compilerBase = {
  strict: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  noEmit: true,
  target: "es2022",
  lib: ["es2022"],
  types: [],
  forceConsistentCasingInFileNames: true,
};

/**
 * The exports of each entry through the import (.d.ts) and the require (.d.cts) condition, each as
 * { name, value, typeOnlyValue, type, typeArgs, members }: `value` says it can be used as a value
 * (one exported with `export type` cannot: `typeOnlyValue`), `typeArgs` counts the type parameters
 * without a default, and `members` lists a namespace's exports the same way.
 */
function listExports() {
  const options = ts.convertCompilerOptionsFromJson({ ...compilerBase, module: "nodenext", moduleResolution: "nodenext" }, project).options;
  const resolve = (k, from) => {
    const r = ts.resolveModuleName(specOf(k), join(project, from), options, ts.sys).resolvedModule;
    if (!r) fail(`${specOf(k)} (from ${from}): the compiler cannot resolve it`, tmp);
    return r.resolvedFileName;
  };
  const files = { import: subpaths.map((k) => resolve(k, "probe.mts")), require: subpaths.map((k) => resolve(k, "probe.cts")) };
  const program = ts.createProgram([...files.import, ...files.require], options);
  const checker = program.getTypeChecker();
  const describe = (symbol) => {
    let s = symbol;
    let typeOnly = false;
    while (s.flags & ts.SymbolFlags.Alias) {
      if ((s.declarations ?? []).some((d) => ts.isTypeOnlyImportOrExportDeclaration(d))) typeOnly = true;
      const next = checker.getImmediateAliasedSymbol(s);
      if (!next || next === s) break;
      s = next;
    }
    const decl = (s.declarations ?? []).find((d) => d.typeParameters);
    const namespace = (s.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) !== 0;
    return {
      name: symbol.name,
      value: (s.flags & ts.SymbolFlags.Value) !== 0 && !typeOnly,
      typeOnlyValue: (s.flags & ts.SymbolFlags.Value) !== 0 && typeOnly,
      type: (s.flags & ts.SymbolFlags.Type) !== 0,
      typeArgs: decl ? decl.typeParameters.filter((p) => !p.default).length : 0,
      members: namespace ? checker.getExportsOfModule(s).map(describe) : undefined,
    };
  };
  const entries = (condition) =>
    subpaths.map((k, i) => {
      const file = files[condition][i];
      const source = program.getSourceFile(file);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      if (!moduleSymbol) fail(`${file}: not a module`, tmp);
      const names = checker.getExportsOfModule(moduleSymbol).map(describe);
      if (names.length === 0) fail(`${specOf(k)} (${condition}): the declarations export nothing`, tmp);
      return { subpath: k, spec: specOf(k), file, exports: names.sort((a, b) => a.name.localeCompare(b.name)) };
    });
  return { esmEntries: entries("import"), cjsEntries: entries("require") };
}

const { esmEntries, cjsEntries } = listExports();
const sameShape = (e) => JSON.stringify(e.exports);
for (let i = 0; i < esmEntries.length; i++) {
  if (sameShape(esmEntries[i]) !== sameShape(cjsEntries[i])) {
    const a = new Set(esmEntries[i].exports.map((x) => x.name));
    const b = new Set(cjsEntries[i].exports.map((x) => x.name));
    const only = (x, y) => [...x].filter((n) => !y.has(n)).join(", ") || "(none; they differ in kind)";
    fail(`${esmEntries[i].spec}: the .d.ts and .d.cts declarations differ\n  only in .d.ts: ${only(a, b)}\n  only in .d.cts: ${only(b, a)}`, tmp);
  }
}
const count = (list) => list.reduce((n, e) => n + 1 + (e.members ? count(e.members) : 0), 0);
log(`listed ${esmEntries.reduce((n, e) => n + count(e.exports), 0)} exports (namespace members included) of ${esmEntries.length} entries (${elapsed()})`);

// ---------------------------------------------------------------- consumer files

const typeRef = (expr, x) => (x.typeArgs ? `${expr}<${Array(x.typeArgs).fill("any").join(", ")}>` : expr);

/** A module that imports every export of `entries` and uses each as a value and/or a type. */
function consumerSource(entries) {
  const imports = [];
  const arrays = [];
  const types = [];
  entries.forEach((entry, i) => {
    const values = [];
    const specifiers = entry.exports.map((x) => {
      const local = `e${i}_${x.name}`;
      if (x.value) values.push(local);
      if (x.type) types.push(`export type T${i}_${x.name} = ${typeRef(local, x)};`);
      if (x.typeOnlyValue) types.push(`export type V${i}_${x.name} = typeof ${local};`);
      for (const m of x.members ?? []) {
        if (m.value) values.push(`${local}.${m.name}`);
        if (m.type) types.push(`export type T${i}_${x.name}_${m.name} = ${typeRef(`${local}.${m.name}`, m)};`);
        if (m.typeOnlyValue) types.push(`export type V${i}_${x.name}_${m.name} = typeof ${local}.${m.name};`);
      }
      return `${x.value ? "" : "type "}${x.name} as ${local}`;
    });
    imports.push(`import { ${specifiers.join(", ")} } from ${JSON.stringify(entry.spec)};`);
    // One array per entry: the compiler unions an array literal's element types, and one array of every
    // entry's values (over 2,000 since a2a-schemas/v0.3) is "a union type that is too complex" (TS2590).
    if (values.length > 0) arrays.push(`export const values${i}: readonly unknown[] = [\n  ${values.map((v) => `${v} as unknown`).join(",\n  ")},\n];`);
  });
  return [
    "// Written by scripts/consumer.mjs: every export of every entry, used as a value and/or a type.",
    ...imports,
    "",
    ...arrays,
    "",
    ...types,
    "",
  ].join("\n");
}

// The root namespaces as types, written out once by hand as a consumer would.
const namespaceExample = `
import { v1, legacy, session } from ${JSON.stringify(pkg.name)};
export function firstTask(tasks: readonly v1.Task[]): v1.Task | undefined {
  return tasks[0];
}
export type Families = v1.Message | legacy.LegacyMessage | session.Message;
export function issuesOf(e: unknown): readonly v1.ValidationIssue[] {
  return e instanceof v1.ValidationError ? e.issues : [];
}
export const rejected: v1.ValidationError | legacy.ValidationError | session.ValidationError | undefined = undefined;
`;

// What each Zod model parses to is the library's type, and the reverse, for every family and mode
// (compiled with exactOptionalPropertyTypes on and off, below).
const zodExample = `
import type { z } from "zod";
import type * as V1 from ${JSON.stringify(`${pkg.name}/v1`)};
import * as V1Z from ${JSON.stringify(`${pkg.name}/v1/zod`)};
import type * as V1O from ${JSON.stringify(`${pkg.name}/v1/2026-02-17`)};
import * as V1OZ from ${JSON.stringify(`${pkg.name}/v1/2026-02-17/zod`)};
import type * as L from ${JSON.stringify(`${pkg.name}/legacy`)};
import * as LZ from ${JSON.stringify(`${pkg.name}/legacy/zod`)};
import type * as S from ${JSON.stringify(`${pkg.name}/session`)};
import * as SZ from ${JSON.stringify(`${pkg.name}/session/zod`)};
import type * as V03 from ${JSON.stringify(`${pkg.name}/v0.3`)};
import * as V03Z from ${JSON.stringify(`${pkg.name}/v0.3/zod`)};
export function parsed(x: unknown) {
  const task: V1.Task = V1Z.TaskSchema.parse(x);
  const message: V1.Message = V1Z.MessageSchema.parse(x);
  const card: V1.AgentCard = V1Z.AgentCardSchema.parse(x);
  const oldTask: V1O.Task = V1OZ.TaskSchema.parse(x);
  const legacy: L.LegacyMessage = LZ.LegacyMessageSchema.parse(x);
  const session: S.Message = SZ.MessageSchema.parse(x);
  const strict: S.StrictMessage = SZ.StrictMessageSchema.parse(x);
  const v03Task: V03.Task = V03Z.TaskSchema.parse(x);
  const v03Strict: V03.StrictRegistry["Task"] = V03Z.StrictTaskSchema.parse(x);
  const inputs: [z.input<typeof V1Z.TaskSchema>, z.input<typeof V1Z.MessageSchema>, z.input<typeof V1Z.AgentCardSchema>, z.input<typeof V1OZ.TaskSchema>, z.input<typeof LZ.LegacyMessageSchema>, z.input<typeof SZ.MessageSchema>, z.input<typeof SZ.StrictMessageSchema>, z.input<typeof V03Z.TaskSchema>, z.input<typeof V03Z.StrictTaskSchema>] = [task, message, card, oldTask, legacy, session, strict, v03Task, v03Strict];
  return inputs;
}
`;

const portable = esmEntries.filter((e) => e.subpath !== "./cli");
writeFileSync(join(project, "esm.ts"), consumerSource(esmEntries) + namespaceExample + zodExample);
writeFileSync(join(project, "cjs.cts"), consumerSource(cjsEntries) + namespaceExample + zodExample);
writeFileSync(join(project, "portable.ts"), consumerSource(portable));

const settings = [
  { name: "nodenext", module: "nodenext", moduleResolution: "nodenext", files: ["esm.ts", "cjs.cts"] },
  // node16 resolves the .d.cts files as nodenext does: checked once, above (each costs a check of zod).
  { name: "node16", module: "node16", moduleResolution: "node16", files: ["esm.ts"] },
  { name: "bundler", module: "esnext", moduleResolution: "bundler", files: ["esm.ts"] },
  // The others compile with exactOptionalPropertyTypes on; the types must hold with it off too.
  { name: "nodenext-loose", module: "nodenext", moduleResolution: "nodenext", files: ["esm.ts"], exactOptionalPropertyTypes: false },
];
for (const s of settings) {
  const exact = { exactOptionalPropertyTypes: s.exactOptionalPropertyTypes ?? true };
  const tsconfig = { compilerOptions: { ...compilerBase, ...exact, module: s.module, moduleResolution: s.moduleResolution }, files: s.files };
  writeFileSync(join(project, `tsconfig.${s.name}.json`), JSON.stringify(tsconfig, null, 2));
}

// ---------------------------------------------------------------- compile

const compile = (s) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "--project", `tsconfig.${s.name}.json`, "--pretty", "false"], { cwd: project, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => resolve({ s, code, out }));
  });
const compiling = Promise.all(settings.map(compile));

let failures = 0;

// Meanwhile, in this process: the declarations of every entry but ./cli in a browser's program (the
// DOM library, no Node types). Only the package's own files are checked: zod's are the tsc runs' job.
{
  const what = "every entry but ./cli without Node types (lib es2022 + dom, nodenext)";
  const options = ts.convertCompilerOptionsFromJson({ ...compilerBase, lib: ["es2022", "dom"], module: "nodenext", moduleResolution: "nodenext" }, project).options;
  const program = ts.createProgram([join(project, "portable.ts")], options);
  const ours = program.getSourceFiles().filter((f) => f.fileName.endsWith("/portable.ts") || f.fileName.includes(`/node_modules/${pkg.name}/`));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  const node = program.getSourceFiles().filter((f) => /[\\/]@types[\\/]node[\\/]/.test(f.fileName));
  if (diagnostics.length > 0) {
    failures++;
    const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => project, getNewLine: () => "\n" };
    log(`FAIL ${what}:\n${excerpt(ts.formatDiagnostics(diagnostics, host), "portable.log")}`);
  } else if (node.length > 0) {
    failures++;
    log(`FAIL ${what}: the declarations load @types/node (${node[0].fileName})`);
  } else {
    log(`ok   ${what}`);
  }
}

for (const { s, code, out } of await compiling) {
  const what = `${s.files.join(" + ")} with module ${s.module}, moduleResolution ${s.moduleResolution}${s.exactOptionalPropertyTypes === false ? ", exactOptionalPropertyTypes off" : ""}`;
  if (code === 0) {
    log(`ok   ${what}`);
  } else {
    failures++;
    log(`FAIL ${what}: tsc exited with ${code}\n${excerpt(out, `tsc.${s.name}.log`)}`);
  }
}

// ---------------------------------------------------------------- declared values exist at run time

const declared = (entries) =>
  Object.fromEntries(
    entries.map((e) => [
      e.spec,
      {
        names: e.exports.filter((x) => x.value).map((x) => x.name),
        namespaces: Object.fromEntries(e.exports.filter((x) => x.members && x.value).map((x) => [x.name, x.members.filter((m) => m.value).map((m) => m.name)])),
      },
    ]),
  );
const probe = (load) => `
  const want = JSON.parse(process.argv[1]);
  const problems = [];
  const diff = (what, have, expected) => {
    const missing = expected.filter((n) => !have.includes(n));
    const extra = have.filter((n) => !expected.includes(n));
    if (missing.length) problems.push(what + ": declared but not exported at run time: " + missing.join(", "));
    if (extra.length) problems.push(what + ": exported at run time but not declared: " + extra.join(", "));
  };
  for (const [spec, w] of Object.entries(want)) {
    const m = ${load};
    diff(spec, Object.keys(m).filter((n) => n !== "__esModule" && n !== "default"), w.names.filter((n) => n !== "default"));
    for (const [ns, members] of Object.entries(w.namespaces)) diff(spec + " " + ns, Object.keys(m[ns] ?? {}), members);
  }
  if (problems.length) { console.log(problems.join("\\n")); process.exit(1); }
`;
for (const [kind, entries, args] of [
  ["import", esmEntries, ["--input-type=module", "-e", probe("await import(spec)")]],
  ["require", cjsEntries, ["--input-type=commonjs", "-e", probe("require(spec)")]],
]) {
  try {
    execFileSync(process.execPath, [...args, JSON.stringify(declared(entries))], { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    log(`ok   the values the declarations promise are the run-time exports (${kind})`);
  } catch (e) {
    failures++;
    log(`FAIL the values the declarations promise are not the run-time exports (${kind}):\n${excerpt(`${e.stdout || ""}${e.stderr || e.message}`, `runtime.${kind}.log`)}`);
  }
}

if (failures > 0) fail(`${failures} consumer check${failures === 1 ? "" : "s"} failed (${elapsed()})`, tmp);
if (process.env.A2A_CONSUMER_KEEP) log(`(scratch project kept in ${tmp})`);
else rmSync(tmp, { recursive: true, force: true });
log(`consumer checks passed (${elapsed()})`);
