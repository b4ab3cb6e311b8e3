/**
 * The service-parameter readers on hostile input (found by npm run fuzz): a string given as the headers
 * was walked index by index (6.8 s for 20 MiB), and repeated extension names were deduplicated in
 * quadratic time. Bounds here are generous: only the old behaviour breaks them.
 */
import { describe, expect, it } from "vitest";
import { readRequestedExtensions, readRequestedVersion } from "../../src/wire/version-header.js";

describe("A2A-Version / A2A-Extensions readers on hostile input", () => {
  it("a string is no headers: nothing is read from it, at once", () => {
    const huge = '"\\'.repeat(5 * 1024 * 1024);
    const t0 = performance.now();
    expect(readRequestedExtensions(huge as never)).toEqual([]);
    expect(readRequestedVersion(huge as never)).toMatchObject({ ok: true, source: "default" });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it("many repeated extension names are deduplicated in linear time, first occurrence order kept", () => {
    const names = Array.from({ length: 200_000 }, (_, i) => `https://ext.example/${i % 50_000}`);
    const t0 = performance.now();
    const got = readRequestedExtensions({ "a2a-extensions": names.join(", ") });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(got.length).toBe(50_000);
    expect(got[0]).toBe("https://ext.example/0");
    expect(got[49_999]).toBe("https://ext.example/49999");
  });
});
