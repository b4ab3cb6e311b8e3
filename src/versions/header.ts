/**
 * The `A2A-Version` service parameter as version detection reads it (A2A v1.0
 * specification, section 3.6): `Major.Minor`, a patch number ignored; an empty
 * value is 0.3 (section 3.6.2). Kept apart from src/wire/version-header.ts,
 * which sits above this room and reads whole header sets.
 */
import type { VersionEvidence } from "./evidence.js";

/** The longest header text quoted back in evidence. */
const QUOTE = 60;

/**
 * What a header says, as evidence: `null` is a request that carried no
 * `A2A-Version` (a v0.3 client sends none: section 3.6.1), `""` an empty one;
 * both are 0.3. Other text must be `Major.Minor` (a patch number is ignored):
 * 1.0 or 0.3; any other version is evidence for "unknown".
 */
export function headerEvidence(header: string | null): VersionEvidence {
  if (header === null) return { source: "header", version: "0.3", reason: "the request carries no A2A-Version header, which a server reads as 0.3 (A2A v1.0 specification, section 3.6.1)" };
  const text = header.length > 200 ? header.slice(0, 200) : header;
  const t = text.trim();
  if (t === "") return { source: "header", value: header.slice(0, QUOTE), version: "0.3", reason: "an empty A2A-Version is 0.3 (A2A v1.0 specification, section 3.6.2)" };
  const m = /^(\d{1,9})\.(\d{1,9})(?:\.\d{1,9})?$/.exec(t);
  const mm = m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
  if (mm === "1.0" || mm === "0.3") return { source: "header", value: t.slice(0, QUOTE), version: mm, reason: `A2A-Version: ${t.slice(0, QUOTE)} asks for ${mm} (section 3.6: Major.Minor decides)` };
  const why = mm === undefined ? "is no Major.Minor version" : `asks for ${mm}, which is neither 1.0 nor 0.3`;
  return { source: "header", value: t.slice(0, QUOTE), version: "unknown", reason: `A2A-Version ${JSON.stringify(t.slice(0, QUOTE))} ${why}` };
}
