/** The A2A v1 family (messages and the JSON-RPC binding), adapted to the CLI's registry. */
import * as V from "../../v1/index.js";
import { FIELDS } from "../../generated/v1/meta.js";
import { makeIssue } from "../../core/issue.js";
import { readSchemaFile } from "../package.js";
import { CERTAIN, LIKELY, POSSIBLE, type CheckContext, type Checked, type Claim, type Family, type Mode, type TypeInfo } from "../registry.js";

export const REQUEST = "JsonRpcRequest";
export const RESPONSE = "JsonRpcResponse";
const REQUIRED_FLAG = 4;

const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

interface Shape {
  readonly name: string;
  readonly required: readonly (readonly [string, string])[];
}

const NAMES = V.MESSAGE_NAMES as readonly string[];
const SHAPES: Shape[] = NAMES.map((name) => ({
  name,
  required: (FIELDS[name as V.MessageName] ?? []).filter((f) => (f[3] & REQUIRED_FLAG) !== 0).map((f) => [f[0], f[1]] as const),
}));

/** Field name (camelCase or proto snake_case) → indexes of the messages that have it. */
const BY_KEY = new Map<string, number[]>();
NAMES.forEach((name, i) => {
  for (const [json, proto] of FIELDS[name as V.MessageName] ?? []) {
    for (const k of json === proto ? [json] : [json, proto]) {
      const list = BY_KEY.get(k) ?? [];
      list.push(i);
      BY_KEY.set(k, list);
    }
  }
});

const requiredPresent = (s: Shape, value: object): boolean => s.required.every(([j, p]) => has(value, j) || has(value, p));

/**
 * A message is told by its keys: the messages that know every key of the
 * document (narrowed to those whose REQUIRED fields are all there); failing
 * that, the ones that know most of its keys (so a v0.3 card or task with a
 * stray `kind` still lands on its v1 type, whose issues carry the hints).
 */
function detectMessage(value: object): Claim | undefined {
  const keys = Object.keys(value);
  if (keys.length === 0) return undefined;
  const known = new Uint8Array(NAMES.length);
  for (const k of keys) for (const i of BY_KEY.get(k) ?? []) known[i]! += 1;
  let best = 0;
  for (const n of known) if (n > best) best = n;
  if (best === 0) return undefined;
  const exact = best === keys.length;
  // Most keys must fit, or any JSON with a "name" would pass for a message.
  if (!exact && best * 2 < keys.length) return undefined;
  let candidates = SHAPES.filter((_, i) => known[i] === best);
  const complete = candidates.filter((s) => requiredPresent(s, value));
  if (complete.length > 0) candidates = complete;
  return { types: candidates.map((s) => s.name), strength: exact ? LIKELY : POSSIBLE };
}

function detect(value: object): Claim | undefined {
  if (Array.isArray(value)) return undefined;
  if (has(value, "jsonrpc")) return { types: [has(value, "method") ? REQUEST : RESPONSE], strength: CERTAIN };
  return detectMessage(value);
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
  const options = { mode: ctx.mode };
  if (type === REQUEST) {
    remember(ctx, value);
    const r = V.validateJsonRpcRequest(value, options);
    return { type, issues: r.ok ? [] : r.issues };
  }
  if (type === RESPONSE) {
    const key = value !== null && typeof value === "object" ? idKey((value as { id?: unknown }).id) : undefined;
    const method = ctx.method ?? (key === undefined ? undefined : ctx.stream.get(key));
    if (method === undefined) {
      return {
        type,
        issues: [
          {
            ...makeIssue([], "invalid", "is a JSON-RPC response to an unknown method: give --method <RPC>, or put its request before it in the same NDJSON stream"),
            code: "no_method",
          },
        ],
      };
    }
    const r = V.validateJsonRpcResponse(method, value, options);
    return { type, issues: r.ok ? [] : r.issues };
  }
  const r = V.validate(type, value, options);
  return { type, issues: r.ok ? [] : r.issues };
}

const TYPES: TypeInfo[] = [
  ...NAMES.map((name) => ({ name })),
  { name: REQUEST, note: "a JSON-RPC 2.0 request to one of the 11 RPCs" },
  { name: RESPONSE, note: "a JSON-RPC 2.0 response (needs --method or its request earlier in the stream)" },
];
const ALL = new Map<string, string>(TYPES.map((t) => [t.name.toLowerCase(), t.name]));

interface Bundle {
  $schema: string;
  $id?: string;
  title?: string;
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
    ...(bundle.$id ? { $id: `${bundle.$id}:${name}` } : {}),
    title: name,
    $ref: `#/$defs/${name}`,
    $defs: closure(bundle.$defs, name),
  };
}

export const v1: Family = {
  name: "v1",
  types: TYPES,
  hasModes: true,
  detect,
  resolveType: (name) => ALL.get(name.toLowerCase()),
  validate,
  schema,
};
