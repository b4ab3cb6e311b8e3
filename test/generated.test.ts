/** The generated code: every file marked, no require(), deterministic, and only the allowed imports. */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { HEADER_TAG, guardLengthChecks, requiresToImports } from "../scripts/generate/compile.js";
import { countErrors } from "../scripts/generate/rewrite/count-errors.js";
import { errorCalls } from "../scripts/generate/rewrite/error-calls.js";
import { ownKeyLoops } from "../scripts/generate/rewrite/own-keys.js";
import { plainParams } from "../scripts/generate/rewrite/plain-params.js";
import { requiredPresent } from "../scripts/generate/rewrite/required-present.js";
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
      expect(m[1]).toMatch(/^(ajv\/dist\/runtime\/[a-z0-9_]+\.js|\.\.\/\.\.\/[a-z0-9.-]+(\/[a-z0-9-]+)*\.js)$/);
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

/**
 * One pipeline (scripts/generate/family.ts) writes every representation of every family and
 * revision; nothing per type is written by hand beside it.
 */
describe("one generator for every family", () => {
  const folders = ["legacy", "session", "v1", "v1/2026-02-17", "v0.3"];

  it.each(folders)("src/generated/%s holds the API, the types and the Zod models", (folder) => {
    for (const f of ["api.ts", "types.ts", "zod.ts"]) expect(files, `${folder}/${f}`).toContain(`src/generated/${folder}/${f}`);
  });

  it("writes validate/is/assert per type only in generated code", () => {
    const handWritten = readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts") && !relative(root, e.parentPath).startsWith("src/generated"))
      .flatMap((e) => {
        const file = relative(root, join(e.parentPath, e.name));
        const code = readFileSync(join(root, file), "utf8");
        return [...code.matchAll(/^export const ((?:validate|is|assert)[A-Z]\w*)\b/gm)].filter((m) => !m[1]!.endsWith("For")).map((m) => `${file}: ${m[1]}`); // validatorFor and the like build the generated ones
      })
      .sort();
    // What is left by hand validates no single schema type: a dispatch, a binding or a name known at run time.
    expect(handWritten).toEqual([
      "src/cli/expectations.ts: isSidecar",
      "src/core/zod-issues.ts: isObject",
      "src/extensions/object-schemas/index.ts: validateObjectSchemasCard",
      "src/legacy/dispatch.ts: assertLegacyMessage",
      "src/legacy/dispatch.ts: assertMessage",
      "src/legacy/dispatch.ts: isLegacyMessage",
      "src/legacy/dispatch.ts: isMessage",
      "src/legacy/dispatch.ts: validateLegacyMessage",
      "src/legacy/dispatch.ts: validateMessage",
      "src/session/http.ts: validateStreamEvent",
      "src/v0.3/by-name.ts: validateByName",
      "src/v0.3/jsonrpc.ts: validateJsonRpcResponseByMethod",
      "src/v1/2026-02-17/jsonrpc.ts: validateJsonRpcResponseByMethod",
      "src/v1/2026-02-17/validators.ts: validateByName",
      "src/v1/jsonrpc.ts: validateJsonRpcResponseByMethod",
      "src/v1/validators.ts: validateByName",
    ]);
  });

  it.each(["src/legacy/zod.ts", "src/session/zod.ts", "src/v1/zod.ts", "src/v1/2026-02-17/zod.ts", "src/v0.3/zod.ts"])("%s writes no model by hand", (f) => {
    const code = readFileSync(join(root, f), "utf8");
    expect(code).not.toMatch(/from "zod"/);
    expect(code).toMatch(/export \* from "\.\.\/(?:\.\.\/)?generated\//);
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

  it("checks closed objects' keys without an array, as Object.keys would, inherited keys skipped", () => {
    const code = 'function validate1(data){\nfor(const key0 of Object.keys(data)){\nif(!((key0 === "a") || (key0 === ")("))){\nreturn key0;\n}\n}\nreturn true;\n}';
    const out = ownKeyLoops(code);
    expect(out).not.toContain("Object.keys");
    const run = (src: string) => new Function(`${src}\nreturn validate1;`)() as (d: object) => unknown;
    const proto = { inherited: 1 };
    for (const d of [{ a: 1 }, { a: 1, b: 2 }, { 2: 0, 1: 0, a: 0 }, { ")(": 1, c: 1 }, Object.assign(Object.create(proto), { a: 1 })]) expect(run(out)(d)).toBe(run(code)(d));
  });

  it("counts a first-error module's errors instead of collecting them, with the same verdicts", () => {
    const code = [
      "function validate1(data){let vErrors = null;let errors = 0;const _errs1 = errors;",
      "if(data.a === undefined){\nconst err0 = 0;\nif(vErrors === null){\nvErrors = [err0];\n}\nelse {\nvErrors.push(err0);\n}\nerrors++;\n}",
      "if(!(validate2(data.b, 0))){\nvErrors = vErrors === null ? validate2.errors : vErrors.concat(validate2.errors);\nerrors = vErrors.length;\n}",
      "return errors === 0;}",
      "function validate2(data){if(data !== 1){validate2.errors = [0];return false;}return true;}",
    ].join("\n");
    const out = countErrors(code);
    expect(out).not.toMatch(/vErrors\.push|vErrors = \[|concat/);
    const run = (src: string) => new Function(`${src}\nreturn validate1;`)() as (d: object) => boolean;
    for (const d of [{ a: 1, b: 1 }, { b: 1 }, { a: 1, b: 2 }, { b: 2 }]) expect(run(out)(d)).toBe(run(code)(d));
  });

  it("looks a required property up once when its absence already ended the call", () => {
    const code = [
      "function validate1(data){",
      'if(data && typeof data == "object" && !Array.isArray(data)){\nlet missing0;\nif((((data.a === undefined) || (!(func0.call(data, "a")))) && (missing0 = "a"))){\nvalidate1.errors = [0];\nreturn false;\n}\nelse {\n' +
        'if(data.a !== undefined && func0.call(data, "a")){\nif(typeof data.a !== "string"){return false;}\n}\nif(data.b !== undefined && func0.call(data, "b")){\nif(typeof data.b !== "number"){return false;}\n}\n}\n}',
      "return true;}",
    ].join("\n");
    const out = requiredPresent(code);
    expect(out).toContain("if(true){");
    expect(out).toContain('data.b !== undefined && func0.call(data, "b")'); // not required: still looked up
    const run = (src: string) => new Function("func0", `${src}\nreturn validate1;`)(Object.prototype.hasOwnProperty) as (d: unknown) => boolean;
    const inherited = Object.create({ a: "x" });
    for (const d of [{ a: "x" }, { a: 1 }, { b: 1 }, { a: "x", b: "y" }, inherited, null, []]) expect(run(out)(d)).toBe(run(code)(d));
  });

  it("writes each all-errors site as one call that builds the same error, and leaves other shapes", () => {
    const site = (err: string, literal: string) => `const ${err} = ${literal};\nif(vErrors === null){\nvErrors = [${err}];\n}\nelse {\nvErrors.push(${err});\n}\nerrors++;__budget.left--;`;
    const code = [
      'function validate1(data, {instancePath=""}={}){let vErrors = null;let errors = 0;',
      `if(data.a === undefined){\n${site("err0", '{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "a"}}')}\n}`,
      `if(typeof data.b !== "string"){\n${site("err1", '{instancePath:instancePath+"/b",schemaPath:"x.json#/properties/b/pattern",keyword:"pattern",params:{pattern: "^{}[\\"]$"}}')}\n}`,
      `for(const key0 in data){if(key0 !== "a" && key0 !== "b"){\n${site("err2", '{instancePath:instancePath+"/" + key0.replace(/~/g, "~0"),schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}}')}\n}}`,
      `if(data.c !== undefined){\n${site("err3", '{instancePath,schemaPath:"#/x",keyword:"other",params:{}}')}\n}`,
      `if(data.d !== undefined){\n${site("err4", "{}")}\n}`,
      "validate1.errors = vErrors;return errors === 0;}",
    ].join("\n");
    const out = errorCalls(code);
    expect(out.match(/__error\(vErrors/g)).toHaveLength(4);
    expect(out).toContain("const err4 = {};");
    const run = (src: string) => {
      const budget = { left: 100 };
      const v = new Function("__budget", `${src}\nreturn validate1;`)(budget) as ((d: object, o?: object) => boolean) & { errors: unknown };
      return (d: object) => [v(d, { instancePath: "/p" }), JSON.stringify(v.errors), budget.left];
    };
    for (const d of [{ a: 1, b: "x" }, { b: 1 }, { a: 1, b: 2, "e~": 3, c: 1, d: 1 }, {}]) expect(run(out)(d)).toEqual(run(code)(d));
  });

  it("drops the unused options parameter of first-error functions, and keeps one that is read", () => {
    const unused = 'function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){\nreturn validate2(data.a, 0);\n}\n';
    const used = 'function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){\nreturn rootData === data;\n}\n';
    const out = plainParams(unused + used);
    expect(out).toContain("function validate1(data){");
    expect(out).toContain(used);
  });
});
