/**
 * A card's interfaces and the static checks of their URLs: absolute, https, no credentials, no
 * private or metadata host unless allowed, and `host:port` for gRPC. Host names are judged by
 * their form only (literals, localhost, metadata names): resolving every interface would send DNS
 * queries a validation did not ask for; `--probe` judges the resolved address when it connects.
 */
import { makeIssue, type PathSegment, type ValidationIssue } from "../core/issue.js";
import { addressRefusal, classifyAddress, ipVersion, isMetadataHostName, type PrivateAllowance } from "../net/address.js";
import { CLIENT_MSG } from "./messages.js";

/** One interface a card offers. */
export interface CardInterface {
  /** Where it sits in the card, e.g. `["supportedInterfaces", 0]`. */
  readonly path: readonly PathSegment[];
  /** Its URL (for gRPC, `host:port`). */
  readonly url: string;
  /** "JSONRPC", "HTTP+JSON", "GRPC" or another binding's name. */
  readonly binding: string;
  /** Its protocol version, when the card says. */
  readonly protocolVersion?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The interfaces of a card: v1.0's `supportedInterfaces` (a hybrid card's too), or v0.3's `url` and `additionalInterfaces`. Never throws (an unreadable card has none). */
export function interfacesOf(card: unknown): CardInterface[] {
  try {
    return readInterfaces(card);
  } catch {
    return [];
  }
}

function readInterfaces(card: unknown): CardInterface[] {
  if (!isObject(card)) return [];
  const out: CardInterface[] = [];
  const list = card["supportedInterfaces"];
  if (Array.isArray(list)) {
    list.forEach((it, i) => {
      if (isObject(it) && typeof it["url"] === "string")
        out.push({ path: ["supportedInterfaces", i, "url"], url: it["url"], binding: String(it["protocolBinding"] ?? ""), ...(typeof it["protocolVersion"] === "string" ? { protocolVersion: it["protocolVersion"] } : {}) });
    });
    return out;
  }
  // v0.3: the card's protocolVersion is every interface's.
  const v = typeof card["protocolVersion"] === "string" ? { protocolVersion: card["protocolVersion"] } : {};
  if (typeof card["url"] === "string") out.push({ path: ["url"], url: card["url"], binding: String(card["preferredTransport"] ?? "JSONRPC"), ...v });
  const more = card["additionalInterfaces"];
  if (Array.isArray(more))
    more.forEach((it, i) => {
      if (isObject(it) && typeof it["url"] === "string") out.push({ path: ["additionalInterfaces", i, "url"], url: it["url"], binding: String(it["transport"] ?? ""), ...v });
    });
  return out;
}

const LOCAL_NAMES = /(^|\.)localhost\.?$/i;

function hostIssue(url: string, host: string, at: readonly PathSegment[], allowPrivate: PrivateAllowance): ValidationIssue | undefined {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  if (isMetadataHostName(bare)) return makeIssue(at, "blocked_address", CLIENT_MSG.ifaceMetadata(url, bare));
  if (ipVersion(bare) !== 0) {
    const kind = addressRefusal(bare, allowPrivate);
    if (kind === "cloud metadata") return makeIssue(at, "blocked_address", CLIENT_MSG.ifaceMetadata(url, bare));
    if (kind) return makeIssue(at, "blocked_address", CLIENT_MSG.ifacePrivate(url, bare, kind));
  } else if (LOCAL_NAMES.test(bare) && allowPrivate !== true) return makeIssue(at, "blocked_address", CLIENT_MSG.ifacePrivate(url, bare, "loopback"));
  return undefined;
}

/** Is `host` a name or address with nothing but a host on it? */
const nonPublic = (host: string): boolean => {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  return ipVersion(bare) !== 0 ? classifyAddress(bare) !== undefined : LOCAL_NAMES.test(bare);
};

/** The issues of one interface's URL. */
export function interfaceIssues(it: CardInterface, o: { readonly allowPrivate: PrivateAllowance; readonly allowHttp: boolean }): ValidationIssue[] {
  if (it.binding.toUpperCase() === "GRPC") {
    // gRPC names a target, host:port (a URL form is accepted too).
    const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]@]+):(\d{1,5})$/.exec(it.url);
    if (m && Number(m[2]) <= 65535) {
      const h = hostIssue(it.url, m[1]!, it.path, o.allowPrivate);
      return h ? [h] : [];
    }
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(it.url)) return [makeIssue(it.path, "format", CLIENT_MSG.grpcTarget(it.url))];
  }
  let u: URL;
  try {
    u = new URL(it.url);
  } catch {
    return [makeIssue(it.path, "format", CLIENT_MSG.ifaceNotAbsolute(it.url))];
  }
  const issues: ValidationIssue[] = [];
  if (u.username !== "" || u.password !== "") issues.push(makeIssue(it.path, "format", CLIENT_MSG.ifaceCredentials(it.url)));
  const h = hostIssue(it.url, u.hostname, it.path, o.allowPrivate);
  if (h) issues.push(h);
  const secure = u.protocol === "https:" || (u.protocol !== "http:" && it.binding.toUpperCase() === "GRPC");
  if (!secure && !o.allowHttp && !(o.allowPrivate !== false && nonPublic(u.hostname))) issues.push(makeIssue(it.path, "insecure_url", CLIENT_MSG.ifaceScheme(it.url)));
  return issues;
}
