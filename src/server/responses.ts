/**
 * The agent's own responses, checked before a peer sees them: a JSON-RPC response against its
 * method (result, or an error object as section 9.5 shapes it), an HTTP+JSON body against its route's
 * response message, or, from status 400 on, as a `google.rpc.Status` (section 11.6). Streams are
 * not read here. Never throws.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import { unreadable } from "../core/guard.js";
import type { MessageTypes } from "../generated/v1/types.js";
import type { HttpRoute } from "../v1/http.js";
import { validateJsonRpcResponseByMethod } from "../v1/jsonrpc.js";
import { validate } from "../v1/validators.js";
import { validateHttpErrorBody, validateJsonRpcError } from "./_stub-errors.js";

function parse(text: string): { value: unknown } | ValidationIssue {
  if (text.trim() === "") return { value: undefined };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return makeIssue([], "syntax", "the response body is not JSON");
  }
}

const issuesOf = (r: { ok: boolean; issues?: readonly ValidationIssue[] }): readonly ValidationIssue[] => (r.ok ? [] : (r.issues ?? []));

/** The issues of a JSON-RPC response to `method` (empty when it is valid). */
export function jsonRpcResponseIssues(method: string, text: string): readonly ValidationIssue[] {
  try {
    const p = parse(text);
    if (!("value" in p)) return [p];
    const r = validateJsonRpcResponseByMethod(method, p.value);
    if (!r.ok) return r.issues;
    const error = (p.value as { error?: unknown }).error;
    if (error === undefined) return [];
    return issuesOf(validateJsonRpcError(error)).map((i) => ({ ...i, path: ["error", ...i.path], pointer: "/error" + i.pointer }));
  } catch (err) {
    return [unreadable(err)];
  }
}

/** The issues of an HTTP+JSON response on `route` with `status` (empty when it is valid). */
export function httpResponseIssues(route: HttpRoute, status: number, text: string): readonly ValidationIssue[] {
  try {
    const p = parse(text);
    if (!("value" in p)) return [p];
    if (status >= 400) return issuesOf(validateHttpErrorBody(p.value, { status }));
    if (route.response === "Empty") return p.value === undefined || (typeof p.value === "object" && p.value !== null && Object.keys(p.value).length === 0) ? [] : [makeIssue([], "not_allowed", "must be empty ({})")];
    return issuesOf(validate(route.response as keyof MessageTypes, p.value));
  } catch (err) {
    return [unreadable(err)];
  }
}
