/**
 * The two views of a hybrid agent card: what a v1.0 client reads (the card
 * without its v0.3 fields) and what a v0.3 client reads (the card without its
 * v1.0 fields). Shallow copies: the card is never changed, and what a view
 * keeps is shared with it.
 */
import { V03_CARD_FIELDS } from "../v1/hybrid.js";

const has = Object.prototype.hasOwnProperty;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The v1.0 fields a v0.3 client does not know, by where they sit. */
const V1_ROOT = ["supportedInterfaces", "securityRequirements"] as const;
const V1_CAPABILITIES = ["extendedAgentCard"] as const;
const V1_SKILL = ["securityRequirements"] as const;
/** The v0.3 fields A2A v1.0 does not know, inside capabilities and skills (the root's are V03_CARD_FIELDS). */
const V03_CAPABILITIES = ["stateTransitionHistory"] as const;
const V03_SKILL = ["security"] as const;

/** `o` without `keys`, or `o` itself when it has none of them. */
function without(o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  if (!keys.some((k) => has.call(o, k))) return o;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    if (keys.includes(k)) continue;
    if (k === "__proto__") Object.defineProperty(out, k, { value: o[k], enumerable: true, writable: true, configurable: true });
    else out[k] = o[k];
  }
  return out;
}

/** `card` without `root` keys, and without `caps` in its capabilities and `skill` in each skill. */
function view(card: Record<string, unknown>, root: readonly string[], caps: readonly string[], skill: readonly string[]): Record<string, unknown> {
  const out = without(card, root);
  const copy = out === card ? { ...card } : out;
  let changed = out !== card;
  if (isObj(card.capabilities)) {
    const c = without(card.capabilities, caps);
    if (c !== card.capabilities) {
      copy.capabilities = c;
      changed = true;
    }
  }
  if (Array.isArray(card.skills)) {
    const skills = card.skills.map((s) => (isObj(s) ? without(s, skill) : s));
    if (skills.some((s, i) => s !== (card.skills as unknown[])[i])) {
      copy.skills = skills;
      changed = true;
    }
  }
  return changed ? copy : card;
}

/** What a v1.0 client reads: the card without its v0.3 fields (root, capabilities, skills). */
export function v1View(card: Record<string, unknown>): Record<string, unknown> {
  return view(card, Object.keys(V03_CARD_FIELDS), V03_CAPABILITIES, V03_SKILL);
}

/** What a v0.3 client reads: the card without its v1.0 fields (root, capabilities, skills). */
export function v03View(card: Record<string, unknown>): Record<string, unknown> {
  return view(card, V1_ROOT, V1_CAPABILITIES, V1_SKILL);
}
