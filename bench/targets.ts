/** The targets of issues 12, 20 and 23 (the later issue wins where two set one), and the "met" / "missed by N×" verdict every table row carries. */
import { fmt } from "./harness.js";

/** One limit a figure must stay under: a fixed number, or a peer's figure (times a factor). */
export interface Bound {
  readonly label: string;
  readonly limit: number;
}

/** Every verdict given in this run, by row, for the summary at the top of RESULTS.md. */
export const verdicts: Array<{ readonly row: string; readonly result: string }> = [];

function record(row: string | undefined, result: string): string {
  if (row !== undefined) verdicts.push({ row, result });
  return result;
}

/** "met", or by how much the tightest bound is missed. Lower is better. `row` names it in the summary. */
export function judge(value: number, bounds: readonly Bound[], row?: string): string {
  const live = bounds.filter((b) => Number.isFinite(b.limit));
  if (live.length === 0) return "no target";
  const tightest = live.reduce((a, b) => (b.limit < a.limit ? b : a));
  return record(row, value <= tightest.limit ? "met" : `**missed by ${fmt(value / tightest.limit)}×** (${tightest.label})`);
}

/** The same for figures where higher is better (throughput). */
export function judgeAtLeast(value: number, limit: number, label: string, row?: string): string {
  return record(row, value >= limit ? "met" : `**missed by ${fmt(limit / value)}×** (${label})`);
}

/** Valid path, × JSON.parse: the fixed ceiling per input. */
export const VALID_MAX: Readonly<Record<string, number>> = {
  "legacy-request": 0.3,
  "v1-task": 0.25,
  "v1-rpc": 0.2,
  "v1-card": 0.25,
  "v1-task-lenient": 0.8,
  // Issue 23: TypeBox's figure when that issue was written.
  "session-SendMessageRequest": 0.1,
  // Issue 20: v0.3 at least as fast, relative to JSON.parse, as v1 is.
  "v03-task": 0.2,
  "v03-rpc": 0.25,
};
/** Session bodies share one ceiling. */
export const SESSION_MAX = 0.3;
/**
 * Invalid path with the full issue list, × JSON.parse, for 1 and 3 issues; never above Zod, and (issue 23)
 * never above run-time Ajv with allErrors measured in the same run. The fixed figures are issue 23's
 * (run-time Ajv's when it was written); the legacy 1-issue row keeps issue 12's.
 */
export const INVALID_MAX: Readonly<Record<string, readonly [number, number]>> = {
  "legacy-request": [2.0, 1.35],
  "v1-rpc": [0.55, 0.6],
};
/** Valid path: ahead of these peers, and within this factor of typia. */
export const MUST_BEAT = ["ajv", "zod", "typebox"] as const;
export const TYPIA_FACTOR = 1.3;
/** Start-up over bare node, ms, per entry: issue 23 for the families it names and the root, issue 20 for the entries it added. */
export const STARTUP_ENTRY_MS: Readonly<Record<string, number>> = {
  "a2a-schemas": 15,
  "a2a-schemas (require)": 15,
  "a2a-schemas/legacy": 10,
  "a2a-schemas/session": 10,
  "a2a-schemas/v1": 10,
  "a2a-schemas/v1/2026-02-17": 10,
  "a2a-schemas/v0.3": 12,
  "a2a-schemas/versions": 12,
};
/** Issue 23: `a2a-validate request.json`, ms over bare node. */
export const STARTUP_CLI_MS = 25;
export const CLI_NDJSON_MIN = 0.7;
export const ONE_VALIDATOR_MAX_SHARE = 0.5;
/** Issue 19: checkJsonRpcRequest on a valid SendMessage text, × JSON.parse + validateJsonRpcRequest of it. */
export const SERVER_CHECK_MAX = 1.15;
/** Issue 19: the Express middleware's round trip in front of the SDK's jsonRpcHandler, × the bare handler's. */
export const SERVER_EXPRESS_MAX = 1.05;
/** Issue 21: readEventStream + JSON.parse over a 10 MB stream, throughput × a bare split-on-blank-line + JSON.parse loop. */
export const STREAM_READER_MIN = 0.8;
/** Issue 21: fetchAgentCard of a local card (safe fetch, validation, interface checks), time × the platform's fetch + JSON.parse. */
export const CARD_FETCH_MAX = 1.1;
/** Issue 20: toV1 of a v0.3 message/send request (both validations included), × JSON.parse of its text. */
export const VERSIONS_TO_V1_MAX = 1;
