/** Fixture mutations toward the rules' edges, shared by the parity tests. */
import fc from "fast-check";
import { invalidFixtures, REVISIONS, validFixtures, type Fixture, type Revision } from "./helpers.js";

/** Every fixture of a revision: the starting points of the mutations. */
export const seedsOf = (revision: Revision): Fixture[] => [...validFixtures(revision), ...invalidFixtures(revision)];
export const seedsByRevision: Record<Revision, Fixture[]> = Object.fromEntries(REVISIONS.map((r) => [r, seedsOf(r)])) as Record<Revision, Fixture[]>;
export const seeds = seedsByRevision["1.0"];

const EDGE_VALUES: unknown[] = [
  "", " ", 0, -1, 1, 100, 101, 1.5, 2147483648, -2147483649, "10", null, true, [], {}, [{}],
  "2016-12-31T23:59:60Z", "2026-01-01T00:00:00+01:00", "2026-01-01T00:00:00.12Z", "2026-01-01T00:00:00.123456789Z",
  "2024-02-29T00:00:00Z", "2025-02-29T00:00:00Z", "0000-01-01T00:00:00Z", "2026-01-01t00:00:00z",
  "TASK_STATE_UNSPECIFIED", "TASK_STATE_WORKING", "ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT", 2, 99,
  "QUJD", "QUJ", "-_8=", "QQ==", "Q===", "https://example.com/x", "urn:isbn:0451450523", "no-scheme", "http://exa mple.com",
  "query", "header", "cookie", "body", "__proto__", "a".repeat(9000),
  "GRPC", "JSONRPC", "HTTP+JSON", "127.0.0.1:50051", "grpc.example.com:443", "localhost", "https:///x", "ftp://a.example/x",
  { $case: "text", value: "x" }, { bearer: [] }, { schemes: {} }, { schemes: { a: { list: [] } } },
  { text: "x" }, { data: null }, { url: "https://a.example" }, { raw: "QUJD" }, { text: "x", url: "https://a.example" },
  { messageId: "m", role: "ROLE_USER", parts: [{ text: "x" }] }, { messageId: "m", role: "ROLE_USER", parts: [] },
  { state: "TASK_STATE_WORKING" }, { state: "TASK_STATE_UNSPECIFIED" },
];
const KEYS = [
  "text", "raw", "url", "data", "task", "message", "statusUpdate", "artifactUpdate", "status_update", "message_id", "messageId",
  "context_id", "contextId", "apiKeySecurityScheme", "mtlsSecurityScheme", "implicit", "password", "deviceCode", "authorizationCode",
  "state", "role", "parts", "kind", "mimeType", "timestamp", "pageSize", "historyLength", "__proto__", "constructor", "extra",
  "url", "protocolBinding", "protocol_binding", "schemes", "blocking", "returnImmediately", "tasks", "nextPageToken", "totalSize", "tags", "skills",
];

type Container = Record<string, unknown> | unknown[];
function containers(v: unknown, out: Container[] = [], depth = 0): Container[] {
  if (v !== null && typeof v === "object" && depth < 12) {
    out.push(v as Container);
    for (const x of Object.values(v)) containers(x, out, depth + 1);
  }
  return out;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());

export interface Mutation {
  at: number;
  kind: number;
  key: number;
  value: number;
}
export const mutation = fc.record({ at: fc.nat(), kind: fc.nat({ max: 5 }), key: fc.nat(), value: fc.nat() });

export function mutate(input: unknown, muts: Mutation[]): unknown {
  const root = { v: structuredClone(input) };
  for (const m of muts) {
    const cs = containers(root.v);
    if (cs.length === 0) {
      root.v = EDGE_VALUES[m.value % EDGE_VALUES.length];
      continue;
    }
    const c = cs[m.at % cs.length]!;
    const keys = Object.keys(c);
    const existing = keys.length > 0 ? keys[m.key % keys.length]! : undefined;
    const value = structuredClone(EDGE_VALUES[m.value % EDGE_VALUES.length]);
    if (Array.isArray(c)) {
      if (m.kind % 2 === 0 && c.length > 0) c.splice(m.key % c.length, 1);
      else c[c.length > 0 ? m.key % c.length : 0] = value;
      continue;
    }
    switch (m.kind) {
      case 0: // drop a field
        if (existing) delete c[existing];
        break;
      case 1: // set a field to an edge value
        if (existing) c[existing] = value;
        break;
      case 2: // add a known key (a second oneof member, the other spelling, a v0.3 key)
        Object.defineProperty(c, KEYS[m.key % KEYS.length]!, { value, enumerable: true, configurable: true, writable: true });
        break;
      case 3: // respell a field in snake_case (kept alongside or instead)
        if (existing) {
          c[snake(existing)] = c[existing];
          if (m.value % 2 === 0 && snake(existing) !== existing) delete c[existing];
        }
        break;
      case 4: // empty a string or array
        if (existing) c[existing] = Array.isArray(c[existing]) ? [] : "";
        break;
      default: // copy one field's value under another field's name
        if (existing && keys.length > 1) c[keys[(m.key + 1) % keys.length]!] = structuredClone(c[existing]);
    }
  }
  return root.v;
}

