/**
 * The freshness window of the Message Schemas Reference, second edition
 * (§timestamp, `validate_timestamp_freshness`), opt-in: fixtures carry fixed
 * dates, so validation itself never reads the clock.
 */
import { neverThrows } from "../core/guard.js";
import { describeValue, makeIssue, type ValidationIssue } from "../core/issue.js";
import { LEGACY_TIMESTAMP, timestampProblem } from "../core/timestamp.js";

/** Options of `checkFreshness`: the clock and the window (second edition, §timestamp: 5 minutes old, 60 seconds ahead). */
export interface FreshnessOptions {
  /** The current time; defaults to `Date.now()`. */
  readonly now?: Date | number;
  /** Oldest acceptable age (second edition: 5 minutes). */
  readonly maxAgeMs?: number;
  /** How far in the future a clock may run ahead (second edition: 60 seconds). */
  readonly maxFutureSkewMs?: number;
}

/** Issues at `/timestamp` for a message too old or from the future; `[]` when fresh. Never throws. */
export const checkFreshness: (message: { readonly timestamp?: unknown } | unknown, options?: FreshnessOptions) => ValidationIssue[] = /* @__PURE__ */ neverThrows(freshness, (issue) => [issue]);

function freshness(message: unknown, options: FreshnessOptions = {}): ValidationIssue[] {
  const { maxAgeMs = 300_000, maxFutureSkewMs = 60_000 } = options;
  const now = options.now === undefined ? Date.now() : typeof options.now === "number" ? options.now : options.now.getTime();
  if (!Number.isFinite(now)) return [makeIssue([], "invalid", "options.now is not a valid time")];
  const ts =
    message !== null && typeof message === "object" && Object.prototype.hasOwnProperty.call(message, "timestamp")
      ? (message as { timestamp: unknown }).timestamp
      : undefined;
  if (typeof ts !== "string" || timestampProblem(ts, LEGACY_TIMESTAMP) !== undefined) {
    const got = describeValue(ts);
    return [makeIssue(["timestamp"], "format", `must be a UTC timestamp like 2025-12-09T15:30:00.000Z, got ${got}`, { received: got })];
  }
  const age = now - Date.parse(ts);
  if (age > maxAgeMs) {
    return [makeIssue(["timestamp"], "stale", `is ${Math.round(age / 1000)} s old; at most ${maxAgeMs / 1000} s is accepted`, { received: ts })];
  }
  if (-age > maxFutureSkewMs) {
    return [makeIssue(["timestamp"], "from_future", `is ${Math.round(-age / 1000)} s in the future; at most ${maxFutureSkewMs / 1000} s of clock skew is accepted`, { received: ts })];
  }
  return [];
}
