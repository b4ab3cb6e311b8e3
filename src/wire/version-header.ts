/**
 * The A2A service parameters `A2A-Version` and `A2A-Extensions` (A2A v1.0 specification,
 * sections 3.2.6 and 3.6): read from headers (any casing; a fetch `Headers` or Node's header
 * record) or, for the version, a query parameter; and the version matched against the
 * `protocolVersion` of an agent's interfaces. Never throws.
 */

/** Request headers: a fetch `Headers`, or a record as Node's `IncomingHttpHeaders` (lower-case names, repeated fields as arrays). */
export type HeadersLike =
  | {
      /** The value of header `name` (any casing), or null. */
      get(name: string): string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** A URL: its text, or an object with the `pathname` and `search` of a WHATWG `URL` (the type needs no DOM library). */
export type UrlLike =
  | string
  | {
      /** The path, e.g. `/tasks/task-1`. */
      readonly pathname: string;
      /** The query with its `?`, or empty. */
      readonly search: string;
    };

/** A protocol version as `Major.Minor` (section 3.6: patch numbers are never negotiated). */
export interface ProtocolVersion {
  /** The major version, e.g. 1. */
  readonly major: number;
  /** The minor version, e.g. 0. */
  readonly minor: number;
  /** `"1.0"`: the canonical text. */
  readonly text: string;
}

/** What `A2A-Version` asked for: a version, or text that is none (answered with VersionNotSupportedError). */
export type RequestedVersion =
  | {
      /** True: a version (or none given: 0.3). */
      readonly ok: true;
      /** The version asked for. */
      readonly version: ProtocolVersion;
      /** Where it came from; "default" is an empty or absent parameter (0.3, section 3.6.2). */
      readonly source: "header" | "query" | "default";
    }
  | {
      /** False: the text is no `Major.Minor` version. */
      readonly ok: false;
      /** The text given (at most 100 characters). */
      readonly text: string;
      /** Where it came from. */
      readonly source: "header" | "query";
    };

/** The service parameter naming the protocol version (section 3.2.6). */
export const VERSION_HEADER = "A2A-Version";
/** The service parameter listing the extensions a request uses (section 3.2.6). */
export const EXTENSIONS_HEADER = "A2A-Extensions";

const LOWER: Readonly<Record<string, string>> = { "A2A-Version": "a2a-version", "A2A-Extensions": "a2a-extensions" };

/** One header's value; repeated fields joined with ", " (RFC 9110, section 5.3). */
export function headerValue(headers: HeadersLike | undefined, name: string): string | undefined {
  try {
    // Only an object holds headers (a string would be walked index by index below).
    if (typeof headers !== "object" || headers === null) return undefined;
    if (typeof (headers as { get?: unknown }).get === "function") {
      const v = (headers as { get(name: string): string | null }).get(name);
      return typeof v === "string" ? v : undefined;
    }
    const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
    const lower = LOWER[name] ?? name.toLowerCase();
    // Node's records are lower-case; another casing is looked for only when that misses.
    let v = record[lower] ?? record[name];
    if (v === undefined) for (const k in record) if (k.length === lower.length && k.toLowerCase() === lower) v = record[k];
    if (typeof v === "string") return v;
    if (Array.isArray(v)) return v.filter((x) => typeof x === "string").join(", ");
    return undefined;
  } catch {
    return undefined;
  }
}

const MAJOR_MINOR = /^(0|[1-9][0-9]{0,5})\.(0|[1-9][0-9]{0,5})(?:\.(?:0|[1-9][0-9]{0,5}))?$/;

/**
 * `"1.0"` → 1.0. A patch number is read and dropped (section 3.6: it SHOULD NOT be sent and MUST
 * NOT be considered); anything else (`"1"`, `"v1.0"`, `"1.0-beta"`) is no version.
 */
export function parseProtocolVersion(text: string): ProtocolVersion | undefined {
  if (typeof text !== "string") return undefined;
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const m = MAJOR_MINOR.exec(text.trim());
  if (!m) return undefined;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  const v: ProtocolVersion = Object.freeze({ major, minor, text: `${major}.${minor}` });
  if (parsed.size < 32) parsed.set(text, v); // the few versions a server sees, read once each
  return v;
}

const parsed = new Map<string, ProtocolVersion>();

const V03: ProtocolVersion = Object.freeze({ major: 0, minor: 3, text: "0.3" });

/** The query parameter `A2A-Version` of a URL or a path with a query (section 3.6.1), if any. */
function queryVersion(url: UrlLike | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const search = typeof url === "string" ? (url.includes("?") ? url.slice(url.indexOf("?")).split("#")[0]! : "") : url.search;
    if (search === "") return undefined;
    const params = new URLSearchParams(search);
    return params.get(VERSION_HEADER) ?? params.get(VERSION_HEADER.toLowerCase()) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The version a request asks for: the `A2A-Version` header, else the query parameter of that
 * name; empty or absent means 0.3 (section 3.6.2: "Agents MUST interpret empty value as 0.3").
 * The header wins when both are given (it is the binding's transport for service parameters,
 * sections 9.2 and 11.2).
 */
export function readRequestedVersion(headers: HeadersLike | undefined, url?: UrlLike): RequestedVersion {
  const header = headerValue(headers, VERSION_HEADER);
  const fromHeader = header !== undefined && header.trim() !== "";
  const text = fromHeader ? header : queryVersion(url);
  if (text === undefined || text.trim() === "") return { ok: true, version: V03, source: "default" };
  const source = fromHeader ? "header" : "query";
  const version = parseProtocolVersion(text);
  return version ? { ok: true, version, source } : { ok: false, text: text.slice(0, 100), source };
}

const NONE: readonly string[] = Object.freeze([]);

/** The extension URIs of `A2A-Extensions` (section 3.2.6: comma-separated), trimmed, without empties or repeats. */
export function readRequestedExtensions(headers: HeadersLike | undefined): readonly string[] {
  const v = headerValue(headers, EXTENSIONS_HEADER);
  if (v === undefined || v === "") return NONE;
  // A Set, so a header of many repeated names costs linear time, not quadratic.
  const out = new Set<string>();
  for (const part of v.split(",")) {
    const uri = part.trim();
    if (uri !== "") out.add(uri);
  }
  return [...out];
}

/**
 * Does an interface declared at `declared` serve a request for `requested`? Exactly when Major.Minor
 * are equal (patch ignored). Section 3.6.2 asks the agent to process a request "using the semantics of
 * the requested A2A-Version (matching Major.Minor)": an agent declaring 1.0 cannot promise 1.1
 * semantics, and a 1.1 agent answering a 1.0 client with 1.1 semantics is what the header exists to
 * prevent. (The JS SDK compares the strings exactly, so it also refuses "1.0.0" against "1.0"; the
 * rule here differs only there, where section 3.6 says the patch MUST NOT be considered.)
 */
export function versionMatches(requested: ProtocolVersion, declared: string | ProtocolVersion): boolean {
  try {
    const d = typeof declared === "string" ? parseProtocolVersion(declared) : declared;
    return typeof d === "object" && d !== null && typeof requested === "object" && requested !== null && d.major === requested.major && d.minor === requested.minor;
  } catch {
    return false;
  }
}
