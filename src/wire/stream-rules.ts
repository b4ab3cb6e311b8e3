/**
 * The A2A v1.0 stream rules, which only a sequence of events shows (A2A v1.0 specification,
 * sections 3.1.2, 3.1.6, 3.5.2, 9.4.2 and 11.7), checked one event at a time so a reader can attach
 * each violation to the event that breaks it. Every issue's path starts with the event's index in
 * the stream (pointer `/3/result/statusUpdate/taskId`); issues about the whole stream have the
 * path `[]`. Each event's own shape is checked by the per-event validators, not here.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { MAX_ISSUES, type ValidationResult } from "../core/result.js";
import { neverThrows, unreadableResult } from "../core/guard.js";
import { validateStreamResponse } from "../generated/v1/api.js";
import { validateJsonRpcResponseByMethod } from "../v1/jsonrpc.js";
import type { V1Options } from "../v1/engine.js";

/** The binding a stream comes over: JSON-RPC (each event a JSON-RPC response) or HTTP+JSON (each event a StreamResponse). */
export type StreamBinding = "jsonrpc" | "http";
/** The streaming RPCs. */
export type StreamMethod = "SendStreamingMessage" | "SubscribeToTask";

/** How to read a stream's events. */
export interface StreamRuleOptions {
  /** `"jsonrpc"`: each event's data is a JSON-RPC response (section 9.4.2); `"http"`: a StreamResponse (section 11.7). */
  readonly binding: StreamBinding;
  /** The RPC that opened the stream; default `"SendStreamingMessage"`. */
  readonly method?: StreamMethod;
  /** JSON-RPC only: the request's `id`, which every event carries. Absent: every event carries the first event's `id`. */
  readonly requestId?: string | number | null;
  /** Options of the per-event validators (e.g. `{ mode: "lenient" }`). */
  readonly validation?: V1Options;
}

/** What a stream turned out to be. */
export interface StreamSummary {
  /** How many events were read. */
  readonly events: number;
  /** `"task"`: a task lifecycle stream; `"message"`: a message-only stream; `"none"`: neither began it. */
  readonly kind: "task" | "message" | "none";
  /** The task's id, for a task stream. */
  readonly taskId?: string;
  /** The task's context id, for a task stream. */
  readonly contextId?: string;
  /** The task's last state seen, for a task stream. */
  readonly state?: string;
}

const TERMINAL = new Set(["TASK_STATE_COMPLETED", "TASK_STATE_FAILED", "TASK_STATE_CANCELED", "TASK_STATE_REJECTED"]);
const INTERRUPTED = new Set(["TASK_STATE_INPUT_REQUIRED", "TASK_STATE_AUTH_REQUIRED"]);
const KINDS = ["task", "message", "statusUpdate", "artifactUpdate"] as const;
type Kind = (typeof KINDS)[number];

/** The words of the rules' issues, kept apart from the checks. */
const SAY = {
  afterError: "nothing may follow an error event: a JSON-RPC error ends the stream (A2A v1.0 specification, section 9.4.2)",
  subscribeMessage: "a SubscribeToTask stream begins with the Task in its current state, never a Message (A2A v1.0 specification, section 3.1.6)",
  firstNotTask: (k: string) => `a task stream begins with the Task, not ${k} (A2A v1.0 specification, sections 3.1.2 and 3.1.6)`,
  afterMessage: "a message-only stream holds exactly one Message and then closes (A2A v1.0 specification, section 3.1.2)",
  inTask: (k: string) => `after its Task a task stream carries only status and artifact updates, not ${k} (A2A v1.0 specification, section 3.1.2)`,
  afterTerminal: (s: string) => `nothing follows the terminal state ${s} but one final Task snapshot (A2A v1.0 specification, sections 3.1.2 and 11.7)`,
  afterInterrupted: (s: string) => `the stream closes at the interrupted state ${s}; only a final Task snapshot may follow (A2A v1.0 specification, section 11.7)`,
  afterSnapshot: "nothing follows the final Task snapshot (A2A v1.0 specification, section 11.7)",
  otherTask: (field: string, want: string) => `every update carries its task's ${field} ${JSON.stringify(want)} (A2A v1.0 specification, section 3.1.2)`,
  appendUnstarted: (id: string) => `append: true to artifact ${JSON.stringify(id)}, which no earlier event started (TaskArtifactUpdateEvent, section 4.2.2)`,
  afterLastChunk: (id: string) => `a chunk of artifact ${JSON.stringify(id)} after its lastChunk (TaskArtifactUpdateEvent, section 4.2.2)`,
  otherId: (want: unknown) => `every event of a JSON-RPC stream carries the request's id ${JSON.stringify(want)} (A2A v1.0 specification, section 9.4.2; JSON-RPC 2.0)`,
  empty: "the stream carries no event: it begins with a Task or a Message (A2A v1.0 specification, section 3.1.2)",
  unfinished: "the stream ended before the task reached a terminal or interrupted state (A2A v1.0 specification, section 3.1.2)",
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** The rules as a state machine over the events, in order. */
export class StreamRules {
  private readonly o: StreamRuleOptions;
  private phase: "start" | "message" | "task" | "terminal" | "interrupted" | "snapshot" | "error" = "start";
  private taskId: string | undefined;
  private contextId: string | undefined;
  private state: string | undefined;
  private firstId: unknown;
  private hasFirstId = false;
  private readonly started = new Set<string>();
  private readonly closed = new Set<string>();
  private count = 0;
  private lostStart = false; // an unreadable event came first

  constructor(options: StreamRuleOptions) {
    this.o = options;
  }

  /** Checks event `index`, its data already parsed; returns the rules it breaks. */
  next(index: number, data: unknown): ValidationIssue[] {
    this.count = index + 1;
    const out: ValidationIssue[] = [];
    const jsonrpc = this.o.binding === "jsonrpc";
    if (this.phase === "error") {
      out.push(makeIssue([index], "out_of_order", SAY.afterError));
      return out;
    }
    if (!isObject(data)) return this.unknown(out); // the per-event validator says what it is
    let payload: unknown = data;
    if (jsonrpc) {
      this.checkId(index, data, out);
      if ("error" in data) {
        this.phase = "error";
        return out;
      }
      payload = data.result;
    }
    if (!isObject(payload)) return this.unknown(out);
    const kind = KINDS.find((k) => isObject(payload[k]));
    if (kind === undefined) return this.unknown(out);
    const at: PathSegment[] = jsonrpc ? [index, "result", kind] : [index, kind];
    this.step(kind, payload[kind] as Record<string, unknown>, at, out);
    return out;
  }

  /** An event whose kind is unknown (not JSON, not an object): the stream's first event is no longer known, so its rule is not applied. */
  unknown(out: ValidationIssue[] = []): ValidationIssue[] {
    if (this.phase === "start") this.lostStart = true;
    return out;
  }

  private checkId(index: number, data: Record<string, unknown>, out: ValidationIssue[]): void {
    if (!("id" in data)) return; // the per-event validator reports a missing id
    const want = this.o.requestId !== undefined ? this.o.requestId : this.hasFirstId ? this.firstId : data.id;
    if (!this.hasFirstId) {
      this.firstId = data.id;
      this.hasFirstId = true;
    }
    if (data.id !== want) out.push(makeIssue([index, "id"], "mismatch", SAY.otherId(want), { expected: JSON.stringify(want), received: JSON.stringify(data.id) }));
  }

  private step(kind: Kind, v: Record<string, unknown>, at: PathSegment[], out: ValidationIssue[]): void {
    const index = at[0] as number;
    switch (this.phase) {
      case "start":
        if (kind === "message") {
          if (this.o.method === "SubscribeToTask") out.push(makeIssue(at, "out_of_order", SAY.subscribeMessage));
          this.phase = "message";
          return;
        }
        if (kind !== "task" && !this.lostStart) out.push(makeIssue(at, "out_of_order", SAY.firstNotTask(kind === "statusUpdate" ? "a status update" : "an artifact update")));
        return this.begin(kind, v);
      case "message":
        out.push(makeIssue([index], "out_of_order", SAY.afterMessage));
        return;
      case "snapshot":
        out.push(makeIssue([index], "out_of_order", SAY.afterSnapshot));
        return;
      case "terminal":
      case "interrupted": {
        if (kind === "task" && str(v.id) === this.taskId) {
          this.phase = "snapshot"; // the optional final snapshot (section 11.7)
          this.sameContext(v, at, "contextId", out);
          return;
        }
        const s = this.state ?? "";
        if (this.phase === "terminal") {
          out.push(makeIssue([index], "out_of_order", SAY.afterTerminal(s)));
          return;
        }
        // Section 3.1.2 closes the stream at terminal states only; 11.7 (HTTP+JSON) at interrupted ones too.
        out.push(makeIssue([index], "out_of_order", SAY.afterInterrupted(s), this.o.binding === "jsonrpc" ? { severity: "warning" } : undefined));
        this.phase = "task";
        return this.step(kind, v, at, out);
      }
      case "task":
        if (kind === "task" || kind === "message") {
          out.push(makeIssue(at, "out_of_order", SAY.inTask(kind === "task" ? "another Task" : "a Message")));
          return;
        }
        this.sameTask(v, at, out);
        if (kind === "statusUpdate") this.status(v);
        else this.artifact(v, at, out);
        return;
      default:
        return;
    }
  }

  /** The first event of a task stream (a Task, or an update where a Task was due). */
  private begin(kind: Kind, v: Record<string, unknown>): void {
    this.phase = "task";
    this.taskId = str(kind === "task" ? v.id : v.taskId);
    this.contextId = str(v.contextId);
    if (kind === "task" && Array.isArray(v.artifacts)) for (const a of v.artifacts) if (isObject(a) && typeof a.artifactId === "string") this.started.add(a.artifactId);
    if (kind === "artifactUpdate") this.artifact(v, [], []);
    this.status(v);
  }

  private status(v: Record<string, unknown>): void {
    const state = isObject(v.status) ? str(v.status.state) : undefined;
    if (state === undefined) return;
    this.state = state;
    if (TERMINAL.has(state)) this.phase = "terminal";
    else if (INTERRUPTED.has(state)) this.phase = "interrupted";
  }

  private sameTask(v: Record<string, unknown>, at: PathSegment[], out: ValidationIssue[]): void {
    if (this.taskId !== undefined && typeof v.taskId === "string" && v.taskId !== this.taskId)
      out.push(makeIssue([...at, "taskId"], "mismatch", SAY.otherTask("taskId", this.taskId), { expected: JSON.stringify(this.taskId), received: JSON.stringify(v.taskId) }));
    this.sameContext(v, at, "contextId", out);
  }

  private sameContext(v: Record<string, unknown>, at: PathSegment[], field: string, out: ValidationIssue[]): void {
    if (this.contextId !== undefined && typeof v[field] === "string" && v[field] !== this.contextId)
      out.push(makeIssue([...at, field], "mismatch", SAY.otherTask("contextId", this.contextId), { expected: JSON.stringify(this.contextId), received: JSON.stringify(v[field]) }));
  }

  private artifact(v: Record<string, unknown>, at: PathSegment[], out: ValidationIssue[]): void {
    const id = isObject(v.artifact) ? str(v.artifact.artifactId) : undefined;
    if (id === undefined) return;
    if (this.closed.has(id)) out.push(makeIssue([...at, "artifact", "artifactId"], "out_of_order", SAY.afterLastChunk(id)));
    else if (v.append === true && !this.started.has(id)) out.push(makeIssue([...at, "append"], "out_of_order", SAY.appendUnstarted(id)));
    this.started.add(id);
    if (v.lastChunk === true) this.closed.add(id);
  }

  /** The end of the stream: rules about the stream as a whole (path `[]`). */
  end(): ValidationIssue[] {
    if (this.count === 0) return [makeIssue([], "required", SAY.empty)];
    if (this.phase === "task") return [makeIssue([], "out_of_order", SAY.unfinished, { severity: "warning" })];
    return [];
  }

  /** What the stream turned out to be, so far. */
  summary(): StreamSummary {
    const kind = this.phase === "start" || this.phase === "error" ? (this.taskId !== undefined ? "task" : "none") : this.phase === "message" ? "message" : "task";
    return {
      events: this.count,
      kind,
      ...(this.taskId !== undefined ? { taskId: this.taskId } : {}),
      ...(this.contextId !== undefined ? { contextId: this.contextId } : {}),
      ...(this.state !== undefined ? { state: this.state } : {}),
    };
  }
}

/** An issue moved under event `index` (its path and pointer prefixed). */
export function atEvent(issue: ValidationIssue, index: number): ValidationIssue {
  const { path, pointer, code, message, ...extra } = issue;
  return makeIssue([index, ...path], code, message, extra);
}

/** Validates one event's parsed data as what the binding carries; issues are under `index`. */
export function validateStreamEvent(data: unknown, index: number, options: StreamRuleOptions): ValidationResult<unknown> {
  const r =
    options.binding === "jsonrpc"
      ? validateJsonRpcResponseByMethod(options.method ?? "SendStreamingMessage", data, options.validation)
      : validateStreamResponse(data, options.validation as never);
  if (r.ok) return r.warnings ? { ok: true, value: r.value, warnings: r.warnings.map((w) => atEvent(w, index)) } : r;
  return { ok: false, issues: r.issues.map((i) => atEvent(i, index)) };
}

/** Errors first (at most MAX_ISSUES), then the verdict. */
export function verdictOf<T>(value: T, issues: readonly ValidationIssue[]): ValidationResult<T> {
  const errors = issues.filter((i) => i.severity !== "warning");
  const warnings = issues.filter((i) => i.severity === "warning");
  if (errors.length === 0) return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
  if (errors.length <= MAX_ISSUES) return { ok: false, issues: errors };
  return { ok: false, issues: [...errors.slice(0, MAX_ISSUES), makeIssue([], "too_many_issues", `${errors.length - MAX_ISSUES} more issues were left out`)] };
}

/**
 * Checks a list of already-parsed events (each event's data, in order) offline: each event as what
 * the binding carries, and the stream rules across them. Issues point into the list
 * (`/3/result/statusUpdate/taskId`). Never throws.
 */
export const checkStreamEvents: (events: readonly unknown[], options: StreamRuleOptions) => ValidationResult<StreamSummary> = /* @__PURE__ */ neverThrows(
  (events: readonly unknown[], options: StreamRuleOptions): ValidationResult<StreamSummary> => {
    if (!Array.isArray(events)) return { ok: false, issues: [makeIssue([], "type", "the events must be an array (each event's data, parsed)")] };
    const o: StreamRuleOptions = { binding: options?.binding === "http" ? "http" : "jsonrpc", method: options?.method, requestId: options?.requestId, validation: options?.validation };
    const rules = new StreamRules(o);
    const issues: ValidationIssue[] = [];
    for (let i = 0; i < events.length; i++) {
      const r = validateStreamEvent(events[i], i, o);
      if (!r.ok) issues.push(...r.issues);
      else if (r.warnings) issues.push(...r.warnings);
      issues.push(...rules.next(i, events[i]));
    }
    issues.push(...rules.end());
    return verdictOf(rules.summary(), issues);
  },
  unreadableResult,
);
