/**
 * The rules of error responses that JSON Schema cannot state (schemas/v1/errors.json holds
 * the shapes): which code goes with which ErrorInfo reason and HTTP status. They run on
 * schema-valid input only (src/core/validator.ts), so the shapes read here are known.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { MAX_ISSUES } from "../core/result.js";
import { A2A_ERROR_DOMAIN, A2A_ERRORS, HTTP_STATUS_OF_GRPC, type A2aErrorInfo, type GrpcStatus } from "./codes.js";
import { MSG } from "./messages.js";
import type { HttpErrorBody, JsonRpcErrorObject } from "./types.js";

type Detail = Record<string, unknown>;

const has = Object.prototype.hasOwnProperty;
let byCode: Map<number, A2aErrorInfo> | undefined;
let byReason: Map<string, A2aErrorInfo> | undefined;
let reasons: readonly string[] | undefined;
/** The reasons of the A2A errors, one list for every issue that names them. */
const a2aReasons = (): readonly string[] => (reasons ??= Object.values(A2A_ERRORS).map((e) => e.reason));
/** The A2A error of a JSON-RPC code, or undefined. */
export const a2aByCode = (code: number): A2aErrorInfo | undefined => (byCode ??= new Map(Object.values(A2A_ERRORS).map((e) => [e.jsonRpcCode, e]))).get(code);
/** The A2A error of an ErrorInfo reason, or undefined. */
export const a2aByReason = (reason: unknown): A2aErrorInfo | undefined =>
  typeof reason === "string" ? (byReason ??= new Map(Object.values(A2A_ERRORS).map((e) => [e.reason, e]))).get(reason) : undefined;

const STANDARD_CODES: readonly number[] = [-32700, -32600, -32601, -32602, -32603];
/** Every code section 9.5 names: the standard ones and the A2A ones. */
export const KNOWN_CODES: readonly number[] = [-32700, -32600, -32601, -32602, -32603, -32001, -32002, -32003, -32004, -32005, -32006, -32007, -32008, -32009];

/**
 * Whether the list is full: past MAX_ISSUES the rules stop (a marker says so), so a hostile list of
 * ten thousand details costs a hundred issues, not ten thousand (capIssues keeps the marker).
 */
function full(issues: ValidationIssue[]): boolean {
  if (issues.length < MAX_ISSUES) return false;
  if (issues[issues.length - 1]!.code !== "too_many_issues") {
    // A list of warnings only (a passing error's) gets a warning marker: it must not turn a pass into a failure.
    const warning = issues.every((i) => i.severity === "warning");
    issues.push(makeIssue([], "too_many_issues", MSG.rulesStopped(MAX_ISSUES), warning ? { severity: "warning" } : undefined));
  }
  return true;
}

const typeName = (d: Detail): string => {
  const t = d["@type"] as string;
  return t.slice(t.lastIndexOf("/") + 1);
};

/** The ErrorInfo details (their index in the list) of a schema-valid list. */
function errorInfos(details: readonly unknown[] | undefined): Array<[number, Detail]> {
  const out: Array<[number, Detail]> = [];
  if (details) for (let i = 0; i < details.length; i++) if (typeName(details[i] as Detail) === "google.rpc.ErrorInfo") out.push([i, details[i] as Detail]);
  return out;
}

/**
 * ErrorInfo details: an A2A reason needs the A2A domain, and the A2A domain a known reason.
 * Returns the A2A errors the list names (by a2a-protocol.org ErrorInfo).
 */
function errorInfoIssues(at: PathSegment[], details: readonly unknown[] | undefined, issues: ValidationIssue[], strictReason: boolean): Array<[number, A2aErrorInfo]> {
  const named: Array<[number, A2aErrorInfo]> = [];
  for (const [i, d] of errorInfos(details)) {
    if (full(issues)) break;
    const a2a = a2aByReason(d.reason);
    if (d.domain === A2A_ERROR_DOMAIN) {
      if (a2a) named.push([i, a2a]);
      // A warning, or an error on an A2A code (whose reason section 5.4 fixes): a2a-protocol.org names reasons for the A2A errors only, yet an SDK (a2a-js) sends its own (INTERNAL_ERROR on -32603).
      else issues.push(makeIssue([...at, i, "reason"], "enum", MSG.unknownReason(d.reason), { allowed: a2aReasons(), ...(strictReason ? {} : { severity: "warning" as const }) }));
    } else if (a2a && !has.call(d, "domain")) issues.push(makeIssue([...at, i], "required", MSG.domainMissing(a2a.reason), { property: "domain" }));
  }
  return named;
}

/** BadRequest field paths: relative to params, dot-separated (section 9.5's `message.parts`); other forms are warnings. */
function fieldIssues(at: PathSegment[], details: readonly unknown[] | undefined, issues: ValidationIssue[]): void {
  if (!details) return;
  for (let i = 0; i < details.length && !full(issues); i++) {
    const d = details[i] as Detail;
    if (typeName(d) !== "google.rpc.BadRequest" || !Array.isArray(d.fieldViolations)) continue;
    d.fieldViolations.forEach((v: Detail, j: number) => {
      const f = v.field;
      if (typeof f !== "string" || full(issues)) return;
      const where = [...at, i, "fieldViolations", j, "field"];
      if (f === "params" || f.startsWith("params.") || f.startsWith("params[")) issues.push(makeIssue(where, "pattern", MSG.fieldPrefix(f), { severity: "warning" }));
      else if (f.startsWith("/")) issues.push(makeIssue(where, "pattern", MSG.fieldPointer(f), { severity: "warning" }));
    });
  }
}

/** A JSON-RPC error object (section 9.5): the code's range, the ErrorInfo of an A2A code (a warning when absent: 9.5 says SHOULD), field paths. */
export function jsonRpcErrorRules(e: JsonRpcErrorObject): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const code = e.code;
  const a2a = a2aByCode(code);
  if (!a2a && !STANDARD_CODES.includes(code)) {
    if (code <= -32010 && code >= -32099) issues.push(makeIssue(["code"], "enum", MSG.reservedA2a(code), { allowed: KNOWN_CODES, received: String(code) }));
    else if (code >= -32768 && code <= -32100) issues.push(makeIssue(["code"], "enum", MSG.reservedJsonRpc(code), { allowed: KNOWN_CODES, received: String(code) }));
    else issues.push(makeIssue(["code"], "enum", MSG.applicationCode(code), { allowed: KNOWN_CODES, received: String(code), severity: "warning" }));
  }
  const named = errorInfoIssues(["data"], e.data, issues, a2a !== undefined);
  let matched = false;
  for (const [i, info] of named) {
    if (a2a && info === a2a) matched = true;
    else if (a2a) issues.push(makeIssue(["data", i, "reason"], "mismatch", MSG.reasonForCode(a2a.reason, code, info.reason), { allowed: [a2a.reason], received: info.reason }));
    else issues.push(makeIssue(["code"], "mismatch", MSG.reasonNotA2aCode(info.reason, info.name, info.jsonRpcCode, code), { allowed: [info.jsonRpcCode], received: String(code) }));
  }
  if (a2a && !matched && named.length === 0) {
    // An ErrorInfo with the right reason and another domain is wrong, not missing.
    const other = errorInfos(e.data).find(([, d]) => d.reason === a2a.reason && has.call(d, "domain"));
    if (other) issues.push(makeIssue(["data", other[0], "domain"], "const", MSG.domainWrong(other[1].domain), { allowed: [A2A_ERROR_DOMAIN] }));
    else if (!issues.some((i) => i.code === "required" && i.property === "domain")) {
      issues.push(makeIssue(e.data ? ["data"] : [], "required", MSG.errorInfoMissing(a2a.name, a2a.reason), { severity: "warning", ...(e.data ? {} : { property: "data" }) }));
    }
  }
  fieldIssues(["data"], e.data, issues);
  return issues;
}

/** An HTTP+JSON error body (section 11.6): `error.code` and `error.status` agree, and an A2A error has its row of section 5.4. */
export function httpErrorRules(body: HttpErrorBody): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const { code, status, details } = body.error;
  const statusHttp = HTTP_STATUS_OF_GRPC[status as GrpcStatus];
  // A code no google.rpc.Code maps to (405, 413, 415...) leaves the status free.
  const mapped = Object.values(HTTP_STATUS_OF_GRPC).includes(code);
  if (mapped && statusHttp !== code) {
    const allowed = (Object.keys(HTTP_STATUS_OF_GRPC) as GrpcStatus[]).filter((s) => HTTP_STATUS_OF_GRPC[s] === code);
    issues.push(makeIssue(["error", "status"], "mismatch", MSG.statusForCode(code, status, statusHttp), { allowed, received: JSON.stringify(status) }));
  }
  for (const [, info] of errorInfoIssues(["error", "details"], details, issues, false)) {
    if (info.httpStatus !== code || info.grpcStatus !== status) {
      issues.push(makeIssue(["error"], "mismatch", MSG.a2aStatus(info.name, info.grpcStatus, info.httpStatus, code, status), { allowed: [`${info.httpStatus} ${info.grpcStatus}`], received: `${code} ${status}` }));
    }
  }
  fieldIssues(["error", "details"], details, issues);
  return issues;
}

/** The response's HTTP status is the body's `error.code` (section 11.6). */
export function httpStatusIssues(body: HttpErrorBody, httpStatus: number): ValidationIssue[] {
  const code = body.error.code;
  return httpStatus === code ? [] : [makeIssue(["error", "code"], "mismatch", MSG.codeForHttp(httpStatus, code), { allowed: [httpStatus], received: String(code) })];
}
