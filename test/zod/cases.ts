/**
 * Every invalid fixture of every family with a Zod model, as a case for both engines: the
 * validator's issues and the Zod model's (mapped by the family's issuesFromZod).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ValidationIssue } from "../../src/core/issue.js";
import type { Validator } from "../../src/core/validator.js";
import * as legacy from "../../src/legacy/index.js";
import * as legacyZod from "../../src/legacy/zod.js";
import { SESSION_VALIDATORS, type SessionTypeName } from "../../src/session/index.js";
import * as sessionZod from "../../src/session/zod.js";
import { validateByName } from "../../src/v1/validators.js";
import * as v1Zod from "../../src/v1/zod.js";
import * as v2026Zod from "../../src/v1/2026-02-17/zod.js";
import { invalidFixtures as sessionInvalid } from "../session/fixtures.js";
import { invalidFixtures as v1Invalid, REVISIONS } from "../v1/helpers.js";

type Parse = { safeParse(x: unknown): { success: boolean; error?: any } };

export interface Case {
  readonly family: "legacy" | "session" | "v1" | "v1/2026-02-17";
  readonly id: string;
  readonly input: unknown;
  /** The validator's issues (undefined: it accepts the input). */
  readonly validator: () => readonly ValidationIssue[] | undefined;
  /** The Zod model's issues through the family's mapper (undefined: it accepts the input). */
  readonly zod: () => readonly ValidationIssue[] | undefined;
}

const issuesOf = (r: { ok: boolean; issues?: readonly ValidationIssue[] }) => (r.ok ? undefined : r.issues!);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".json") && !e.name.endsWith(".expect.json") ? [join(dir, e.name)] : []));
}

const LEGACY_AJV: Record<string, Validator<unknown>> = {};
for (const value of Object.values(legacy)) {
  if (typeof value === "function" && typeof (value as Partial<Validator<unknown>>).typeName === "string" && "check" in value) LEGACY_AJV[(value as Validator<unknown>).typeName] = value as Validator<unknown>;
}

/** A legacy case for `type` (a schema title or LegacyMessage). */
export function legacyCase(type: string, input: unknown, id = type): Case {
  const zod = (legacyZod as unknown as Record<string, Parse>)[`${type}Schema`]!;
  return {
    family: "legacy",
    id,
    input,
    validator: () => issuesOf(LEGACY_AJV[type]!(input)),
    zod: () => {
      const r = zod.safeParse(input);
      return r.success ? undefined : legacyZod.issuesFromZod(r.error, input);
    },
  };
}

export function sessionCase(type: string, mode: "default" | "strict", input: unknown, id = type): Case {
  const zod = sessionZod.SESSION_ZOD_MODELS[type as SessionTypeName][mode] as Parse;
  return {
    family: "session",
    id,
    input,
    validator: () => issuesOf(SESSION_VALIDATORS[type as SessionTypeName](input, { mode })),
    zod: () => {
      const r = zod.safeParse(input);
      return r.success ? undefined : sessionZod.issuesFromZod(r.error, input);
    },
  };
}

export function v1Case(revision: "1.0" | "2026-02-17", type: string, input: unknown, id = type): Case {
  const zod = (revision === "1.0" ? v1Zod.schemas : v2026Zod.schemas) as Record<string, Parse>;
  const map = revision === "1.0" ? v1Zod.issuesFromZod : v2026Zod.issuesFromZod;
  return {
    family: revision === "1.0" ? "v1" : "v1/2026-02-17",
    id,
    input,
    validator: () => issuesOf(validateByName(type, input, { revision })),
    zod: () => {
      const r = zod[type]!.safeParse(input);
      return r.success ? undefined : map(r.error, input, type as never);
    },
  };
}

const V1_REAL = join(import.meta.dirname, "../../fixtures/v1/real/invalid");
const LEGACY_ROOT = join(import.meta.dirname, "../../fixtures/legacy/invalid");

/** Every invalid fixture of legacy, session and both v1 revisions. */
export function fixtureCases(): Case[] {
  const out: Case[] = [];
  for (const file of walk(LEGACY_ROOT).sort()) {
    const side = JSON.parse(readFileSync(file.replace(/\.json$/, ".expect.json"), "utf8")) as { type: string };
    out.push(legacyCase(side.type, JSON.parse(readFileSync(file, "utf8")), `legacy/${relative(LEGACY_ROOT, file).split(sep).join("/")}`));
  }
  for (const f of sessionInvalid()) {
    const mode = f.expect?.mode === "strict" ? "strict" : "default";
    out.push(sessionCase(f.type, mode, f.doc, `session/${f.type}/${f.name}`));
  }
  for (const revision of REVISIONS) for (const f of v1Invalid(revision)) out.push(v1Case(revision, f.type, f.input, f.file));
  // Real documents from SDKs, the TCK and the specification (v1.0) that the validators reject.
  for (const file of walk(V1_REAL).sort()) {
    const side = JSON.parse(readFileSync(file.replace(/\.json$/, ".expect.json"), "utf8")) as { type: string; revision?: "1.0" | "2026-02-17" };
    // JSON-RPC envelopes have no Zod model (the models are of messages).
    if (!Object.hasOwn(side.revision === "2026-02-17" ? v2026Zod.schemas : v1Zod.schemas, side.type)) continue;
    out.push(v1Case(side.revision ?? "1.0", side.type, JSON.parse(readFileSync(file, "utf8")), `fixtures/v1/real/invalid/${relative(V1_REAL, file).split(sep).join("/")}`));
  }
  return out;
}

/** One issue as the comparison sees it. */
export const key = (i: ValidationIssue): string => `${i.pointer} ${i.code}: ${i.message}${i.hint !== undefined ? ` (hint: ${i.hint})` : ""}`;
export const keys = (issues: readonly ValidationIssue[] | undefined): string[] | undefined => issues?.map(key).sort();
