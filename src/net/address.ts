/**
 * Which addresses a fetch may connect to. Bytes, not strings: every IPv4 form the URL parser
 * accepts (0x7f.1, 2130706433) arrives here as its dotted form, and every IPv6 form as 16 bytes,
 * so an address embedded in IPv6 (mapped, compatible, NAT64, 6to4) is judged as the IPv4 it carries.
 */

/** Why an address is not public. */
export type AddressKind =
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "carrier-grade NAT"
  | "multicast"
  | "reserved"
  | "cloud metadata";

/** Cloud instance-metadata endpoints: refused even with `allowPrivate` (credentials live there). */
const METADATA_V4 = new Set(["169.254.169.254", "169.254.170.2", "169.254.170.23", "100.100.100.200", "192.0.0.192", "168.63.129.16"]);
const METADATA_V6 = new Set(["fd00:ec2:0:0:0:0:0:254"]);

/** Host names of metadata services, refused before any lookup. */
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal", "metadata.azure.internal", "metadata.tencentyun.com", "metadata.platformequinix.com"]);

/** True for a host name (not an address) of a cloud metadata service; a trailing dot and case are ignored. */
export function isMetadataHostName(host: string): boolean {
  return typeof host === "string" && METADATA_NAMES.has(host.toLowerCase().replace(/\.$/, ""));
}

function v4Bytes(ip: string): number[] | undefined {
  const parts = ip.split(".");
  if (parts.length !== 4) return undefined;
  const out = parts.map(Number);
  return out.every((n, i) => Number.isInteger(n) && n >= 0 && n <= 255 && /^\d{1,3}$/.test(parts[i]!)) ? out : undefined;
}

function v6Bytes(ip: string): number[] | undefined {
  let s = ip.replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  // The URL parser is the IPv6 grammar (and no Node module, so this file loads anywhere).
  try {
    s = new URL(`http://[${s}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  // A trailing dotted IPv4 becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const b = v4Bytes(dotted[1]!);
    if (!b) return undefined;
    s = s.slice(0, -dotted[1]!.length) + ((b[0]! << 8) | b[1]!).toString(16) + ":" + ((b[2]! << 8) | b[3]!).toString(16);
  }
  const [head, tail] = s.includes("::") ? s.split("::") : [s, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  if (groups.length !== 8) return undefined;
  const out: number[] = [];
  for (const g of groups) {
    const n = parseInt(g, 16);
    out.push(n >> 8, n & 255);
  }
  return out;
}

function classifyV4(b: readonly number[]): AddressKind | undefined {
  const [a, c] = [b[0]!, b[1]!];
  if (METADATA_V4.has(b.join("."))) return "cloud metadata";
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && c >= 16 && c <= 31) || (a === 192 && c === 168)) return "private";
  if (a === 169 && c === 254) return "link-local";
  if (a === 100 && c >= 64 && c <= 127) return "carrier-grade NAT";
  if (a >= 224 && a <= 239) return "multicast";
  // IETF assignments, documentation, benchmarking, 240/4 and broadcast: never a public agent.
  if ((a === 192 && c === 0 && (b[2] === 0 || b[2] === 2)) || (a === 198 && (c === 18 || c === 19)) || (a === 198 && c === 51 && b[2] === 100) || (a === 203 && c === 0 && b[2] === 113) || a >= 240) return "reserved";
  return undefined;
}

const zeros = (b: readonly number[], from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);

function classifyV6(b: readonly number[]): AddressKind | undefined {
  const groups = Array.from({ length: 8 }, (_, i) => ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16));
  if (METADATA_V6.has(groups.join(":"))) return "cloud metadata";
  if (zeros(b, 0, 16)) return "unspecified";
  if (zeros(b, 0, 15) && b[15] === 1) return "loopback";
  // IPv4 inside IPv6: mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16.
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(b.slice(12));
  if (zeros(b, 0, 12)) return classifyV4(b.slice(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return classifyV4(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(b.slice(2, 6));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b[4] === 0x00 && b[5] === 0x01) return "private"; // local-use NAT64
  if ((b[0]! & 0xfe) === 0xfc) return "unique-local";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return "link-local";
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return "private"; // deprecated site-local
  if (b[0] === 0xff) return "multicast";
  // Teredo (hides an IPv4), documentation, discard-only.
  if ((b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) || (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) || (b[0] === 0x01 && zeros(b, 1, 8))) return "reserved";
  return undefined;
}

/** 4 or 6 for an IP address literal (brackets allowed), 0 for anything else (a host name). */
export function ipVersion(host: string): 0 | 4 | 6 {
  if (v4Bytes(host)) return 4;
  return host.includes(":") && v6Bytes(host) ? 6 : 0;
}

/**
 * What kind of non-public address `ip` is, or undefined for a public one. Something that is not
 * an IP address at all is "reserved": a caller never connects to what it cannot judge.
 */
export function classifyAddress(ip: string): AddressKind | undefined {
  if (typeof ip !== "string") return "reserved";
  const four = v4Bytes(ip);
  if (four) return classifyV4(four);
  const six = v6Bytes(ip);
  return six ? classifyV6(six) : "reserved";
}

/** Which non-public addresses may be reached: none (false), all but metadata (true), or these (canonical forms). */
export type PrivateAllowance = boolean | ReadonlySet<string>;

/** The form an allow-list holds and is looked up in: no brackets, lowercase. */
export function canonicalAddress(ip: string): string {
  return (ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip).toLowerCase();
}

/** May a socket connect to `ip`? Metadata never; other non-public addresses only as `allowPrivate` permits. */
export function addressRefusal(ip: string, allowPrivate: PrivateAllowance): AddressKind | undefined {
  const kind = classifyAddress(ip);
  if (kind === undefined || kind === "cloud metadata") return kind;
  if (allowPrivate === true) return undefined;
  return allowPrivate !== false && allowPrivate.has(canonicalAddress(ip)) ? undefined : kind;
}
