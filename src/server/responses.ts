/**
 * The agent's own responses, checked before a peer sees them: a JSON-RPC response against its
 * method (its result, or its error object as section 9.5 shapes it), an HTTP+JSON body against its
 * route (the response message, or from status 400 on a `google.rpc.Status`, section 11.6). Streams
 * are not read here. Never throws.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import { unreadable } from "../core/guard.js";
import { validateHttpResponse } from "../v1/http.js";
import { validateJsonRpcResponseByMethod } from "../v1/jsonrpc.js";

function parse(text: string): { value: unknown } | ValidationIssue {
  if (text.trim() === "") return { value: undefined };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return makeIssue([], "syntax", "the response body is not JSON");
  }
}

/** The issues of a JSON-RPC response (text) to `method`; empty when it is valid. */
export function jsonRpcResponseIssues(method: string, text: string): readonly ValidationIssue[] {
  try {
    const p = parse(text);
    if (!("value" in p)) return [p];
    const r = validateJsonRpcResponseByMethod(method, p.value);
    return r.ok ? [] : r.issues;
  } catch (err) {
    return [unreadable(err)];
  }
}

/** The issues of an HTTP+JSON response (text) with `status` to `method` `path` (the path within the A2A routes); empty when it is valid. */
export function httpResponseIssues(method: string, path: string, status: number, text: string): readonly ValidationIssue[] {
  try {
    const p = parse(text);
    if (!("value" in p)) return [p];
    const r = validateHttpResponse({ method, path, status, ...(p.value !== undefined ? { body: p.value } : {}) });
    return r.ok ? [] : r.issues;
  } catch (err) {
    return [unreadable(err)];
  }
}
