/**
 * Generated legacy messages biased to the rules' boundaries: each starts from a
 * valid message and takes a few mutations drawn from pools of edge values.
 */
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const dir = join(import.meta.dirname, "../../schemas/legacy");
export const SCHEMA_EXAMPLES: Array<Record<string, unknown>> = readdirSync(dir)
  .filter((f) => f.endsWith("-message.json"))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")).examples ?? []);

const astral = "😀";
const ids = ["abc", "ab", "a-b", "-ab", "ab-", "a_b", "registry", "*", "A".repeat(128), "A".repeat(129), "x".repeat(127) + astral, "crypto-agent-001", "client-agent-001", ""];
const uuids = [
  "3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f",
  "3F2B8C1E-9D4A-4F6B-8E2C-1A7D5B9C0E3F",
  "3f2b8c1e-9d4a-1f6b-8e2c-1a7d5b9c0e3f",
  "3f2b8c1e-9d4a-4f6b-7e2c-1a7d5b9c0e3f",
  "a7f8d9e2-3c4b-5d6e-7f8a-9b0c1d2e3f4g",
  "3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f0",
];
const timestamps = [
  "2024-02-29T12:00:00Z", "2023-02-29T12:00:00Z", "2000-02-29T00:00:00.000Z", "1900-02-29T00:00:00Z",
  "2025-12-31T23:59:59Z", "2025-12-31T23:59:60Z", "2025-12-31T24:00:00Z", "2025-13-01T00:00:00Z",
  "2025-12-09t15:30:00Z", "2025-12-09T15:30:00z", "2025-12-09T15:30:00+00:00", "2025-12-09 15:30:00Z",
  "2025-12-09T15:30:00.1Z", "2025-12-09T15:30:00.123456Z", "2025-12-09T15:30:00",
];
const strings = ["", "x", "é", astral, "a".repeat(100), "a".repeat(101), "a".repeat(99) + astral, "a".repeat(500), "a".repeat(501), "b".repeat(128), "b".repeat(129)];
const numbers = [-1, 0, 0.5, 1, 10, 50, 51, 99, 100, 101, 999, 1000, 1001, 1e21, -0];
const nonces = ["a1b2c3d4e5f60718293a4b5c6d7e8f90", "a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6", "a1b2c3d4e5f6789012345678901234567", "A1B2C3D4E5F60718293A4B5C6D7E8F90"];
const base64 = ["SGVsbG8=", "SGVsbG8", "SGVsbG8gV29ybGQ=", "", "S===", "SGVs bG8=", "SGVsbG8-"];
const semvers = ["1.0.0", "1.0.0-beta.1", "1.0", "01.0.0", "1.0.0+build", "1.0.0-", "v1.0.0"];
const codes = ["RATE_LIMIT_EXCEEDED", "A", "AB", "rate_limit", "A_", "_A", "A1"];
const uris = ["https://example.com/x", "http://localhost:8888", "example.com", "https://ex ample.com", "urn:isbn:123", "https://e.com/%zz", ""];
const keys = ["method", "parameters", "status", "data", "error", "agent_card", "capabilities", "filters", "capability", "limit", "max_results", "extra", "__proto__", "constructor", "retry_after", "documentation_url", "agents", "total_count", "query_time_ms"];

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);

/** Values to put at a key, chosen by what the key usually holds. */
function valueFor(key: string | number): fc.Arbitrary<unknown> {
  const k = String(key);
  const any = fc.oneof(fc.jsonValue({ maxDepth: 2 }), pick([null, true, 42, "x", [], {}]));
  if (k === "message_id" || k === "correlation_id") return fc.oneof(pick(uuids), fc.uuid({ version: 4 }), pick([null]), any);
  if (k.endsWith("_id")) return fc.oneof(pick(ids), any);
  if (k === "timestamp" || k === "last_heartbeat") return fc.oneof(pick(timestamps), any);
  if (k === "message_type") return fc.oneof(pick(["request", "response", "handshake", "handshake_ack", "error", "discover_agents", "agent_announcement", "goodbye", "get_capabilities", "capabilities_response", "stream_start", "stream_data", "stream_end", "Request", "unknown"]), any);
  if (k === "nonce") return fc.oneof(pick(nonces), any);
  if (k === "signature") return fc.oneof(pick(base64), any);
  if (k === "version") return fc.oneof(pick(semvers), any);
  if (k === "code") return fc.oneof(pick(codes), any);
  if (k === "endpoint" || k === "documentation_url") return fc.oneof(pick(uris), any);
  if (k === "status") return fc.oneof(pick(["success", "error", "healthy", "unhealthy", "all", "any", "ok"]), any);
  if (["limit", "max_results", "retry_after", "total_count", "query_time_ms"].includes(k)) return fc.oneof(pick(numbers), any);
  if (k === "capabilities" || k === "supported_protocols") return fc.oneof(fc.array(fc.string(), { maxLength: 52 }), pick([[], Array.from({ length: 50 }, (_, i) => `c${i}`), Array.from({ length: 51 }, (_, i) => `c${i}`)]), any);
  return fc.oneof(pick(strings), pick(numbers), any);
}

type Json = unknown;

function paths(v: Json, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out));
  else if (v !== null && typeof v === "object") for (const k of Object.keys(v)) paths((v as Record<string, Json>)[k], [...prefix, k], out);
  return out;
}

function setAt(root: Json, path: Array<string | number>, op: "set" | "delete" | "add", value: unknown, extraKey: string): Json {
  const copy = structuredClone(root) as any;
  if (path.length === 0) return op === "set" ? value : copy;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg];
  const last = path[path.length - 1]!;
  if (op === "delete") {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else if (op === "add" && node[last] !== null && typeof node[last] === "object" && !Array.isArray(node[last])) {
    Object.defineProperty(node[last], extraKey, { value, enumerable: true, writable: true, configurable: true });
  } else node[last] = value;
  return copy;
}

const mutation = (v: Json) =>
  fc
    .tuple(fc.constantFrom(...paths(v)), fc.constantFrom("set", "set", "delete", "add" as const), fc.constantFrom(...keys))
    .chain(([path, op, extraKey]) => valueFor(op === "add" ? extraKey : path[path.length - 1] ?? "").map((value) => setAt(v, path, op as "set" | "delete" | "add", value, extraKey)));

function mutateN(v: Json, n: number): fc.Arbitrary<Json> {
  return n === 0 ? fc.constant(v) : mutation(v).chain((m) => mutateN(m, n - 1));
}

/** A valid example with 0 to 3 boundary-biased mutations. */
export const legacyInput: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(...SCHEMA_EXAMPLES), fc.nat({ max: 3 }))
  .chain(([ex, n]) => mutateN(ex, n));
