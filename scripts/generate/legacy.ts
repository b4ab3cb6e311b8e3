/** Legacy envelope family: schemas/legacy/*.json → src/generated/legacy/. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isUtcTimestamp } from "../../src/core/timestamp.js";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { compileModules, header, validatorDeclarations } from "./compile.js";
import type { FamilyOutput } from "./family.js";
import { generateTypes } from "./typescript.js";

/** Message schemas in message_type order; the type name is the schema's title. */
export const LEGACY_MESSAGE_FILES = [
  "request", "response", "handshake", "handshake-ack", "error", "discover-agents", "agent-announcement", "goodbye",
  "get-capabilities", "capabilities-response", "stream-start", "stream-data", "stream-end",
].map((t) => `${t}-message.json`);
export const LEGACY_PART_FILES = ["base-message.json", "auth-tag.json", "agent-card.json", "error-object.json"];

export function generateLegacy(root: string): FamilyOutput {
  const dir = join(root, "schemas/legacy");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  const expected = [...LEGACY_MESSAGE_FILES, ...LEGACY_PART_FILES].sort();
  if (files.join() !== expected.join()) throw new Error(`schemas/legacy holds ${files.join(", ")}; expected ${expected.join(", ")}`);
  const byFile = new Map(files.map((f) => [f, JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, any>]));
  const schemas = [...byFile.values()];

  const exported: Array<[string, string]> = [];
  for (const f of [...LEGACY_MESSAGE_FILES, ...LEGACY_PART_FILES]) {
    const s = byFile.get(f)!;
    exported.push([s.title, s.$id]);
  }
  const base = byFile.get("base-message.json")!;
  const messageNames = LEGACY_MESSAGE_FILES.map((f) => byFile.get(f)!.title as string);

  const { first, full } = compileModules({
    draft: "07",
    schemas,
    exports: Object.fromEntries(exported),
    formats: { "date-time": isUtcTimestamp, uri: isAbsoluteUri },
    formatsImport: "../../legacy/formats.js",
    // isUtcTimestamp accepts only strings the utcTimestamp pattern accepts (test/core/timestamp.test.ts).
    patternImpliedBy: ["date-time"],
  });

  const sources = ["schemas/legacy/*.json"];
  const names = exported.map(([n]) => n);
  const types = generateTypes({
    schemas: new Map(schemas.map((s) => [s.$id, s])),
    types: [
      ...exported,
      ["MessageType", `${base.$id}#/definitions/messageType`],
    ],
    unions: [["LegacyMessage", messageNames, "Any of the 13 legacy messages, discriminated by message_type."]],
  });

  const out = new Map<string, string>();
  const g = "src/generated/legacy";
  out.set(`${g}/first.js`, header(sources, "first-error validators (fast path)") + first);
  out.set(`${g}/full.js`, header(sources, "all-errors validators (issue lists)") + full);
  const dts = header(sources, "declarations") + validatorDeclarations(names, "../../core/validator.js");
  out.set(`${g}/first.d.ts`, dts);
  out.set(`${g}/full.d.ts`, dts);
  out.set(`${g}/types.ts`, header(sources, "TypeScript types") + types);
  return { family: "legacy", files: out };
}
