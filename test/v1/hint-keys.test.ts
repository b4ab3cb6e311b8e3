/**
 * The hint scan skips an object when none of its markers could land on an issue (mayHint in
 * src/v1/hints.ts): that rests on MARKER_KEYS naming every key scan puts a marker at. Checked
 * here on every failing fixture of both revisions, strict and lenient: the hints are those of
 * the scan of every object, and every marker's key is in MARKER_KEYS (a SecurityRequirement's
 * markers may sit at any key).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ValidationIssue } from "../../src/core/issue.js";
import { attachHints, findMarkers, inspect, MARKER_KEYS } from "../../src/v1/hints.js";
import { api as api2026 } from "../../src/v1/2026-02-17/validators.js";
import { api } from "../../src/v1/validators.js";

const ROOT = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith(".json") && !f.endsWith(".expect.json") ? [p] : [];
  });
}

/** Each failing fixture document with its type, per revision. */
function documents(dir: string): Array<{ type: string; doc: unknown }> {
  return files(join(ROOT, dir)).flatMap((f) => {
    let type: string | undefined;
    try {
      type = (JSON.parse(readFileSync(f.replace(/\.json$/, ".expect.json"), "utf8")) as { type?: string }).type;
    } catch {
      type = f.split("/").at(-2); // valid/<Type>/<name>.json
    }
    return type === undefined ? [] : [{ type, doc: JSON.parse(readFileSync(f, "utf8")) as unknown }];
  });
}

const REVISIONS = [
  { api, dirs: ["fixtures/v1/valid", "fixtures/v1/invalid", "fixtures/v1/real"] },
  { api: api2026, dirs: ["fixtures/v1/2026-02-17/valid", "fixtures/v1/2026-02-17/invalid"] },
];

describe("the hint scan skips only objects whose markers would be dropped", () => {
  it("hints as the scan of every object, and every marker's key is in MARKER_KEYS", () => {
    let compared = 0;
    let markers = 0;
    for (const { api: a, dirs } of REVISIONS) {
      for (const dir of dirs) {
        for (const { type, doc } of documents(dir)) {
          if (!a.model.isMessageName(type)) continue;
          const every = findMarkers(a.model, type, doc);
          for (const m of every) {
            const holder = a.model.typeAt(type, m.path, m.path.length - 1);
            if (holder !== "SecurityRequirement") expect(MARKER_KEYS.has(String(m.path[m.path.length - 1])), `${type} ${JSON.stringify(m.path)}`).toBe(true);
            markers++;
          }
          for (const mode of ["strict", "lenient"] as const) {
            const r = a.validate(type, doc, { mode });
            if (r.ok) continue;
            const bare = r.issues.map(({ hint: _, ...i }) => i as ValidationIssue);
            for (const hits of [false, true]) {
              const found = inspect(a.model, type, doc, bare, hits);
              if (found.sdk !== undefined) continue;
              expect(attachHints(bare, found.markers)).toStrictEqual(attachHints(bare, every));
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(markers).toBeGreaterThan(50);
  });
});
