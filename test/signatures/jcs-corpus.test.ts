/**
 * The a2a-tck RFC 8785 corpus for Agent Card signing (a2a-jcs-v01), run as
 * tests: the files are first proven byte-identical to the published corpus
 * (sha256 per file, then the manifest digest), then every vector runs through
 * canonicalizeAgentCard and through the bare RFC 8785 layer.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalizeAgentCard } from "../../src/v1/signatures/index.js";
import { jcs } from "../../src/v1/signatures/jcs.js";
import { snapshot } from "../../src/v1/signatures/snapshot.js";
import { VECTORS } from "./helpers.js";

const DIR = join(VECTORS, "a2a-jcs-v01");
const manifestText = readFileSync(join(DIR, "MANIFEST.json"), "utf8");
const manifest = JSON.parse(manifestText) as { corpusDigest: string; counts: { accept: number; reject: number; total: number }; vectors: { path: string; sha256: string }[] };

interface Vector {
  id: string;
  clause: string;
  disposition: "MUST-ACCEPT" | "MUST-REJECT";
  input?: unknown;
  input_raw?: string;
  expected?: { canonical_utf8_hex: string };
}

const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const files = manifest.vectors.map((v) => ({ ...v, bytes: readFileSync(join(DIR, v.path)) }));
const vectors = files.map((f) => JSON.parse(f.bytes.toString("utf8")) as Vector);

/** JSON.parse, plus the bare NaN / Infinity / -Infinity tokens some lenient parsers accept. */
function lenientParse(raw: string): unknown {
  const marked = raw.replace(/:\s*(-?Infinity|NaN)\s*([,}])/g, ': "\\u0000$1"$2');
  return JSON.parse(marked, (_k, v) => (typeof v === "string" && v.startsWith("\u0000") ? Number(v.slice(1)) : v));
}

/** The bare RFC 8785 layer: the snapshot's checks, then the canonicalize package. */
function bareJcs(value: unknown): string | undefined {
  const s = snapshot(value);
  return s.ok ? jcs(s.value) : undefined;
}

describe("a2a-jcs-v01 corpus files", () => {
  it("are the published bytes: every sha256 of MANIFEST.json matches", () => {
    expect(files).toHaveLength(57);
    for (const f of files) expect(sha256(f.bytes), f.path).toBe(f.sha256);
  });

  it("come with the published manifest: its corpusDigest matches", () => {
    const { corpusDigest, ...body } = manifest;
    expect(sha256(JSON.stringify(body, null, 2))).toBe(corpusDigest);
    expect(manifest.counts).toEqual({ accept: 47, reject: 10, total: 57 });
  });
});

describe("a2a-jcs-v01 vectors", () => {
  for (const v of vectors) {
    if (v.disposition === "MUST-ACCEPT") {
      it(`${v.id} (${v.clause}) gives the expected bytes`, () => {
        const want = Buffer.from(v.expected!.canonical_utf8_hex, "hex").toString("utf8");
        const card = canonicalizeAgentCard(v.input);
        if (!card.ok) throw new Error(JSON.stringify(card.issues));
        expect(Buffer.from(card.value, "utf8").toString("hex")).toBe(v.expected!.canonical_utf8_hex);
        if (v.clause !== "a2a-spec-8.4.1-rule-3") expect(bareJcs(v.input)).toBe(want);
      });
    } else if (v.clause === "a2a-spec-8.4.1-rule-3") {
      it(`${v.id}: a payload that still holds \`signatures\` is never what canonicalization produces`, () => {
        const claimed = lenientParse(v.input_raw!) as Record<string, unknown>;
        expect(Object.keys(claimed)).toContain("signatures");
        const card = canonicalizeAgentCard(claimed);
        if (!card.ok) throw new Error(JSON.stringify(card.issues));
        expect(Object.keys(JSON.parse(card.value))).not.toContain("signatures");
        expect(card.value).not.toBe(v.input_raw);
      });
    } else {
      it(`${v.id} (${v.clause}) is refused with an issue, not an exception`, () => {
        const value = lenientParse(v.input_raw!);
        const r = canonicalizeAgentCard(value);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.issues[0]!.code).toBe("not_serializable");
        expect(bareJcs(value)).toBeUndefined();
      });
    }
  }

  it("covers 57 vectors: 47 accept, 10 reject", () => {
    expect(vectors.filter((v) => v.disposition === "MUST-ACCEPT")).toHaveLength(47);
    expect(vectors.filter((v) => v.disposition === "MUST-REJECT")).toHaveLength(10);
  });
});
