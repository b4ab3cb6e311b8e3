/**
 * Freshness plus memory: a legacy message is accepted once. Its `message_id`,
 * and its `auth.nonce` per `auth.agent_id`, must not have been seen while the
 * message is fresh ("Message Schemas Reference", second edition: five minutes,
 * one minute of clock skew, a nonce for replay protection). Each key is charged
 * to its sender (the store's per-sender quota), and no check waits on the store
 * longer than its timeout: every failure refuses the message.
 */
import { describeValue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { checkFreshness } from "../legacy/freshness.js";
import { issue, reason } from "./issues.js";
import { createMemoryReplayStore, type ReplayStore } from "./store.js";

/** Options of `createReplayGuard`: the freshness window, the clock skew, the clock tolerance between gateways, the store and its timeout. */
export interface ReplayGuardOptions {
  /** Oldest acceptable message, in seconds; default 300. */
  readonly windowSeconds?: number;
  /** How far ahead a sender's clock may run, in seconds; default 60. */
  readonly skewSeconds?: number;
  /**
   * How far apart the clocks of the gateways sharing a store may be, in
   * seconds; default 1. A key outlives its message's freshness by this much,
   * so a gateway whose clock lags the one that stored it still sees it.
   */
  readonly clockToleranceSeconds?: number;
  /** Where seen messages are remembered; default a new in-memory store (one process only). */
  readonly store?: ReplayStore;
  /**
   * The longest a check waits for the store, in ms; default 1000. Past it the
   * message is refused (`replay_store_unavailable`), even if the store later
   * answers: the key may then be remembered, so a resend needs a new message_id.
   */
  readonly storeTimeoutMs?: number;
}

/** Options of one `check`: the current time. */
export interface ReplayCheckOptions {
  /** The current time; defaults to `Date.now()`. */
  readonly now?: Date | number;
}

/** A replay guard for legacy messages: `check` accepts each message once, inside the freshness window. */
export interface ReplayGuard {
  /**
   * Accepts a message once: stale, future, malformed or already-seen messages
   * return issues. Never throws; a store that fails means "not accepted".
   */
  check<T>(message: T, options?: ReplayCheckOptions): Promise<ValidationResult<T>>;
  /**
   * The longest a key is remembered, in ms: window + skew + clock tolerance + 1.
   * A key lives until its message's timestamp + window + tolerance has passed
   * (the freshness check counts that last millisecond as fresh), so a message
   * stamped `skew` ahead is remembered longest.
   */
  readonly ttlMs: number;
}

const MAX_ID = 256;

function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** The fields the guard needs, read once (a getter runs once, a proxy trap cannot throw later). */
function readMessage(message: unknown): { timestamp: unknown; messageId: unknown; senderId: unknown; auth: { agentId: unknown; nonce: unknown } | undefined } | ValidationIssue {
  if (typeof message !== "object" || message === null || Array.isArray(message)) {
    const got = describeValue(message);
    return issue([], "type", `a message must be an object, got ${got}`, { expected: "an object", received: got });
  }
  const m = message as Record<string, unknown>;
  const timestamp = own(m, "timestamp");
  const messageId = own(m, "message_id");
  const senderId = own(m, "sender_id");
  const a = own(m, "auth");
  if (a === undefined || a === null) return { timestamp, messageId, senderId, auth: undefined };
  if (typeof a !== "object" || Array.isArray(a)) return issue(["auth"], "type", `must be an object, got ${describeValue(a)}`);
  return { timestamp, messageId, senderId, auth: { agentId: own(a as Record<string, unknown>, "agent_id"), nonce: own(a as Record<string, unknown>, "nonce") } };
}

function idProblem(v: unknown, path: (string | number)[]): ValidationIssue | undefined {
  if (v === undefined) return issue(path.slice(0, -1), "required", `must have property "${path[path.length - 1]}"`, { property: String(path[path.length - 1]) });
  if (typeof v !== "string" || v === "") return issue(path, "type", `must be a non-empty string, got ${describeValue(v)}`);
  if (v.length > MAX_ID) return issue(path, "too_long", `must be at most ${MAX_ID} characters to be remembered`);
  return undefined;
}

/** Resolves `p`, or rejects after `ms`; the timer is cleared on the answer. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the replay store did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** A duration from the options, in ms; a RangeError when it is not finite and above zero (or zero or more), or above `max`. */
function duration(name: string, ms: number, positive: boolean, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isFinite(ms) || ms > max || (positive ? !(ms > 0) : !(ms >= 0)))
    throw new RangeError(`createReplayGuard: ${name} must be a finite number ${positive ? "above zero" : "of zero or more"}`);
  return ms;
}

/**
 * Makes a replay guard (Message Schemas Reference, second edition: five
 * minutes, one minute of clock skew, a nonce for replay protection). Throws a
 * RangeError when windowSeconds or storeTimeoutMs is not positive, or
 * skewSeconds or clockToleranceSeconds is negative.
 */
export function createReplayGuard(options: ReplayGuardOptions = {}): ReplayGuard {
  const windowMs = duration("windowSeconds", (options.windowSeconds ?? 300) * 1000, true);
  const skewMs = duration("skewSeconds", (options.skewSeconds ?? 60) * 1000, false);
  const toleranceMs = duration("clockToleranceSeconds", (options.clockToleranceSeconds ?? 1) * 1000, false);
  const timeoutMs = duration("storeTimeoutMs", options.storeTimeoutMs ?? 1000, true, 2 ** 31 - 1); // setTimeout's limit
  const store = options.store ?? createMemoryReplayStore();
  const ttlMs = windowMs + skewMs + toleranceMs + 1;
  const keptMs = windowMs + toleranceMs;

  const check = async <T>(message: T, opts: ReplayCheckOptions = {}): Promise<ValidationResult<T>> => {
    let now: number;
    let fields: ReturnType<typeof readMessage>;
    try {
      const n = opts?.now;
      now = n === undefined ? Date.now() : typeof n === "number" ? n : n.getTime();
      fields = readMessage(message);
    } catch (e) {
      return { ok: false, issues: [issue([], "invalid", `message could not be read: ${reason(e)}`)] };
    }
    if (!Number.isFinite(now)) return { ok: false, issues: [issue([], "invalid", "options.now is not a valid time")] };
    if ("path" in fields) return { ok: false, issues: [fields] };

    // Stale and future messages are refused before the store is touched, so they cannot fill it.
    const fresh = checkFreshness({ timestamp: fields.timestamp }, { now, maxAgeMs: windowMs, maxFutureSkewMs: skewMs });
    if (fresh.length) return { ok: false, issues: fresh };
    const idIssue = idProblem(fields.messageId, ["message_id"]) ?? idProblem(fields.senderId, ["sender_id"]);
    if (idIssue) return { ok: false, issues: [idIssue] };
    const sender = fields.senderId as string;
    const keys: Array<{ key: string; what: string; sender: string; path: (string | number)[] }> = [
      { key: `m:${fields.messageId as string}`, what: `message_id ${fields.messageId as string}`, sender, path: ["message_id"] },
    ];
    if (fields.auth) {
      const a = idProblem(fields.auth.agentId, ["auth", "agent_id"]) ?? idProblem(fields.auth.nonce, ["auth", "nonce"]);
      if (a) return { ok: false, issues: [a] };
      const agent = fields.auth.agentId as string;
      // Length-prefixed, so no agent id and nonce pair can spell another pair's key.
      keys.push({ key: `n:${agent.length}:${agent}:${fields.auth.nonce as string}`, what: `nonce ${fields.auth.nonce as string} of agent ${agent}`, sender: agent, path: ["auth", "nonce"] });
    }

    // Remembered until the message's own timestamp + window + tolerance has passed, that last millisecond included:
    // then every gateway whose clock is within the tolerance of this one sees it as long as it could call it fresh.
    const ttl = Date.parse(fields.timestamp as string) + keptMs + 1 - now;
    let outcomes: string[];
    try {
      outcomes = await within(Promise.all(keys.map((k) => store.remember(k.key, ttl, now, k.sender))), timeoutMs);
    } catch (e) {
      return { ok: false, issues: [issue([], "replay_store_unavailable", `the replay store failed, so the message is not accepted: ${reason(e)}`)] };
    }
    const issues: ValidationIssue[] = [];
    outcomes.forEach((o, i) => {
      const k = keys[i]!;
      if (o === "seen") issues.push(issue(k.path, "replayed", `${k.what} was already seen (it is remembered until ${Math.round(keptMs / 1000)} s after its timestamp): this message is a replay`));
      else if (o === "quota")
        issues.push(issue(k.path, "replay_sender_quota", `${k.path[0] === "message_id" ? "sender_id" : "auth.agent_id"} ${k.sender} holds its share of the replay store, so the message is not accepted (raise maxEntriesPerSender, or wait until its messages expire)`));
      else if (o === "full") issues.push(issue(k.path, "replay_store_full", "the replay store is full of unexpired entries, so the message is not accepted (raise maxEntries or use a shared store)"));
      else if (o !== "added") issues.push(issue(k.path, "replay_store_unavailable", `the replay store answered ${describeValue(o)}, so the message is not accepted`));
    });
    return issues.length ? { ok: false, issues } : { ok: true, value: message };
  };
  return { check, ttlMs };
}
