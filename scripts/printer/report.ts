/**
 * The printer property test (test/v1/printer/printer.test.ts) as a survey: every
 * check on every message type of both revisions, without stopping at the first
 * failure, grouped into categories (mode, printer, issue code, the proto field
 * the issue is at) with the shortest printed document of each category.
 *
 *   npx tsx scripts/printer/report.ts [runs-per-type=200] > printer-report.md
 */
import { create, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import fc from "fast-check";
import { validateIn, type Mode } from "../../test/v1/printer/adapter.js";
import { MessageArbitraries, type GeneratorOptions } from "../../test/v1/printer/arbitraries.js";
import { descriptors, REVISIONS, type Revision } from "../../test/v1/printer/descriptors.js";
import { printJson, PRINTERS, type PrinterName } from "../../test/v1/printer/printers.js";

const RUNS = Number(process.argv[2] ?? 200);
const SEED = Number(process.env.A2A_PRINTER_SEED ?? 20260917);

/** `["tasks", 0, "contextId"]` from `ListTasksResponse` → `Task.context_id`. */
function fieldAt(desc: DescMessage, path: readonly (string | number)[]): string {
  let m: DescMessage | undefined = desc;
  let last = desc.name;
  for (let i = 0; i < path.length && m; i++) {
    const seg = path[i]!;
    if (typeof seg === "number") continue;
    const f: DescField | undefined = m.fields.find((x) => x.jsonName === seg || x.name === seg);
    if (!f) return `${m.name}.${seg}`;
    last = `${m.name}.${f.name}`;
    if (f.fieldKind === "map") {
      i++; // the map key
      m = f.mapKind === "message" ? f.message : undefined;
    } else if (f.fieldKind === "message" || (f.fieldKind === "list" && f.listKind === "message")) {
      m = f.message;
      if (m?.typeName.startsWith("google.protobuf.")) return last;
    } else m = undefined;
  }
  return last;
}

/** The path of the first place two JSON values differ (key order included), or undefined. */
function firstDifference(a: unknown, b: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return Object.is(a, b) ? undefined : path;
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.join("\u0000") !== kb.join("\u0000")) return path;
  for (const k of ka) {
    const seg = Array.isArray(a) ? Number(k) : k;
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], [...path, seg]);
    if (d) return d;
  }
  return undefined;
}

interface Example {
  revision: Revision;
  type: string;
  doc: string;
  issues: string;
  count: number;
  types: Set<string>;
  revisions: Set<Revision>;
  flavors: Set<string>;
}

const categories = new Map<string, Example>();

function record(key: string, flavor: string, revision: Revision, type: string, doc: string, issues: string): void {
  const e = categories.get(key);
  if (!e) {
    categories.set(key, { revision, type, doc, issues, count: 1, types: new Set([type]), revisions: new Set([revision]), flavors: new Set([flavor]) });
    return;
  }
  e.count++;
  e.types.add(type);
  e.revisions.add(revision);
  e.flavors.add(flavor);
  if (doc.length < e.doc.length) Object.assign(e, { revision, type, doc, issues });
}

/** Documents and rejections per revision and check. */
const tally = new Map<string, { documents: number; rejected: number }>();

const CHECKS: readonly [PrinterName, Mode][] = [
  ["default", "lenient"],
  ["alwaysEmitImplicit", "lenient"],
  ["alwaysEmitImplicit", "strict"],
  ...PRINTERS.filter((p) => p !== "default" && p !== "alwaysEmitImplicit").map((p) => [p, "lenient"] as [PrinterName, Mode]),
];

const FLAVORS: readonly [string, GeneratorOptions][] = [
  ["required-non-default", {}],
  ["required-at-allowed-defaults", { requiredAtAllowedDefaults: true }],
];

let documents = 0;
let rejected = 0;
for (const [flavor, options] of FLAVORS) {
  for (const revision of REVISIONS) {
    const d = descriptors(revision);
    const gen = new MessageArbitraries(d, options);
    for (const desc of d.messages) {
      const inits = fc.sample(gen.message(desc), { seed: SEED, numRuns: RUNS });
      for (const init of inits) {
        const msg = create(desc, init as never) as Message;
        for (const [printer, mode] of CHECKS) {
          const doc = printJson(desc, msg, printer);
          documents++;
          const t = tally.get(`${revision} | ${mode} | ${printer}`) ?? { documents: 0, rejected: 0 };
          tally.set(`${revision} | ${mode} | ${printer}`, t);
          t.documents++;
          const r = validateIn(revision, mode, desc.name, JSON.parse(doc));
          if (r.ok && mode === "lenient" && printer === "alwaysEmitImplicit") {
            // The full output is canonical already: lenient's canonical copy must be the same document.
            const at = firstDifference(JSON.parse(doc), r.value, []);
            if (at) {
              rejected++;
              t.rejected++;
              record(`lenient / alwaysEmitImplicit: canonical copy differs at ${fieldAt(desc, at)}`, flavor, revision, desc.name, doc, `at /${at.join("/")}: ${JSON.stringify(r.value).slice(0, 400)}`);
            }
          }
          if (r.ok) continue;
          t.rejected++;
          rejected++;
          const issues = r.issues.map((i) => `${i.pointer || "(root)"} ${i.code}${i.property ? ` [${i.property}]` : ""}: ${i.message}`).join("\n");
          for (const i of r.issues) {
            const at = fieldAt(desc, i.property && i.path[i.path.length - 1] !== i.property ? [...i.path, i.property] : i.path);
            record(`${mode} / ${printer}: ${i.code} at ${at}`, flavor, revision, desc.name, doc, issues);
          }
        }
      }
    }
  }
}

console.log(`# Printer survey: ${RUNS} messages per type, seed ${SEED}\n`);
console.log(`${documents} documents validated, ${rejected} rejected, ${categories.size} categories.\n`);
console.log(`| revision | mode | printer | documents | rejected |\n| --- | --- | --- | --- | --- |`);
for (const [k, t] of tally) console.log(`| ${k} | ${t.documents} | ${t.rejected} |`);
console.log("");
for (const [key, e] of [...categories].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`## ${key}\n`);
  console.log(`${e.count} issues; revisions ${[...e.revisions].join(", ")}; generator ${[...e.flavors].join(", ")}; in ${[...e.types].sort().join(", ")}\n`);
  console.log(`Shortest: revision ${e.revision}, ${e.type}\n\n\`\`\`json\n${e.doc}\n\`\`\`\n\n\`\`\`\n${e.issues}\n\`\`\`\n`);
}
