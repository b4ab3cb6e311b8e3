/** Fixture loading shared by the v1 tests, per protocol revision. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");
export const FIXTURES = join(ROOT, "fixtures/v1");

export type Revision = "1.0" | "2026-02-17";
export const REVISIONS: readonly Revision[] = ["1.0", "2026-02-17"];

/** Where a revision's sources, bundles and fixtures are. */
export const PATHS: Record<Revision, { proto: string; strict: string; lenient: string; fixtures: string; messages: number; required: number }> = {
  "1.0": { proto: "schemas/v1/a2a.proto", strict: "schemas/v1/a2a.json", lenient: "schemas/v1/a2a.lenient.json", fixtures: "fixtures/v1", messages: 44, required: 61 },
  "2026-02-17": {
    proto: "schemas/v1/2026-02-17/a2a.proto",
    strict: "schemas/v1/2026-02-17/a2a.json",
    lenient: "schemas/v1/2026-02-17/a2a.lenient.json",
    fixtures: "fixtures/v1/2026-02-17",
    messages: 46,
    required: 66,
  },
};

export interface ExpectedIssue {
  pointer: string;
  code: string;
  property?: string;
  hint?: string;
}

export interface Expectation {
  strict: "valid" | ExpectedIssue[];
  lenient: "valid" | ExpectedIssue[];
  note?: string;
}

/** The shared sidecar convention (see docs/cli.md): `issues` in strict mode, `lenient` the lenient verdict. */
interface Sidecar {
  family: "v1";
  type: string;
  revision?: Revision;
  issues?: ExpectedIssue[];
  lenient?: "valid" | ExpectedIssue[];
  reason?: string;
}

function expectation(s: Sidecar): Expectation | undefined {
  if (s.issues === undefined) return undefined; // a valid fixture's sidecar names only its type and revision
  return { strict: s.issues, lenient: s.lenient ?? s.issues, ...(s.reason !== undefined ? { note: s.reason } : {}) };
}

export interface Fixture {
  revision: Revision;
  type: string;
  id: string;
  file: string;
  input: unknown;
  expect?: Expectation;
}

function list(revision: Revision, kind: "valid" | "invalid"): Fixture[] {
  const dir = join(ROOT, PATHS[revision].fixtures, kind);
  if (!existsSync(dir)) return [];
  const out: Fixture[] = [];
  for (const type of readdirSync(dir).sort()) {
    for (const f of readdirSync(join(dir, type)).sort()) {
      if (!f.endsWith(".json") || f.endsWith(".expect.json")) continue;
      const file = join(dir, type, f);
      const id = f.slice(0, -".json".length);
      const sidecarFile = join(dir, type, `${id}.expect.json`);
      const sidecar = existsSync(sidecarFile) ? (JSON.parse(readFileSync(sidecarFile, "utf8")) as Sidecar) : undefined;
      if (sidecar && (sidecar.revision ?? "1.0") !== revision) throw new Error(`${file}: its sidecar names revision ${sidecar.revision}`);
      const e = sidecar ? expectation(sidecar) : undefined;
      out.push({
        revision,
        type,
        id,
        file: `${PATHS[revision].fixtures}/${kind}/${type}/${f}`,
        input: JSON.parse(readFileSync(file, "utf8")),
        ...(e ? { expect: e } : {}),
      });
    }
  }
  return out;
}

export const validFixtures = (revision: Revision = "1.0"): Fixture[] => list(revision, "valid");
export const invalidFixtures = (revision: Revision = "1.0"): Fixture[] => list(revision, "invalid");

export function readJson(rel: string): any {
  return JSON.parse(readFileSync(join(ROOT, rel), "utf8"));
}
