/**
 * `a2a-schemas/v1/stream`: reads an A2A v1.0 event stream (a `SendStreamingMessage` or
 * `SubscribeToTask` response) from a fetch `Response`, a web stream, chunks or text: WHATWG
 * event-stream framing, each event's data validated as what its binding carries, the stream rules
 * across events (A2A v1.0 specification, sections 3.1.2, 3.1.6, 3.5.2, 9.4.2, 11.7). Never throws.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { unreadable } from "../core/guard.js";
import { readEventStream, type EventStreamLimits, type EventStreamSource, type SseEvent } from "../wire/event-stream.js";
import { atEvent, StreamRules, validateStreamEvent, verdictOf, type StreamRuleOptions, type StreamSummary } from "../wire/stream-rules.js";
import type { JsonRpcResponse } from "./jsonrpc.js";
import type { StreamResponse } from "../generated/v1/types.js";

export { checkStreamEvents, type StreamBinding, type StreamMethod, type StreamRuleOptions, type StreamSummary } from "../wire/stream-rules.js";
export { readEventStream, type SseEvent, type EventStreamItem, type EventStreamLimits, type EventStreamSource } from "../wire/event-stream.js";
export type { ValidationIssue, ValidationResult } from "../core/index.js";

/** Options of {@link readA2aStream}: the binding and RPC, and the caps. */
export interface ReadA2aStreamOptions extends StreamRuleOptions, EventStreamLimits {}

/** What each event's data is, by binding: a JSON-RPC response, or a StreamResponse. */
export type StreamValue<O extends { binding: string }> = O extends { binding: "http" } ? StreamResponse : JsonRpcResponse<"SendStreamingMessage">;

/** The result for one event. */
export type A2aStreamEventResult<T> =
  | {
      /** True: the event is valid and breaks no stream rule. */
      readonly ok: true;
      /** The event's position in the stream, from 0. */
      readonly index: number;
      /** The event as framed. */
      readonly event: SseEvent;
      /** The event's data, parsed and valid. */
      readonly value: T;
      /** Problems that do not make it invalid, if any. */
      readonly warnings?: readonly ValidationIssue[];
    }
  | {
      /** False: the event is invalid, breaks a stream rule, or could not be read. */
      readonly ok: false;
      /** The event's position in the stream, from 0. */
      readonly index: number;
      /** The event as framed, when it was one. */
      readonly event?: SseEvent;
      /** Every issue; paths start with `index` (pointer `/3/result/task/id`). */
      readonly issues: readonly ValidationIssue[];
    };

/** The reader: iterate it for the events, then ask for the stream's verdict. */
export interface A2aStreamReader<T> extends AsyncIterable<A2aStreamEventResult<T>> {
  /** The whole stream's verdict: every event's issues and the stream-wide ones. Reads what was not read yet. */
  verdict(): Promise<ValidationResult<StreamSummary>>;
}

/**
 * Reads an A2A event stream, one typed result per event, never throwing; `verdict()` at the end.
 * The source is read once; breaking out of the loop cancels it.
 */
export function readA2aStream<O extends ReadA2aStreamOptions>(source: EventStreamSource, options: O): A2aStreamReader<StreamValue<O>> {
  const issues: ValidationIssue[] = [];
  let summary: StreamSummary = { events: 0, kind: "none" };
  let finished = false;
  async function* run(): AsyncGenerator<A2aStreamEventResult<StreamValue<O>>> {
    let index = 0;
    try {
      const o: ReadA2aStreamOptions = { binding: options?.binding === "http" ? "http" : "jsonrpc", method: options?.method, requestId: options?.requestId, validation: options?.validation };
      const rules = new StreamRules(o);
      for await (const item of readEventStream(source, { maxEventBytes: options?.maxEventBytes, maxStreamBytes: options?.maxStreamBytes })) {
        const own: ValidationIssue[] = item.ok ? [] : item.issues.map((i) => atEvent(i, index));
        let value: unknown;
        if (item.event === undefined) rules.unknown();
        else {
          try {
            value = JSON.parse(item.event.data);
            const r = validateStreamEvent(value, index, o);
            if (!r.ok) own.push(...r.issues);
            else if (r.warnings) own.push(...r.warnings);
            own.push(...rules.next(index, value));
          } catch (e) {
            own.push(makeIssue([index], "syntax", `the event's data is not JSON: ${e instanceof SyntaxError ? e.message : "unreadable"}`));
            rules.unknown();
          }
        }
        issues.push(...own);
        summary = rules.summary();
        const errors = own.filter((i) => i.severity !== "warning");
        const ev = item.event;
        if (errors.length > 0 || ev === undefined) yield { ok: false, index, ...(ev ? { event: ev } : {}), issues: errors.length > 0 ? errors : own };
        else yield { ok: true, index, event: ev, value: value as StreamValue<O>, ...(own.length > 0 ? { warnings: own } : {}) };
        index++;
      }
      issues.push(...rules.end());
      summary = rules.summary();
    } catch (e) {
      const issue = atEvent(unreadable(e), index);
      issues.push(issue);
      yield { ok: false, index, issues: [issue] };
    } finally {
      finished = true;
    }
  }
  const it = run();
  return {
    [Symbol.asyncIterator]: () => it,
    async verdict() {
      if (!finished) for await (const _ of it);
      return verdictOf(summary, issues);
    },
  };
}
