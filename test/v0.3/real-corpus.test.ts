/**
 * The real A2A v0.3 corpus (fixtures/v0.3/real/, issue 20 item 6) is what it claims: at least 250
 * distinct documents nobody on this project wrote, each naming where it came from, covering every
 * JSON-RPC method of the v0.3.0 specification (section 7) with its request and its response, the
 * protocol objects of sections 5 and 6, valid and invalid ones. The verdicts are checked by
 * real-fixtures.test.ts; this file checks the corpus itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../fixtures/v0.3/real");
type Issue = { pointer: string; code: string };
interface Sidecar {
  family: string;
  type: string;
  source: string;
  reason?: string;
  issues?: Issue[];
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".json") && !e.name.endsWith(".expect.json") ? [join(dir, e.name)] : [],
  );

const docs = walk(ROOT).map((file) => ({
  rel: relative(ROOT, file),
  doc: JSON.parse(readFileSync(file, "utf8")) as unknown,
  sidecar: JSON.parse(readFileSync(file.replace(/\.json$/, ".expect.json"), "utf8")) as Sidecar,
}));

/** Object keys sorted at every depth: two documents that differ only in key order are one document. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

// The ten methods of the A2A v0.3.0 specification, section 7: request and response definitions.
// tasks/resubscribe answers with the message/stream response (section 7.9).
const METHODS: Record<string, [string, string]> = {
  "message/send": ["SendMessageRequest", "SendMessageResponse"],
  "message/stream": ["SendStreamingMessageRequest", "SendStreamingMessageResponse"],
  "tasks/get": ["GetTaskRequest", "GetTaskResponse"],
  "tasks/cancel": ["CancelTaskRequest", "CancelTaskResponse"],
  "tasks/pushNotificationConfig/set": ["SetTaskPushNotificationConfigRequest", "SetTaskPushNotificationConfigResponse"],
  "tasks/pushNotificationConfig/get": ["GetTaskPushNotificationConfigRequest", "GetTaskPushNotificationConfigResponse"],
  "tasks/pushNotificationConfig/list": ["ListTaskPushNotificationConfigRequest", "ListTaskPushNotificationConfigResponse"],
  "tasks/pushNotificationConfig/delete": ["DeleteTaskPushNotificationConfigRequest", "DeleteTaskPushNotificationConfigResponse"],
  "tasks/resubscribe": ["TaskResubscriptionRequest", "SendStreamingMessageResponse"],
  "agent/getAuthenticatedExtendedCard": ["GetAuthenticatedExtendedCardRequest", "GetAuthenticatedExtendedCardResponse"],
};
const OBJECTS = ["AgentCard", "Task", "Message", "Part", "Artifact", "TaskStatusUpdateEvent", "TaskArtifactUpdateEvent", "PushNotificationConfig", "TaskPushNotificationConfig", "SecurityScheme"];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const verdict = (rel: string) => rel.split("/")[0] as "valid" | "invalid";

describe("the real v0.3 corpus", () => {
  it("holds at least 250 distinct documents", () => {
    expect(docs.length).toBeGreaterThanOrEqual(250);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const d of docs) {
      const k = canonical(d.doc);
      if (seen.has(k)) twice.push(`${d.rel} = ${seen.get(k)}`);
      seen.set(k, d.rel);
    }
    expect(twice).toEqual([]);
  });

  it("names for every document its source (repository, path, line, commit, licence), its family and its type", () => {
    const bad: string[] = [];
    for (const { rel, sidecar: s } of docs) {
      if (s.family !== "v0.3") bad.push(`${rel}: family ${s.family}`);
      if (!/^[A-Z][A-Za-z0-9]+$/.test(s.type ?? "")) bad.push(`${rel}: type ${s.type}`);
      // A repository file (owner/name path line N at commit, licence), or a section of a specification.
      const fromRepo = /^\S+\/\S+ \S.* line \d+ at \S+.*\((Apache-2\.0|CC-BY-4\.0|MIT)\)/.test(s.source ?? "");
      const fromSpec = /^A2A v[\d.]+ specification, section \S+/.test(s.source ?? "");
      if (!fromRepo && !fromSpec) bad.push(`${rel}: source ${s.source}`);
      // The folder says the verdict; an invalid document says why and what is expected.
      if (verdict(rel) === "invalid" && !(s.issues?.length && s.reason)) bad.push(`${rel}: invalid without issues and reason`);
      if (verdict(rel) === "valid" && s.issues !== undefined) bad.push(`${rel}: valid with issues`);
    }
    expect(bad).toEqual([]);
  });

  it("covers each of the ten JSON-RPC methods with a request and a response, and each request valid and invalid", () => {
    const missing: string[] = [];
    for (const [method, [req, res]] of Object.entries(METHODS)) {
      const requests = docs.filter((d) => d.sidecar.type === req && isObject(d.doc) && d.doc.method === method);
      if (!requests.some((d) => verdict(d.rel) === "valid")) missing.push(`${method}: a valid ${req}`);
      if (!requests.some((d) => verdict(d.rel) === "invalid")) missing.push(`${method}: an invalid ${req}`);
      if (!docs.some((d) => d.sidecar.type === res)) missing.push(`${method}: a ${res}`);
    }
    expect(missing).toEqual([]);
  });

  it("covers success and error responses, a wrong method and a request without params", () => {
    const rpc = docs.filter((d) => isObject(d.doc) && d.doc.jsonrpc !== undefined);
    expect(rpc.some((d) => isObject(d.doc) && "result" in d.doc && verdict(d.rel) === "valid")).toBe(true);
    expect(rpc.some((d) => isObject(d.doc) && "error" in d.doc && verdict(d.rel) === "valid")).toBe(true);
    expect(rpc.some((d) => isObject(d.doc) && typeof d.doc.method === "string" && !(d.doc.method in METHODS) && verdict(d.rel) === "invalid")).toBe(true);
    expect(rpc.some((d) => d.sidecar.issues?.some((i) => i.pointer === "" && i.code === "required") && isObject(d.doc) && typeof d.doc.method === "string" && d.doc.method in METHODS && !("params" in d.doc))).toBe(true);
  });

  it("covers every protocol object, and the three kinds of part", () => {
    const missing = OBJECTS.filter((t) => !docs.some((d) => d.sidecar.type === t && verdict(d.rel) === "valid"));
    expect(missing).toEqual([]);
    const kinds = new Set(docs.filter((d) => d.sidecar.type === "Part" && isObject(d.doc)).map((d) => (d.doc as { kind: unknown }).kind));
    for (const k of ["text", "file", "data"]) expect(kinds, k).toContain(k);
    const schemes = new Set(docs.filter((d) => d.sidecar.type === "SecurityScheme" && isObject(d.doc)).map((d) => (d.doc as { type: unknown }).type));
    expect(schemes.size).toBeGreaterThanOrEqual(3);
  });
});
