/** Fixture loading shared by the v1 tests. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "../..");
export const FIXTURES = join(ROOT, "fixtures/v1");

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
  issues: ExpectedIssue[];
  lenient: "valid" | ExpectedIssue[];
  reason?: string;
}

function expectation(s: Sidecar): Expectation {
  return { strict: s.issues, lenient: s.lenient, ...(s.reason !== undefined ? { note: s.reason } : {}) };
}

export interface Fixture {
  type: string;
  id: string;
  file: string;
  input: unknown;
  expect?: Expectation;
}

function list(kind: "valid" | "invalid"): Fixture[] {
  const dir = join(FIXTURES, kind);
  if (!existsSync(dir)) return [];
  const out: Fixture[] = [];
  for (const type of readdirSync(dir).sort()) {
    for (const f of readdirSync(join(dir, type)).sort()) {
      if (!f.endsWith(".json") || f.endsWith(".expect.json")) continue;
      const file = join(dir, type, f);
      const id = f.slice(0, -".json".length);
      const sidecar = join(dir, type, `${id}.expect.json`);
      out.push({
        type,
        id,
        file: `${kind}/${type}/${f}`,
        input: JSON.parse(readFileSync(file, "utf8")),
        ...(existsSync(sidecar) ? { expect: expectation(JSON.parse(readFileSync(sidecar, "utf8")) as Sidecar) } : {}),
      });
    }
  }
  return out;
}

export const validFixtures = (): Fixture[] => list("valid");
export const invalidFixtures = (): Fixture[] => list("invalid");

export function readJson(rel: string): any {
  return JSON.parse(readFileSync(join(ROOT, rel), "utf8"));
}
