/**
 * The fixture corpus of the conversion tests: the v1.0 documents (fixtures/v1/valid and the real
 * ones), and the v0.3 documents (fixtures/v0.3, and the real v0.3 documents kept under
 * fixtures/v1/real/{valid,invalid}/v0.3), each with the type (and method) toV1/toV03 are told.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CONVERT_TYPES, type ConvertOptions } from "../../src/versions/index.js";

const ROOT = join(import.meta.dirname, "../../fixtures");

export interface Doc {
  /** Where it is, relative to fixtures/. */
  readonly file: string;
  readonly doc: unknown;
  readonly options: ConvertOptions;
}

const known = new Set<string>(CONVERT_TYPES);
const read = (f: string): any => JSON.parse(readFileSync(f, "utf8"));

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (e.endsWith(".json") && !e.endsWith(".expect.json")) out.push(p);
  }
  return out;
}

/** A real document with its sidecar's type and method (the v1.0 names, which toV1 and toV03 both take). */
function sidecarDoc(f: string): Doc | undefined {
  const side = f.replace(/\.json$/, ".expect.json");
  if (!existsSync(side)) return undefined;
  const s = read(side);
  if (!known.has(s.type)) return undefined;
  return { file: f.slice(ROOT.length + 1), doc: read(f), options: { type: s.type, ...(s.method ? { method: s.method } : {}) } };
}

/** The v1.0 documents: fixtures/v1/valid/<Type>/ and the real valid ones (not those kept as v0.3). */
export function v1Docs(): Doc[] {
  const out: Doc[] = [];
  const valid = join(ROOT, "v1/valid");
  for (const type of readdirSync(valid).sort()) {
    if (!known.has(type)) continue;
    for (const f of walk(join(valid, type))) out.push({ file: f.slice(ROOT.length + 1), doc: read(f), options: { type: type as never } });
  }
  for (const f of walk(join(ROOT, "v1/real/valid"))) {
    if (f.includes("/v0.3/")) continue;
    const d = sidecarDoc(f);
    if (d) out.push(d);
  }
  return out;
}

/** The v0.3 definition a fixtures/v0.3 folder is named by → what toV1 is told. */
const V03_DIR: Readonly<Record<string, ConvertOptions>> = {
  Message: { type: "Message" },
  Part: { type: "Part" },
  TextPart: { type: "Part" },
  FilePart: { type: "Part" },
  DataPart: { type: "Part" },
  Artifact: { type: "Artifact" },
  Task: { type: "Task" },
  TaskStatus: { type: "TaskStatus" },
  TaskStatusUpdateEvent: { type: "TaskStatusUpdateEvent" },
  TaskArtifactUpdateEvent: { type: "TaskArtifactUpdateEvent" },
  MessageSendParams: { type: "SendMessageRequest" },
  TaskQueryParams: { type: "GetTaskRequest" },
  TaskIdParams: { type: "CancelTaskRequest" },
  GetTaskPushNotificationConfigParams: { type: "GetTaskPushNotificationConfigRequest" },
  DeleteTaskPushNotificationConfigParams: { type: "DeleteTaskPushNotificationConfigRequest" },
  ListTaskPushNotificationConfigParams: { type: "ListTaskPushNotificationConfigsRequest" },
  TaskPushNotificationConfig: { type: "TaskPushNotificationConfig" },
  AgentCard: { type: "AgentCard" },
  SecurityScheme: { type: "SecurityScheme" },
  APIKeySecurityScheme: { type: "SecurityScheme" },
  HTTPAuthSecurityScheme: { type: "SecurityScheme" },
  OAuth2SecurityScheme: { type: "SecurityScheme" },
  OpenIdConnectSecurityScheme: { type: "SecurityScheme" },
  MutualTLSSecurityScheme: { type: "SecurityScheme" },
  A2ARequest: { type: "JsonRpcRequest" },
  SendMessageRequest: { type: "JsonRpcRequest" },
  SendStreamingMessageRequest: { type: "JsonRpcRequest" },
  GetTaskRequest: { type: "JsonRpcRequest" },
  CancelTaskRequest: { type: "JsonRpcRequest" },
  TaskResubscriptionRequest: { type: "JsonRpcRequest" },
  SetTaskPushNotificationConfigRequest: { type: "JsonRpcRequest" },
  GetTaskPushNotificationConfigRequest: { type: "JsonRpcRequest" },
  ListTaskPushNotificationConfigRequest: { type: "JsonRpcRequest" },
  DeleteTaskPushNotificationConfigRequest: { type: "JsonRpcRequest" },
  GetAuthenticatedExtendedCardRequest: { type: "JsonRpcRequest" },
  SendMessageResponse: { type: "JsonRpcResponse", method: "message/send" },
  SendMessageSuccessResponse: { type: "JsonRpcResponse", method: "message/send" },
  SendStreamingMessageResponse: { type: "JsonRpcResponse", method: "message/stream" },
  SendStreamingMessageSuccessResponse: { type: "JsonRpcResponse", method: "message/stream" },
  GetTaskResponse: { type: "JsonRpcResponse", method: "tasks/get" },
  GetTaskSuccessResponse: { type: "JsonRpcResponse", method: "tasks/get" },
  CancelTaskResponse: { type: "JsonRpcResponse", method: "tasks/cancel" },
  CancelTaskSuccessResponse: { type: "JsonRpcResponse", method: "tasks/cancel" },
  SetTaskPushNotificationConfigResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/set" },
  SetTaskPushNotificationConfigSuccessResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/set" },
  GetTaskPushNotificationConfigResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/get" },
  GetTaskPushNotificationConfigSuccessResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/get" },
  ListTaskPushNotificationConfigResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/list" },
  ListTaskPushNotificationConfigSuccessResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/list" },
  DeleteTaskPushNotificationConfigResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/delete" },
  DeleteTaskPushNotificationConfigSuccessResponse: { type: "JsonRpcResponse", method: "tasks/pushNotificationConfig/delete" },
  GetAuthenticatedExtendedCardResponse: { type: "JsonRpcResponse", method: "agent/getAuthenticatedExtendedCard" },
  GetAuthenticatedExtendedCardSuccessResponse: { type: "JsonRpcResponse", method: "agent/getAuthenticatedExtendedCard" },
  JSONRPCErrorResponse: { type: "JsonRpcResponse", method: "tasks/get" },
  JSONRPCError: { type: "JsonRpcError" },
};

/** The v0.3 documents; `valid` says which folder (the real ones under fixtures/v1/real are all taken, valid in v0.3 or not). */
export function v03Docs(which: "valid" | "invalid"): Doc[] {
  const out: Doc[] = [];
  const base = join(ROOT, "v0.3", which);
  if (existsSync(base))
    for (const dir of readdirSync(base).sort()) {
      const options = V03_DIR[dir];
      if (options === undefined) continue;
      for (const f of walk(join(base, dir))) {
        // Invalid in strict mode only (an unknown member): default mode, which toV1 reads, accepts it.
        const side = f.replace(/\.json$/, ".expect.json");
        if (which === "invalid" && existsSync(side) && read(side).mode === "strict") continue;
        out.push({ file: f.slice(ROOT.length + 1), doc: read(f), options });
      }
    }
  if (which === "valid")
    for (const kind of ["valid", "invalid"])
      for (const f of walk(join(ROOT, "v1/real", kind, "v0.3"))) {
        const d = sidecarDoc(f);
        if (d) out.push(d);
      }
  return out;
}
