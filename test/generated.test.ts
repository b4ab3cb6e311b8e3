/** The generated code: every file marked, no require(), deterministic, and only the allowed imports. */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { HEADER_TAG, guardLengthChecks, requiresToImports } from "../scripts/generate/compile.js";
import { FAMILIES, root } from "../scripts/generate/index.js";

const generated = join(root, "src/generated");
const files = readdirSync(generated, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => relative(root, join(e.parentPath, e.name)));

describe("src/generated", () => {
  it("holds files for every family", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s carries the generated-by header", (f) => {
    expect(readFileSync(join(root, f), "utf8").split("\n")[0]).toContain(HEADER_TAG);
  });

  it.each(files.filter((f) => f.endsWith(".js")))("%s has no require() and imports only Ajv runtime helpers or the family's own modules", (f) => {
    const code = readFileSync(join(root, f), "utf8");
    expect(code).not.toMatch(/\brequire\(/);
    for (const m of code.matchAll(/^import .* from "([^"]+)";$/gm)) {
      expect(m[1]).toMatch(/^(ajv\/dist\/runtime\/[a-z0-9_]+\.js|\.\.\/\.\.\/[a-z0-9-]+(\/[a-z0-9-]+)*\.js)$/);
    }
  });

  it("is what the schemas generate, deterministically (two runs, same bytes)", async () => {
    for (const gen of FAMILIES) {
      const a = await gen(root);
      const b = await gen(root);
      expect([...b.files]).toEqual([...a.files]);
      for (const [path, content] of a.files) expect(readFileSync(join(root, path), "utf8"), path).toBe(content);
    }
  });
});

describe("generator rewrites", () => {
  it("turns require() into imports, normalising CommonJS helpers", () => {
    const out = requiresToImports('"use strict";const f = require("ajv/dist/runtime/ucs2length").default;const g = require("../x.js")["date-time"];');
    expect(out).toContain('import * as __import0_ns from "ajv/dist/runtime/ucs2length.js";');
    expect(out).toContain('import __import1 from "../x.js";');
    expect(out).not.toContain("require(");
    const cjs = new Function("ns", `return (${/const __cjs = (.*);/.exec(out)![1]})(ns)`);
    const fn = () => 1;
    expect(cjs({ default: fn }).default).toBe(fn); // bundler interop: namespace.default is exports.default
    expect(cjs({ default: { default: fn } }).default).toBe(fn); // Node interop: namespace.default is module.exports
  });

  it("guards code-point length checks with a .length bound that cannot change the verdict", () => {
    const code = "const func9 = __import0.default;if(func9(data1) > 36){x}if(func9(data2) < 3){y}";
    const out = guardLengthChecks(code);
    expect(out).toContain("(data1.length > 36 && func9(data1) > 36)");
    expect(out).toContain("(data2.length < 6 && func9(data2) < 3)");
  });
});
