/** The A2A v1 family (messages and the JSON-RPC binding), adapted to the CLI's registry. */
import { FIELDS, MESSAGE_NAMES, type MessageName } from "../../generated/v1/meta.js";
import { makeIssue } from "../../core/issue.js";
import { readSchemaFile } from "../package.js";
import { keyMatcher } from "./keys.js";
import { CERTAIN, lazy, type CheckContext, type Checked, type Claim, type Family, type Mode, type TypeInfo } from "../registry.js";

export const REQUEST = "JsonRpcRequest";
export const RESPONSE = "JsonRpcResponse";
const REQUIRED_FLAG = 4;

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

// Detection needs only the field table; the 46 validators load on first use.
const impl = lazy(() => import("../../v1/index.js"));

const NAMES = MESSAGE_NAMES as readonly string[];

// Both spellings count: strict mode then says which one is wrong, lenient accepts either.
const detectMessage = keyMatcher(
  NAMES.map((name) => {
    const fields = FIELDS[name as MessageName] ?? [];
    return {
      name,
      keys: fields.flatMap(([json, proto]) => [json, proto]),
      required: fields.filter((f) => (f[3] & REQUIRED_FLAG) !== 0).map(([json, proto]) => [json, proto]),
    };
  }),
);

function discriminate(value: object): Claim | undefined {
  if (Array.isArray(value) || !has(value, "jsonrpc")) return undefined;
  return { types: [has(value, "method") ? REQUEST : RESPONSE], strength: CERTAIN };
}

function detect(value: object): Claim | undefined {
  return Array.isArray(value) ? undefined : detectMessage(value);
}

const idKey = (id: unknown): string | undefined =>
  typeof id === "string" || typeof id === "number" ? `${typeof id}:${String(id)}` : undefined;

/** Bounded so that a stream of requests without responses keeps constant memory. */
const MAX_PENDING = 10_000;

function remember(ctx: CheckContext, value: unknown): void {
  if (value === null || typeof value !== "object") return;
  const { id, method } = value as { id?: unknown; method?: unknown };
  const key = idKey(id);
  if (key === undefined || typeof method !== "string") return;
  ctx.stream.delete(key);
  ctx.stream.set(key, method);
  if (ctx.stream.size > MAX_PENDING) ctx.stream.delete(ctx.stream.keys().next().value!);
}

function validate(type: string, value: unknown, ctx: CheckContext): Checked {
  const V = impl.get()!;
  const mode = ctx.mode ?? "strict";
  const options = { mode };
  if (type === REQUEST) {
    remember(ctx, value);
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
    const r = V.validateJsonRpcResponse(method, value, options);
    return { type, mode, issues: r.ok ? (r.warnings ?? []) : r.issues };
  }
  const r = V.validate(type, value, options);
  return { type, mode, issues: r.ok ? (r.warnings ?? []) : r.issues };
}

const TYPES: TypeInfo[] = [
  ...NAMES.map((name) => ({ name })),
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
  const bundle = readSchemaFile("v1", mode === "lenient" ? "a2a.lenient.json" : "a2a.json") as Bundle;
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
  resolveType: (name) => ALL.get(name.toLowerCase()),
  validate,
  schema,
};
