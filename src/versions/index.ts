/**
 * `a2a-schemas/versions`: A2A v0.3 and v1.0 side by side. `detectVersion` says which one a document
 * is written for; `checkHybridCard` judges both views of a hybrid agent card; `toV1` and `toV03`
 * convert every object, request and response of both bindings and agent cards, as the official
 * SDKs' compat layers do, each lossy step a warning naming what was lost. Imports the v1 and v0.3
 * families and nothing above them.
 */
export { detectVersion, type DetectVersionOptions } from "./detect.js";
export type { DetectedVersion, VersionDetection, VersionEvidence } from "./evidence.js";
export { MAX_EVIDENCE } from "./evidence.js";
export { checkHybridCard, hybridCardViews, type HybridAgentCard, type HybridCardViews } from "./hybrid-card.js";
export * from "./convert/index.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
