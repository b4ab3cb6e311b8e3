/**
 * A consumer's type errors name the library's types (`Task`), never a declaration chunk's alias
 * (`import("…/types-I4L6ibFd").T`): compiles consumer files with deliberate type errors against the
 * built package, through the import (.d.ts) and the require (.d.cts) conditions, and reads the
 * compiler's messages. Two types of one name (v1 and revision 2026-02-17 `Task`) are where the
 * compiler prints each through its file and export name. Runs after the build (A2A_TEST_BUILT=1).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const wanted = process.env.A2A_TEST_BUILT === "1";

const consumer = `
import { createTask } from "a2a-schemas/v1";
import type * as r26 from "a2a-schemas/v1/2026-02-17";
const task = createTask({ state: "TASK_STATE_WORKING" });
export const a: number = task;
export const b: r26.Task = task;
`;

/** The v0.3 family: its Task beside v1's, and its strict-mode Task (StrictRegistry) beside its default one. */
const consumerV03 = `
import { createTask } from "a2a-schemas/v1";
import { createTask as createV03Task } from "a2a-schemas/v0.3";
import type * as v03 from "a2a-schemas/v0.3";
const task = createTask({ state: "TASK_STATE_WORKING" });
const old = createV03Task({ contextId: "c", state: "working" });
export const a: number = old;
export const b: v03.Task = task;
declare const strict: v03.StrictRegistry["Task"];
export const c: { kind: "message" } = strict;
`;

/**
 * The root entry: its families are namespaces, and each family's types keep their own names there
 * (the bundled root declarations suffixed v1's `Task` as `Task$1`, beside legacy's and session's).
 */
const consumerRoot = `
import { v1 } from "a2a-schemas";
import type { v1 as V1, session } from "a2a-schemas";
const task = v1.createTask({ state: "TASK_STATE_WORKING" });
export const a: number = task;
declare const message: session.Message;
export const b: V1.Message = message;
`;

/** The compiler's messages for one consumer file, one string per diagnostic (chains flattened). */
function diagnostics(dir: string, file: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const program = ts.createProgram([join(dir, file)], options);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe.skipIf(!wanted)("type errors name the types, not chunks (set A2A_TEST_BUILT=1 after the build to run)", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "a2a-type-names-"));
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(root, join(dir, "node_modules", "a2a-schemas"), "junction");
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    writeFileSync(join(dir, "esm.mts"), consumer);
    writeFileSync(join(dir, "cjs.cts"), consumer);
    writeFileSync(join(dir, "esm-v03.mts"), consumerV03);
    writeFileSync(join(dir, "cjs-v03.cts"), consumerV03);
    writeFileSync(join(dir, "esm-root.mts"), consumerRoot);
    writeFileSync(join(dir, "cjs-root.cts"), consumerRoot);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(["esm.mts", "cjs.cts"])("%s", (file) => {
    const messages = diagnostics(dir, file);
    expect(messages.length).toBe(2);
    const text = messages.join("\n");
    // One Task in view: its plain name.
    expect(text).toContain("Type 'Task' is not assignable to type 'number'");
    // Two Tasks: each through a file that names its family, by its own name.
    expect(text).toMatch(/import\("[^"]*\/dist\/v1\/types"[^)]*\)\.Task' is not assignable to type 'import\("[^"]*\/dist\/v1\/2026-02-17\/types"[^)]*\)\.Task'/);
    // No chunk alias (`).T'`) and no chunk file (`types-I4L6ibFd`) anywhere.
    expect(text).not.toMatch(/\)\.[A-Za-z_$][A-Za-z0-9_$]?'/);
    expect(text).not.toMatch(/\/dist\/[\w-]+-[\w-]{8}"/);
  });

  it.each(["esm-v03.mts", "cjs-v03.cts"])("%s (v0.3)", (file) => {
    const messages = diagnostics(dir, file);
    expect(messages.length).toBe(3);
    const text = messages.join("\n");
    expect(text).toContain("Type 'Task' is not assignable to type 'number'");
    // A v1 Task where a v0.3 one belongs: each through its family's file (v0.3 has `kind`, v1 does not).
    expect(text).toMatch(/import\("[^"]*\/dist\/v1\/types"[^)]*\)\.Task' but required in type 'import\("[^"]*\/dist\/v0\.3\/types"[^)]*\)\.Task'/);
    expect(text).toMatch(/Type 'Task' is not assignable to type '\{ kind: "message"; \}'/);
    expect(text).not.toMatch(/\)\.[A-Za-z_$][A-Za-z0-9_$]?'/);
    expect(text).not.toMatch(/\/dist\/[\w-]+-[\w-]{8}"/);
  });

  it.each(["esm-root.mts", "cjs-root.cts"])("%s (the root entry's namespaces)", (file) => {
    const messages = diagnostics(dir, file);
    expect(messages.length).toBe(2);
    const text = messages.join("\n");
    expect(text).toContain("Type 'Task' is not assignable to type 'number'");
    // Two Messages (session's where v1's belongs): both by their own name (they were `Message$3` and `Message$1`).
    expect(text).toContain("Type 'Message' is missing the following properties from type 'Message': messageId, parts");
    // No bundler suffix (`Task$1`), no chunk alias, no chunk file.
    expect(text).not.toMatch(/\$\d/);
    expect(text).not.toMatch(/\)\.[A-Za-z_$][A-Za-z0-9_$]?'/);
    expect(text).not.toMatch(/\/dist\/[\w-]+-[\w-]{8}"/);
  });
});
