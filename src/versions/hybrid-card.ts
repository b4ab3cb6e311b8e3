/**
 * A hybrid agent card (a v1.0 card that also carries the v0.3 fields, as
 * a2a-python, a2a-go and a2a-dotnet serve by default): is it good for both
 * kinds of client? Its v1.0 view (the card without its v0.3 fields) is
 * validated by strict A2A v1.0, its v0.3 view (the card without its v1.0
 * fields) by the v0.3 AgentCard validator as published (unknown fields
 * allowed, as v0.3 clients read), and the two are held against each other
 * (agreement.ts).
 */
import { neverThrows, unreadableResult } from "../core/guard.js";
import { describeValue, makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { capIssues } from "../core/validator.js";
import type { AgentCard as V03AgentCard } from "../generated/v0.3/types.js";
import type { AgentCard as V1AgentCard } from "../generated/v1/types.js";
import { validateAgentCard as validateV03Card } from "../v0.3/index.js";
import { validators as v1 } from "../v1/validators.js";
import { agreementIssues } from "./agreement.js";
import { v03View, v1View } from "./views.js";

/** A card good for both kinds of client: a v1.0 AgentCard with the v0.3 fields a v0.3 client reads. */
export type HybridAgentCard = V1AgentCard & Pick<V03AgentCard, "url" | "preferredTransport" | "additionalInterfaces" | "protocolVersion" | "supportsAuthenticatedExtendedCard" | "security">;

/** The three answers about a hybrid card, apart. */
export interface HybridCardViews {
  /** Its v1.0 view (without the v0.3 fields) validated by strict A2A v1.0; `value` is that view. */
  readonly v1: ValidationResult<V1AgentCard>;
  /** Its v0.3 view (without the v1.0 fields) validated by the v0.3 AgentCard validator; `value` is that view. */
  readonly v03: ValidationResult<V03AgentCard>;
  /** Where the views disagree (code "mismatch"): interfaces, declared versions, the extended card, security. Empty when they agree. */
  readonly agreement: readonly ValidationIssue[];
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

const notACard = (card: unknown): ValidationIssue => makeIssue([], "type", `must be an object (an agent card), got ${describeValue(card)}`, { expected: "an object", received: describeValue(card) });

function views(card: unknown): HybridCardViews {
  if (!isObj(card)) {
    const failed: ValidationResult<never> = { ok: false, issues: [notACard(card)] };
    return { v1: failed, v03: failed, agreement: [] };
  }
  return {
    v1: v1.AgentCard(v1View(card)) as ValidationResult<V1AgentCard>,
    v03: validateV03Card(v03View(card)) as ValidationResult<V03AgentCard>,
    agreement: agreementIssues(card),
  };
}

/** Each issue of a view, its message saying which view it is about. */
const labelled = (r: ValidationResult<unknown>, label: string): ValidationIssue[] =>
  r.ok ? [] : r.issues.map((i) => (i.code === "too_many_issues" ? i : { ...i, message: `${label}: ${i.message}` }));

function check(card: unknown): ValidationResult<HybridAgentCard> {
  if (!isObj(card)) return { ok: false, issues: [notACard(card)] };
  const v = views(card);
  const issues = [...labelled(v.v1, "v1.0 view"), ...labelled(v.v03, "v0.3 view"), ...v.agreement];
  if (issues.length > 0) return { ok: false, issues: capIssues(issues) };
  const warnings = [...(v.v1.ok ? (v.v1.warnings ?? []) : []), ...(v.v03.ok ? (v.v03.warnings ?? []) : [])];
  return warnings.length > 0 ? { ok: true, value: card as HybridAgentCard, warnings } : { ok: true, value: card as HybridAgentCard };
}

/**
 * The v1.0 view, the v0.3 view and their agreement of a hybrid agent card, apart (see
 * {@link checkHybridCard} for one result). Never throws; the card is not changed.
 */
export const hybridCardViews: (card: unknown) => HybridCardViews = neverThrows(views, (issue) => {
  const failed: ValidationResult<never> = { ok: false, issues: [issue] };
  return { v1: failed, v03: failed, agreement: [] };
});

/**
 * Is `card` a hybrid agent card good for both kinds of client: its v1.0 view (the card without
 * `url`, `preferredTransport`, `additionalInterfaces`, `protocolVersion`,
 * `supportsAuthenticatedExtendedCard`, `security` and the v0.3 fields of capabilities and skills)
 * valid in strict A2A v1.0, its v0.3 view (without `supportedInterfaces`, `securityRequirements`
 * and the v1.0 fields of capabilities and skills) valid for the v0.3 AgentCard validator, and the
 * two in agreement (each v0.3 interface listed in `supportedInterfaces` with the matching binding
 * and version 0.3, each interface declared for 0.3 reachable by v0.3 clients, the same
 * extended-card flag and security requirements). One result: each view's issues say which view
 * in their message; disagreements are `mismatch` issues. Never throws; the card is not changed.
 */
export const checkHybridCard: (card: unknown) => ValidationResult<HybridAgentCard> = neverThrows(check, unreadableResult);
