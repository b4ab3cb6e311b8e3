/**
 * Between the A2A versions: which one a document is written for, and the two views of a hybrid
 * agent card. Imports the v1 and v0.3 families and nothing above them.
 */
export { detectVersion, type DetectVersionOptions } from "./detect.js";
export type { DetectedVersion, VersionDetection, VersionEvidence } from "./evidence.js";
export { MAX_EVIDENCE } from "./evidence.js";
export { checkHybridCard, hybridCardViews, type HybridAgentCard, type HybridCardViews } from "./hybrid-card.js";
