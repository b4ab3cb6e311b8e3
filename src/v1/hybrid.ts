/**
 * Hybrid agent cards in strict mode: a v1.0 card (it has `supportedInterfaces`)
 * that also carries v0.3 root fields for v0.3 clients, as a2a-python, a2a-go
 * and a2a-dotnet serve by default. Strict A2A v1.0 allows no unknown field, so
 * the card is invalid; but one `unknown_property` error per v0.3 field hides
 * what happened. This says it once, at the card, naming the fields.
 */
import { makeIssue, toPointer, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { get, has, obj, type Model } from "./schema-walk.js";

/** The v0.3 AgentCard root fields A2A v1.0 replaced, with their v1.0 counterpart (A2A v1.0 specification, appendix A.2). */
export const V03_CARD_FIELDS: Readonly<Record<string, string>> = {
  url: "supportedInterfaces[].url",
  preferredTransport: "supportedInterfaces[].protocolBinding",
  additionalInterfaces: "supportedInterfaces",
  protocolVersion: "supportedInterfaces[].protocolVersion",
  supportsAuthenticatedExtendedCard: "capabilities.extendedAgentCard",
  security: "securityRequirements",
};

/** Does the card object `o` declare v1.0 interfaces (so its v0.3 fields make it hybrid, not a v0.3 card)? */
export function hasV1Interfaces(o: Record<string, unknown>): boolean {
  return has.call(o, "supportedInterfaces") || has.call(o, "supported_interfaces");
}

/** The one issue for a hybrid card at `path` with the v0.3 fields `fields`. */
export function hybridCardIssue(path: readonly PathSegment[], fields: readonly string[]): ValidationIssue {
  const named = fields.map((f) => `"${f}"`).join(", ");
  const moves = fields.map((f) => `${f} → ${V03_CARD_FIELDS[f]}`).join("; ");
  return makeIssue(path, "hybrid_card", `a hybrid agent card: v0.3 field${fields.length > 1 ? "s" : ""} ${named} beside "supportedInterfaces"; strict A2A v1.0 allows no unknown field`, {
    expected: "a v1.0 agent card without v0.3 fields",
    received: fields.join(", "),
    hint: `the v0.3 fields serve v0.3 clients (${moves}); lenient mode ignores them with a warning each (A2A v1.0 specification, section 5.7), and checkHybridCard checks the card's v1.0 view, its v0.3 view and whether they agree`,
  });
}

/**
 * Replaces the `unknown_property` issues of each hybrid card's v0.3 root fields by one
 * `hybrid_card` issue at the card, where the first of them was. `issues` is returned as it is
 * when no card is hybrid.
 */
export function collapseHybridCards(model: Model, typeName: string, input: unknown, issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  let cards: Map<string, { at: number; path: readonly PathSegment[]; fields: string[] }> | undefined;
  for (let i = 0; i < issues.length; i++) {
    const x = issues[i]!;
    if (x.code !== "unknown_property" || x.path.length === 0) continue;
    const key = x.path[x.path.length - 1];
    if (typeof key !== "string" || !has.call(V03_CARD_FIELDS, key)) continue;
    const parent = x.path.slice(0, -1);
    if (model.typeAt(typeName, parent) !== "AgentCard") continue;
    const o = obj(valueAt(input, parent));
    if (o === undefined || !hasV1Interfaces(o)) continue;
    const p = toPointer(parent);
    const card = (cards ??= new Map()).get(p);
    if (card === undefined) cards.set(p, { at: i, path: parent, fields: [key] });
    else if (!card.fields.includes(key)) card.fields.push(key);
  }
  if (cards === undefined) return issues;
  const at = new Map<number, ValidationIssue>();
  const gone = new Set<number>();
  for (const c of cards.values()) at.set(c.at, hybridCardIssue(c.path, c.fields));
  for (let i = 0; i < issues.length; i++) {
    const x = issues[i]!;
    if (at.has(i) || x.code !== "unknown_property") continue;
    const key = x.path[x.path.length - 1];
    if (typeof key === "string" && has.call(V03_CARD_FIELDS, key) && cards.has(toPointer(x.path.slice(0, -1)))) gone.add(i);
  }
  const out: ValidationIssue[] = [];
  for (let i = 0; i < issues.length; i++) if (!gone.has(i)) out.push(at.get(i) ?? issues[i]!);
  return out;
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let v = root;
  for (const seg of path) v = Array.isArray(v) ? (typeof seg === "number" ? v[seg] : undefined) : get(v, String(seg));
  return v;
}
