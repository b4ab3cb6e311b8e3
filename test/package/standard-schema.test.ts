/**
 * Every exported `validate*` of every entry in package.json "exports" is a Standard Schema
 * (`~standard`), or is listed below with the reason it is not and what to use instead.
 * Reads the sources each entry is built from (./dist/<x>.js is built from src/<x>.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown> };

/** Subpath → the source file its ESM build comes from. */
const entries: Array<[string, string]> = Object.entries(pkg.exports).flatMap(([sub, target]) => {
  const file = (target as { import?: { default?: string } }).import?.default;
  return file ? [[sub, file.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")] as [string, string]] : [];
});

/** Not a Standard Schema, and why; each names the Standard Schema to use instead, which the test checks. */
const EXEMPT: Record<string, { why: string; instead: (mod: Record<string, any>) => unknown }> = {
  validate: { why: "its first argument is the type name: validators[typeName] is the Standard Schema of each message", instead: (m) => m.validators.Task },
  validateByName: { why: "its first argument is the type name: validators[typeName] is the Standard Schema of each message", instead: (m) => m.validators.Task },
  validateJsonRpcResponse: { why: "two inputs (method, body): validateJsonRpcResponse.for(method) is the Standard Schema of one RPC's responses", instead: (m) => m.validateJsonRpcResponse.for("GetTask") },
  validateJsonRpcResponseByMethod: { why: "two inputs (method, body): validateJsonRpcResponseByMethod.for(method) is one", instead: (m) => m.validateJsonRpcResponseByMethod.for("GetTask") },
  // TODO(lead): one input; src/extensions/object-schemas/ is outside the files of this change (issue 19, part 3).
  validateObjectSchemasCard: { why: "not yet: one input, to get ~standard in src/extensions/object-schemas", instead: () => undefined },
};

/** The `validate*` functions of a module, and of the family namespaces the root entry re-exports. */
function validatorsOf(mod: Record<string, any>, prefix = ""): Array<[string, any, Record<string, any>]> {
  const out: Array<[string, any, Record<string, any>]> = [];
  for (const [name, value] of Object.entries(mod)) {
    if (typeof value === "function" && /^validate/.test(name)) out.push([prefix + name, value, mod]);
    else if (prefix === "" && value !== null && typeof value === "object" && /^[a-z0-9]+$/.test(name) && Object.keys(value).some((k) => k.startsWith("validate"))) {
      out.push(...validatorsOf(value, `${name}.`));
    }
  }
  return out;
}

describe("Standard Schema on every validator of one input", () => {
  it("reads every entry", () => {
    expect(entries.map(([sub]) => sub)).toEqual(expect.arrayContaining([".", "./v1", "./v1/2026-02-17", "./session", "./legacy", "./extensions/object-schemas"]));
  });

  it("finds the validators (a2a-schemas/v1 has 50 and more)", async () => {
    const v1 = (await import(join(root, "src/v1/index.ts"))) as Record<string, any>;
    expect(validatorsOf(v1).length).toBeGreaterThanOrEqual(50);
  });

  it.each(entries)("%s", async (_sub, file) => {
    const mod = (await import(join(root, file))) as Record<string, any>;
    for (const [name, fn, owner] of validatorsOf(mod)) {
      const base = name.slice(name.lastIndexOf(".") + 1);
      const std = fn["~standard"];
      if (std !== undefined) {
        expect(std.version, name).toBe(1);
        expect(std.vendor, name).toBe("a2a-schemas");
        expect(typeof std.validate, name).toBe("function");
        expect(base in EXEMPT && base !== "validateObjectSchemasCard", `${name} has ~standard: take it off the exempt list`).toBe(false);
        continue;
      }
      expect(EXEMPT[base], `${name} has no ~standard and no documented reason`).toBeDefined();
      const instead = EXEMPT[base]!.instead(owner) as { "~standard"?: { validate?: unknown } } | undefined;
      if (base !== "validateObjectSchemasCard") expect(typeof instead?.["~standard"]?.validate, `${name}: the Standard Schema to use instead`).toBe("function");
    }
  });

  it("the per-RPC response schemas validate, typed by their RPC", () => {
    return import(join(root, "src/v1/index.ts")).then((v1) => {
      const s = v1.validateJsonRpcResponse.for("GetTask");
      expect(s).toBe(v1.validateJsonRpcResponse.for("GetTask")); // made once
      expect(s.method).toBe("GetTask");
      const task = { id: "t-1", status: { state: "TASK_STATE_WORKING" } };
      expect(s["~standard"].validate({ jsonrpc: "2.0", id: 1, result: task })).toEqual({ value: { jsonrpc: "2.0", id: 1, result: task } });
      expect("issues" in s["~standard"].validate({ jsonrpc: "2.0", id: 1, result: { id: 5 } })).toBe(true);
      expect(s({ jsonrpc: "2.0", id: 1, result: task }, { mode: "lenient" }).ok).toBe(true);
      const unknown = v1.validateJsonRpcResponseByMethod.for("tasks/get")["~standard"].validate({ jsonrpc: "2.0", id: 1, result: task });
      expect(unknown.issues[0].message).toMatch(/unknown method/);
    });
  });
});
