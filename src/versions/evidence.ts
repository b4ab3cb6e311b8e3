/** The shapes version detection answers with. */

/** A protocol version a document can be written for; "hybrid" is an agent card that carries both. */
export type DetectedVersion = "1.0" | "0.3" | "hybrid" | "unknown";

/** One thing that decided: a key or value of the document, or the `A2A-Version` header. */
export interface VersionEvidence {
  /** Where it was found: "header" (the `A2A-Version` given by the caller) or "document". */
  readonly source: "header" | "document";
  /** For the document: the RFC 6901 JSON Pointer of the key or value. Absent for the header. */
  readonly pointer?: string;
  /** The value there, when it is a string (at most 60 characters), number, boolean or null; absent when the key's presence decided. */
  readonly value?: string | number | boolean | null;
  /** What it points to: "1.0", "0.3", or "unknown" for a header that asks for another version. */
  readonly version: "1.0" | "0.3" | "unknown";
  /** Why, in words: `"kind": "task" is the v0.3 discriminator (A2A v1.0 has none)`. */
  readonly reason: string;
}

/** What detectVersion found. */
export interface VersionDetection {
  /** The version to validate the document as: the header's when one was given, else the document's own. */
  readonly version: DetectedVersion;
  /** What decided `version`: the header, the document, or nothing ("unknown" without evidence). */
  readonly decidedBy: "header" | "document" | "none";
  /** What the document alone says, whatever the header said (they may disagree). */
  readonly document: DetectedVersion;
  /** The evidence: the header's first when one was given, then the document's (at most {@link MAX_EVIDENCE}). */
  readonly evidence: readonly VersionEvidence[];
}

/** The most evidence items one detection lists from a document. */
export const MAX_EVIDENCE = 24;
