/**
 * `a2a-schemas/replay`: a replay guard for legacy envelope messages, with an
 * in-memory store (one process) and a Redis store (many processes and machines).
 * Loads no Redis client: pass yours through `fromIoredis` or `fromNodeRedis`.
 */
export { createReplayGuard, type ReplayGuard, type ReplayGuardOptions, type ReplayCheckOptions } from "./guard.js";
export { createMemoryReplayStore, type ReplayStore, type RememberOutcome, type MemoryStoreOptions, type MemoryReplayStore } from "./store.js";
export { createRedisReplayStore, fromIoredis, fromNodeRedis, type RedisEval, type IoredisLike, type NodeRedisLike, type RedisStoreOptions } from "./redis.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
export { formatIssue } from "../core/index.js";
