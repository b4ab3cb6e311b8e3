/**
 * Property tests of a signed card: changing any signed value breaks it;
 * reordering keys, whitespace, or adding a field at its default value (not
 * REQUIRED, no explicit presence) does not.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalizeAgentCard, presenceRules, signAgentCard, verifyAgentCard, type FieldRule } from "../../src/v1/signatures/index.js";
import { jwkSet, sampleCard, testKey, type TestKey } from "./helpers.js";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

let key: TestKey;
let signed: { [k: string]: Json };
beforeAll(async () => {
  key = await testKey("EdDSA", "prop");
  const r = await signAgentCard(sampleCard(5), { key: key.privateKey, kid: "prop", alg: "EdDSA" });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  signed = r.value as unknown as { [k: string]: Json };
});
const verdict = async (c: unknown) => (await verifyAgentCard(c, { keys: jwkSet(key.publicJwk) })).verdict;

function leaves(v: Json, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, [...at, i], out));
  else if (v !== null && typeof v === "object") for (const k of Object.keys(v)) leaves(v[k]!, [...at, k], out);
  else out.push(at);
  return out;
}

function setAt(root: Json, path: Path, value: Json): Json {
  const copy = structuredClone(root);
  let o = copy as Record<string | number, Json>;
  for (const seg of path.slice(0, -1)) o = o[seg] as Record<string | number, Json>;
  o[path[path.length - 1]!] = value;
  return copy;
}

function shuffleKeys(v: Json, rnd: () => number): Json {
  if (Array.isArray(v)) return v.map((x) => shuffleKeys(x, rnd));
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  return Object.fromEntries(keys.map((k) => [k, shuffleKeys(v[k]!, rnd)]));
}

const defaultOf = (r: FieldRule): Json => (r.repeated ? [] : r.map ? {} : r.kind === "enum" ? r.enumZero! : r.type === "string" || r.type === "bytes" ? "" : r.type === "bool" ? false : 0);

/** Every place where a field may be added at its default value without changing the payload. */
function defaultSlots(v: Json, message: string, at: Path = [], out: Array<[Path, Json]> = []): Array<[Path, Json]> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return out;
  const fields = presenceRules().get(message);
  if (!fields) return out;
  for (const [name, rule] of fields) {
    const present = Object.prototype.hasOwnProperty.call(v, name);
    if (!present && !rule.required && !rule.explicit && rule.kind !== "message" && rule.kind !== "struct" && rule.kind !== "value") out.push([[...at, name], defaultOf(rule)]);
    if (!present && !rule.required) out.push([[...at, name], null]);
    if (present && rule.kind === "message") {
      const child = v[name]!;
      if (rule.repeated && Array.isArray(child)) child.forEach((c, i) => defaultSlots(c, rule.type, [...at, name, i], out));
      else if (rule.map && child && typeof child === "object" && !Array.isArray(child)) for (const k of Object.keys(child)) defaultSlots(child[k]!, rule.type, [...at, name, k], out);
      else if (!rule.repeated && !rule.map) defaultSlots(child, rule.type, [...at, name], out);
    }
  }
  return out;
}

const jsonLeaf = fc.oneof(fc.string({ unit: "binary", maxLength: 8 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), fc.constant([] as Json), fc.constant({} as Json));

describe("a signed card", () => {
  it("stops verifying when any signed value changes", async () => {
    const payload = JSON.parse((canonicalizeAgentCard(signed) as { value: string }).value) as Json;
    const paths = leaves(payload);
    expect(paths.length).toBeGreaterThan(60);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), jsonLeaf, async (path, value) => {
        const changed = setAt(signed, path, value);
        fc.pre(JSON.stringify(canonicalizeAgentCard(changed)) !== JSON.stringify(canonicalizeAgentCard(signed)));
        expect(await verdict(changed)).toBe("invalid");
      }),
      { numRuns: 300 },
    );
  });

  it("also breaks when a signed field is removed or an unknown field is added", async () => {
    const payload = JSON.parse((canonicalizeAgentCard(signed) as { value: string }).value) as { [k: string]: Json };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(payload)), fc.string({ minLength: 1, maxLength: 6 }), async (field, extra) => {
        const { [field]: _gone, ...rest } = signed;
        expect(await verdict(rest)).toBe("invalid");
        fc.pre(!(extra in signed));
        expect(await verdict({ ...signed, [extra]: "x" })).toBe("invalid");
      }),
      { numRuns: 100 },
    );
  });

  it("still verifies with its keys reordered and re-serialized with any whitespace", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.constantFrom(0, 1, 2, 4, "\t", " \n "), async (seed, indent) => {
        let s = seed;
        const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
        const text = JSON.stringify(shuffleKeys(signed, rnd), null, indent);
        expect(await verdict(JSON.parse(text))).toBe("valid");
      }),
      { numRuns: 100 },
    );
  });

  it("still verifies with fields added at their default value (not REQUIRED, no explicit presence)", async () => {
    const slots = defaultSlots(signed, "AgentCard");
    expect(slots.length).toBeGreaterThan(20);
    await fc.assert(
      fc.asyncProperty(fc.subarray(slots, { minLength: 1 }), async (chosen) => {
        let c: Json = signed;
        for (const [path, value] of chosen) c = setAt(c, path, value);
        expect(await verdict(c)).toBe("valid");
      }),
      { numRuns: 150 },
    );
  });

  it("but not with an explicitly present optional field added at its default", async () => {
    expect(await verdict({ ...signed, capabilities: { ...(signed["capabilities"] as object), extendedAgentCard: false } })).toBe("invalid");
  });

  it("is 'unsigned', not 'invalid', once its signatures are gone", async () => {
    const { signatures: _s, ...bare } = signed;
    expect(await verdict(bare)).toBe("unsigned");
  });
});

describe("random cards", () => {
  const text = fc.string({ unit: "binary", maxLength: 20 });
  const card = fc.record({
    name: text,
    description: text,
    version: text,
    capabilities: fc.record({ streaming: fc.boolean(), extensions: fc.array(fc.record({ uri: text, params: fc.jsonValue({ maxDepth: 3, stringUnit: "binary" }) }), { maxLength: 2 }) }, { requiredKeys: [] }),
    skills: fc.array(fc.record({ id: text, name: text, description: text, tags: fc.array(text, { maxLength: 3 }) }), { maxLength: 4 }),
  });

  it("sign and verify, and agree with a JSON round trip of the card", async () => {
    await fc.assert(
      fc.asyncProperty(card, async (c) => {
        const r = await signAgentCard(c, { key: key.privateKey, kid: "prop", alg: "EdDSA" });
        if (!r.ok) throw new Error(JSON.stringify(r.issues));
        expect(await verdict(r.value)).toBe("valid");
        expect(await verdict(JSON.parse(JSON.stringify(r.value)))).toBe("valid");
      }),
      { numRuns: 150 },
    );
  });
});
