/** Loads fixtures/v0.3/{valid,invalid}/<Type>/: documents, and the sidecars of the invalid ones. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const FIXTURES = join(import.meta.dirname, "../../fixtures/v0.3");

export interface Sidecar {
  readonly family: string;
  readonly type: string;
  readonly mode?: "strict" | "default";
  readonly issues: ReadonlyArray<{ readonly pointer: string; readonly code: string }>;
  readonly reason: string;
}

export interface Fixture {
  readonly type: string;
  readonly name: string;
  readonly doc: unknown;
  readonly expect?: Sidecar;
}

function load(kind: "valid" | "invalid"): Fixture[] {
  const out: Fixture[] = [];
  const base = join(FIXTURES, kind);
  if (!existsSync(base)) return out;
  for (const type of readdirSync(base).sort()) {
    const dir = join(base, type);
    for (const f of readdirSync(dir).sort()) {
      if (!f.endsWith(".json") || f.endsWith(".expect.json")) continue;
      const name = f.slice(0, -5);
      const doc = JSON.parse(readFileSync(join(dir, f), "utf8")) as unknown;
      const side = join(dir, `${name}.expect.json`);
      const expect = kind === "invalid" ? (JSON.parse(readFileSync(side, "utf8")) as Sidecar) : undefined;
      out.push({ type, name, doc, ...(expect ? { expect } : {}) });
    }
  }
  return out;
}

export const validFixtures = (): Fixture[] => load("valid");
export const invalidFixtures = (): Fixture[] => load("invalid");
