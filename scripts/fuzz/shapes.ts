/**
 * The shapes results must have. Each check returns a short problem or undefined.
 * The pointer is recomputed here from the path (RFC 6901), independently of
 * the library's own toPointer.
 */

const MAX_ISSUES_WITH_NOTE = 101;

function pointerOf(path: readonly unknown[]): string {
  let out = "";
  for (const seg of path) out += "/" + String(seg).replace(/~/g, "~0").replace(/\//g, "~1");
  return out;
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

export function issueProblem(issue: unknown): string | undefined {
  if (!isObj(issue)) return `an issue is ${issue === null ? "null" : Array.isArray(issue) ? "an array" : typeof issue}`;
  const { path, pointer, code, message, severity } = issue;
  if (!Array.isArray(path)) return `issue.path is ${typeof path}, not an array`;
  for (const seg of path) {
    if (typeof seg === "string") continue;
    if (typeof seg === "number" && Number.isInteger(seg) && seg >= 0) continue;
    return `issue.path holds ${typeof seg === "number" ? `the number ${seg}` : `a ${typeof seg}`}`;
  }
  if (typeof pointer !== "string") return `issue.pointer is ${typeof pointer}`;
  const want = pointerOf(path);
  if (pointer !== want) return `issue.pointer ${JSON.stringify(pointer.slice(0, 60))} does not match its path (want ${JSON.stringify(want.slice(0, 60))})`;
  if (typeof code !== "string" || code === "") return `issue.code is ${JSON.stringify(code) ?? typeof code}`;
  if (typeof message !== "string") return `issue.message is ${typeof message}`;
  if (severity !== undefined && severity !== "error" && severity !== "warning") return `issue.severity is ${JSON.stringify(severity)}`;
  return undefined;
}

export function issueListProblem(list: unknown, what: string, needError: boolean): string | undefined {
  if (!Array.isArray(list)) return `${what} is ${list === null ? "null" : typeof list}, not an array`;
  if (list.length > MAX_ISSUES_WITH_NOTE) return `${what} has ${list.length} entries (the cap is 100 plus a note)`;
  for (const i of list) {
    const p = issueProblem(i);
    if (p) return p;
  }
  if (needError && !list.some((i) => (i as { severity?: unknown }).severity !== "warning")) return `${what} holds only warnings (or nothing) on a failed result`;
  return undefined;
}

/** `{ ok: true, value, warnings? }` or `{ ok: false, issues: [≥1 error] }`. */
export function resultProblem(r: unknown): string | undefined {
  if (!isObj(r)) return `the result is ${r === null ? "null" : Array.isArray(r) ? "an array" : typeof r}, not an object`;
  if (r.ok === true) {
    if (!("value" in r)) return "ok:true without a value";
    if (r.warnings !== undefined) return issueListProblem(r.warnings, "warnings", false);
    return undefined;
  }
  if (r.ok === false) return issueListProblem(r.issues, "issues", true);
  return `result.ok is ${JSON.stringify(r.ok) ?? typeof r.ok}`;
}

/** Standard Schema: `{ value }` or `{ issues: [{ message, path? }] }`, synchronously. */
export function standardProblem(r: unknown): string | undefined {
  if (!isObj(r)) return `the result is ${r === null ? "null" : typeof r}`;
  if (typeof (r as { then?: unknown }).then === "function") return "a Promise (the validators are synchronous)";
  if (r.issues === undefined) return "value" in r ? undefined : "neither value nor issues";
  if (!Array.isArray(r.issues) || r.issues.length === 0) return "issues is not a non-empty array";
  for (const i of r.issues) {
    if (!isObj(i) || typeof i.message !== "string") return "an issue without a message";
    if (i.path !== undefined && !Array.isArray(i.path)) return "issue.path is not an array";
  }
  return undefined;
}

export const booleanProblem = (r: unknown): string | undefined => (typeof r === "boolean" ? undefined : `returned ${typeof r}, not a boolean`);

export const voidProblem = (r: unknown): string | undefined => (r === undefined ? undefined : `returned ${typeof r}, not undefined`);

export const builtProblem = (r: unknown): string | undefined => (r !== null && typeof r === "object" ? undefined : `returned ${r === null ? "null" : typeof r}, not an object`);

export const stringProblem = (r: unknown): string | undefined => (typeof r === "string" ? undefined : `returned ${typeof r}, not a string`);

export const optionalStringProblem = (nonEmpty: boolean) => (r: unknown): string | undefined =>
  r === undefined || (typeof r === "string" && (!nonEmpty || r !== "")) ? undefined : `returned ${JSON.stringify(r) ?? typeof r}, not undefined or a${nonEmpty ? " non-empty" : ""} string`;

export const issueArrayProblem = (r: unknown): string | undefined => issueListProblem(r, "the returned issues", false);

export function oneOf(values: readonly string[]) {
  return (r: unknown): string | undefined => (typeof r === "string" && values.includes(r) ? undefined : `returned ${JSON.stringify(r) ?? typeof r}, not one of ${values.join(", ")}`);
}

export function stringArrayProblem(r: unknown): string | undefined {
  return Array.isArray(r) && r.every((s) => typeof s === "string") ? undefined : "not an array of strings";
}

/** v1 matchHttpRoute: undefined or `{ rpc, route, params: { name: string } }`. */
export function httpMatchProblem(r: unknown): string | undefined {
  if (r === undefined) return undefined;
  if (!isObj(r)) return `returned ${typeof r}`;
  if (typeof r.rpc !== "string") return "match.rpc is not a string";
  if (!isObj(r.route)) return "match.route is not an object";
  if (!isObj(r.params) || !Object.values(r.params).every((v) => typeof v === "string" && v !== "")) return "match.params is not a map of non-empty strings";
  return undefined;
}

/** session findEndpoint: `{ endpoint, params }` or `{ issues }`. */
export function locatedProblem(r: unknown): string | undefined {
  if (!isObj(r)) return `returned ${typeof r}`;
  if ("issues" in r) return issueListProblem(r.issues, "issues", true);
  if (!isObj(r.endpoint)) return "endpoint is not an object";
  if (!isObj(r.params) || !Object.values(r.params).every((v) => typeof v === "string")) return "params is not a map of strings";
  return undefined;
}

/** session artifactDataProblem: undefined or `{ code, message, expected }`. */
export function dataProblemProblem(r: unknown): string | undefined {
  if (r === undefined) return undefined;
  if (!isObj(r)) return `returned ${typeof r}`;
  return typeof r.code === "string" && typeof r.message === "string" && typeof r.expected === "string" ? undefined : "not { code, message, expected } strings";
}

/** object-schemas flaggedPart: undefined or `{ partIndex, schemaName, data, flaggedBy }`. */
export function flaggedPartProblem(r: unknown): string | undefined {
  if (r === undefined) return undefined;
  if (!isObj(r)) return `returned ${typeof r}`;
  if (typeof r.partIndex !== "number" || typeof r.schemaName !== "string" || r.schemaName === "") return "partIndex/schemaName have the wrong types";
  if (r.flaggedBy !== "metadata.mimeType" && r.flaggedBy !== "mediaType") return `flaggedBy is ${JSON.stringify(r.flaggedBy)}`;
  return undefined;
}

const INPUT_KINDS = ["none", "input", "undeclared_schema", "unusable_schema", "invalid_data", "task_running", "unreadable"];

/** object-schemas resolveStructuredInput: one of the StructuredInput kinds, with valid issues where it has them. */
export function structuredInputProblem(r: unknown): string | undefined {
  if (!isObj(r)) return `returned ${typeof r}`;
  if (typeof r.kind !== "string" || !INPUT_KINDS.includes(r.kind)) return `kind is ${JSON.stringify(r.kind)}`;
  if (r.kind === "none" || r.kind === "input") return r.issues === undefined ? undefined : "issues on a kind without issues";
  return issueListProblem(r.issues, "issues", r.kind !== "none");
}

/** object-schemas checkStructuredOutput: `{ ok, issues, parts }`. */
export function structuredOutputProblem(r: unknown): string | undefined {
  if (!isObj(r)) return `returned ${typeof r}`;
  if (typeof r.ok !== "boolean") return "report.ok is not a boolean";
  if (!Array.isArray(r.parts)) return "report.parts is not an array";
  const p = issueListProblem(r.issues, "issues", !r.ok);
  if (p) return p;
  if (r.ok && (r.issues as { severity?: unknown }[]).some((i) => i.severity !== "warning")) return "ok:true with an error issue";
  return undefined;
}

/** The front door's answer: `{ ok: true, request }`, or `{ ok: false, issues: [≥1 error] }` with a JSON-RPC error response or an HTTP error (status, headers, body). */
export function doorCheckProblem(r: unknown): string | undefined {
  if (!isObj(r)) return `the answer is ${r === null ? "null" : typeof r}, not an object`;
  if (r.ok === true) return "request" in r ? undefined : "ok:true without the request";
  if (r.ok !== false) return `answer.ok is ${JSON.stringify(r.ok) ?? typeof r.ok}`;
  const issues = issueListProblem(r.issues, "issues", true);
  if (issues) return issues;
  if ("response" in r) {
    const res = r.response;
    if (!isObj(res) || res.jsonrpc !== "2.0" || !isObj(res.error) || typeof res.error.code !== "number" || typeof res.error.message !== "string") return "response is not a JSON-RPC error response";
    return undefined;
  }
  if (typeof r.status !== "number" || r.status < 400 || !isObj(r.headers) || !isObj(r.body)) return "an HTTP refusal without a 4xx/5xx status, headers and body";
  return undefined;
}

/** interfacesOf: an array of { path, url, binding } with string url and binding. */
export function interfacesProblem(r: unknown): string | undefined {
  if (!Array.isArray(r)) return `returned ${typeof r}, not an array`;
  for (const it of r) if (typeof it?.url !== "string" || typeof it?.binding !== "string" || !Array.isArray(it?.path)) return "an interface without a string url and binding, or without a path";
  return undefined;
}
