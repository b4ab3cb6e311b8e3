/**
 * `fetchAgentCard`: an Agent Card by URL through the safe fetch, validated as what it is, its
 * signatures verified when keys or an allow-listed `jku` are given, its interfaces' URLs checked.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import type { ValidationResult } from "../core/result.js";
import { thrownReason } from "../core/guard.js";
import { allowanceOf, safeFetch, type SafeFetchOptions, type SafeResponse } from "../net/fetch.js";
import { checkCardSignatures } from "../v1/signatures/verify.js";
import type { JwkSet } from "../v1/signatures/keys.js";
import { interfaceIssues, interfacesOf, type CardInterface } from "./interfaces.js";
import { CLIENT_MSG } from "./messages.js";
import { cardVersionOf, validateCardAs, type AnyAgentCard, type CardVersion } from "./version.js";

/** Where the card of an origin is (A2A v1.0 specification, section 8.2). */
export const WELL_KNOWN_CARD_PATH = "/.well-known/agent-card.json";

/**
 * Options of `fetchAgentCard`: the safe fetch's limits and permissions (which also govern the card's
 * `jku` and how its interfaces are judged: `allowPrivate`, `allowHttp`), and how the card is judged.
 */
export interface FetchAgentCardOptions extends Pick<SafeFetchOptions, "timeoutMs" | "maxBytes" | "maxRedirects" | "allowPrivate" | "allowHttp" | "resolve" | "signal"> {
  /** "strict" (default) or "lenient" (v0.3: its default mode), as for `validateAgentCard`. */
  readonly mode?: "strict" | "lenient";
  /** Judge the card as this A2A version; by default the version the card shows (`detectVersion`), a hybrid card by both views. */
  readonly version?: "1.0" | "0.3";
  /** Verify the card's signatures against these public keys. */
  readonly keys?: JwkSet;
  /** Let a signature's `jku` be fetched (by the same safe fetch) from these origins only. */
  readonly jku?: {
    /** Origins a `jku` may point to, e.g. `["https://keys.example.com"]`. */
    readonly allowedOrigins: readonly string[];
  };
  /** With `keys` or `jku`: an unsigned card is an error, not a warning. */
  readonly requireSignature?: boolean;
}

/** A card fetched and judged valid. */
export interface FetchedAgentCard {
  /** The card, as validated (its type by `version`: v0.3's AgentCard for "0.3", else v1.0's). */
  readonly card: AnyAgentCard;
  /** The URL that served it (after redirects). */
  readonly url: string;
  /** The protocol version it was judged as. */
  readonly version: CardVersion;
  /** Its interfaces, in the card's order. */
  readonly interfaces: readonly CardInterface[];
  /** The address the card was fetched from. */
  readonly address: string;
  /** URLs redirected through, in order. */
  readonly redirects: readonly string[];
}

/** Everything learned about a card URL, valid or not: what the CLI reports from. */
export interface CardInspection {
  /** The URL fetched (an origin gets the well-known path). */
  readonly url: string;
  /** "fetch": nothing usable came back (issues say why); "card": a body was judged. */
  readonly stage: "fetch" | "card";
  /** The response, when one came. */
  readonly response?: SafeResponse;
  /** The body as text (UTF-8), when it is. */
  readonly text?: string;
  /** The parsed card, when the body is JSON. */
  readonly document?: unknown;
  /** The version the card was judged as. */
  readonly version?: CardVersion;
  /** The valid card. */
  readonly card?: AnyAgentCard;
  /** Its interfaces. */
  readonly interfaces: readonly CardInterface[];
  /** Errors and warnings (severity "warning"). */
  readonly issues: readonly ValidationIssue[];
}

/** An origin (no path) gets the well-known card path; any other URL is used as given. */
export function cardUrlOf(url: string): string {
  // Only a string is a URL: String() of an object would run its code; "" is refused by the safe fetch.
  if (typeof url !== "string") return "";
  try {
    const u = new URL(url);
    if ((u.protocol === "https:" || u.protocol === "http:") && u.pathname === "/" && u.search === "" && u.hash === "") u.pathname = WELL_KNOWN_CARD_PATH;
    return u.href;
  } catch {
    return url;
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Fetches and judges the card at `url`; never throws. */
export async function inspectAgentCard(url: string, options: FetchAgentCardOptions = {}): Promise<CardInspection> {
  const target = cardUrlOf(url);
  const o = options ?? {};
  const allowPrivate = allowanceOf(o.allowPrivate);
  const allowPrivateOption = allowPrivate === true ? true : allowPrivate === false ? false : [...allowPrivate];
  const allowHttp = o.allowHttp === true;
  const limits: SafeFetchOptions = {};
  for (const k of ["timeoutMs", "maxBytes", "maxRedirects", "resolve", "signal"] as const) if (o[k] !== undefined) Object.assign(limits, { [k]: o[k] });
  const got = await safeFetch(target, { ...limits, headers: { accept: "application/json" }, allowPrivate: allowPrivateOption, allowHttp });
  if (!got.ok) return { url: target, stage: "fetch", interfaces: [], issues: got.issues };
  const response = got.value;
  if (response.status < 200 || response.status > 299) return { url: target, stage: "fetch", response, interfaces: [], issues: [makeIssue([], "http_status", CLIENT_MSG.status(response.url, response.status))] };
  let text: string;
  try {
    text = utf8.decode(response.body);
  } catch {
    return { url: target, stage: "card", response, interfaces: [], issues: [makeIssue([], "syntax", CLIENT_MSG.notUtf8(response.url))] };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (e) {
    return { url: target, stage: "card", response, text, interfaces: [], issues: [makeIssue([], "syntax", CLIENT_MSG.notJson(response.url, thrownReason(e)))] };
  }
  const version = cardVersionOf(document, o.version === "1.0" || o.version === "0.3" ? o.version : undefined);
  const checked = validateCardAs(version, document, o.mode === "lenient" ? "lenient" : "strict");
  const issues: ValidationIssue[] = checked.ok ? [...(checked.warnings ?? [])] : [...checked.issues];
  const interfaces = interfacesOf(document);
  // The card's schema already judges URL forms (absolute, gRPC host:port): one issue per place and kind.
  const seen = new Set(issues.map((i) => `${i.pointer} ${i.code}`));
  for (const it of interfaces) for (const i of interfaceIssues(it, { allowPrivate, allowHttp })) if (!seen.has(`${i.pointer} ${i.code}`)) issues.push(i);
  if (o.keys !== undefined || o.jku !== undefined) {
    issues.push(
      ...(await checkCardSignatures(text, {
        ...(o.keys !== undefined ? { keys: o.keys } : {}),
        ...(o.jku !== undefined ? { jku: { allowedOrigins: o.jku.allowedOrigins, allowPrivate: allowPrivateOption, ...(o.resolve ? { resolve: o.resolve } : {}) } } : {}),
        ...(o.requireSignature === true ? { requireSignature: true } : {}),
      })),
    );
  }
  const failed = issues.some((i) => i.severity !== "warning");
  return { url: target, stage: "card", response, text, document, version, interfaces, issues, ...(checked.ok && !failed ? { card: checked.value } : {}) };
}

/**
 * Fetches the Agent Card at `url` (an origin gets `/.well-known/agent-card.json`, A2A v1.0
 * specification, section 8.2) through the safe fetch: https only, the SSRF guard on every
 * resolved address and redirect, time, size and redirect limits. The card is validated as the
 * protocol version it is, its interfaces' URLs are checked (absolute, https, not private unless
 * allowed, gRPC `host:port`), and with `keys` or `jku` its signatures are verified. Never throws.
 */
export async function fetchAgentCard(url: string, options?: FetchAgentCardOptions): Promise<ValidationResult<FetchedAgentCard>> {
  let r: CardInspection;
  try {
    r = await inspectAgentCard(url, options);
  } catch (e) {
    return { ok: false, issues: [makeIssue([], "invalid", `the card could not be fetched: ${thrownReason(e)}`)] };
  }
  if (r.card === undefined || r.response === undefined || r.version === undefined) return { ok: false, issues: r.issues.length > 0 ? r.issues : [makeIssue([], "invalid", "the card could not be judged")] };
  const warnings = r.issues.filter((i) => i.severity === "warning");
  const value: FetchedAgentCard = { card: r.card, url: r.response.url, version: r.version, interfaces: r.interfaces, address: r.response.address, redirects: r.response.redirects };
  return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
}
