/** The A2A v1 family (messages and the JSON-RPC binding), adapted to the CLI's registry. */
import { FIELDS, MESSAGE_NAMES } from "../../generated/v1/meta.js";
import { FIELDS as FIELDS_2026_02_17, MESSAGE_NAMES as NAMES_2026_02_17 } from "../../generated/v1/2026-02-17/meta.js";
import { makeIssue } from "../../core/issue.js";
import { readSchemaFile } from "../package.js";
import { keyMatcher, missingRequired, type KeyShape } from "./keys.js";
import { idKey, rememberRequest } from "./pending.js";
import { CERTAIN, LIKELY, lazy, type CheckContext, type Checked, type Claim, type Family, type Mode, type TypeInfo } from "../registry.js";

export const REQUEST = "JsonRpcRequest";
export const RESPONSE = "JsonRpcResponse";
const REQUIRED_FLAG = 4;

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

// Detection needs only the field tables; the validators load on first use.
const impl = lazy(() => import("../../v1/index.js"));

/**
 * The types of every protocol revision (the default's first): detection does not depend on the
 * revision; the validator, given the revision (see optionsOf), judges the document in it, and a
 * type the revision lacks fails there.
 */
const NAMES: readonly string[] = [...new Set<string>([...MESSAGE_NAMES, ...NAMES_2026_02_17])];

/**
 * Keys v0.3 documents carry, by the v1 type they became (the constructs src/v1/hints.ts explains), so
 * that a v0.3 document lands on its v1 type and its issues carry the migration hints.
 */
const V03_KEYS: Readonly<Record<string, readonly string[]>> = {
  Part: ["kind", "file"],
  Task: ["kind"],
  Message: ["kind"],
  TaskStatusUpdateEvent: ["kind", "final"],
  TaskArtifactUpdateEvent: ["kind"],
  AgentCard: ["url", "preferredTransport", "protocolVersion", "additionalInterfaces", "security", "supportsAuthenticatedExtendedCard"],
  AgentCapabilities: ["stateTransitionHistory"],
  // The OpenAPI-style scheme: { type: "apiKey", name, in }, { type: "http", scheme, bearerFormat }, ...
  SecurityScheme: ["type", "description", "name", "in", "scheme", "bearerFormat", "flows", "openIdConnectUrl"],
};

/** v0.3's discriminator: `kind` names the type outright. */
const V03_KINDS: Readonly<Record<string, string>> = {
  text: "Part",
  file: "Part",
  data: "Part",
  task: "Task",
  message: "Message",
  "status-update": "TaskStatusUpdateEvent",
  "artifact-update": "TaskArtifactUpdateEvent",
};

type FieldTable = Readonly<Record<string, ReadonlyArray<readonly [string, string, string, number]>>>;

/**
 * The field tables of every revision: a document in either lands on its type (the keys are the
 * union; a field counts as required only where every revision that has the type requires it).
 */
const FIELD_TABLES: readonly FieldTable[] = [FIELDS, FIELDS_2026_02_17];

// Both spellings count: strict mode then says which one is wrong, lenient accepts either.
// Built at the first document without a discriminator key, not at start-up (JSON-RPC streams never need them).
let shapes: KeyShape[] | undefined;
const shapesOf = (): KeyShape[] =>
  (shapes ??= NAMES.map((name) => {
    const tables = FIELD_TABLES.flatMap((t) => (t[name] ? [t[name]] : []));
    const keys = new Set<string>(V03_KEYS[name] ?? []);
    for (const fields of tables) for (const [json, proto] of fields) keys.add(json).add(proto);
    const required = (tables[0] ?? [])
      .filter(([json]) => tables.every((fields) => fields.some((f) => f[0] === json && (f[3] & REQUIRED_FLAG) !== 0)))
      .map(([json, proto]) => [json, proto]);
    return { name, keys: [...keys], required };
  }));
let detectMessage: ReturnType<typeof keyMatcher> | undefined;
const messageMatcher = (): ReturnType<typeof keyMatcher> => (detectMessage ??= keyMatcher(shapesOf()));
const lacksRequired = missingRequired(shapesOf);

// Made once: discriminate() runs for every body of a JSON-RPC stream.
const REQUEST_CLAIM: Claim = { types: [REQUEST], strength: CERTAIN };
const RESPONSE_CLAIM: Claim = { types: [RESPONSE], strength: CERTAIN };

function discriminate(value: object): Claim | undefined {
  if (Array.isArray(value) || !has(value, "jsonrpc")) return undefined;
  return has(value, "method") ? REQUEST_CLAIM : RESPONSE_CLAIM;
}

/** A v0.3 `kind` that names a v1 type, or undefined. */
function v03Kind(value: object): string | undefined {
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === "string" && has(V03_KINDS, kind) ? kind : undefined;
}

function detect(value: object): Claim | undefined {
  if (Array.isArray(value)) return undefined;
  // A v0.3 `kind` outranks any match by keys (its score is above every key count), but unlike
  // jsonrpc it is no discriminator: a folder named after another v1 type (SendMessageResponse) still decides.
  const kind = v03Kind(value);
  if (kind !== undefined) return { types: [V03_KINDS[kind]!], strength: LIKELY, score: Object.keys(value).length + 1 };
  return messageMatcher()(value);
}

/** The check context; `revision` comes from `--revision` or a sidecar's `revision`. */
type RevisionContext = CheckContext;

/**
 * The options of every v1 validator call: the one place where the CLI's mode and protocol
 * revision reach the library (`validate(name, input, { mode, revision })`).
 */
function optionsOf(ctx: RevisionContext): { readonly mode: Mode; readonly revision?: string } {
  const mode = ctx.mode ?? "strict";
  return ctx.revision === undefined ? { mode } : { mode, revision: ctx.revision };
}

function validate(type: string, value: unknown, ctx: CheckContext): Checked {
  const V = impl.get()!;
  const options = optionsOf(ctx);
  const { mode } = options;
  if (type === REQUEST) {
    rememberRequest(ctx, value);
    const r = V.validateJsonRpcRequest(value, options);
    return { type, mode, issues: r.ok ? (r.warnings ?? []) : r.issues };
  }
  if (type === RESPONSE) {
    const key = value !== null && typeof value === "object" ? idKey((value as { id?: unknown }).id) : undefined;
    const method = ctx.method ?? (key === undefined ? undefined : ctx.stream.get(key));
    if (method === undefined) {
      return {
        type,
        mode,
        issues: [
          {
            ...makeIssue([], "invalid", "is a JSON-RPC response to an unknown method: give --method <RPC>, or put its request before it in the same NDJSON stream"),
            code: "no_method",
          },
        ],
      };
    }
    // Any string at run time: an unknown method is an issue, never an exception.
    const r = V.validateJsonRpcResponseByMethod(method, value, options);
    return { type, mode, issues: r.ok ? (r.warnings ?? []) : r.issues };
  }
  // A name of either revision (the revision's validator refuses one it lacks).
  const r = V.validateByName(type, value, options);
  return { type, mode, issues: r.ok ? (r.warnings ?? []) : r.issues };
}

const TYPES: TypeInfo[] = [
  ...NAMES.map((name) => ((MESSAGE_NAMES as readonly string[]).includes(name) ? { name } : { name, note: "revision 2026-02-17 only" })),
  { name: REQUEST, note: "a JSON-RPC 2.0 request to one of the 11 RPCs" },
  { name: RESPONSE, note: "a JSON-RPC 2.0 response (needs --method or its request earlier in the stream)" },
];
const ALL = new Map<string, string>(TYPES.map((t) => [t.name.toLowerCase(), t.name]));

interface Bundle {
  $schema: string;
  $defs: Record<string, unknown>;
}

/** The definitions a type needs, so the printed schema stands alone. */
function closure(defs: Record<string, unknown>, root: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const todo = [root];
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (has(out, name) || !has(defs, name)) continue;
    out[name] = defs[name];
    const text = JSON.stringify(defs[name]);
    for (const m of text.matchAll(/"#\/\$defs\/([^"/]+)"/g)) todo.push(m[1]!);
  }
  return out;
}

async function schema(type: string, mode: Mode): Promise<unknown> {
  const name = ALL.get(type.toLowerCase());
  if (name === undefined || name === REQUEST || name === RESPONSE) return undefined;
  const file = mode === "lenient" ? "a2a.lenient.json" : "a2a.json";
  // A type of the 2026-02-17 revision only is in that revision's bundle (until `schema` takes --revision).
  let bundle = readSchemaFile("v1", file) as Bundle;
  if (!has(bundle.$defs, name)) bundle = readSchemaFile("v1", "2026-02-17", file) as Bundle;
  if (!has(bundle.$defs, name)) return undefined;
  return {
    $schema: bundle.$schema,
    title: name,
    $ref: `#/$defs/${name}`,
    $defs: closure(bundle.$defs, name),
  };
}

export const v1: Family = {
  name: "v1",
  types: TYPES,
  modes: ["strict", "lenient"],
  prepare: impl.load,
  get ready() {
    return impl.get() !== undefined;
  },
  discriminate,
  detect,
  // Besides the keys, detect() reads only a v0.3 kind that names a type.
  detectionInputs: (value) => v03Kind(value) ?? "",
  resolveType: (name) => ALL.get(name.toLowerCase()),
  validate,
  // A field required in every revision, absent in both spellings: strict mode reports it. Not in
  // lenient mode, whose reader may fill a field from another key (a v0.3 form).
  rejects: (type, value, ctx) => (ctx.mode ?? "strict") === "strict" && lacksRequired(type, value),
  schema,
};
