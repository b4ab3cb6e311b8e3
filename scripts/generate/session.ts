/**
 * Session family ("A2A Protocol JSON Specification"): schemas/session/*.json (hand-written, the default,
 * tolerant mode) → schemas/session/strict/*.json (derived: every object schema
 * that lists properties is closed) → src/generated/session/ (Ajv standalone
 * validators and TypeScript types for both modes, Zod models for both modes).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { isEmail, isSessionTimestamp } from "../../src/session/formats.js";
import { SESSION_RULES } from "../../src/session/rules.js";
import { article, emitFamily, REGISTRY, type Family, type FamilyOutput } from "./family.js";
import { asAdditional, closable, closedKeyword, closeObjects } from "./closed.js";

/** Type name → schema file, in dependency order (a type's references come before it). */
export const SESSION_TYPES = [
  ["Artifact", "artifact.json"],
  ["Session", "session.json"],
  ["Message", "message.json"],
  ["AgentCard", "agent-card.json"],
  ["CreateSessionRequest", "create-session-request.json"],
  ["CreateSessionResponse", "create-session-response.json"],
  ["SendMessageRequest", "send-message-request.json"],
  ["SendMessageResponse", "send-message-response.json"],
  ["GetSessionMessagesResponse", "get-session-messages-response.json"],
  ["ErrorResponse", "error-response.json"],
] as const;
export const SESSION_PART_FILES = ["common.json"];

/** isSessionTimestamp accepts only strings the timestamp pattern matches, so compiled code skips that pattern. */
const PATTERN_IMPLIED_BY: readonly string[] = ["date-time"];

const ID_BASE = "https://cdn.jsdelivr.net/npm/a2a-schemas/schemas/session/";
const STRICT_BASE = ID_BASE + "strict/";

type Json = Record<string, any>;

/**
 * The strict variant: the same schema with `additionalProperties: false` on every
 * object schema that lists its properties. Objects without `properties`
 * (metadata, parameters, details) stay free-form by design, and `examples`,
 * `enum` and `const` are data, so they are not walked.
 */
export function deriveStrict(schema: Json): Json {
  const strict = closeObjects(schema);
  strict.$id = String(schema.$id).replace(ID_BASE, STRICT_BASE);
  if (typeof strict.description === "string") strict.description = `Strict mode: no unknown properties. ${strict.description}`;
  return strict;
}

// ------------------------------------------------------------------ generator

export function generateSession(root: string): FamilyOutput {
  const dir = join(root, "schemas/session");
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".json"))
    .map((e) => e.name)
    .sort();
  const expected = [...SESSION_TYPES.map(([, f]) => f), ...SESSION_PART_FILES].sort();
  if (files.join() !== expected.join()) throw new Error(`schemas/session holds ${files.join(", ")}; expected ${expected.join(", ")}`);
  const defaults = new Map<string, Json>();
  const stricts = new Map<string, Json>();
  const strictFiles = new Map<string, string>();
  for (const f of files) {
    const s = JSON.parse(readFileSync(join(dir, f), "utf8")) as Json;
    if (s.$id !== ID_BASE + f) throw new Error(`schemas/session/${f}: $id must be ${ID_BASE + f}`);
    const strict = deriveStrict(s);
    defaults.set(s.$id, s);
    stricts.set(strict.$id, strict);
    strictFiles.set(f, JSON.stringify(strict, null, 2) + "\n");
  }
  for (const [name, file] of SESSION_TYPES) {
    if (defaults.get(ID_BASE + file)!.title !== name) throw new Error(`schemas/session/${file}: title must be ${name}`);
  }

  const names = SESSION_TYPES.map(([n]) => n);
  const exportsAt = (base: string) => Object.fromEntries(SESSION_TYPES.map(([n, f]) => [n, base + f]));
  const src = ["schemas/session/*.json"];
  const strictSrc = ["schemas/session/strict/*.json"];
  const modes = "(default mode, or `{ mode: \"strict\" }`)";
  const family: Family = {
    id: "session",
    sources: src,
    formats: { module: "session/formats.js", impl: { "date-time": isSessionTimestamp, uri: isAbsoluteUri, email: isEmail } },
    patternImpliedBy: PATTERN_IMPLIED_BY,
    validators: [
      // Both modes in one compilation: strict mode is a flag (src/core/closed.ts) that turns on the
      // `additionalProperties: false` checks of schemas/session/strict/*.json.
      {
        prefix: "",
        what: "both modes",
        sources: [...src, ...strictSrc],
        compile: { draft: "2020", schemas: [...defaults.values()].map(closable), exports: exportsAt(ID_BASE), configure: closedKeyword("../../core/closed.js") },
      },
    ],
    types: [
      { file: "types.ts", what: "TypeScript types, default mode (unknown properties kept)", schemas: defaults, types: SESSION_TYPES.map(([n, f]) => [n, ID_BASE + f] as const), registry: REGISTRY },
      {
        file: "strict-types.ts",
        what: "TypeScript types, strict mode (exact)",
        sources: strictSrc,
        schemas: stricts,
        types: SESSION_TYPES.map(([n, f]) => [n, STRICT_BASE + f] as const),
        registry: REGISTRY,
      },
    ],
    zod: {
      file: "zod.ts",
      what: "Zod models for both modes",
      sources: [...src, ...strictSrc],
      modes: [
        { prefix: "", schemas: defaults, models: SESSION_TYPES.map(([n, f]) => [n, ID_BASE + f] as const), doc: (n) => `${n}, default (tolerant of unknown properties).` },
        { prefix: "Strict", schemas: stricts, models: SESSION_TYPES.map(([n, f]) => [n, STRICT_BASE + f] as const), doc: (n) => `${n}, strict (no unknown properties).` },
      ],
      // Only Artifact: the other types reach their artifacts through ArtifactSchema.
      rules: { import: 'import { SESSION_RULES } from "../../session/rules.js";', of: { Artifact: "SESSION_RULES.Artifact" } },
    },
    api: {
      runtime: "../../session/validators.js",
      names,
      typeImports: { T: "./types.js", S: "./strict-types.js", V: "../../session/validators.js" },
      validatorModules: { first: "./first.js", full: "./full.js" },
      validatorArgs: (n) => `first.${n}, full.${n}`,
      docs: (n) => ({
        validate: `Validates ${article(n)} session-family ${n} (A2A Protocol JSON Specification) against schemas/session/${SESSION_TYPES.find(([t]) => t === n)![1]}: default mode tolerates unknown properties, \`{ mode: "strict" }\` rejects them. Never throws: returns a ValidationResult with every issue.`,
        guard: `Type guard: is \`input\` a valid ${n} ${modes}? Never throws.`,
        assert: `Throws a ValidationError listing every issue unless \`input\` is a valid ${n} ${modes}.`,
      }),
      guardType: (n) => `V.SessionGuard<T.${n}, S.${n}>`,
      assertType: (n) => `V.SessionAssert<T.${n}, S.${n}>`,
      table: { name: "SESSION_VALIDATORS", doc: "Every session validator by type name (the CLI and the fixture tests look them up here)." },
    },
  };
  const artifactRule = [{ id: "session.artifact-data", description: "an artifact's data suits its type (A2A Protocol JSON Specification, section Multimodal Content): a string for text/*, \"base64:\" and standard padded Base64 for image/*, audio/*, video/*, application/octet-stream and application/pdf, an absolute URL for url/reference" }];
  const out = emitFamily({
    ...family,
    jsonSchema: {
      // From the shipped files (the compiled schemas carry this package's own `a2aClosed` keyword).
      modes: [
        { prefix: "default-", schemas: [...defaults.values()], exports: exportsAt(ID_BASE) },
        { prefix: "strict-", property: "strict", schemas: [...stricts.values()], exports: exportsAt(STRICT_BASE) },
      ],
      rules: Object.fromEntries(Object.keys(SESSION_RULES).map((n) => [n, artifactRule])),
      formatDocs: {
        "date-time": "an RFC 3339 timestamp that is a real date and time (the `formats[\"date-time\"]` exported by a2a-schemas/session)",
        uri: "an absolute URI (RFC 3986 section 4.3; the `formats.uri` exported by a2a-schemas/session)",
        email: "an email address (the `formats.email` exported by a2a-schemas/session)",
      },
    },
  });
  for (const [f, text] of strictFiles) out.set(`schemas/session/strict/${f}`, text);
  for (const f of ["first.js", "full.js"]) out.set(`src/generated/session/${f}`, asAdditional(out.get(`src/generated/session/${f}`)!));
  return { family: "session", files: out };
}
