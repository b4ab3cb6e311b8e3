/**
 * Hints for A2A v1.0 forms sent to a v0.3 validator (the other direction of src/v1/hints.ts).
 * When validation fails, the input is scanned breadth-first, with a node budget, for v1.0
 * constructs: enum names (`ROLE_USER`, `TASK_STATE_*`), objects without the v0.3 `kind`, the
 * `{ task }` / `{ message }` wrappers of v1.0 results, v1.0 field names (`supportedInterfaces`,
 * `returnImmediately`, `protocolBinding`...). Each construct's hint goes only on the issue about
 * it: at its own place, or the missing property it explains at the object that holds it.
 */
import { escapeSegment, withHint, type IssueCode, type ValidationIssue } from "../core/issue.js";

interface Marker {
  /** The pointer of the issue the hint explains. */
  readonly pointer: string;
  readonly code: IssueCode;
  /** For `required`: the missing property. */
  readonly property?: string;
  readonly hint: string;
}

/** Bounded work on hostile input: at most this many objects are looked at. */
const NODE_BUDGET = 2000;

const V1_ROLES: Readonly<Record<string, string>> = { ROLE_USER: "user", ROLE_AGENT: "agent" };
const V1_STATES: Readonly<Record<string, string>> = {
  TASK_STATE_SUBMITTED: "submitted",
  TASK_STATE_WORKING: "working",
  TASK_STATE_COMPLETED: "completed",
  TASK_STATE_FAILED: "failed",
  TASK_STATE_CANCELED: "canceled",
  TASK_STATE_CANCELLED: "canceled",
  TASK_STATE_INPUT_REQUIRED: "input-required",
  TASK_STATE_REJECTED: "rejected",
  TASK_STATE_AUTH_REQUIRED: "auth-required",
  TASK_STATE_UNSPECIFIED: "unknown",
};

/** v1.0 field names a v0.3 object does not have, with their v0.3 form (the hint of the strict mode's unknown_property). */
const V1_KEYS: Readonly<Record<string, string>> = {
  supportedInterfaces: 'A2A v1.0 "supportedInterfaces" is, in v0.3, the card\'s "url" with "preferredTransport" (its main interface) and "additionalInterfaces" (A2A v0.3.0 specification, section 5.6)',
  protocolBinding: 'A2A v1.0 AgentInterface "protocolBinding" is "transport" in v0.3 (JSONRPC, GRPC or HTTP+JSON; section 5.5.5)',
  returnImmediately: 'A2A v1.0 "returnImmediately" is v0.3 "blocking" with the inverted meaning: returnImmediately: true is blocking: false (section 7.1)',
  taskPushNotificationConfig: 'A2A v1.0 "taskPushNotificationConfig" is v0.3 "pushNotificationConfig", a PushNotificationConfig { url, token, authentication, id } (section 6.8)',
  extendedAgentCard: 'A2A v1.0 capabilities "extendedAgentCard" is the v0.3 card\'s "supportsAuthenticatedExtendedCard" (section 5.5)',
  mediaType: 'A2A v1.0 "mediaType" is "mimeType" in v0.3 (sections 6.6 and 5.5)',
  filename: 'A2A v1.0 part "filename" is the v0.3 file\'s "name" (section 6.6)',
  tenant: 'A2A v1.0 "tenant" has no v0.3 counterpart',
};

/** The v0.3 form of a v1.0 part (a part without `kind`). */
function partHint(o: Record<string, unknown>): string | undefined {
  if ("text" in o) return 'an A2A v1.0 part { text } is { kind: "text", text } in v0.3 (section 6.5.1)';
  if ("data" in o) return 'an A2A v1.0 part { data } is { kind: "data", data } in v0.3 (section 6.5.3)';
  if ("url" in o || "raw" in o) return 'an A2A v1.0 part { url } or { raw } is { kind: "file", file: { uri } or { bytes }, mimeType, name } in v0.3 (section 6.5.2)';
  return undefined;
}

/** The v0.3 `kind` of a v1.0 object that has none, read from its members. */
function kindHint(o: Record<string, unknown>): string | undefined {
  if ("messageId" in o && "role" in o) return 'A2A v1.0 messages carry no "kind"; a v0.3 Message has kind: "message" (section 6.4)';
  if ("status" in o && "taskId" in o && "contextId" in o) return 'A2A v1.0 events carry no "kind"; a v0.3 TaskStatusUpdateEvent has kind: "status-update" and "final" (section 7.2.2)';
  if ("artifact" in o && "taskId" in o) return 'A2A v1.0 events carry no "kind"; a v0.3 TaskArtifactUpdateEvent has kind: "artifact-update" (section 7.2.3)';
  if ("status" in o && "id" in o) return 'A2A v1.0 tasks carry no "kind"; a v0.3 Task has kind: "task" (section 6.1)';
  const wrapper = ["task", "message", "statusUpdate", "artifactUpdate"].filter((k) => k in o);
  if (wrapper.length === 1) return `A2A v1.0 wraps a result as { ${wrapper[0]}: ... }; v0.3 sends the object itself, with its "kind" (section 7.1)`;
  return undefined;
}

/** The markers of every v1.0 construct in `input` (breadth-first, at most NODE_BUDGET objects). */
function markers(input: unknown): Marker[] {
  const out: Marker[] = [];
  const queue: Array<{ v: unknown; pointer: string; key: string | undefined; inParts: boolean }> = [{ v: input, pointer: "", key: undefined, inParts: false }];
  for (let n = 0; n < queue.length && n < NODE_BUDGET; n++) {
    const { v, pointer, inParts } = queue[n]!;
    if (Array.isArray(v)) {
      const parts = queue[n]!.key === "parts";
      for (let i = 0; i < v.length && queue.length < NODE_BUDGET; i++) queue.push({ v: v[i], pointer: `${pointer}/${i}`, key: undefined, inParts: parts });
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    const o = v as Record<string, unknown>;
    if (!Object.prototype.hasOwnProperty.call(o, "kind")) {
      const hint = inParts ? partHint(o) : kindHint(o);
      if (hint !== undefined) out.push({ pointer, code: "required", property: "kind", hint });
    }
    for (const key of Object.keys(o)) {
      const value = o[key];
      const at = `${pointer}/${escapeSegment(key)}`;
      if (key === "role" && typeof value === "string" && value in V1_ROLES) out.push({ pointer: at, code: "enum", hint: `A2A v1.0 role "${value}" is "${V1_ROLES[value]}" in v0.3 (section 6.4)` });
      else if (key === "state" && typeof value === "string" && value in V1_STATES) out.push({ pointer: at, code: "enum", hint: `"${value}" is the A2A v1.0 (proto) name of the v0.3 task state "${V1_STATES[value]}" (section 6.3)` });
      if (Object.prototype.hasOwnProperty.call(V1_KEYS, key)) {
        out.push({ pointer: at, code: "unknown_property", hint: V1_KEYS[key]! });
        if (key === "supportedInterfaces") out.push({ pointer, code: "required", property: "url", hint: V1_KEYS[key]! });
        if (key === "protocolBinding") out.push({ pointer, code: "required", property: "transport", hint: V1_KEYS[key]! });
      }
      if (value !== null && typeof value === "object" && queue.length < NODE_BUDGET) queue.push({ v: value, pointer: at, key, inParts });
    }
  }
  return out;
}

/** `issues` with the hint of each v1.0 construct on the issue about it. Never throws (a throw leaves the issues as they are). */
export function withV1Hints(issues: ValidationIssue[], input: unknown): ValidationIssue[] {
  try {
    const found = markers(input);
    if (found.length === 0) return issues;
    return issues.map((i) => {
      if (i.hint !== undefined) return i;
      const m = found.find((k) => k.pointer === i.pointer && k.code === i.code && (k.property === undefined || k.property === i.property));
      return m ? withHint(i, m.hint) : i;
    });
  } catch {
    return issues;
  }
}
