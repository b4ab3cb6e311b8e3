/** The session family (the "A2A Protocol JSON Specification", REST flavour), adapted to the CLI's registry. */
import type { SessionTypeName as Name } from "../../session/validators.js";
import { readSchemaFile } from "../package.js";
import { keyMatcher, missingRequired, type KeyShape } from "./keys.js";
import { lazy, type Family, type TypeInfo } from "../registry.js";

// Detection reads the schema files; the validators load on first use.
const impl = lazy(() => import("../../session/index.js"));

const NAMES: readonly Name[] = [
  "AgentCard",
  "Session",
  "Message",
  "Artifact",
  "CreateSessionRequest",
  "CreateSessionResponse",
  "SendMessageRequest",
  "SendMessageResponse",
  "GetSessionMessagesResponse",
  "ErrorResponse",
];

/** `CreateSessionRequest` → `create-session-request` (the schema file name) */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c, i: number) => (i ? "-" : "") + c.toLowerCase());

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

// The keys come from the schema files themselves, so detection follows the schemas;
// read on the first document without a discriminator key, not at start-up.
let shapes: KeyShape[] | undefined;
const shapesOf = (): KeyShape[] =>
  (shapes ??= NAMES.map((name) => {
    const s = readSchemaFile("session", `${kebab(name)}.json`) as ObjectSchema;
    return { name, keys: Object.keys(s.properties ?? {}), required: (s.required ?? []).map((k) => [k]) };
  }));
let matcher: ReturnType<typeof keyMatcher> | undefined;
const detect = (value: object) => (matcher ??= keyMatcher(shapesOf()))(value);
// The default and strict schemas require the same fields (test/cli/detect-fast.test.ts checks the proof in both modes).
const lacksRequired = missingRequired(shapesOf);

const TYPES: TypeInfo[] = NAMES.map((name) => ({ name }));
const ALL = new Map<string, Name>(NAMES.map((n) => [n.toLowerCase(), n]));

export const session: Family = {
  name: "session",
  types: TYPES,
  modes: ["default", "strict"],
  prepare: impl.load,
  get ready() {
    return impl.get() !== undefined;
  },
  detect: (value) => (Array.isArray(value) ? undefined : detect(value)),
  resolveType: (name) => ALL.get(name.toLowerCase()),
  validate(type, value, ctx) {
    // The CLI's lenient is the family's default: tolerant of unknown properties.
    const mode = ctx.mode === "strict" ? "strict" : "default";
    const v = impl.get()!.SESSION_VALIDATORS[type as Name];
    const r = v(value, { mode });
    return { type, mode, issues: r.ok ? (r.warnings ?? []) : r.issues };
  },
  rejects: (type, value) => lacksRequired(type, value),
  async schema(type, mode) {
    const name = ALL.get(type.toLowerCase());
    if (name === undefined) return undefined;
    return mode === "strict" ? readSchemaFile("session", "strict", `${kebab(name)}.json`) : readSchemaFile("session", `${kebab(name)}.json`);
  },
};
