/**
 * Issue 9, section 3: the validators against protobuf's own JSON printing.
 *
 * For every message of each revision's proto (schemas/v1/a2a.proto for "1.0",
 * schemas/v1/2026-02-17/a2a.proto), fast-check generates valid messages
 * (arbitraries.ts), protobuf-es prints them from the descriptors the buf CLI built
 * from that proto (gen/, scripts/printer/generate.ts), and:
 *
 * - lenient mode accepts the default output (default-valued fields omitted);
 * - lenient mode accepts the full output (`alwaysEmitImplicit: true`);
 * - strict mode accepts the full output (every field printed, so REQUIRED ones are there).
 *
 * Also, in lenient mode: the other outputs a conformant printer may produce
 * (snake_case names, enums as numbers, unknown enum numbers, Go's
 * EmitUnpopulated `null`s), and the canonical copy of the full output is the
 * full output itself.
 *
 * A failure names the revision, message, printer and mode, and shows the printed
 * JSON and the library's issues (after fast-check shrank the message).
 */
import { create, isFieldSet, type DescMessage, type Message } from "@bufbuild/protobuf";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateIn, type Mode } from "./adapter.js";
import { MessageArbitraries, type GeneratorOptions } from "./arbitraries.js";
import { descriptors, REVISIONS, type Revision } from "./descriptors.js";
import { printJson, type PrinterName } from "./printers.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** A2A_PRINTER_SEED overrides the fixed seed (to explore further locally). */
const SEED = Number(process.env.A2A_PRINTER_SEED ?? 20260917);
/** Messages per type and check; A2A_PRINTER_RUNS overrides (e.g. 2000 for a longer local run). */
const RUNS = Number(process.env.A2A_PRINTER_RUNS ?? 200);
const EXTRA_RUNS = Math.max(1, Math.floor(RUNS / 2));

function issuesText(r: ReturnType<typeof validateIn>): string {
  if (r.ok) return "";
  return r.issues.map((i) => `  ${i.pointer || "(root)"} ${i.code}${i.property ? ` [${i.property}]` : ""}: ${i.message}`).join("\n");
}

function describeFailure(revision: Revision, type: string, printer: PrinterName, mode: Mode, doc: string, why: string): string {
  return [`revision ${revision}, ${type}, printer ${printer}, ${mode} mode: ${why}`, `printed JSON:`, `  ${doc}`, ``].join("\n");
}

/** Throws (with the document and the issues) unless `mode` accepts what `printer` printed. */
function expectAccepted(revision: Revision, desc: DescMessage, msg: Message, printer: PrinterName, mode: Mode): void {
  const doc = printJson(desc, msg, printer);
  const r = validateIn(revision, mode, desc.name, JSON.parse(doc));
  if (!r.ok) throw new Error(describeFailure(revision, desc.name, printer, mode, doc, `rejected; issues:\n${issuesText(r)}`));
}

interface Check {
  readonly title: string;
  readonly runs: number;
  /** Generator options on top of the flavor's. */
  readonly generator?: GeneratorOptions;
  readonly run: (revision: Revision, desc: DescMessage, msg: Message) => void;
}

/** What the issue's "done when" demands. */
const CORE: readonly Check[] = [
  { title: "lenient accepts the default output", runs: RUNS, run: (rev, d, m) => expectAccepted(rev, d, m, "default", "lenient") },
  { title: "lenient accepts the full output (alwaysEmitImplicit)", runs: RUNS, run: (rev, d, m) => expectAccepted(rev, d, m, "alwaysEmitImplicit", "lenient") },
  { title: "strict accepts the full output (alwaysEmitImplicit)", runs: RUNS, run: (rev, d, m) => expectAccepted(rev, d, m, "alwaysEmitImplicit", "strict") },
];

/** The other documents a conformant printer may emit, and the canonical copy. */
const EXTRA: readonly Check[] = [
  { title: "lenient accepts snake_case names (useProtoFieldName)", runs: EXTRA_RUNS, run: (rev, d, m) => expectAccepted(rev, d, m, "useProtoFieldName", "lenient") },
  { title: "lenient accepts enums as numbers (enumAsInteger)", runs: EXTRA_RUNS, run: (rev, d, m) => expectAccepted(rev, d, m, "enumAsInteger", "lenient") },
  { title: "lenient accepts Go EmitUnpopulated nulls", runs: EXTRA_RUNS, run: (rev, d, m) => expectAccepted(rev, d, m, "goEmitUnpopulated", "lenient") },
  {
    title: "lenient accepts enum numbers no enum value names (open enums)",
    runs: EXTRA_RUNS,
    generator: { unknownEnumNumbers: true },
    run: (rev, d, m) => {
      expectAccepted(rev, d, m, "default", "lenient");
      expectAccepted(rev, d, m, "alwaysEmitImplicit", "lenient");
    },
  },
  {
    title: "lenient's canonical copy of the full output is the full output",
    runs: EXTRA_RUNS,
    run: (rev, d, m) => {
      const doc = printJson(d, m, "alwaysEmitImplicit");
      const r = validateIn(rev, "lenient", d.name, JSON.parse(doc));
      if (!r.ok) throw new Error(describeFailure(rev, d.name, "alwaysEmitImplicit", "lenient", doc, `rejected; issues:\n${issuesText(r)}`));
      const got = JSON.stringify(r.value);
      if (got !== doc) throw new Error(describeFailure(rev, d.name, "alwaysEmitImplicit", "lenient", doc, `canonical copy differs:\n  ${got}`));
    },
  },
];

function propertyFor(revision: Revision, desc: DescMessage, options: GeneratorOptions, check: Check): void {
  const arb = new MessageArbitraries(descriptors(revision), { ...options, ...check.generator }).message(desc);
  fc.assert(
    fc.property(arb, (init) => {
      check.run(revision, desc, create(desc, init as never) as Message);
    }),
    { seed: SEED, numRuns: check.runs },
  );
}

describe("descriptor sets (test/v1/printer/gen) are built from the current protos", () => {
  it.each(REVISIONS)("%s", (revision) => {
    const d = descriptors(revision);
    const sha = createHash("sha256").update(readFileSync(join(ROOT, d.protoPath))).digest("hex");
    expect(sha, `${d.protoPath} changed: run npx tsx scripts/printer/generate.ts`).toBe(d.protoSha256);
    expect(d.messages.length).toBeGreaterThan(40);
  });
});

describe("the message generator", () => {
  it.each(REVISIONS)("%s: sets every field and every oneof member of every message somewhere in the sample", (revision) => {
    const d = descriptors(revision);
    const gen = new MessageArbitraries(d);
    const unset: string[] = [];
    for (const desc of d.messages) {
      const seen = new Set<string>();
      for (const init of fc.sample(gen.message(desc), { seed: SEED, numRuns: 100 })) {
        const msg = create(desc, init as never) as Message;
        for (const f of desc.fields) if (isFieldSet(msg, f)) seen.add(f.name);
      }
      for (const f of desc.fields) if (!seen.has(f.name)) unset.push(`${desc.name}.${f.name}`);
    }
    expect(unset).toEqual([]);
  });
});

const FLAVORS: readonly [string, GeneratorOptions][] = [
  ["REQUIRED fields non-default", {}],
  ["REQUIRED fields at the defaults the library allows", { requiredAtAllowedDefaults: true }],
];

for (const [flavor, options] of FLAVORS) {
  for (const revision of REVISIONS) {
    const types = descriptors(revision).messages;
    describe(`proto3 JSON printer output, revision ${revision}, ${flavor}`, () => {
      for (const check of options.requiredAtAllowedDefaults ? CORE : [...CORE, ...EXTRA]) {
        describe(check.title, () => {
          it.each(types.map((d) => [d.name, d] as const))("%s", (_name, desc) => propertyFor(revision, desc, options, check));
        });
      }
    });
  }
}
