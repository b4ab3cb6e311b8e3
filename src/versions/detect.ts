/**
 * Which A2A version a document is written for: v1.0, v0.3, a hybrid agent card
 * that carries both, or unknown; with the evidence that decided. A given
 * `A2A-Version` wins (A2A v1.0 specification, section 3.6). The document is
 * walked breadth-first through the keys that hold A2A objects only (never
 * metadata or data parts), at most NODE_BUDGET objects and ITEMS items of an
 * array, so hostile size or depth costs a bounded amount of work; it is read,
 * never changed, and nothing it does (a throwing getter, a Proxy) escapes.
 */
import { neverThrows } from "../core/guard.js";
import { toPointer, type PathSegment } from "../core/issue.js";
import { MAX_EVIDENCE, type DetectedVersion, type VersionDetection, type VersionEvidence } from "./evidence.js";
import { headerEvidence } from "./header.js";
import { CHILDREN, examine, looksLikeCard, looksLikePart, type Role } from "./rules.js";

export type { DetectedVersion, VersionDetection, VersionEvidence } from "./evidence.js";

/** Options of {@link detectVersion}. */
export interface DetectVersionOptions {
  /**
   * The request's `A2A-Version`, when the caller has one. Omitted (undefined): the caller knows of no
   * request (a file, a stored body), so the document decides. `null`: the request carried no
   * `A2A-Version`, `""`: it carried an empty one; both are 0.3 (sections 3.6.1 and 3.6.2).
   */
  readonly header?: string | null | undefined;
}

/** At most this many objects are looked at. */
const NODE_BUDGET = 400;
/** At most this many items of one array (a batch, a history, parts) are looked at. */
const ITEMS = 16;
/** At most this many keys of a map (securitySchemes) are looked at. */
const MAP_KEYS = 16;
const has = Object.prototype.hasOwnProperty;

interface Node {
  readonly value: Record<string, unknown>;
  readonly path: readonly PathSegment[];
  readonly role: Role;
  /** Inside an agent card. */
  readonly inCard: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

interface Found {
  readonly evidence: VersionEvidence[];
  /** A finding that decides alone (a JSON-RPC method name). */
  strong: "1.0" | "0.3" | undefined;
  /** The evidence that decides only when nothing else does (forms both versions' proto JSON share). */
  readonly weak: Set<VersionEvidence>;
  /** Every finding is inside an agent card. */
  allInCards: boolean;
}

/** Walks the document and collects what it finds (deduplicated by key and value, capped). */
function collect(doc: unknown): Found {
  const out: Found = { evidence: [], strong: undefined, allInCards: true, weak: new Set() };
  const seen = new Set<string>();
  const queue: Node[] = [];
  const push = (v: unknown, path: readonly PathSegment[], role: Role, inCard: boolean) => {
    if (isObj(v)) queue.push({ value: v, path, role, inCard });
  };
  if (Array.isArray(doc)) for (let i = 0; i < doc.length && i < ITEMS; i++) push(doc[i], [i], "root", false); // a JSON-RPC batch
  else push(doc, [], "root", false);
  let budget = NODE_BUDGET;
  for (let q = 0; q < queue.length && budget > 0; q++, budget--) {
    const n = queue[q]!;
    const o = n.value;
    const isCard = n.role !== "part" && n.role !== "skill" && n.role !== "capabilities" && looksLikeCard(o);
    const role: Role = isCard ? "card" : n.role === "root" && looksLikePart(o) ? "part" : n.role;
    const inCard = n.inCard || isCard;
    examine(o, role, (key, version, reason, strength) => {
      if (strength === "strong") out.strong ??= version;
      if (!inCard && strength !== "weak") out.allInCards = false;
      const value = key === undefined ? undefined : o[key];
      const shown = typeof value === "string" ? value.slice(0, 60) : typeof value === "number" || typeof value === "boolean" || value === null ? value : undefined;
      const sig = `${version}\u0000${key}\u0000${typeof shown === "string" ? shown : String(shown)}\u0000${role}`;
      if (seen.has(sig) || out.evidence.length >= MAX_EVIDENCE) return;
      seen.add(sig);
      const path = key === undefined ? n.path : [...n.path, key];
      const e: VersionEvidence = shown !== undefined ? { source: "document", pointer: toPointer(path), value: shown, version, reason } : { source: "document", pointer: toPointer(path), version, reason };
      if (strength === "weak") out.weak.add(e);
      out.evidence.push(e);
    });
    for (const [key, childRole, shape] of CHILDREN) {
      if (!has.call(o, key)) continue;
      const v = o[key];
      if (shape === "object") push(v, [...n.path, key], childRole, inCard);
      else if (shape === "array") {
        if (Array.isArray(v)) for (let i = 0; i < v.length && i < ITEMS; i++) push(v[i], [...n.path, key, i], childRole, inCard);
      } else if (isObj(v)) {
        let k = 0;
        for (const name in v) {
          if (!has.call(v, name)) continue;
          if (k++ >= MAP_KEYS) break;
          push(v[name], [...n.path, key, name], childRole, inCard);
        }
      }
    }
  }
  return out;
}

/** The document's own version from its findings. */
function decide(f: Found): DetectedVersion {
  if (f.strong !== undefined) return f.strong;
  let v03 = false;
  let v10 = false;
  let weak10 = false;
  for (const e of f.evidence) {
    if (f.weak.has(e)) weak10 ||= e.version === "1.0";
    else if (e.version === "0.3") v03 = true;
    else if (e.version === "1.0") v10 = true;
  }
  if (v03 && v10) return f.allInCards ? "hybrid" : "unknown";
  return v03 ? "0.3" : v10 || weak10 ? "1.0" : "unknown";
}

function detect(doc: unknown, options?: DetectVersionOptions): VersionDetection {
  let f: Found;
  try {
    f = collect(doc);
  } catch {
    f = { evidence: [], strong: undefined, allInCards: true, weak: new Set() }; // unreadable: the header may still decide
  }
  const document = decide(f);
  const header = options?.header;
  if (header === undefined) return { version: document, decidedBy: document === "unknown" && f.evidence.length === 0 ? "none" : "document", document, evidence: f.evidence };
  const h: VersionEvidence =
    typeof header === "string" || header === null ? headerEvidence(header) : { source: "header", version: "unknown", reason: `the A2A-Version given is ${typeof header}, not text` };
  return { version: h.version, decidedBy: "header", document, evidence: [h, ...f.evidence] };
}

/**
 * Which A2A version `doc` is written for: `"1.0"`, `"0.3"`, `"hybrid"` (an agent card carrying both
 * versions' fields) or `"unknown"` (no evidence, or evidence for both outside a card), with the
 * evidence: each deciding key or value as a JSON Pointer and its value. A JSON-RPC method name
 * decides alone. With `header` (the request's `A2A-Version`) the header decides, as a server must
 * (A2A v1.0 specification, section 3.6), and `document` still says what the body alone says.
 * Never throws, never changes `doc`; the work is bounded whatever its size or depth.
 */
export const detectVersion: (doc: unknown, options?: DetectVersionOptions) => VersionDetection = neverThrows(detect, () => ({
  version: "unknown",
  decidedBy: "none",
  document: "unknown",
  evidence: [],
}));
