/**
 * `v03: "convert"` on HTTP+JSON: a v1.0 handler's answer to a request that came in as v0.3, turned
 * into v0.3. A success body is the route's v0.3 response (toV03; `{ task }`/`{ message }` and the
 * stream events keep their wrapper, their contents converted); an error body (`google.rpc.Status`)
 * becomes v0.3's `{ code, message }` (the code from its ErrorInfo reason, else from the status).
 */
import { RESPONSE_OF, V03_ERROR_CODES } from "../../versions/convert/tables.js";
import { toV03, type ConvertType } from "../../versions/convert/index.js";
import { A2A_ERRORS } from "../../wire/errors.js";
import { v03HttpStatus } from "../http-v03.js";

const has = Object.prototype.hasOwnProperty;
const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

/** The members of the v1.0 oneof wrappers (SendMessageResponse, StreamResponse) and what each holds. */
const WRAPPED: Readonly<Record<string, ConvertType>> = { task: "Task", message: "Message", statusUpdate: "TaskStatusUpdateEvent", artifactUpdate: "TaskArtifactUpdateEvent" };

const REASON_CODE: ReadonlyMap<string, number> = new Map(Object.values(A2A_ERRORS).map((e) => [e.reason, e.jsonRpcCode]));

/** A v0.3 code for a v1.0 HTTP error: its A2A reason's JSON-RPC code when v0.3 has it, else by the status. */
function errorCode(body: unknown, status: number): number {
  const details = isObj(body) && isObj(body.error) && Array.isArray(body.error.details) ? body.error.details : [];
  for (const d of details) {
    const code = isObj(d) && typeof d.reason === "string" ? REASON_CODE.get(d.reason) : undefined;
    if (code !== undefined) return V03_ERROR_CODES.has(code) ? code : -32600;
  }
  return status === 400 ? -32602 : status === 404 || status === 405 || status === 501 ? -32601 : -32603;
}

function success(rpc: string, body: unknown): { ok: true; value: unknown } | { ok: false; why: string } {
  const type = RESPONSE_OF[rpc];
  if (type === "SendMessageResponse" || type === "StreamResponse") {
    const keys = isObj(body) ? Object.keys(body).filter((k) => has.call(WRAPPED, k)) : [];
    if (keys.length !== 1) return { ok: false, why: `a ${type} holds exactly one of ${Object.keys(WRAPPED).join(", ")}` };
    const key = keys[0]!;
    const r = toV03((body as Record<string, unknown>)[key], { type: WRAPPED[key]! });
    return r.ok ? { ok: true, value: { [key]: r.value } } : { ok: false, why: r.issues.find((i) => i.severity !== "warning")?.message ?? "invalid" };
  }
  const r = toV03(body, { type: type as ConvertType });
  return r.ok ? { ok: true, value: r.value } : { ok: false, why: r.issues.find((i) => i.severity !== "warning")?.message ?? "invalid" };
}

/** The v0.3 form of a v1.0 HTTP+JSON answer of `status` to `rpc` (a whole body, or one event's data): its status and text. */
export function v03HttpAnswer(rpc: string, status: number, text: string): { status: number; text: string } {
  if (text === "" || RESPONSE_OF[rpc] === "Empty" && status < 400) return { status, text };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status, text }; // not JSON: not ours to change
  }
  // An error: the body of a 4xx/5xx, or an event of a stream that failed part way (a google.rpc.Status as its data).
  const statusBody = isObj(parsed) && isObj(parsed.error) && typeof parsed.error.code === "number" && typeof parsed.error.message === "string";
  if (status >= 400 || statusBody) {
    const code = errorCode(parsed, status >= 400 ? status : (parsed as { error: { code: number } }).error.code);
    const message = isObj(parsed) && isObj(parsed.error) && typeof parsed.error.message === "string" ? parsed.error.message : "Internal error";
    return { status, text: JSON.stringify({ code, message }) };
  }
  const r = success(rpc, parsed);
  if (r.ok) return { status, text: JSON.stringify(r.value) };
  return { status: v03HttpStatus(-32603), text: JSON.stringify({ code: -32603, message: `Internal error: the agent's ${rpc} answer has no A2A v0.3 form (${r.why})` }) };
}
