/**
 * A2A v1 family: schemas/v1/a2a.proto + a2a.upstream.json → the repaired bundles
 * (schemas/v1/a2a.json strict, a2a.lenient.json) → src/generated/v1/ (Ajv
 * standalone validators for the strict bundle, types, Zod models, metadata).
 *
 * `tsx scripts/generate/v1.ts` writes only the v1 outputs (`--check` compares);
 * `npm run generate` runs it with every other family.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { isStrictBase64, isStrictTimestamp } from "../../src/v1/formats.js";
import { compileModules, header, validatorDeclarations } from "./compile.js";
import type { FamilyOutput } from "./family.js";
import { deriveBundles } from "./v1/bundle.js";
import { emitApi, emitMeta, emitTypes, emitZod } from "./v1/emit.js";
import { parseProto } from "./v1/proto.js";

export const V1_PROTO = "schemas/v1/a2a.proto";
export const V1_UPSTREAM = "schemas/v1/a2a.upstream.json";
export const V1_STRICT = "schemas/v1/a2a.json";
export const V1_LENIENT = "schemas/v1/a2a.lenient.json";

/** Pure: the two source texts → the two bundle texts (stable key order, 2-space JSON). */
export function repairBundle(protoText: string, upstreamText: string): { strict: string; lenient: string } {
  const model = parseProto(protoText);
  const { strict, lenient } = deriveBundles(model, JSON.parse(upstreamText) as Record<string, unknown>);
  return { strict: JSON.stringify(strict, null, 2) + "\n", lenient: JSON.stringify(lenient, null, 2) + "\n" };
}

export function generateV1(root: string): FamilyOutput {
  const protoText = readFileSync(join(root, V1_PROTO), "utf8");
  const upstreamText = readFileSync(join(root, V1_UPSTREAM), "utf8");
  const model = parseProto(protoText);
  const { strict, lenient } = repairBundle(protoText, upstreamText);
  const strictSchema = JSON.parse(strict) as Record<string, any>;
  const names = model.messages.map((m) => m.name);

  const exportsOf = (id: string) => Object.fromEntries(names.map((n) => [n, `${id}#/$defs/${n}`]));
  // Lenient mode normalizes its input to the canonical form and reuses these (src/v1/lenient.ts),
  // so only the strict bundle becomes code; a2a.lenient.json is published for other languages.
  // Ajv's draft-07 class emits the same checks as Ajv2020 for the keywords the bundle uses,
  // without 2020's evaluated-properties bookkeeping (test/v1/ajv2020-parity.test.ts compares them).
  const strictCode = compileModules({
    draft: "07",
    schemas: [strictSchema],
    exports: exportsOf(strictSchema.$id),
    formats: { "date-time": isStrictTimestamp, uri: isAbsoluteUri, byte: isStrictBase64 },
    formatsImport: "../../v1/formats.js",
    // One function per definition, called by reference: inlining copies Message into every holder.
    // The issue words come from src/core, so Ajv's own messages are left out of the code.
    options: { inlineRefs: false },
  });

  const g = "src/generated/v1";
  const fromStrict = [V1_STRICT];
  const out = new Map<string, string>();
  out.set(V1_STRICT, strict);
  out.set(V1_LENIENT, lenient);
  const dts = (src: string[]) => header(src, "declarations") + validatorDeclarations(names, "../../core/validator.js");
  out.set(`${g}/strict-first.js`, header(fromStrict, "strict first-error validators (fast path, yes/no only)") + strictCode.first);
  out.set(`${g}/strict-full.js`, header(fromStrict, "strict all-errors validators (issue lists)") + strictCode.full);
  for (const f of ["strict-first", "strict-full"]) out.set(`${g}/${f}.d.ts`, dts(fromStrict));
  out.set(`${g}/types.ts`, emitTypes(strictSchema, header(fromStrict, "TypeScript types")));
  out.set(`${g}/zod.ts`, emitZod(strictSchema, header(fromStrict, "Zod models (strict mode)")));
  out.set(`${g}/api.ts`, emitApi(names, header(fromStrict, "validate/is/assert per message")));
  out.set(`${g}/meta.ts`, emitMeta(model, header([V1_PROTO], "messages, fields and RPCs")));
  return { family: "v1", files: out };
}

// Thin CLI: `tsx scripts/generate/v1.ts [--check]`.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [path, content] of generateV1(root).files) {
    const abs = join(root, path);
    const current = existsSync(abs) ? readFileSync(abs, "utf8") : undefined;
    if (current === content) continue;
    if (check) stale.push(path);
    else {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      console.log(`wrote ${path}`);
    }
  }
  if (stale.length > 0) {
    console.error(`v1 generated files are out of date:\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
}
