/**
 * What each family fuzzes: its entries (found through package.json "exports"),
 * every function they export (classified by name, with a small explicit table
 * for the functions whose arguments or results are not the validate/is/assert/
 * create pattern), its seeds (the valid fixtures, plus envelopes and builder
 * arguments made from them), and the Zod model of each validator.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PROXIES } from "./hostile.js";
import { remoteSchemaSeeds } from "./remote-schemas.js";
import { harvest, type Vocab } from "./mutate.js";
import type { Rng } from "./rng.js";
import * as shape from "./shapes.js";

/** The checkout to fuzz: this one, or another (A2A_FUZZ_ROOT, e.g. a release unpacked elsewhere). */
export const ROOT = process.env.A2A_FUZZ_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "../..");

export const FAMILY_NAMES = ["legacy", "v1-strict", "v1-lenient", "session-default", "session-strict", "object-schemas", "v0.3-default", "v0.3-strict"] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];
type Base = "legacy" | "v1" | "session" | "object-schemas" | "v0.3";

interface FamilyDef {
  readonly name: FamilyName;
  readonly base: Base;
  /** The mode every validate-like call runs in (undefined: the family has one mode). */
  readonly mode?: "strict" | "lenient" | "default";
  /** Options handed to validate-like functions; picked per call. */
  readonly options: readonly unknown[];
  /** `<prefix><Type>Schema` in the zod entry mirrors this family's validators; undefined: no Zod models for this mode. */
  readonly zodPrefix?: string;
}

const DEFS: Record<FamilyName, FamilyDef> = {
  legacy: { name: "legacy", base: "legacy", options: [undefined], zodPrefix: "" },
  "v1-strict": { name: "v1-strict", base: "v1", mode: "strict", options: [undefined, { mode: "strict" }], zodPrefix: "" },
  // The v1 Zod models mirror strict mode only.
  "v1-lenient": { name: "v1-lenient", base: "v1", mode: "lenient", options: [{ mode: "lenient" }] },
  "session-default": { name: "session-default", base: "session", mode: "default", options: [undefined, {}, { mode: "default" }], zodPrefix: "" },
  "session-strict": { name: "session-strict", base: "session", mode: "strict", options: [{ mode: "strict" }], zodPrefix: "Strict" },
  "object-schemas": { name: "object-schemas", base: "object-schemas", options: [undefined] },
  "v0.3-default": { name: "v0.3-default", base: "v0.3", mode: "default", options: [undefined, {}, { mode: "default" }], zodPrefix: "" },
  "v0.3-strict": { name: "v0.3-strict", base: "v0.3", mode: "strict", options: [{ mode: "strict" }], zodPrefix: "Strict" },
};

/** Export subpaths that are not library input readers. */
const SKIPPED_ENTRIES: Record<string, string> = {
  "./cli": "the CLI reads files and argv, not values (it has its own tests)",
  "./package.json": "not a module",
  "./schemas/*": "JSON Schema files, not a module",
};

/** Functions that do not take untrusted input; everything else exported is fuzzed. */
const SKIP: Record<string, string> = {
  ValidationError: "a class (thrown, not called on input)",
  formatIssue: "formats the library's own issues",
  toPointer: "encodes the library's own issue paths",
  toBase64: "encodes bytes the caller holds (a builder helper)",
  encodeBase64: "encodes bytes the caller holds (a builder helper)",
  createSessionGuard: "wraps a library validator (a factory, no input)",
  fetchAgentCard: "sends network requests; a fuzz run never leaves the machine (test/net, test/client: local servers)",
  probeInterfaces: "sends network requests; a fuzz run never leaves the machine (test/client: local servers)",
  safeFetch: "sends network requests; a fuzz run never leaves the machine (test/net: local servers)",
  createSessionAssert: "wraps a library validator (a factory, no input)",
  SchemaCache: "a class; its compile() is reached through validateObjectSchemasCard and the flow functions",
  presenceRules: "takes a protocol revision constant, not input",
};

// ---------------------------------------------------------------- types

export type Kind = "validate" | "guard" | "assert" | "builder" | "other";

export interface ArgCtx {
  readonly rng: Rng;
  /** The argument this call reads (one of the seed's arguments). */
  readonly v: unknown;
  readonly holder: unknown[];
  /** A string: from the input when it has some, else near-valid or hostile. */
  str(): string;
  opts(): unknown;
  readonly family: LoadedFamily;
}

export interface Fn {
  readonly id: string;
  readonly entry: string;
  readonly aliases: string[];
  readonly kind: Kind;
  readonly shape: (r: unknown) => string | undefined;
  readonly invoke: (args: unknown[]) => unknown;
  readonly args: (c: ArgCtx) => unknown[];
  /** For validate/guard/assert: the type it checks, and in which mode its verdict is. */
  readonly type?: string;
  /** Every type name its aliases give (validateMessage and validateLegacyMessage are one function). */
  types: string[];
  readonly verdictMode?: string;
  /** `validate(typeName, input)`-style: the type comes from the call. */
  readonly byName?: boolean;
  readonly zod?: { readonly name: string; readonly schema: { safeParse(v: unknown): { success: boolean; data?: unknown } } };
  /** For the .check and ~standard methods: the validator they belong to. */
  readonly parent?: Fn;
  /** Builders with a seed of their own are not also called from the rotation with unrelated input. */
  seeded?: boolean;
}

export interface GroupCall {
  readonly fn: string;
  readonly args?: (c: ArgCtx) => unknown[] | undefined;
}

export interface Seed {
  readonly file: string;
  /** The entry whose functions this seed's own calls use (a revision like ./v1/2026-02-17 has its own fixtures). */
  readonly entry?: string;
  readonly category: "fixture" | "envelope" | "builder";
  readonly type?: string;
  readonly names?: readonly string[];
  readonly make: () => unknown[];
  readonly calls: readonly GroupCall[];
  readonly types?: readonly string[];
}

export interface LoadedFamily {
  readonly def: FamilyDef;
  readonly name: FamilyName;
  readonly fns: Fn[];
  readonly byId: Map<string, Fn>;
  /** The function a seed's call names: the one of the seed's entry, else any. */
  readonly resolve: (seed: Seed, name: string) => Fn | undefined;
  readonly seeds: Seed[];
  readonly seedWeights: number[];
  readonly vocab: Vocab;
  readonly skipped: { name: string; entry: string; reason: string }[];
  readonly unclassified: string[];
  readonly entries: string[];
  /** Values the argument builders need (v1 type names, the seed card, ...). */
  readonly extra: Map<string, unknown>;
  readonly slotWeight?: (arg: number, second: string | number | undefined) => number;
}

// ---------------------------------------------------------------- helpers

const has = Object.prototype.hasOwnProperty;

/** An own data property, read without running a getter or a trap; undefined otherwise. */
export function safeGet(o: unknown, k: string | number): unknown {
  if (o === null || (typeof o !== "object" && typeof o !== "function") || PROXIES.has(o)) return undefined;
  const d = Object.getOwnPropertyDescriptor(o, k);
  return d && "value" in d ? d.value : undefined;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...jsonFiles(p));
    else if (name.endsWith(".json") && !name.endsWith(".expect.json")) out.push(p);
  }
  return out;
}

/** Valid fixtures by type: the sidecar's `type` when there is one, else the folder name. */
function fixtures(dir: string, typeOfFolder: (folder: string) => string): Map<string, { file: string; text: string }[]> {
  // Revision folders (fixtures/v1/2026-02-17/) sit next to valid/ and are not walked from here.
  const out = new Map<string, { file: string; text: string }[]>();
  for (const file of jsonFiles(join(ROOT, dir))) {
    const side = file.slice(0, -5) + ".expect.json";
    const sideType = existsSync(side) ? (readJson(side) as { type?: unknown }).type : undefined;
    const type = typeof sideType === "string" ? sideType : typeOfFolder(relative(join(ROOT, dir), dirname(file)).split("/")[0]!);
    const list = out.get(type) ?? [];
    list.push({ file: relative(ROOT, file), text: readFileSync(file, "utf8") });
    out.set(type, list);
  }
  return out;
}

const pascal = (s: string) => s.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

function isClass(f: Function): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(f));
}

/** Export subpath → source file, by the dist → src convention of tsup.config.ts. */
function entriesFromPackage(): Map<string, string> {
  const pkg = readJson(join(ROOT, "package.json")) as { exports: Record<string, unknown> };
  const out = new Map<string, string>();
  for (const [sub, target] of Object.entries(pkg.exports)) {
    const t = target as { import?: { default?: string } };
    const dist = typeof t === "object" && t !== null ? t.import?.default : undefined;
    if (typeof dist !== "string") continue;
    const src = join(ROOT, dist.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts"));
    if (existsSync(src)) out.set(sub, src);
  }
  return out;
}

function entryBase(sub: string): Base | "all" | undefined {
  if (sub === ".") return "all";
  for (const b of ["legacy", "v1", "session", "v0.3"] as const) if (sub === `./${b}` || sub.startsWith(`./${b}/`)) return b;
  if (sub.startsWith("./extensions/object-schemas")) return "object-schemas";
  // v0.3 ↔ v1.0 conversion: fuzzed with the v1 family's documents (toV03's own input; toV1's wrong one).
  if (sub === "./versions") return "v1";
  return undefined;
}

/** Entries no family claims and no skip-list names: reported, so a new entry is not silently unfuzzed. */
export function unassignedEntries(): string[] {
  return [...entriesFromPackage().keys()].filter((s) => entryBase(s) === undefined && !has.call(SKIPPED_ENTRIES, s));
}

// ---------------------------------------------------------------- classification

const STRING_GUARDS = new Set(["isMetadataHostName", "isAbsoluteUri", "isUtcTimestamp", "isStrictTimestamp", "isLenientTimestamp", "isStrictBase64", "isLenientBase64", "isEmail", "isSessionTimestamp"]);

const str = (c: ArgCtx, v: unknown): string => (typeof v === "string" ? v : c.str());

interface Special {
  kind: Kind;
  shape: (r: unknown) => string | undefined;
  args: (c: ArgCtx) => unknown[];
  byName?: boolean;
}

const CARD_OPTIONS = (c: ArgCtx): unknown => {
  const v1card = c.family.extra.get("v1.validateAgentCard") as ((x: unknown, o: unknown) => unknown) | undefined;
  return c.rng.chance(0.2) && v1card ? { validateCard: (x: unknown) => v1card(x, { mode: "strict" }) } : undefined;
};

const HOSTILE_TYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "", "message", "MESSAGE", "Message ", "Empty", "Struct", "Value"];

function typeName(c: ArgCtx): string {
  const names = c.family.extra.get("v1.MESSAGE_NAMES") as readonly string[] | undefined;
  if (!names || c.rng.chance(0.05)) return c.rng.chance(0.5) ? c.rng.pick(HOSTILE_TYPE_NAMES) : c.str();
  return c.rng.pick(names);
}

function rpcName(c: ArgCtx): string {
  const names = c.family.extra.get("v1.RPC_NAMES") as readonly string[] | undefined;
  if (!names || c.rng.chance(0.05)) return c.rng.chance(0.5) ? c.rng.pick(["message/send", "tasks/get", "__proto__", "constructor", ""]) : c.str();
  return c.rng.pick(names);
}

const SPECIAL: Record<string, Special> = {
  checkFreshness: { kind: "other", shape: shape.issueArrayProblem, args: (c) => [c.v, c.rng.chance(0.5) ? { now: Date.parse("2025-12-09T15:31:00Z") } : undefined] },
  validate: { kind: "validate", shape: shape.resultProblem, byName: true, args: (c) => [typeName(c), c.v, c.opts()] },
  is: { kind: "guard", shape: shape.booleanProblem, byName: true, args: (c) => [typeName(c), c.v] },
  assertValid: { kind: "assert", shape: shape.voidProblem, byName: true, args: (c) => [typeName(c), c.v] },
  validateByName: { kind: "validate", shape: shape.resultProblem, byName: true, args: (c) => [c.rng.chance(0.9) ? typeName(c) : c.v, c.v, c.opts()] },
  validateJsonRpcResponse: { kind: "validate", shape: shape.resultProblem, args: (c) => [rpcName(c), c.v, c.opts()] },
  validateJsonRpcResponseByMethod: { kind: "validate", shape: shape.resultProblem, args: (c) => [c.rng.chance(0.9) ? rpcName(c) : c.v, c.v, c.opts()] },
  // Given the input itself as the "error" too: it must answer with issues, never throw.
  issuesFromZod: { kind: "other", shape: shape.issueArrayProblem, args: (c) => [c.rng.chance(0.5) ? { issues: [{ code: "custom", path: [], message: "x", input: c.v }] } : c.v, c.v] },
  isRpcName: { kind: "guard", shape: shape.booleanProblem, args: (c) => [c.rng.chance(0.5) ? c.v : c.str()] },
  matchHttpRoute: {
    kind: "other",
    shape: shape.httpMatchProblem,
    args: (c) => [c.rng.pick(["GET", "POST", "DELETE", "get", "PATCH", c.str()]), c.rng.chance(0.8) ? c.str() : c.v],
  },
  validateHttpRequest: { kind: "validate", shape: shape.resultProblem, args: (c) => [c.v, httpOptions(c)] },
  validateHttpResponse: { kind: "validate", shape: shape.resultProblem, args: (c) => [c.v, httpOptions(c)] },
  findEndpoint: {
    kind: "other",
    shape: shape.locatedProblem,
    args: (c) => [c.rng.pick(["GET", "POST", "DELETE", "get", "PUT", c.str()]), c.str(), c.rng.chance(0.3) ? c.str() : undefined],
  },
  artifactKind: { kind: "other", shape: shape.oneOf(["text", "json", "binary", "url", "other"]), args: (c) => [c.str()] },
  artifactDataProblem: { kind: "other", shape: shape.dataProblemProblem, args: (c) => [c.str(), c.v] },
  updateSession: { kind: "builder", shape: shape.builtProblem, args: (c) => [c.v, { status: "ended" }] },
  validateObjectSchemasCard: { kind: "validate", shape: shape.resultProblem, args: (c) => [c.v, CARD_OPTIONS(c)] },
  declaresObjectSchemas: { kind: "guard", shape: shape.booleanProblem, args: (c) => [c.v] },
  flaggedPart: { kind: "other", shape: shape.flaggedPartProblem, args: (c) => [c.v, c.rng.int(4)] },
  schemaNameOfMode: { kind: "other", shape: shape.optionalStringProblem(true), args: (c) => [c.rng.chance(0.5) ? c.v : c.str()] },
  modeForSchema: { kind: "other", shape: shape.stringProblem, args: (c) => [c.str()] },
  patternProblem: { kind: "other", shape: shape.optionalStringProblem(true), args: (c) => [c.str(), c.rng.pick([512, 64, 1024])] },
  resolveStructuredInput: {
    kind: "other",
    shape: shape.structuredInputProblem,
    args: (c) => [c.family.extra.get("seedCard") ? JSON.parse(c.family.extra.get("seedCard") as string) : {}, c.v, { hasTask: c.rng.chance(0.3) }],
  },
  checkStructuredOutput: {
    kind: "other",
    shape: shape.structuredOutputProblem,
    args: (c) => [c.family.extra.get("seedCard") ? JSON.parse(c.family.extra.get("seedCard") as string) : {}, c.v],
  },
  fromPointer: { kind: "other", shape: shape.stringArrayProblem, args: (c) => [c.str()] },
  // v1/client: the offline readers (the fetching functions are in SKIP).
  classifyAddress: { kind: "other", shape: shape.optionalStringProblem(true), args: (c) => [c.rng.chance(0.5) ? c.str() : c.rng.pick(["127.0.0.1", "::ffff:10.0.0.1", "fd00:ec2::254", "2002:7f00:1::", "8.8.8.8", c.v])] },
  cardUrlOf: { kind: "other", shape: shape.stringProblem, args: (c) => [c.rng.chance(0.8) ? c.str() : c.v] },
  interfacesOf: { kind: "other", shape: shape.interfacesProblem, args: (c) => [c.v] },
  // v1/server: the front door gets the input as a parsed value, as its JSON text, or as bytes.
  checkJsonRpcRequest: { kind: "other", shape: shape.doorCheckProblem, args: (c) => [doorBody(c), c.rng.chance(0.3) ? { headers: { "a2a-version": c.rng.pick(["1.0", "0.3", "", "9.9", c.str()]) } } : undefined] },
  checkHttpRequest: {
    kind: "other",
    shape: shape.doorCheckProblem,
    // Half the time to an agent whose card also serves 0.3 on HTTP+JSON, the v0.3 routes among the paths.
    args: (c) => [
      c.rng.pick(["POST", "GET", "DELETE", "PATCH", c.str()]),
      c.rng.pick(["/message:send", "/message:stream", "/tasks/t-1", "/tasks/t-1:cancel", "/tasks", "/v1/message:send", "/v1/tasks/t-1:subscribe", "/v1/tasks/t-1/pushNotificationConfigs/c", "/v1/card", c.str()]),
      doorBody(c),
      c.rng.chance(0.5) ? { card: V03_HTTP_CARD, v03: c.rng.pick(["pass", "convert"]), ...(c.rng.chance(0.3) ? { headers: { "a2a-version": c.rng.pick(["1.0", "0.3", ""]) } } : {}) } : undefined,
    ],
  },
  // versions: each conversion told a type (or a JSON-RPC response's method), or left to detect it.
  toV1: { kind: "other", shape: shape.resultProblem, args: (c) => [c.v, convertOptions(c)] },
  toV03: { kind: "other", shape: shape.resultProblem, args: (c) => [c.v, convertOptions(c)] },
  isV03Version: { kind: "guard", shape: shape.booleanProblem, args: (c) => [c.rng.chance(0.5) ? c.v : c.str()] },
  httpRouteToV1: { kind: "other", shape: shape.resultProblem, args: (c) => [c.rng.pick(["GET", "POST", "DELETE", c.str()]), c.rng.pick(["/v1/message:send", "/v1/tasks/t-1:cancel", "/v1/card", c.str()])] },
  httpRouteToV03: { kind: "other", shape: shape.resultProblem, args: (c) => [c.rng.pick(["GET", "POST", "DELETE", c.str()]), c.rng.pick(["/message:send", "/acme/tasks/t-1", "/extendedAgentCard", c.str()])] },
  // v1/signatures: the synchronous readers return results; the async ones are judged on their synchronous part.
  parseJwkSet: { kind: "validate", shape: shape.resultProblem, args: (c) => [c.v] },
  canonicalizeAgentCard: { kind: "validate", shape: shape.resultProblem, args: (c) => [c.v] },
  verifyAgentCard: { kind: "other", shape: () => undefined, args: (c) => [c.v] },
  checkCardSignatures: { kind: "other", shape: () => undefined, args: (c) => [c.v] },
  signAgentCard: { kind: "other", shape: () => undefined, args: (c) => [c.v, {}] },
};

/** A card serving 1.0 and 0.3 on HTTP+JSON, with every capability: the door's v0.3 HTTP+JSON path reaches the bodies. */
const V03_HTTP_CARD = {
  name: "Fuzz",
  description: "d",
  version: "1.0.0",
  supportedInterfaces: [
    { url: "https://a.example/rest", protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    { url: "https://a.example/rest", protocolBinding: "HTTP+JSON", protocolVersion: "0.3" },
  ],
  capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
};

const CONVERT_AS = ["Message", "Part", "Task", "TaskStatusUpdateEvent", "StreamResponse", "SendMessageRequest", "TaskPushNotificationConfig", "ListTaskPushNotificationConfigsResponse", "AgentCard", "SecurityScheme", "JsonRpcRequest", "JsonRpcError"];

function convertOptions(c: ArgCtx): unknown {
  if (c.rng.chance(0.3)) return undefined;
  if (c.rng.chance(0.25)) return { type: "JsonRpcResponse", method: c.rng.pick(["message/send", "SendStreamingMessage", "tasks/pushNotificationConfig/delete", "ListTasks", c.str()]) };
  return { type: c.rng.chance(0.95) ? c.rng.pick(CONVERT_AS) : c.str() };
}

function doorBody(c: ArgCtx): unknown {
  if (c.rng.chance(0.6)) return c.v;
  let text: string | undefined;
  try {
    text = JSON.stringify(c.v);
  } catch {
    return c.v; // cycles, BigInt, throwing getters: the value itself
  }
  if (text === undefined) return c.v;
  return c.rng.chance(0.5) ? text : new TextEncoder().encode(text);
}

function httpOptions(c: ArgCtx): unknown {
  const o = c.opts();
  return c.rng.chance(0.2) ? { ...(o as object), basePath: c.rng.pick(["/a2a", "/", "", "/a2a/"]) } : o;
}

function classify(name: string, def: FamilyDef): Omit<Fn, "id" | "entry" | "aliases" | "invoke" | "types"> | undefined {
  const special = SPECIAL[name];
  const modes = verdictModes(def);
  if (special) return { kind: special.kind, shape: special.shape, args: special.args, ...(special.byName ? { byName: true, verdictMode: special.kind === "validate" ? modes.validate : modes.guard } : {}) };
  if (STRING_GUARDS.has(name)) return { kind: "guard", shape: shape.booleanProblem, args: (c) => [c.str()] };
  const m = /^(validate|is|assert|create)([A-Z]\w*)$/.exec(name);
  if (m) {
    const [, prefix, type] = m as unknown as [string, string, string];
    if (prefix === "create") return { kind: "builder", shape: shape.builtProblem, args: (c) => [c.v] };
    const kind: Kind = prefix === "validate" ? "validate" : prefix === "is" ? "guard" : "assert";
    const sh = kind === "validate" ? shape.resultProblem : kind === "guard" ? shape.booleanProblem : shape.voidProblem;
    const verdictMode = kind === "validate" ? modes.validate : kind === "guard" ? modes.guard : modes.assert;
    return { kind, shape: sh, type, verdictMode, args: (c) => [c.v, c.opts()] };
  }
  return undefined;
}

/** In which mode each kind of function answers: v1 guards and asserts are strict whatever the options. */
function verdictModes(def: FamilyDef): { validate: string; guard: string; assert: string; check: string; standard: string } {
  const m = def.mode ?? "only";
  if (def.base === "v1") return { validate: m, guard: "strict", assert: "strict", check: m, standard: "strict" };
  if (def.base === "session" || def.base === "v0.3") return { validate: m, guard: m, assert: m, check: m, standard: "default" };
  return { validate: m, guard: m, assert: m, check: m, standard: m };
}

// ---------------------------------------------------------------- seeds

type Fx = (type: string) => unknown;

/** Builder arguments made from fixtures: a valid call each, for the mutator to spoil. */
const BUILDERS: Record<Base, Record<string, (fx: Fx) => unknown[][]>> = {
  legacy: {
    createRequestMessage: () => [[{ senderId: "client-agent-001", recipientId: "crypto-agent-001", method: "get_price", parameters: { currency: "BTC" } }]],
    createResponseMessage: (fx) => [
      [fx("RequestMessage"), { data: { price: 1 } }],
      [fx("RequestMessage"), { error: { code: "RATE_LIMIT_EXCEEDED", message: "slow down" } }],
    ],
    createHandshakeMessage: (fx) => {
      const card = (fx("HandshakeMessage") as { payload: { agent_card: { agent_id: string } } }).payload.agent_card;
      return [[{ senderId: card.agent_id, recipientId: "registry-agent", agentCard: card }]];
    },
    createHandshakeAckMessage: (fx) => [[fx("HandshakeMessage"), { payload: { accepted: true } }], [fx("HandshakeMessage")]],
    createErrorMessage: (fx) => [[fx("RequestMessage"), { error: { code: "INVALID_MESSAGE", message: "bad" } }]],
    createDiscoverAgentsMessage: (fx) => [[{ senderId: "client-agent-001", query: (fx("DiscoverAgentsMessage") as { payload: unknown }).payload }]],
    createAgentAnnouncementMessage: (fx) => [[fx("DiscoverAgentsMessage"), { agents: (fx("AgentAnnouncementMessage") as { payload: { agents: unknown } }).payload.agents }]],
    createGoodbyeMessage: () => [[{ senderId: "client-agent-001", recipientId: "crypto-agent-001", payload: { reason: "done" } }]],
    createGetCapabilitiesMessage: () => [[{ senderId: "client-agent-001", recipientId: "crypto-agent-001" }]],
    createCapabilitiesResponseMessage: (fx) => [[fx("GetCapabilitiesMessage"), { payload: { capabilities: ["x"] } }]],
    createStreamStartMessage: () => [[{ senderId: "client-agent-001", recipientId: "crypto-agent-001", payload: { stream_id: "s" } }]],
    createStreamDataMessage: (fx) => [[fx("StreamStartMessage"), { payload: { chunk: 1 } }]],
    createStreamEndMessage: (fx) => [[fx("StreamStartMessage"), {}]],
  },
  v1: {
    createTextPart: () => [["hello", { mediaType: "text/plain" }]],
    createDataPart: () => [[{ a: 1 }, {}]],
    createFilePart: () => [[{ url: "https://example.com/f.pdf" }, { mediaType: "application/pdf", filename: "f.pdf" }], [{ bytes: new Uint8Array([1, 2, 3]) }, {}]],
    createMessage: (fx) => [[fx("Message")]],
    createTask: (fx) => {
      const { status, ...rest } = fx("Task") as { status: Record<string, unknown> };
      return [[{ ...rest, ...status }]];
    },
    createTaskStatusUpdateEvent: (fx) => {
      const { status, ...rest } = fx("TaskStatusUpdateEvent") as { status: Record<string, unknown> };
      return [[{ ...rest, ...status }]];
    },
    createTaskArtifactUpdateEvent: (fx) => [[fx("TaskArtifactUpdateEvent")]],
    createAgentCard: (fx) => [[fx("AgentCard")]],
    createJsonRpcRequest: (fx) => [["SendMessage", fx("SendMessageRequest"), "req-1"], ["GetTask", fx("GetTaskRequest"), 7]],
    createJsonRpcResponse: (fx) => [["GetTask", { result: fx("Task") }, 1], ["SendMessage", { error: { code: -32001, message: "Task not found" } }, "a"]],
  },
  session: {
    createAgentCard: (fx) => {
      const c = fx("AgentCard") as Record<string, any>;
      return [[{ name: c.name, description: c.description, version: c.version, apiUrl: c.api?.url, apiVersion: c.api?.version, auth: c.auth, capabilities: c.capabilities }]];
    },
    createSession: () => [[{ status: "active", metadata: { a: 1 } }], []],
    updateSession: (fx) => [[fx("Session"), { status: "ended" }]],
    createArtifact: (fx) => {
      const a = fx("Artifact") as Record<string, unknown>;
      return [[{ type: a.type, data: a.data, name: a.name }], [{ type: "image/png", data: new Uint8Array([1, 2, 3]) }]];
    },
    createMessage: (fx) => {
      const m = fx("Message") as Record<string, unknown>;
      return [[{ role: m.role, content: m.content, inReplyTo: m.in_reply_to, metadata: m.metadata, artifacts: m.artifacts }]];
    },
    createMessageFromRequest: (fx) => [[fx("SendMessageRequest"), {}]],
    createCreateSessionRequest: () => [[{ metadata: { a: 1 } }]],
    createCreateSessionResponse: (fx) => [[fx("Session")]],
    createSendMessageRequest: (fx) => {
      const m = fx("SendMessageRequest") as Record<string, unknown>;
      return [[{ role: m.role, content: m.content, metadata: m.metadata, artifacts: m.artifacts }]];
    },
    createSendMessageResponse: (fx) => [[fx("Message")]],
    createGetSessionMessagesResponse: (fx) => [[{ messages: (fx("GetSessionMessagesResponse") as { messages: unknown }).messages, nextCursor: "c2" }]],
    createErrorResponse: (fx) => [[(fx("ErrorResponse") as { error: unknown }).error]],
  },
  "object-schemas": {},
  "v0.3": {
    createTextPart: () => [["hello", { metadata: { a: 1 } }]],
    createDataPart: () => [[{ a: 1 }, {}]],
    createFilePart: () => [[{ uri: "https://example.com/f.pdf" }, { mimeType: "application/pdf", name: "f.pdf" }], [{ bytes: new Uint8Array([1, 2, 3]) }, {}]],
    createMessage: (fx) => {
      const { kind: _, ...m } = fx("Message") as Record<string, unknown>;
      return [[m]];
    },
    createTask: (fx) => {
      const { status, kind: _, ...rest } = fx("Task") as { status: Record<string, unknown>; kind: unknown };
      return [[{ ...rest, ...status }]];
    },
    createTaskStatusUpdateEvent: (fx) => {
      const { status, kind: _, ...rest } = fx("TaskStatusUpdateEvent") as { status: Record<string, unknown>; kind: unknown };
      return [[{ ...rest, ...status }]];
    },
    createTaskArtifactUpdateEvent: (fx) => {
      const { kind: _, ...rest } = fx("TaskArtifactUpdateEvent") as Record<string, unknown>;
      return [[rest]];
    },
    createAgentCard: (fx) => [[fx("AgentCard")]],
    createJsonRpcRequest: (fx) => [["message/send", (fx("SendMessageRequest") as { params: unknown }).params, "req-1"], ["tasks/get", (fx("GetTaskRequest") as { params: unknown }).params, 7]],
    createJsonRpcResponse: (fx) => [["tasks/get", { result: fx("Task") }, 1], ["message/send", { error: { code: -32001, message: "Task not found" } }, "a"]],
  },
};

const NEAR_VALID: readonly string[] = [
  "2025-12-09T15:30:00Z", "2025-12-09T15:30:00.000Z", "2025-12-09T15:30:00.123456789Z", "2016-12-31T23:59:60Z", "2025-02-29T00:00:00Z",
  "2025-12-09T15:30:00+01:00", "2025-12-09t15:30:00z", "2025-12-09T15:30:00.1234567890Z", "0000-01-01T00:00:00Z",
  "90e4eef3-ca43-4e95-a47d-db6b935a1b37", "90E4EEF3-CA43-4E95-A47D-DB6B935A1B37", "90e4eef3-ca43-1e95-a47d-db6b935a1b37",
  "https://example.com/x", "urn:isbn:0451450523", "http://exa mple.com", "mailto:a@b.c", "no-scheme", "https://例え.jp/", "https://x/%zz",
  "QUJD", "QUJ", "QQ==", "Q===", "-_8=", "base64:QUJD", "base64:QUJ", "base64:", "user@example.com", "a@b", "@example.com",
  "2.0", "1.0", "0.0.1", "1.0.0-rc.1", "01.0.0", "application/json", "text/plain", "application/json;schema=x", "image/png", "url/reference",
  "*", "registry", "a", "ab", "a-b", "-ab", "ab-", "A".repeat(129), "x".repeat(501),
];

interface Built {
  seeds: Seed[];
  extraStrings: string[];
  slotWeight?: (arg: number, second: string | number | undefined) => number;
}

function typeSeeds(fx: Map<string, { file: string; text: string }[]>, types: (t: string) => string[], extra: (t: string) => GroupCall[] = () => []): Seed[] {
  const out: Seed[] = [];
  for (const [type, list] of fx) {
    for (const { file, text } of list) {
      out.push({ file, category: "fixture", type, types: types(type), make: () => [JSON.parse(text)], calls: extra(type) });
    }
  }
  return out;
}

function builderSeeds(base: Base, fxFirst: Fx): Seed[] {
  const out: Seed[] = [];
  for (const [name, make] of Object.entries(BUILDERS[base])) {
    let variants: unknown[][];
    try {
      variants = make(fxFirst);
    } catch {
      continue; // a fixture the table relies on is gone; the builder is still fuzzed from the rotation
    }
    variants.forEach((args, i) => {
      // Uint8Array does not survive JSON; rebuild those arguments each time.
      const binary = JSON.stringify(args).includes('"bytes":{');
      const text = JSON.stringify(args);
      out.push({
        file: `builder:${name}${variants.length > 1 ? `#${i + 1}` : ""}`,
        category: "builder",
        make: binary ? () => make(fxFirst)[i]! : () => JSON.parse(text) as unknown[],
        calls: [{ fn: name, args: (c) => c.holder.slice() }],
      });
    });
  }
  return out;
}

function firstOf(fx: Map<string, { file: string; text: string }[]>): Fx {
  return (type) => {
    const f = fx.get(type)?.[0];
    if (!f) throw new Error(`no valid fixture of ${type}`);
    return JSON.parse(f.text);
  };
}

function legacySeeds(dir: string): Built {
  const fx = fixtures(dir, (folder) => `${pascal(folder)}Message`);
  // Sub-documents with validators of their own: AuthTag, AgentCard, ErrorObject.
  const sub = new Map<string, { file: string; text: string }[]>();
  const add = (type: string, file: string, v: unknown) => {
    if (v === null || typeof v !== "object") return;
    const l = sub.get(type) ?? [];
    if (l.length < 6) l.push({ file: `${file}#${type}`, text: JSON.stringify(v) });
    sub.set(type, l);
  };
  for (const list of fx.values())
    for (const { file, text } of list) {
      const m = JSON.parse(text) as Record<string, any>;
      add("AuthTag", file, m.auth);
      add("AgentCard", file, m.payload?.agent_card);
      if (m.message_type === "response") add("ErrorObject", file, m.payload?.error);
    }
  const messages = typeSeeds(fx, (t) => [t, "Message", "BaseMessage"], () => [{ fn: "checkFreshness" }]);
  const parts = typeSeeds(sub, (t) => [t]);
  return { seeds: [...messages, ...parts, ...builderSeeds("legacy", firstOf(fx))], extraStrings: [] };
}

function v1Seeds(dir: string, mod: Record<string, unknown>): Built {
  const fx = fixtures(dir, (folder) => folder);
  const first = firstOf(fx);
  const seeds: Seed[] = typeSeeds(fx, (t) => [t]);
  const routes = (mod.HTTP_ROUTES ?? []) as { rpc: string; verb: string; template: string; request: string; response: string; streaming: boolean }[];
  const rpcs = new Map(routes.map((r) => [r.rpc, r]));
  for (const r of rpcs.values()) {
    for (const { file, text } of fx.get(r.request) ?? []) {
      const body = `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(r.rpc)},"params":${text}}`;
      seeds.push({ file: `jsonrpc:${r.rpc}:${file}`, category: "envelope", make: () => [JSON.parse(body)], calls: [{ fn: "validateJsonRpcRequest", args: (c) => [c.holder[0], c.opts()] }] });
    }
    const response = r.streaming ? "StreamResponse" : r.response;
    const results = response === "Empty" ? [{ file: "Empty", text: "{}" }] : (fx.get(response) ?? []);
    for (const { file, text } of results) {
      const body = `{"jsonrpc":"2.0","id":"r-1","result":${text}}`;
      seeds.push({ file: `jsonrpc-result:${r.rpc}:${file}`, category: "envelope", make: () => [JSON.parse(body)], calls: [{ fn: "validateJsonRpcResponse", args: (c) => [r.rpc, c.holder[0], c.opts()] }] });
    }
    // Section 9.5's shape, so mutations start from a valid error response.
    const error = `{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"Task not found","data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org","metadata":{"taskId":"t"}}]}}`;
    seeds.push({ file: `jsonrpc-error:${r.rpc}`, category: "envelope", make: () => [JSON.parse(error)], calls: [{ fn: "validateJsonRpcResponse", args: (c) => [r.rpc, c.holder[0], c.opts()] }] });
  }
  for (const r of routes) {
    const path = r.template.replace(/\{[^}]+\}/g, (m) => (m.startsWith("{tenant") ? "acme" : "task-123"));
    seeds.push({ file: `http-route:${r.verb} ${r.template}`, category: "envelope", names: ["verb", "path"], make: () => [r.verb, path], calls: [{ fn: "matchHttpRoute", args: (c) => [c.holder[0], c.holder[1]] }] });
  }
  const extraStrings = [...rpcs.keys(), ...Object.keys((mod.V03_METHODS ?? {}) as object), ...Object.values((mod.ENUMS ?? {}) as Record<string, string[]>).flat(), ...routes.map((r) => r.template)];
  return { seeds: [...seeds, ...builderSeeds("v1", first)], extraStrings };
}

function v03Seeds(dir: string, mod: Record<string, unknown>): Built {
  const fx = fixtures(dir, (folder) => folder);
  const first = firstOf(fx);
  const seeds: Seed[] = typeSeeds(fx, (t) => [t]);
  const methods = (mod.RPC_METHODS ?? {}) as Record<string, { request: string; success: string }>;
  for (const [method, m] of Object.entries(methods)) {
    for (const { file, text } of fx.get(m.request) ?? []) {
      seeds.push({ file: `jsonrpc:${method}:${file}`, category: "envelope", make: () => [JSON.parse(text)], calls: [{ fn: "validateJsonRpcRequest", args: (c) => [c.holder[0], c.opts()] }] });
    }
    for (const { file, text } of [...(fx.get(m.success) ?? []), ...(fx.get("JSONRPCErrorResponse") ?? [])]) {
      seeds.push({ file: `jsonrpc-response:${method}:${file}`, category: "envelope", make: () => [JSON.parse(text)], calls: [{ fn: "validateJsonRpcResponse", args: (c) => [method, c.holder[0], c.opts()] }] });
    }
  }
  const routes = (mod.HTTP_ROUTES ?? []) as { rpc: string; verb: string; template: string; request: string; response: string }[];
  const bodyOf = (type: string): string | undefined => (type === "Empty" || type === "Cancel" ? undefined : type === "SendResult" ? `{"task":${fx.get("Task")?.[0]?.text ?? "{}"}}` : type === "StreamEvent" ? `{"statusUpdate":${fx.get("TaskStatusUpdateEvent")?.[0]?.text ?? "{}"}}` : type.endsWith("[]") ? `[${fx.get(type.slice(0, -2))?.[0]?.text ?? "{}"}]` : fx.get(type)?.[0]?.text);
  for (const r of routes) {
    const path = r.template.replace(/\{[^}]+\}/g, "task-123");
    seeds.push({ file: `http-route:${r.verb} ${r.template}`, category: "envelope", names: ["verb", "path"], make: () => [r.verb, path], calls: [{ fn: "matchHttpRoute", args: (c) => [c.holder[0], c.holder[1]] }] });
    const req = bodyOf(r.request);
    const reqText = `{"method":${JSON.stringify(r.verb)},"path":${JSON.stringify(path)}${req === undefined ? "" : `,"body":${req}`}}`;
    seeds.push({ file: `http-request:${r.verb} ${r.template}`, category: "envelope", make: () => [JSON.parse(reqText)], calls: [{ fn: "validateHttpRequest", args: (c) => [c.holder[0], c.opts()] }] });
    const res = bodyOf(r.response);
    const resText = `{"method":${JSON.stringify(r.verb)},"path":${JSON.stringify(path)},"status":200${res === undefined ? "" : `,"body":${res}`}}`;
    seeds.push({ file: `http-response:${r.verb} ${r.template}`, category: "envelope", make: () => [JSON.parse(resText)], calls: [{ fn: "validateHttpResponse", args: (c) => [c.holder[0], c.opts()] }] });
  }
  const extraStrings = [...Object.keys(methods), ...routes.map((r) => r.template), "SendMessage", "ROLE_USER", "TASK_STATE_WORKING", "status-update", "artifact-update"];
  return { seeds: [...seeds, ...builderSeeds("v0.3", first)], extraStrings };
}

function sessionSeeds(dir: string, mod: Record<string, unknown>): Built {
  const fx = fixtures(dir, (folder) => folder);
  const first = firstOf(fx);
  const stream = (t: string): GroupCall[] => (t === "SendMessageResponse" || t === "CreateSessionResponse" ? [{ fn: "validateStreamEvent" }] : []);
  const seeds: Seed[] = typeSeeds(fx, (t) => [t], stream);
  const endpoints = (mod.ENDPOINTS ?? []) as { method: string; path: string; request: string | null; responses: Record<string, string | null> }[];
  for (const e of endpoints) {
    const path = e.path.replace("{sessionId}", "sess_123");
    const reqBodies = e.request ? (fx.get(e.request) ?? []).map((f) => f.text) : ["null"];
    for (const body of reqBodies) {
      for (const base of ["", "/a2a"]) {
        const text = `{"method":${JSON.stringify(e.method)},"path":${JSON.stringify(base + path)},"body":${body}}`;
        const opts = base ? { basePath: base } : {};
        seeds.push({
          file: `http-request:${e.method} ${e.path}${base ? " (basePath)" : ""}`,
          category: "envelope",
          make: () => [JSON.parse(text)],
          calls: [{ fn: "validateHttpRequest", args: (c) => [c.holder[0], { ...(c.opts() as object), ...opts }] }],
        });
      }
    }
    for (const [status, type] of [...Object.entries(e.responses), ["404", "ErrorResponse"] as const]) {
      const bodies = type === null ? ["null"] : type === "StreamEvent" ? [...(fx.get("SendMessageResponse") ?? []), ...(fx.get("CreateSessionResponse") ?? [])].map((f) => f.text) : (fx.get(type) ?? []).map((f) => f.text);
      for (const body of bodies) {
        const text = `{"method":${JSON.stringify(e.method)},"path":${JSON.stringify(path)},"status":${status},"body":${body}}`;
        seeds.push({ file: `http-response:${e.method} ${e.path} ${status}`, category: "envelope", make: () => [JSON.parse(text)], calls: [{ fn: "validateHttpResponse", args: (c) => [c.holder[0], c.opts()] }] });
      }
    }
    seeds.push({
      file: `endpoint:${e.method} ${e.path}`,
      category: "envelope",
      names: ["method", "path", "basePath"],
      make: () => [e.method, path, undefined],
      calls: [{ fn: "findEndpoint", args: (c) => [str(c, c.holder[0]), str(c, c.holder[1]), c.holder[2] === undefined ? undefined : str(c, c.holder[2])] }],
    });
  }
  for (const { file, text } of fx.get("Artifact") ?? []) {
    const a = JSON.parse(text) as { type: string; data: unknown };
    const args = JSON.stringify([a.type, a.data]);
    seeds.push({
      file: `artifact-data:${file}`,
      category: "envelope",
      names: ["type", "data"],
      make: () => JSON.parse(args) as unknown[],
      calls: [{ fn: "artifactDataProblem", args: (c) => [str(c, c.holder[0]), c.holder[1]] }, { fn: "artifactKind", args: (c) => [str(c, c.holder[0])] }],
    });
  }
  const extraStrings = endpoints.flatMap((e) => [e.method, e.path, e.path.replace("{sessionId}", "s")]);
  return { seeds: [...seeds, ...builderSeeds("session", first)], extraStrings };
}

function objectSchemasSeeds(dir: string, extra: Map<string, unknown>): Built {
  const fx = fixtures(dir, (folder) => folder);
  const cards = new Map<string, string>();
  for (const list of fx.values()) for (const f of list) cards.set(f.file.replace(/^.*\//, "").replace(/\.json$/, ""), f.text);
  const seedCard = cards.get("extension-example-card") ?? [...cards.values()][0] ?? "{}";
  extra.set("seedCard", seedCard);
  const seeds: Seed[] = [];
  for (const list of fx.values())
    for (const { file, text } of list)
      seeds.push({ file, category: "fixture", make: () => [JSON.parse(text)], calls: [{ fn: "validateObjectSchemasCard" }, { fn: "declaresObjectSchemas" }] });
  // Flow and output cases pair a card with a message or a task (test data next to the extension's tests).
  const cases = join(ROOT, "test/extensions/cases");
  for (const file of jsonFiles(join(cases, "flow"))) {
    const c = readJson(file) as { card?: string; hasTask?: boolean; message?: unknown };
    const card = cards.get(c.card ?? "extension-example-card") ?? seedCard;
    const text = `[${card},${JSON.stringify(c.message)}]`;
    const hasTask = c.hasTask === true;
    seeds.push({
      file: relative(ROOT, file),
      category: "envelope",
      names: ["card", "message"],
      make: () => JSON.parse(text) as unknown[],
      calls: [
        { fn: "resolveStructuredInput", args: (x) => [x.holder[0], x.holder[1], { hasTask }] },
        { fn: "flaggedPart", args: (x) => [safeGet(safeGet(x.holder[1], "parts"), 0), 0] },
        { fn: "schemaNameOfMode", args: (x) => [safeGet(safeGet(safeGet(safeGet(x.holder[1], "parts"), 0), "metadata"), "mimeType")] },
      ],
    });
  }
  for (const file of jsonFiles(join(cases, "output"))) {
    const side = file.slice(0, -5) + ".expect.json";
    const name = existsSync(side) ? (readJson(side) as { card?: string }).card : undefined;
    const card = cards.get(name ?? "extension-example-card") ?? seedCard;
    const text = `[${card},${readFileSync(file, "utf8")}]`;
    seeds.push({
      file: relative(ROOT, file),
      category: "envelope",
      names: ["card", "task"],
      make: () => JSON.parse(text) as unknown[],
      calls: [{ fn: "checkStructuredOutput", args: (x) => [x.holder[0], x.holder[1]] }],
    });
  }
  seeds.push(...remoteSchemaSeeds());
  const vocab = harvest([...cards.values()].map((t) => JSON.parse(t)));
  const patterns = ["(a+)+$", "(a|aa)*", "(a)\\1", "(?=a)a", "[", "a{1,100000}", "(?<n>a)\\k<n>", "^\\d*\\d*\\d*$", "\\p{L}+", "^[a-z]{1,5}$", ...vocab.strings.filter((s) => /[\\^$[(]/.test(s))];
  for (const p of patterns) seeds.push({ file: `pattern:${p.slice(0, 30)}`, category: "envelope", make: () => [p], calls: [{ fn: "patternProblem", args: (x) => [str(x, x.holder[0]), 512] }] });
  for (const m of ["application/json;schema=fightComparison", 'APPLICATION/JSON ; schema="x"', "text/plain"])
    seeds.push({ file: `mode:${m}`, category: "envelope", make: () => [m], calls: [{ fn: "schemaNameOfMode" }, { fn: "modeForSchema", args: (x) => [str(x, x.holder[0])] }] });
  return {
    seeds,
    extraStrings: patterns,
    // A changed schema that still compiles costs an Ajv compile (~10 ms, against ~0.1 ms for the rest of an input):
    // schemas are mutated in about 1 input in 50, the rest of the card, the messages and the tasks in all the others.
    slotWeight: (_arg, second) => (second === "schemas" ? 0.01 : 1),
  };
}

// ---------------------------------------------------------------- loading

async function importEntry(src: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(src).href)) as Record<string, unknown>;
}

export async function loadFamily(name: FamilyName): Promise<LoadedFamily> {
  const def = DEFS[name];
  const entries = entriesFromPackage();
  const mine = [...entries].filter(([sub]) => {
    const b = entryBase(sub);
    return b === def.base || b === "all";
  });
  const extra = new Map<string, unknown>();
  const fns: Fn[] = [];
  const byIdentity = new Map<Function, Fn>();
  const skipped: LoadedFamily["skipped"] = [];
  const unclassified: string[] = [];
  // Zod models by the entry they mirror: ./v1/zod → ./v1, ./v1/2026-02-17/zod → ./v1/2026-02-17.
  const zod = new Map<string, Map<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>>();
  const moduleOf = new Map<string, Record<string, unknown>>();
  const modules: Record<string, unknown>[] = [];
  const modes = verdictModes(def);

  const taken = new Set<string>();
  const addFn = (name: string, entry: string, f: Function) => {
    const known = byIdentity.get(f);
    if (known) {
      if (!known.aliases.includes(name)) known.aliases.push(name);
      return;
    }
    if (has.call(SKIP, name) || isClass(f)) {
      if (!skipped.some((s) => s.name === name)) skipped.push({ name, entry, reason: SKIP[name] ?? "a class" });
      return;
    }
    // Two entries exporting one name (v1 and a pinned revision): the later one is labelled with its entry.
    const id = taken.has(name) ? `${entry.slice(2)}:${name}` : name;
    taken.add(id);
    let c = classify(name, def);
    if (!c) {
      unclassified.push(`${entry} ${name}`);
      // New and unknown: still fuzzed with the input as its first argument; only a throw can be judged.
      c = { kind: "other", shape: () => undefined, args: (x) => [x.v, x.opts()] };
    }
    const fn: Fn = { id, entry, aliases: [name], types: [], invoke: (a) => f(...a), ...c };
    byIdentity.set(f, fn);
    fns.push(fn);
    // Methods every validator carries: the fast check and the Standard Schema interface.
    const check = (f as { check?: unknown }).check;
    if (c.kind === "validate" && typeof check === "function") {
      fns.push({ id: `${id}.check`, entry, aliases: [], types: [], parent: fn, kind: "guard", shape: shape.booleanProblem, type: c.type, verdictMode: modes.check, ...(c.byName ? { byName: true } : {}), invoke: (a) => check.apply(f, a), args: (x) => [x.v, x.opts()] });
    }
    const std = (f as { "~standard"?: { validate?: unknown } })["~standard"];
    if (c.kind === "validate" && std && typeof std.validate === "function") {
      const v = std.validate as (x: unknown) => unknown;
      fns.push({ id: `${id}["~standard"].validate`, entry, aliases: [], types: [], parent: fn, kind: "validate", shape: shape.standardProblem, type: c.type, verdictMode: modes.standard, invoke: (a) => v.call(std, a[0]), args: (x) => [x.v] });
    }
  };

  const tables: [string, string, object][] = [];
  for (const [sub, src] of mine) {
    const mod = await importEntry(src);
    modules.push(mod);
    moduleOf.set(sub, mod);
    const isZod = sub.endsWith("/zod");
    for (const key of Object.keys(mod).sort()) {
      const val = mod[key];
      if (isZod && /Schema$/.test(key) && val !== null && typeof val === "object" && typeof (val as { safeParse?: unknown }).safeParse === "function") {
        const base = sub.slice(0, -4);
        if (!zod.has(base)) zod.set(base, new Map());
        zod.get(base)!.set(key, val as { safeParse(v: unknown): { success: boolean; data?: unknown } });
        continue;
      }
      if (typeof val === "function") addFn(key, sub, val);
      else if (val !== null && typeof val === "object" && Object.prototype.toString.call(val) !== "[object Module]") tables.push([key, sub, val]);
    }
  }
  // One level into exported tables (validators, VALIDATORS_BY_TYPE), after every named export: a function only reachable there is still fuzzed.
  for (const [key, sub, val] of tables)
    for (const [k, inner] of Object.entries(val)) if (typeof inner === "function" && !byIdentity.has(inner) && !isClass(inner)) addFn(`${key}.${k}`, sub, inner);
  for (const fn of fns) {
    for (const a of fn.parent?.aliases ?? fn.aliases) {
      const m = /^(?:validate|is|assert)([A-Z]\w*)$/.exec(a);
      if (m && !fn.types.includes(m[1]!)) fn.types.push(m[1]!);
    }
    if (fn.type !== undefined && !fn.types.includes(fn.type)) fn.types.push(fn.type);
  }
  // Zod models by validator name, across aliases (validateLegacyMessage ↔ LegacyMessageSchema).
  if (def.zodPrefix !== undefined) {
    for (const fn of fns) {
      if (fn.kind !== "validate" || fn.parent) continue;
      for (const alias of fn.aliases) {
        const m = /^validate([A-Z]\w*)$/.exec(alias);
        const model = m ? `${def.zodPrefix}${m[1]}Schema` : undefined;
        const schema = model ? zod.get(fn.entry)?.get(model) : undefined;
        if (model && schema) {
          (fn as { zod?: Fn["zod"] }).zod = { name: model, schema };
          break;
        }
      }
    }
  }

  const merged = Object.assign({}, ...modules) as Record<string, unknown>;
  // The class thrown by assert* and create*, from the entries themselves (the root entry re-exports it).
  extra.set("ValidationError", merged.ValidationError);
  if (def.base === "v1") {
    extra.set("v1.MESSAGE_NAMES", merged.MESSAGE_NAMES);
    extra.set("v1.RPC_NAMES", merged.RPC_NAMES);
  }
  if (def.base === "v0.3") {
    // The by-name and by-method functions draw their names from these (the keys say v1; the lists are v0.3's).
    extra.set("v1.MESSAGE_NAMES", merged.V03_TYPE_NAMES);
    extra.set("v1.RPC_NAMES", merged.RPC_NAMES);
  }
  if (def.base === "object-schemas") {
    const v1 = await importEntry(join(ROOT, "src/v1/index.ts"));
    extra.set("v1.validateAgentCard", v1.validateAgentCard);
  }
  // The main entry and its revisions (an entry with fixtures of its own: fixtures/v1/2026-02-17/valid for ./v1/2026-02-17).
  const main = def.base === "object-schemas" ? "./extensions/object-schemas" : `./${def.base}`;
  const fixtureRoot = def.base === "object-schemas" ? "fixtures/extensions/object-schemas" : `fixtures/${def.base}`;
  const revisions = [main, ...mine.map(([sub]) => sub).filter((sub) => sub.startsWith(`${main}/`) && !sub.endsWith("/zod") && existsSync(join(ROOT, fixtureRoot, sub.slice(main.length + 1), "valid")))];
  const built: Built = { seeds: [], extraStrings: [] };
  for (const rev of revisions) {
    const dir = rev === main ? `${fixtureRoot}/valid` : `${fixtureRoot}/${rev.slice(main.length + 1)}/valid`;
    const mod = moduleOf.get(rev) ?? {};
    const b =
      def.base === "legacy"
        ? legacySeeds(dir)
        : def.base === "v1"
          ? v1Seeds(dir, mod)
          : def.base === "session"
            ? sessionSeeds(dir, mod)
            : def.base === "v0.3"
              ? v03Seeds(dir, mod)
              : objectSchemasSeeds(dir, extra);
    for (const seed of b.seeds) built.seeds.push({ ...seed, entry: rev, file: rev === main || seed.file.startsWith("fixtures/") ? seed.file : `${rev.slice(2)} ${seed.file}` });
    built.extraStrings.push(...b.extraStrings);
    if (b.slotWeight) built.slotWeight = b.slotWeight;
  }
  const byId = new Map<string, Fn>();
  for (const f of fns) for (const a of [f.id, ...f.aliases]) if (!byId.has(a)) byId.set(a, f);
  // A seed's own calls name functions; each entry's own function of that name.
  const byEntry = new Map<string, Fn>();
  for (const f of fns) for (const a of f.aliases) if (!byEntry.has(`${f.entry} ${a}`)) byEntry.set(`${f.entry} ${a}`, f);
  const resolve = (seed: Seed, name: string): Fn | undefined => (seed.entry !== undefined ? byEntry.get(`${seed.entry} ${name}`) : undefined) ?? byId.get(name);
  for (const s of built.seeds) for (const c of s.calls) if (resolve(s, c.fn)?.kind === "builder") resolve(s, c.fn)!.seeded = true;
  // Fixtures 65 %, envelopes 20 %, builder arguments 15 % of inputs (whatever each category holds).
  const share = { fixture: 0.65, envelope: 0.2, builder: 0.15 };
  const counts = { fixture: 0, envelope: 0, builder: 0 };
  for (const s of built.seeds) counts[s.category]++;
  const present = (Object.keys(share) as (keyof typeof share)[]).filter((k) => counts[k] > 0);
  const total = present.reduce((a, k) => a + share[k], 0);
  const seedWeights = built.seeds.map((s) => share[s.category] / total / counts[s.category]);
  const vocab = harvest(
    built.seeds.map((s) => s.make()),
    [...NEAR_VALID, ...built.extraStrings, ...((merged.MESSAGE_TYPES ?? []) as string[])],
  );
  const family: LoadedFamily = {
    def,
    name,
    fns,
    byId,
    resolve,
    seeds: built.seeds,
    seedWeights,
    vocab,
    skipped,
    unclassified,
    entries: mine.map(([sub]) => sub),
    extra,
    ...(built.slotWeight ? { slotWeight: built.slotWeight } : {}),
  };
  return family;
}
