/**
 * The JSON-RPC 2.0 binding of A2A v1 for one protocol revision: the envelope
 * checked by hand (it is four members), `params`/`result` dispatched to the
 * RPC's message validator. src/v1/jsonrpc.ts (1.0) and the older revisions'
 * entries instantiate it.
 */
import { describeValue, makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { capIssues, withStandard } from "../core/validator.js";
import type { MessageValidator, RevisionApi, V1Options } from "./engine.js";
import { V03_METHODS } from "./hints.js";
import { has, obj, type RpcMeta } from "./schema-walk.js";

/** A JSON-RPC 2.0 request id: a string, a number, or null (JSON-RPC 2.0, section 4). */
export type JsonRpcId = string | number | null;

/** The `error` object of a JSON-RPC 2.0 error response as A2A uses it (JSON-RPC 2.0, section 5.1; A2A v1.0 specification, section 9.5). */
export interface JsonRpcError {
  /** The error code: a JSON-RPC standard code, e.g. -32602 for invalid params, or an A2A error code (-32001 to -32009). */
  code: number;
  /** A short description of the error. */
  message: string;
  /** Error details: ProtoJSON Any objects, each with an `@type` (google.rpc.ErrorInfo, google.rpc.BadRequest...). */
  data?: unknown[];
}

type TypeIn<Types, K> = K extends keyof Types ? Types[K] : never;
type RpcOf<R extends readonly RpcMeta[], N> = Extract<R[number], { name: N }>;
/** The RPC names of a revision's RPC table. */
export type RpcNameOf<R extends readonly RpcMeta[]> = R[number]["name"];
/** The request message of an RPC. */
export type RpcRequestOf<R extends readonly RpcMeta[], Types, N> = TypeIn<Types, RpcOf<R, N>["request"]>;
/** The response message of an RPC: one `StreamResponse` per event for the streaming ones, `{}` for `Empty`. */
export type RpcResultOf<R extends readonly RpcMeta[], Types, N> = RpcOf<R, N>["streaming"] extends true
  ? TypeIn<Types, "StreamResponse">
  : RpcOf<R, N>["response"] extends keyof Types
    ? TypeIn<Types, RpcOf<R, N>["response"]>
    : Record<string, never>;
export type JsonRpcRequestOf<R extends readonly RpcMeta[], Types, N extends RpcNameOf<R> = RpcNameOf<R>> = N extends RpcNameOf<R>
  ? { jsonrpc: "2.0"; id: JsonRpcId; method: N; params: RpcRequestOf<R, Types, N> }
  : never;
/** A JSON-RPC success: `result`, never `error` (JSON-RPC 2.0, section 5: exactly one of them). */
export type JsonRpcSuccessOf<R extends readonly RpcMeta[], Types, N extends RpcNameOf<R> = RpcNameOf<R>> = {
  /** Always "2.0". */
  jsonrpc: "2.0";
  /** The id of the request this answers. */
  id: JsonRpcId;
  /** The RPC's response message. */
  result: RpcResultOf<R, Types, N>;
  /** Absent: a response has `result` or `error`, never both. */
  error?: never;
};
/** A JSON-RPC error response: `error`, never `result`. */
export type JsonRpcFailure = {
  /** Always "2.0". */
  jsonrpc: "2.0";
  /** The id of the request this answers (null when it could not be read). */
  id: JsonRpcId;
  /** What went wrong. */
  error: JsonRpcError;
  /** Absent: a response has `result` or `error`, never both. */
  result?: never;
};
export type JsonRpcResponseOf<R extends readonly RpcMeta[], Types, N extends RpcNameOf<R> = RpcNameOf<R>> = JsonRpcSuccessOf<R, Types, N> | JsonRpcFailure;

export interface JsonRpcBinding {
  readonly RPC_NAMES: readonly string[];
  isRpcName(name: unknown): name is string;
  validateJsonRpcRequest(body: unknown, options?: V1Options): ValidationResult<unknown>;
  /** `checkError` validates the `error` member (src/wire/validate.ts), handed in so that a request validator alone does not carry it. */
  validateJsonRpcResponse(method: string, body: unknown, options: V1Options | undefined, checkError: ErrorCheck): ValidationResult<unknown>;
}

/** Validates a JSON-RPC `error` member, strictly or (lenient) as a tolerant receiver. */
export type ErrorCheck = (error: unknown, lenient: boolean) => ValidationResult<unknown>;

const NO_OPTIONS: V1Options = Object.freeze({});

/** The issues moved under `prefix`; its pointer is "/" + prefix because neither key needs escaping, and an issue's pointer is its path's. */
export function prefixed(prefix: "params" | "result" | "error" | "body", issues: readonly ValidationIssue[]): ValidationIssue[] {
  const head = "/" + prefix;
  const out: ValidationIssue[] = new Array(issues.length);
  for (let k = 0; k < issues.length; k++) {
    const i = issues[k]!;
    const n = i.path.length;
    const path: PathSegment[] = new Array(n + 1);
    path[0] = prefix;
    for (let j = 0; j < n; j++) path[j + 1] = i.path[j]!;
    out[k] = { ...i, path, pointer: head + i.pointer };
  }
  return out;
}

/**
 * A request without `id` is a JSON-RPC notification, which gets no response. Every A2A
 * method returns a result, and the A2A v1.0 specification (section 9.3, "Base Request
 * Structure") shows every request with an `id`: a notification is an error.
 */
const NOTIFICATION_HINT =
  'a request without "id" is a JSON-RPC notification, which the server never answers; every A2A method returns a result (A2A v1.0 specification, section 9.3): give an id';

const REQUEST_KEYS: readonly string[] = ["jsonrpc", "id", "method", "params"];
const RESPONSE_KEYS: readonly string[] = ["jsonrpc", "id", "result", "error"];

function envelope(body: unknown, allowed: readonly string[], lenient: boolean, request: boolean, issues: ValidationIssue[]): Record<string, unknown> | undefined {
  const o = obj(body);
  if (!o) {
    issues.push(makeIssue([], "type", `must be a JSON-RPC object, got ${describeValue(body)}`, { expected: "an object", received: describeValue(body) }));
    return undefined;
  }
  if (o.jsonrpc !== "2.0") {
    issues.push(
      has.call(o, "jsonrpc")
        ? makeIssue(["jsonrpc"], "const", `must be "2.0", got ${describeValue(o.jsonrpc)}`, { allowed: ["2.0"], received: describeValue(o.jsonrpc) })
        : makeIssue([], "required", 'missing required property "jsonrpc"', { property: "jsonrpc" }),
    );
  }
  if (!has.call(o, "id")) issues.push(makeIssue([], "required", 'missing required property "id"', { property: "id", ...(request ? { hint: NOTIFICATION_HINT } : {}) }));
  else if (!(o.id === null || typeof o.id === "string" || (typeof o.id === "number" && Number.isFinite(o.id)))) {
    issues.push(makeIssue(["id"], "type", `must be a string, a number or null, got ${describeValue(o.id)}`, { expected: "a string, a number or null", received: describeValue(o.id) }));
  }
  if (!lenient) {
    // for...in without an array; the own-property test only for a key that is not allowed (inherited ones are skipped).
    for (const k in o) {
      if (!allowed.includes(k) && has.call(o, k)) issues.push(makeIssue([k], "unknown_property", `unknown property "${k}" is not allowed`, { property: k }));
    }
  }
  return o;
}

export function createJsonRpcBinding(api: RevisionApi<any>, RPCS: readonly RpcMeta[]): JsonRpcBinding {
  const RPC_NAMES: readonly string[] = RPCS.map((r) => r.name);
  const BY_NAME = new Map<string, RpcMeta>(RPCS.map((r) => [r.name, r]));
  const isRpcName = (name: unknown): name is string => typeof name === "string" && BY_NAME.has(name);
  const at = api.revision === "1.0" ? "" : ` (revision ${api.revision})`;

  const rpcIssue = (method: unknown): ValidationIssue => {
    const v03 = typeof method === "string" && has.call(V03_METHODS, method) ? V03_METHODS[method] : undefined;
    if (typeof method !== "string") {
      return method === undefined
        ? makeIssue([], "required", 'missing required property "method"', { property: "method" })
        : makeIssue(["method"], "type", `must be a string, got ${describeValue(method)}`, { expected: "a string", received: describeValue(method) });
    }
    return makeIssue(["method"], "enum", `must be one of the ${RPC_NAMES.length} A2AService methods${at}, got ${describeValue(method)}`, {
      allowed: RPC_NAMES,
      received: describeValue(method),
      ...(v03 ? { hint: `v0.3 method "${method}" is "${v03}" in v1` } : {}),
    });
  };

  // Within one binding the revision is this one (src/v1/jsonrpc.ts hands other revisions over first).
  const table = api.validators as unknown as Record<string, MessageValidator<unknown>>;
  const validator = (name: string) => table[name]!;

  /**
   * Checks a JSON-RPC 2.0 request and validates `params` as the request message
   * of its `method`. Absent `params` count as `{}` (so only RPCs whose request has
   * no REQUIRED field may omit them). Never throws.
   */
  function validateJsonRpcRequest(body: unknown, options?: V1Options): ValidationResult<unknown> {
    try {
      const lenient = options?.mode === "lenient";
      let issues: ValidationIssue[] = [];
      const o = envelope(body, REQUEST_KEYS, lenient, true, issues);
      if (!o) return { ok: false, issues };
      const rpc = typeof o.method === "string" ? BY_NAME.get(o.method) : undefined;
      if (!rpc) issues.push(rpcIssue(o.method));
      let params = has.call(o, "params") ? o.params : {};
      let warnings: readonly ValidationIssue[] | undefined;
      if (rpc) {
        const r = validator(rpc.request)(params, options ?? NO_OPTIONS);
        if (!r.ok) {
          if (issues.length === 0) issues = prefixed("params", r.issues);
          else for (const i of prefixed("params", r.issues)) issues.push(i);
        } else {
          params = r.value; // lenient mode: the canonical copy
          if (r.warnings) warnings = prefixed("params", r.warnings);
        }
      }
      if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
      const value = lenient ? { jsonrpc: "2.0", id: o.id, method: o.method, params } : o;
      return warnings ? { ok: true, value, warnings } : { ok: true, value };
    } catch {
      return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated")] };
    }
  }

  /**
   * Checks a JSON-RPC 2.0 response to `method`: either `result` (validated as the
   * RPC's response message; `StreamResponse` for each event of a streaming RPC;
   * `{}` for `Empty`) or `error` (the A2A v1.0 specification, section 9.5: validateJsonRpcError; in
   * lenient mode JSON-RPC 2.0's rules only, section 9.5's as warnings).
   */
  function validateJsonRpcResponse(method: string, body: unknown, options: V1Options | undefined, checkError: ErrorCheck): ValidationResult<unknown> {
    try {
      const lenient = options?.mode === "lenient";
      const rpc = typeof method === "string" ? BY_NAME.get(method) : undefined;
      if (!rpc) return { ok: false, issues: [{ ...rpcIssue(method), path: [], pointer: "", message: `unknown method: ${rpcIssue(method).message}` }] };
      const issues: ValidationIssue[] = [];
      const o = envelope(body, RESPONSE_KEYS, lenient, false, issues);
      if (!o) return { ok: false, issues };
      let warnings: ValidationIssue[] | undefined;
      const hasResult = has.call(o, "result");
      const hasError = has.call(o, "error");
      if (hasResult === hasError) {
        issues.push(
          makeIssue([], "no_match", `exactly one of "result" and "error" must be set, but ${hasResult ? "both are" : "neither is"}`, { allowed: ["result", "error"] }),
        );
      } else if (hasError) {
        const r = checkError(o.error, lenient);
        if (!r.ok) for (const i of prefixed("error", r.issues)) issues.push(i);
        else if (r.warnings) warnings = prefixed("error", r.warnings);
      } else {
        const name: string = rpc.streaming ? "StreamResponse" : rpc.response;
        if (name === "Empty") {
          const r = obj(o.result);
          if (!r) issues.push(makeIssue(["result"], "type", `must be an object ({}), got ${describeValue(o.result)}`, { expected: "{}", received: describeValue(o.result) }));
          else if (!lenient) for (const k of Object.keys(r)) issues.push(makeIssue(["result", k], "unknown_property", `unknown property "${k}" is not allowed: the result is google.protobuf.Empty`, { property: k }));
        } else {
          const r = validator(name)(o.result, options ?? NO_OPTIONS);
          if (!r.ok) issues.push(...prefixed("result", r.issues));
          else if (lenient) {
            const value = { jsonrpc: "2.0", id: o.id as JsonRpcId, result: r.value };
            return r.warnings ? { ok: true, value, warnings: prefixed("result", r.warnings) } : { ok: true, value };
          }
        }
      }
      if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
      return warnings ? { ok: true, value: o, warnings } : { ok: true, value: o };
    } catch {
      return { ok: false, issues: [makeIssue([], "invalid", "input could not be validated")] };
    }
  }

  return { RPC_NAMES, isRpcName, validateJsonRpcRequest, validateJsonRpcResponse };
}

/** The Standard Schema of one RPC's JSON-RPC responses: `validateJsonRpcResponse(method, body, options)` with the method fixed. */
export interface RpcResponseValidatorOf<T, N extends string = string, O = V1Options> extends StandardSchemaV1<unknown, T> {
  (body: unknown, options?: O): ValidationResult<T>;
  /** The RPC whose responses it validates. */
  readonly method: N;
}

/** `validateJsonRpcResponse` of a revision: `(method, body, options?)`, typed by RPC, and `.for(method)`, one Standard Schema per RPC. */
export interface JsonRpcResponseValidatorOf<R extends readonly RpcMeta[], Types> {
  <N extends RpcNameOf<R>>(method: N, body: unknown, options?: V1Options): ValidationResult<JsonRpcResponseOf<R, Types, N>>;
  /** The Standard Schema of one RPC's responses, typed by the RPC (made once per RPC). */
  for<N extends RpcNameOf<R>>(method: N): RpcResponseValidatorOf<JsonRpcResponseOf<R, Types, N>, N>;
}

/** `validateJsonRpcResponseByMethod` of a revision: any method name (an unknown one is an issue), and `.for(method)`. */
export interface JsonRpcResponseByMethodOf<R extends readonly RpcMeta[], Types> {
  (method: string, body: unknown, options?: V1Options): ValidationResult<JsonRpcResponseOf<R, Types>>;
  /** The Standard Schema of one method's responses (an unknown method gives its issue at each call). */
  for(method: string): RpcResponseValidatorOf<JsonRpcResponseOf<R, Types>>;
}

/** The options a response validator takes (its third parameter). */
type OptionsOf<F> = F extends (method: string, body: unknown, options?: infer O) => unknown ? O : never;

/**
 * `validate` with `.for(method)`: one Standard Schema per RPC over a two-input validator (a
 * Standard Schema validates one input), each made on first use and kept. Never throws.
 */
export function withResponseSchemas<F extends (method: string, body: unknown, options?: any) => ValidationResult<unknown>, O = OptionsOf<F>>(validate: F): F & { for(method: string): RpcResponseValidatorOf<unknown, string, O> } {
  const made = new Map<string, RpcResponseValidatorOf<unknown, string, O>>();
  const schemaFor = (method: string): RpcResponseValidatorOf<unknown, string, O> => {
    const known = typeof method === "string" ? made.get(method) : undefined;
    if (known) return known;
    const v = withStandard(Object.assign((body: unknown, options?: O) => validate(method, body, options), { method }));
    // A2AService has 11 RPCs: a bound keeps unknown names (an issue at each call) from growing the map.
    if (typeof method === "string" && made.size < 32) made.set(method, v);
    return v;
  };
  return Object.assign(validate, { for: schemaFor });
}
