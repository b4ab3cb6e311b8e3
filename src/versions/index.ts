/**
 * `a2a-schemas/versions`: A2A v0.3 and v1.0 side by side. `toV1` and `toV03` convert every
 * object, request and response of both bindings and agent cards, as the official SDKs' compat
 * layers do, each lossy step a warning naming what was lost.
 */
export * from "./convert/index.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
