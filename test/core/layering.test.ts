/**
 * The ground floor knows no family (issue 22, point 10): every module in src/core imports only
 * src/core and packages, so a family's wording comes from that family's own files.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const coreDir = join(import.meta.dirname, "../../src/core");
const specifiers = (text: string): string[] => [...text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)/g)].map((m) => (m[1] ?? m[2])!);

describe("src/core", () => {
  const files = readdirSync(coreDir).filter((f) => f.endsWith(".ts"));
  it("has modules to check", () => expect(files.length).toBeGreaterThan(5));
  it.each(files)("%s imports nothing outside src/core but packages", (file) => {
    const outside = specifiers(readFileSync(join(coreDir, file), "utf8")).filter((s) => s.startsWith(".") && !s.startsWith("./"));
    expect(outside).toEqual([]);
  });
});
