/** Legacy envelope family: schemas/legacy/*.json → src/generated/legacy/. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isUtcTimestamp } from "../../src/core/timestamp.js";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { article, emitFamily, REGISTRY, type Family, type FamilyOutput } from "./family.js";
import { LEGACY_RULES } from "../../src/legacy/rules.js";

/** What the rules in code check, for the validators' documentation. */
const RULES_DOC = "auth.agent_id and an agent card's agent_id equal sender_id; the payload serializes to at most 10 MiB";

/** The rules in code, for the Standard JSON Schema's `x-a2a-rules` (src/legacy/rules.ts). */
const LEGACY_RULES_JSON = [
  { id: "legacy.sender-id", description: "auth.agent_id, when present, equals sender_id; in handshake and handshake_ack messages so does payload.agent_card.agent_id" },
  { id: "legacy.payload-size", description: "payload serializes to at most 10,485,760 bytes of UTF-8 (10 MiB) and is plain JSON" },
];

/** What the legacy formats check (src/legacy/formats.ts), for `x-a2a-rules`. */
const LEGACY_FORMAT_DOCS = {
  "date-time": "a UTC timestamp ending in \"Z\" that is a real date and time (the `formats[\"date-time\"]` exported by a2a-schemas/legacy; the schema's pattern states the shape)",
  uri: "an absolute URI (RFC 3986 section 4.3; the `formats.uri` exported by a2a-schemas/legacy)",
};

/** isUtcTimestamp accepts only strings the utcTimestamp pattern accepts (test/core/timestamp.test.ts), so compiled checks skip that pattern. */
const PATTERN_IMPLIED_BY: readonly string[] = ["date-time"];

/** The definitions of base-message.json the Zod entry exports as building blocks: model name → definition. */
const BUILDING_BLOCKS = [
  ["UuidV4", "uuidV4"],
  ["AgentId", "agentId"],
  ["RecipientId", "recipientId"],
  ["UtcTimestamp", "utcTimestamp"],
  ["MessageType", "messageType"],
] as const;

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

  const sources = ["schemas/legacy/*.json"];
  const names = exported.map(([n]) => n);
  const fileOf = new Map([...byFile].map(([f, s]) => [s.title as string, f]));
  const family: Family = {
    id: "legacy",
    sources,
    formats: { module: "legacy/formats.js", impl: { "date-time": isUtcTimestamp, uri: isAbsoluteUri } },
    patternImpliedBy: PATTERN_IMPLIED_BY,
    validators: [{ prefix: "", what: "", compile: { draft: "07", schemas, exports: Object.fromEntries(exported) } }],
    types: [
      {
        file: "types.ts",
        what: "TypeScript types",
        schemas: new Map(schemas.map((s) => [s.$id, s])),
        types: [...exported, ["MessageType", `${base.$id}#/definitions/messageType`]],
        unions: [["LegacyMessage", messageNames, "Any of the 13 legacy messages, discriminated by message_type."]],
        registry: REGISTRY,
      },
    ],
    zod: {
      file: "zod.ts",
      what: "Zod models",
      modes: [
        {
          prefix: "",
          schemas: new Map(schemas.map((s) => [s.$id, s])),
          models: [...BUILDING_BLOCKS.map(([n, d]) => [n, `${base.$id}#/definitions/${d}`] as const), ...exported],
          doc: (n) => {
            const block = BUILDING_BLOCKS.find(([b]) => b === n);
            if (block === undefined) return `Zod model of the ${n}, with the same checks as validate${n} (\`z.infer\` is the ${n} type).`;
            const d = base.definitions[block[1]];
            return `Zod model of base-message.json#/definitions/${block[1]} (${d.title}): ${d.description}`;
          },
        },
      ],
      rules: { import: 'import { LEGACY_RULES } from "../../legacy/rules.js";', of: Object.fromEntries(Object.keys(LEGACY_RULES).map((n) => [n, `LEGACY_RULES.${n}`])) },
      unions: [["LegacyMessage", messageNames, "Any legacy message, discriminated by message_type.", "message_type"]],
    },
    api: {
      runtime: "../../legacy/validators.js",
      names,
      typeImports: { T: "./types.js", C: "../../core/validator.js" },
      validatorModules: { first: "./first.js", full: "./full.js" },
      validatorArgs: (n) => `first.${n}, full.${n}`,
      docs: (n) => ({
        validate: `Validates ${article(n)} ${n} against schemas/legacy/${fileOf.get(n)}${n in LEGACY_RULES ? ` and the checks in code (${RULES_DOC})` : ""}. Never throws: returns a ValidationResult with every issue.`,
        guard: `Type guard: is \`input\` a valid ${n}? Never throws.`,
        assert: `Throws a ValidationError listing every issue unless \`input\` is a valid ${n}.`,
      }),
      guardType: (n) => `(input: unknown) => input is T.${n}`,
      assertType: (n) => `(input: unknown) => asserts input is T.${n}`,
      dispatch: [
        {
          name: "VALIDATORS_BY_TYPE",
          doc: "The validator for each message_type.",
          type: "{ readonly [K in T.MessageType]: C.Validator<Extract<T.LegacyMessage, { message_type: K }>> }",
          members: LEGACY_MESSAGE_FILES.map((f) => [byFile.get(f)!.properties.message_type.const as string, byFile.get(f)!.title as string] as const),
        },
      ],
    },
  };

  return { family: "legacy", files: emitFamily({ ...family, jsonSchema: { rules: Object.fromEntries(Object.keys(LEGACY_RULES).map((n) => [n, LEGACY_RULES_JSON])), formatDocs: LEGACY_FORMAT_DOCS } }) };
}
