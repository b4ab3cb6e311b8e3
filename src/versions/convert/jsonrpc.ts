/**
 * JSON-RPC envelopes (v0.3 specification sections 6.11 and 7; A2A v1.0 section 9): the method
 * names, `params` and `result` converted as the RPC's request and response messages, and the
 * error object, whose v1.0 `data` is a list of typed details (A2A v1.0 specification, section 9.5)
 * where v0.3's is any value.
 */
import { carry, copyJson, isObj, keys, type Ctx, type Obj, sub, type Path } from "./context.js";
import { SAY } from "./messages.js";
import { V03_ERROR_CODES } from "./tables.js";

type P = Path;
/** One object converter: (value, path in the input, context) → converted value. */
export type Convert = (o: any, at: P, ctx: Ctx) => unknown;

const ERROR = keys("code", "message", "data");
const REQUEST = keys("jsonrpc", "id", "method", "params");
const RESPONSE = keys("jsonrpc", "id", "result", "error");

const isTypedList = (d: unknown): d is Obj[] => Array.isArray(d) && d.every((x) => isObj(x) && typeof x["@type"] === "string");

/**
 * The error object: `code` and `message` as they are; `data` carried when it is already a list
 * of typed details (v0.3's `data` is any value, so a v1.0 list is a valid v0.3 one). No ErrorInfo
 * is made up going up: the v1.0 validator's warning says it is missing (section 9.5: SHOULD).
 */
export function errorToV1(e: Obj, at: P, ctx: Ctx): Obj {
  ctx.extras(e, at, ERROR);
  const out: Obj = { code: e.code, message: e.message };
  if (isTypedList(e.data)) out.data = copyJson(e.data);
  else if (e.data !== undefined) ctx.lost(sub(at, "data"), SAY.errorData);
  return out;
}

export function errorToV03(e: Obj, at: P, ctx: Ctx): Obj {
  const code = e.code as number;
  if (!V03_ERROR_CODES.has(code) && code <= -32000 && code >= -32099) ctx.lost(sub(at, "code"), SAY.errorCode(code));
  const out: Obj = { code, message: e.message };
  carry(e, out, "data");
  return out;
}

/** A JSON-RPC request: `method` as given, `params` converted by `params` (absent params stay absent; without a converter the target method takes none). */
export function requestEnvelope(r: Obj, at: P, ctx: Ctx, method: string, params: Convert | undefined): Obj {
  ctx.extras(r, at, REQUEST);
  const out: Obj = { jsonrpc: r.jsonrpc };
  if (r.id !== undefined) out.id = r.id;
  out.method = method;
  if (r.params === undefined) return out;
  if (params !== undefined) out.params = params(r.params, sub(at, "params"), ctx);
  else ctx.lost(sub(at, "params"), SAY.noParams(method));
  return out;
}

/** A JSON-RPC response: `result` converted by `result`, or `error` by `error`. */
export function responseEnvelope(r: Obj, at: P, ctx: Ctx, result: Convert, error: Convert): Obj {
  ctx.extras(r, at, RESPONSE);
  const out: Obj = { jsonrpc: r.jsonrpc, id: r.id };
  if (isObj(r.error)) out.error = error(r.error, sub(at, "error"), ctx);
  else out.result = result(r.result, sub(at, "result"), ctx);
  return out;
}
