/**
 * The A2A v0.3 family (the definitions of the v0.3.0 JSON Schema and the JSON-RPC binding),
 * adapted to the CLI's registry. It claims a document only weakly (a v0.3 `kind`, a v0.3 JSON-RPC
 * method): in a pool with the v1 family, v1's claims win as before, so a v0.3 document is
 * validated as v0.3 when a sidecar says `"family": "v0.3"` or `--family v0.3` is given (choosing
 * the version per document is `--a2a-version`'s work).
 */
import { makeIssue } from "../../core/issue.js";
import { readSchemaFile } from "../package.js";
import { idKey, rememberRequest } from "./pending.js";
import { lazy, POSSIBLE, type CheckContext, type Checked, type Claim, type Family, type Mode, type TypeInfo } from "../registry.js";

export const REQUEST = "JsonRpcRequest";
export const RESPONSE = "JsonRpcResponse";

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

// `list` and detection read the bundle's names; the validators load on first use.
const impl = lazy(() => import("../../v0.3/index.js"));

interface Bundle {
  $schema: string;
  definitions: Record<string, unknown>;
}

let bundle: Bundle | undefined;
const bundleOf = (mode: Mode | "default" = "default"): Bundle =>
  mode === "strict" ? (readSchemaFile("v0.3", "a2a.strict.json") as Bundle) : (bundle ??= readSchemaFile("v0.3", "a2a.json") as Bundle);

/** v0.3's discriminator: `kind` names the type outright (A2A v0.3.0 specification, sections 6 and 7.2). */
const KINDS: Readonly<Record<string, string>> = {
  text: "TextPart",
  file: "FilePart",
  data: "DataPart",
  task: "Task",
  message: "Message",
  "status-update": "TaskStatusUpdateEvent",
  "artifact-update": "TaskArtifactUpdateEvent",
};

/** The ten JSON-RPC methods of section 7. */
const METHODS = new Set([
  "message/send",
  "message/stream",
  "tasks/get",
  "tasks/cancel",
  "tasks/pushNotificationConfig/set",
  "tasks/pushNotificationConfig/get",
  "tasks/pushNotificationConfig/list",
  "tasks/pushNotificationConfig/delete",
  "tasks/resubscribe",
  "agent/getAuthenticatedExtendedCard",
]);

function detect(value: object): Claim | undefined {
  if (Array.isArray(value)) return undefined;
  const o = value as { kind?: unknown; jsonrpc?: unknown; method?: unknown };
  if (has(value, "jsonrpc")) {
    if (has(value, "method")) return typeof o.method === "string" && METHODS.has(o.method) ? { types: [REQUEST], strength: POSSIBLE } : undefined;
    return has(value, "result") || has(value, "error") ? { types: [RESPONSE], strength: POSSIBLE } : undefined;
  }
  return typeof o.kind === "string" && has(KINDS, o.kind) ? { types: [KINDS[o.kind]!], strength: POSSIBLE } : undefined;
}

/** What detect() reads besides the key set: the kind, or the JSON-RPC method. */
function detectionInputs(value: object): string {
  const o = value as { kind?: unknown; method?: unknown };
  const read = has(value, "jsonrpc") ? o.method : o.kind;
  return typeof read === "string" && (METHODS.has(read) || has(KINDS, read)) ? read : "";
}

/** The CLI's `--mode strict` is v0.3's strict mode; anything else its default (unknown properties allowed). */
const modeOf = (ctx: CheckContext): "default" | "strict" => (ctx.mode === "strict" ? "strict" : "default");

function validate(type: string, value: unknown, ctx: CheckContext): Checked {
  const V = impl.get()!;
  const mode = modeOf(ctx);
  const issues = (r: { ok: boolean; issues?: readonly Checked["issues"][number][] }) => (r.ok ? [] : r.issues!);
  if (type === REQUEST) {
    rememberRequest(ctx, value);
    return { type, mode, issues: issues(V.validateJsonRpcRequest(value, { mode })) };
  }
  if (type === RESPONSE) {
    const key = value !== null && typeof value === "object" ? idKey((value as { id?: unknown }).id) : undefined;
    const method = ctx.method ?? (key === undefined ? undefined : ctx.stream.get(key));
    if (method === undefined) {
      const issue = makeIssue([], "invalid", "is a JSON-RPC response to an unknown method: give --method <method>, or put its request before it in the same NDJSON stream");
      return { type, mode, issues: [{ ...issue, code: "no_method" }] };
    }
    return { type, mode, issues: issues(V.validateJsonRpcResponseByMethod(method, value, { mode })) };
  }
  return { type, mode, issues: issues(V.validateByName(type, value, { mode })) };
}

let types: TypeInfo[] | undefined;
const typesOf = (): TypeInfo[] =>
  (types ??= [
    ...Object.keys(bundleOf().definitions).map((name) => ({ name })),
    { name: REQUEST, note: "a JSON-RPC 2.0 request to one of the 10 v0.3 methods" },
    { name: RESPONSE, note: "a JSON-RPC 2.0 response (needs --method or its request earlier in the stream)" },
  ]);

/** The exact name first (JSONRPCRequest is a definition, JsonRpcRequest the binding), then any case (the binding wins a tie). */
function resolveType(name: string): string | undefined {
  const list = typesOf();
  if (list.some((t) => t.name === name)) return name;
  const lower = name.toLowerCase();
  const hits = list.filter((t) => t.name.toLowerCase() === lower);
  return hits.length === 0 ? undefined : hits[hits.length - 1]!.name;
}

/** The definitions a type needs, so the printed schema stands alone. */
function closure(defs: Record<string, unknown>, root: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const todo = [root];
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (has(out, name) || !has(defs, name)) continue;
    out[name] = defs[name];
    for (const m of JSON.stringify(defs[name]).matchAll(/"#\/definitions\/([^"/]+)"/g)) todo.push(m[1]!);
  }
  return out;
}

export const v03: Family = {
  name: "v0.3",
  get types() {
    return typesOf();
  },
  modes: ["default", "strict"],
  prepare: impl.load,
  get ready() {
    return impl.get() !== undefined;
  },
  detect,
  detectionInputs,
  resolveType,
  validate,
  async schema(type, mode) {
    const name = resolveType(type);
    if (name === undefined || name === REQUEST || name === RESPONSE) return undefined;
    const b = bundleOf(mode === "strict" ? "strict" : "default");
    return { $schema: b.$schema, title: name, $ref: `#/definitions/${name}`, definitions: closure(b.definitions, name) };
  },
};
