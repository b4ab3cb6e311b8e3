/**
 * Whether a hybrid card's two views say the same thing: the v0.3 `url` and
 * `preferredTransport` and each of `additionalInterfaces` are interfaces the
 * v1.0 `supportedInterfaces` lists (same URL, the matching binding), every
 * interface declared for 0.3 there is one a v0.3 client can find, the
 * declared versions match, and the extended-card flag and the security
 * requirements are the same in both forms. Only well-formed values are
 * compared: a malformed one is the views' issue, not a disagreement.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { WORDS } from "./messages.js";

const has = Object.prototype.hasOwnProperty;
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";

/** `0.3.0` → `0.3`; undefined when the text is no version. */
export function majorMinor(v: unknown): string | undefined {
  if (!isStr(v) || v.length > 40) return undefined;
  const m = /^\s*(\d{1,9})\.(\d{1,9})(?:\.\d{1,9})?\s*$/.exec(v);
  return m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
}

interface Iface {
  readonly url: string;
  readonly binding: string;
  /** Major.Minor, or undefined when not declared. */
  readonly version: string | undefined;
  readonly index: number;
}

const key = (url: string, binding: string) => `${binding}\u0000${url}`;

function supported(card: Record<string, unknown>): Iface[] {
  const list = card.supportedInterfaces;
  if (!Array.isArray(list)) return [];
  const out: Iface[] = [];
  for (let i = 0; i < list.length; i++) {
    const x = list[i];
    if (isObj(x) && isStr(x.url) && isStr(x.protocolBinding)) out.push({ url: x.url, binding: x.protocolBinding, version: majorMinor(x.protocolVersion), index: i });
  }
  return out;
}

/** The agreement issues of a card carrying both versions' fields (code "mismatch", at the v0.3 side). */
export function agreementIssues(card: Record<string, unknown>): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const at = (path: readonly PathSegment[], message: string, hint?: string) => out.push(makeIssue(path, "mismatch", message, hint !== undefined ? { hint } : undefined));
  const ifaces = supported(card);
  const byKey = new Map<string, Iface[]>();
  for (const f of ifaces) {
    const k = key(f.url, f.binding);
    const l = byKey.get(k);
    if (l) l.push(f);
    else byKey.set(k, [f]);
  }
  // A v0.3 card's protocolVersion defaults to 0.3.0 (A2A v0.3.0 specification, section 5.5).
  const declared = has.call(card, "protocolVersion") ? majorMinor(card.protocolVersion) : "0.3";
  if (has.call(card, "protocolVersion") && declared !== undefined && declared !== "0.3") at(["protocolVersion"], WORDS.notV03(String(card.protocolVersion)));
  const seen = new Set<string>();

  /** One v0.3 interface (url and transport) held against supportedInterfaces. */
  const match = (url: unknown, transport: unknown, path: readonly PathSegment[], urlKey: string, transportKey: string) => {
    if (!isStr(url) || !isStr(transport)) return;
    seen.add(key(url, transport));
    const same = byKey.get(key(url, transport));
    if (same === undefined) {
      const other = ifaces.find((f) => f.url === url);
      if (other !== undefined) at([...path, transportKey], WORDS.otherBinding(url, transport, other.binding, other.index), WORDS.bindingHint);
      else at([...path, urlKey], WORDS.notListed(url, transport), WORDS.listHint(url, transport));
      return;
    }
    if (declared === "0.3" && !same.some((f) => f.version === undefined || f.version === "0.3")) {
      at([...path, urlKey], WORDS.otherVersion(url, transport, same.map((f) => f.version!)), WORDS.versionHint(url, transport));
    }
  };

  if (has.call(card, "url")) {
    const transport = has.call(card, "preferredTransport") ? card.preferredTransport : "JSONRPC"; // the v0.3 default
    match(card.url, transport, [], "url", "preferredTransport");
  }
  const extra = card.additionalInterfaces;
  if (Array.isArray(extra)) {
    for (let i = 0; i < extra.length; i++) {
      const x = extra[i];
      if (isObj(x)) match(x.url, x.transport, ["additionalInterfaces", i], "url", "transport");
    }
  }
  // Every interface declared for 0.3 must be one a v0.3 client finds.
  for (const f of ifaces) {
    if (f.version === "0.3" && !seen.has(key(f.url, f.binding))) at(["supportedInterfaces", f.index], WORDS.unreachable(f.url, f.binding), WORDS.addHint(f.url, f.binding));
  }
  extendedCard(card, at);
  security(card, at);
  return out;
}

function extendedCard(card: Record<string, unknown>, at: (path: readonly PathSegment[], message: string) => void): void {
  const v03 = card.supportsAuthenticatedExtendedCard;
  const caps = card.capabilities;
  const v1 = isObj(caps) ? caps.extendedAgentCard : undefined;
  if (has.call(card, "supportsAuthenticatedExtendedCard") && typeof v03 !== "boolean") return;
  if (v1 !== undefined && typeof v1 !== "boolean") return;
  if ((v03 === true) !== (v1 === true)) at(["supportsAuthenticatedExtendedCard"], WORDS.extendedCard(v03 === true, v1 === true));
}

/** `[{ "oauth": ["read"] }]` (v0.3) against `[{ "schemes": { "oauth": { "list": ["read"] } } }]` (v1.0), in order. */
function security(card: Record<string, unknown>, at: (path: readonly PathSegment[], message: string) => void): void {
  if (!has.call(card, "security") || !has.call(card, "securityRequirements")) return;
  const v03 = card.security;
  const v1 = card.securityRequirements;
  if (!Array.isArray(v03) || !Array.isArray(v1)) return;
  const a = v03.map((r) => (isObj(r) ? canonical(r, (x) => x) : undefined));
  // A StringList without "list" has no scopes; anything but a StringList is malformed (the v1.0 view says so).
  const b = v1.map((r) => (isObj(r) && isObj(r.schemes) ? canonical(r.schemes, (x) => (isObj(x) ? (x.list ?? []) : null)) : undefined));
  if (a.includes(undefined) || b.includes(undefined)) return;
  if (a.length !== b.length || a.some((x, i) => x !== b[i])) at(["security"], WORDS.security);
}

/** A requirement as text: scheme names sorted, each with its scopes in order; undefined when malformed. */
function canonical(o: Record<string, unknown>, scopesOf: (v: unknown) => unknown): string | undefined {
  const parts: string[] = [];
  for (const name of Object.keys(o).sort()) {
    const list = scopesOf(o[name]);
    if (!Array.isArray(list) || !list.every(isStr)) return undefined;
    parts.push(JSON.stringify([name, list]));
  }
  return parts.join(",");
}
