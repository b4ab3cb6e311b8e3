/** Pieces of the v1 generator that the bundle tests only see indirectly. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dropErrorObjects } from "../../scripts/generate/compile.js";
import { rangeRegex } from "../../scripts/generate/v1/bundle.js";
import { jsonNameOf } from "../../scripts/generate/v1/proto.js";

describe("rangeRegex", () => {
  it("matches exactly the canonical decimals in range (property)", () => {
    for (const [lo, hi] of [[1, 100], [0, 2147483647], [-2147483648, 2147483647]] as const) {
      const re = new RegExp(rangeRegex(lo, hi));
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: -3e9, max: 3e9 }), fc.constantFrom(lo, hi, lo - 1, hi + 1, 0, 9, 10, 99, 100, 101, 999999999, 1000000000)), (n) => {
          expect(re.test(String(n)), `${n} in [${lo}, ${hi}]`).toBe(n >= lo && n <= hi);
        }),
      );
      for (const s of ["", "-0", "007", "+1", "1e2", "1.0", " 1"]) expect(re.test(s), s).toBe(false);
    }
  });
});

describe("dropErrorObjects", () => {
  it("replaces each error object literal, braces and quotes in strings included", () => {
    const code = 'f.errors = [{instancePath:p+"/a",schemaPath:"#/pattern",keyword:"pattern",params:{pattern: "^a{1,2}\\"}$"}}];\nfunction g(d, {instancePath="", x}={}){ const e = {instancePath,schemaPath:"#/x",keyword:"x",params:{}}; }';
    expect(dropErrorObjects(code)).toBe('f.errors = [0];\nfunction g(d, {instancePath="", x}={}){ const e = 0; }');
  });
});

describe("jsonNameOf", () => {
  it("follows protoc's lowerCamelCase rule", () => {
    expect(jsonNameOf("oauth2_security_scheme")).toBe("oauth2SecurityScheme");
    expect(jsonNameOf("open_id_connect_url")).toBe("openIdConnectUrl");
    expect(jsonNameOf("id")).toBe("id");
  });
});
