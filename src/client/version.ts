/**
 * The one place where a fetched card's protocol version is decided and where each version's
 * validator is chosen: `detectVersion` (src/versions/) decides, unless the caller names a version;
 * v1.0 cards are validated by the v1 family, v0.3 cards by the v0.3 family, hybrid cards by both
 * views and their agreement.
 */
import type { ValidationResult } from "../core/result.js";
import { validateAgentCard as validateV03AgentCard } from "../generated/v0.3/api.js";
import type { AgentCard as V03AgentCard } from "../generated/v0.3/types.js";
import { validateAgentCard } from "../generated/v1/api.js";
import type { AgentCard } from "../generated/v1/types.js";
import { detectVersion } from "../versions/detect.js";
import { checkHybridCard } from "../versions/hybrid-card.js";

/** The protocol version a card is judged as ("unknown": neither shows, judged as v1.0, the current version). */
export type CardVersion = "1.0" | "0.3" | "hybrid" | "unknown";

/** A card as validated: A2A v1.0 (a hybrid card is one too, with the v0.3 fields beside), or v0.3. */
export type AnyAgentCard = AgentCard | V03AgentCard;

/** The version of a parsed card document: the caller's, or what the document shows. */
export function cardVersionOf(doc: unknown, forced?: "1.0" | "0.3"): CardVersion {
  return forced ?? detectVersion(doc).version;
}

/** Validates `doc` as a card of `version`, strict or lenient (v0.3: strict or its default mode). */
export function validateCardAs(version: CardVersion, doc: unknown, mode: "strict" | "lenient"): ValidationResult<AnyAgentCard> {
  if (version === "0.3") return validateV03AgentCard(doc, mode === "strict" ? { mode: "strict" } : undefined) as ValidationResult<AnyAgentCard>;
  if (version === "hybrid") return checkHybridCard(doc);
  return validateAgentCard(doc, { mode });
}
