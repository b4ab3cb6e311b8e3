/**
 * The one place where a fetched card's protocol version is decided and where each version's
 * validator is chosen. Today only A2A v1.0 has a validator here; when `detectVersion`
 * (src/versions/) and the v0.3 family land, `cardVersionOf` calls it and `validateCardAs` gains
 * their branches: nothing else in src/client/ changes.
 */
import type { ValidationResult } from "../core/result.js";
import { makeIssue } from "../core/issue.js";
import { validateAgentCard } from "../generated/v1/api.js";
import type { AgentCard } from "../generated/v1/types.js";
import { CLIENT_MSG } from "./messages.js";

/** The protocol version a card is judged as. */
export type CardVersion = "1.0" | "0.3" | "hybrid" | "unknown";

/** The version of a parsed card document. */
export function cardVersionOf(_doc: unknown): CardVersion {
  return "1.0";
}

/** Validates `doc` as a card of `version`, strict or lenient (v1.0's modes). */
export function validateCardAs(version: CardVersion, doc: unknown, mode: "strict" | "lenient"): ValidationResult<AgentCard> {
  if (version === "1.0") return validateAgentCard(doc, { mode });
  return { ok: false, issues: [makeIssue([], "unsupported", CLIENT_MSG.versionUnsupported(version))] };
}
