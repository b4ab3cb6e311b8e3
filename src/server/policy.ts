/**
 * What the agent's own card makes the front door enforce (A2A v1.0 specification, sections 3.3.4
 * and 3.6.2): the protocol versions of its interfaces, its required extensions, and its optional
 * capabilities. Derived once per card object (a WeakMap), the card validated then. Never throws.
 */
import { makeIssue, type ValidationIssue } from "../core/issue.js";
import type { AgentCard } from "../generated/v1/types.js";
import { validateAgentCard } from "../generated/v1/api.js";
import { type UrlLike, type HeadersLike, headerValue, parseProtocolVersion, readRequestedExtensions, readRequestedVersion, versionMatches, type ProtocolVersion } from "../wire/version-header.js";
import type { A2aErrorName } from "../wire/errors.js";
import { v1View } from "../versions/views.js";

/** The protocol bindings the front door checks, as `AgentInterface.protocolBinding` names them. */
export type Binding = "JSONRPC" | "HTTP+JSON";

/** The protocol versions this library can check requests of, by binding: v1.0 (the v1 family) and v0.3 (the v0.3 family). */
const V1: ProtocolVersion = { major: 1, minor: 0, text: "1.0" };
const V03: ProtocolVersion = { major: 0, minor: 3, text: "0.3" };
const CHECKABLE: Readonly<Record<Binding, readonly ProtocolVersion[]>> = { JSONRPC: [V1, V03], "HTTP+JSON": [V1, V03] };
const checkable = (declared: string, b: Binding) => CHECKABLE[b].some((c) => versionMatches(c, declared));

/** Does the policy serve v0.3 on `binding` (the card declares a 0.3 interface there)? */
export const servesV03 = (policy: CardPolicy, binding: Binding): boolean => policy.served[binding].some((d) => versionMatches(V03, d));

/** Is `v` version 0.3? */
export function isV03(v: ProtocolVersion): boolean {
  return versionMatches(V03, v);
}

export interface CardPolicy {
  /** The card's issues: a card that is not a valid v1.0 AgentCard makes every request an internal error. */
  readonly cardIssues: readonly ValidationIssue[];
  /** Declared `protocolVersion`s by binding (an agent without an interface of a binding: those of all interfaces). */
  readonly versions: Readonly<Record<Binding, readonly string[]>>;
  /** Of those, the versions this library checks (1.0 and 0.3), parsed. */
  readonly served: Readonly<Record<Binding, readonly ProtocolVersion[]>>;
  readonly requiredExtensions: readonly string[];
  readonly streaming: boolean;
  readonly pushNotifications: boolean;
  readonly extendedAgentCard: boolean;
}

const cache = new WeakMap<object, CardPolicy>();

const BINDINGS: readonly string[] = ["JSONRPC", "HTTP+JSON"];

/**
 * The interfaces a hybrid card declares in v0.3's own fields (`url` + `preferredTransport`, default
 * JSONRPC, and `additionalInterfaces[].transport`), each at the card's `protocolVersion` when that is 0.3.x.
 */
function legacyDeclared(card: Record<string, unknown>): Record<Binding, string[]> {
  const out: Record<Binding, string[]> = { JSONRPC: [], "HTTP+JSON": [] };
  const v = card.protocolVersion;
  const parsed = typeof v === "string" ? parseProtocolVersion(v) : undefined;
  if (parsed === undefined || !versionMatches(V03, parsed)) return out;
  const transports: unknown[] = [typeof card.url === "string" ? (card.preferredTransport ?? "JSONRPC") : undefined];
  if (Array.isArray(card.additionalInterfaces)) for (const i of card.additionalInterfaces) transports.push(typeof i === "object" && i !== null ? (i as Record<string, unknown>).transport : undefined);
  for (const t of transports) if (typeof t === "string" && BINDINGS.includes(t) && !out[t as Binding].includes(v as string)) out[t as Binding].push(v as string);
  return out;
}

function derive(card: unknown): CardPolicy {
  // A hybrid card (v1.0 with v0.3's fields beside, as a2a-python, a2a-go and a2a-dotnet serve): its v1.0 view is the card checked.
  const hybrid = typeof card === "object" && card !== null && !Array.isArray(card) ? (card as Record<string, unknown>) : undefined;
  const legacy = hybrid ? legacyDeclared(hybrid) : { JSONRPC: [], "HTTP+JSON": [] };
  const r = validateAgentCard(hybrid ? v1View(hybrid) : card);
  if (!r.ok) return { cardIssues: r.issues, versions: { JSONRPC: [], "HTTP+JSON": [] }, served: { JSONRPC: [], "HTTP+JSON": [] }, requiredExtensions: [], streaming: false, pushNotifications: false, extendedAgentCard: false };
  const c = r.value as AgentCard;
  const all = c.supportedInterfaces.map((i) => i.protocolVersion);
  const of = (b: Binding) => {
    const v = c.supportedInterfaces.filter((i) => i.protocolBinding === b).map((i) => i.protocolVersion);
    return [...(v.length > 0 ? v : all), ...legacy[b].filter((d) => !v.includes(d))];
  };
  const served = (b: Binding) => of(b).filter((d) => checkable(d, b)).map((d) => parseProtocolVersion(d)!);
  return {
    cardIssues: [],
    versions: { JSONRPC: of("JSONRPC"), "HTTP+JSON": of("HTTP+JSON") },
    served: { JSONRPC: served("JSONRPC"), "HTTP+JSON": served("HTTP+JSON") },
    requiredExtensions: (c.capabilities.extensions ?? []).filter((e) => e.required === true && typeof e.uri === "string").map((e) => e.uri!),
    streaming: c.capabilities.streaming === true,
    pushNotifications: c.capabilities.pushNotifications === true,
    extendedAgentCard: c.capabilities.extendedAgentCard === true,
  };
}

/** The policy of `card`, derived on first sight of this object. */
export function policyOf(card: unknown): CardPolicy {
  if (typeof card !== "object" || card === null) return derive(card); // not a card: its issues, every time
  let p = cache.get(card);
  if (p === undefined) cache.set(card, (p = derive(card)));
  return p;
}

/** A refusal: the section 5.4 error to answer with, the words for it, and the issue. */
export interface Refusal {
  readonly error: A2aErrorName;
  readonly message: string;
  readonly metadata?: Record<string, string>;
  readonly issue: ValidationIssue;
}

/** What a request asked for in its service parameters. */
export interface ServiceParameters {
  /** The requested protocol version (`"0.3"` when the parameter is empty or absent), or the unreadable text. */
  readonly version: string;
  readonly extensions: readonly string[];
}

/** `A2A-Version` (header or query parameter) against the card's versions for `binding`. */
export function checkVersion(policy: CardPolicy | undefined, binding: Binding, headers: HeadersLike | undefined, url: UrlLike | undefined): { params: ServiceParameters; refusal?: Refusal } {
  const requested = readRequestedVersion(headers, url);
  const extensions = readRequestedExtensions(headers);
  if (!requested.ok) {
    const params = { version: requested.text, extensions };
    if (!policy) return { params };
    const message = `A2A-Version ${JSON.stringify(requested.text)} is not a Major.Minor version`;
    return {
      params,
      refusal: { error: "VersionNotSupportedError", message, metadata: { requestedVersion: requested.text }, issue: makeIssue([], "unsupported", message, { expected: "Major.Minor, e.g. 1.0", received: JSON.stringify(requested.text) }) },
    };
  }
  const params = { version: requested.version.text, extensions };
  if (!policy) return { params };
  if (policy.served[binding].some((d) => versionMatches(requested.version, d))) return { params };
  return { params, refusal: versionRefusal(requested.version, requested.source, policy.versions[binding], binding) };
}

function versionRefusal(v: ProtocolVersion, source: "header" | "query" | "default", declared: readonly string[], binding: Binding): Refusal {
  const supported = declared.filter((d) => checkable(d, binding));
  const list = supported.length > 0 ? supported.join(", ") : "none";
  const asked = source === "default" ? "no A2A-Version (read as 0.3, A2A v1.0 specification, section 3.6.2)" : `A2A-Version ${v.text}`;
  const message = `Version not supported: the request gives ${asked}; this agent serves ${list}`;
  return {
    error: "VersionNotSupportedError",
    message,
    metadata: { requestedVersion: v.text, supportedVersions: list },
    issue: makeIssue([], "unsupported", message, { expected: `A2A-Version ${list}`, received: v.text, ...(source === "default" ? { hint: "send the header A2A-Version: 1.0" } : {}) }),
  };
}

/**
 * A request asking for 0.3 (`A2A-Version: 0.3`, or none: section 3.6.2) to an agent whose valid card
 * declares a 0.3 interface of `binding`: the policy and what the request asked for; else undefined.
 */
export function v03Request(card: unknown, binding: Binding, headers: HeadersLike | undefined, url: UrlLike | undefined): { policy: CardPolicy; negotiated: ServiceParameters } | undefined {
  if (card === undefined) return undefined;
  const policy = policyOf(card);
  if (policy.cardIssues.length > 0 || !servesV03(policy, binding)) return undefined;
  const { params, refusal } = checkVersion(policy, binding, headers, url);
  const asked = refusal === undefined ? parseProtocolVersion(params.version) : undefined;
  if (asked === undefined || !isV03(asked)) return undefined;
  // v0.3 named the extensions header X-A2A-Extensions (v0.3 specification, section 3.2.6); read it when A2A-Extensions is absent.
  const legacy = params.extensions.length === 0 ? headerValue(headers, "X-A2A-Extensions") : undefined;
  return { policy, negotiated: legacy === undefined ? params : { version: params.version, extensions: readRequestedExtensions({ "a2a-extensions": legacy }) } };
}

/** Required extensions the request did not declare in `A2A-Extensions` (section 3.3.4). */
export function checkExtensions(policy: CardPolicy, requested: readonly string[]): Refusal | undefined {
  if (policy.requiredExtensions.length === 0) return undefined;
  const missing = policy.requiredExtensions.filter((u) => !requested.includes(u));
  if (missing.length === 0) return undefined;
  const message = `Extension support required: the request must declare ${missing.join(", ")} in A2A-Extensions`;
  return { error: "ExtensionSupportRequiredError", message, metadata: { extensions: missing.join(",") }, issue: makeIssue([], "extension_required", message, { expected: missing.join(", ") }) };
}

const PUSH = new Set(["CreateTaskPushNotificationConfig", "GetTaskPushNotificationConfig", "ListTaskPushNotificationConfigs", "DeleteTaskPushNotificationConfig"]);

function refuse(rpc: string, error: A2aErrorName, capability: string): Refusal {
  const message = `${rpc} is not supported: the agent card's capabilities.${capability} is not true`;
  return { error, message, metadata: { method: rpc }, issue: makeIssue([], "unsupported", message) };
}

/** An RPC the card says the agent does not offer (section 3.3.4). */
export function checkCapability(policy: CardPolicy, rpc: string, streaming: boolean): Refusal | undefined {
  if (streaming) return policy.streaming ? undefined : refuse(rpc, "UnsupportedOperationError", "streaming");
  if (PUSH.has(rpc)) return policy.pushNotifications ? undefined : refuse(rpc, "PushNotificationNotSupportedError", "pushNotifications");
  if (rpc === "GetExtendedAgentCard" && !policy.extendedAgentCard) return refuse(rpc, "UnsupportedOperationError", "extendedAgentCard");
  return undefined;
}
