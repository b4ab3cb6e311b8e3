/**
 * The repaired bundle against the proto, read here with protobufjs on its own
 * (not through the generator's reader): every message, field, REQUIRED, oneof
 * and enum value of a2a.proto is in schemas/v1/a2a.json, and nothing else is.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ROOT, readJson } from "./helpers.js";
import { repairBundle } from "../../scripts/generate/v1.js";

const protoText = readFileSync(join(ROOT, "schemas/v1/a2a.proto"), "utf8");
const bundle = readJson("schemas/v1/a2a.json");
const lenient = readJson("schemas/v1/a2a.lenient.json");
// Without keepCase protobufjs gives the camelCase JSON names: an independent spelling check.
const camel = protobuf.parse(protoText).root.lookup("lf.a2a.v1") as protobuf.Namespace;
const snake = protobuf.parse(protoText, { keepCase: true }).root.lookup("lf.a2a.v1") as protobuf.Namespace;

const types = camel.nestedArray.filter((x): x is protobuf.Type => x instanceof protobuf.Type);
const enums = camel.nestedArray.filter((x): x is protobuf.Enum => x instanceof protobuf.Enum);
const isRequired = (f: protobuf.Field) => ((f.parsedOptions ?? []) as Record<string, unknown>[]).some((o) => o["(google.api.field_behavior)"] === "REQUIRED");
const realOneofs = (t: protobuf.Type) => t.oneofsArray.filter((o) => !(o.oneof.length === 1 && t.fields[o.oneof[0]!]?.options?.proto3_optional));

function branchMembers(def: any): string[][] {
  const oneOfs: any[][] = [];
  if (def.oneOf) oneOfs.push(def.oneOf);
  for (const c of def.allOf ?? []) if (c.oneOf) oneOfs.push(c.oneOf);
  return oneOfs.map((branches) => branches.map((b: any) => b.required[0]));
}

describe("a2a.json matches a2a.proto", () => {
  it("has one definition per message and enum, plus Struct, Value, Timestamp, and nothing else", () => {
    expect(types).toHaveLength(46);
    expect(enums).toHaveLength(2);
    const want = [...types.map((t) => t.name), ...enums.map((e) => e.name), "Struct", "Value", "Timestamp"].sort();
    expect(Object.keys(bundle.$defs).sort()).toEqual(want);
    expect(Object.keys(lenient.$defs).sort()).toEqual(want);
  });

  it("lists exactly the proto's fields under their camelCase JSON names", () => {
    for (const t of types) {
      const def = bundle.$defs[t.name];
      expect(Object.keys(def.properties).sort(), t.name).toEqual(t.fieldsArray.map((f) => f.name).sort());
      expect(def.additionalProperties, t.name).toBe(false);
    }
  });

  it("requires exactly the 66 REQUIRED fields", () => {
    let n = 0;
    for (const t of types) {
      const def = bundle.$defs[t.name];
      const want = t.fieldsArray.filter(isRequired).map((f) => f.name).sort();
      n += want.length;
      expect([...(def.required ?? [])].sort(), t.name).toEqual(want);
    }
    expect(n).toBe(66);
  });

  it("requires them in lenient mode too, under either spelling", () => {
    for (const t of snake.nestedArray.filter((x): x is protobuf.Type => x instanceof protobuf.Type)) {
      const def = lenient.$defs[t.name];
      const flat = JSON.stringify(def);
      for (const f of t.fieldsArray.filter(isRequired)) {
        const json = camel.lookupType(t.name).fieldsArray.find((c) => c.id === f.id)!.name;
        if (json === f.name) expect(def.required, `${t.name}.${f.name}`).toContain(json);
        else expect(flat, `${t.name}.${f.name}`).toContain(JSON.stringify({ anyOf: [{ properties: { [json]: true }, required: [json] }, { properties: { [f.name]: true }, required: [f.name] }] }));
      }
    }
  });

  it("enforces exactly one member of each of the 5 oneofs", () => {
    const found: string[] = [];
    for (const t of types) {
      const oneofs = realOneofs(t);
      const got = branchMembers(bundle.$defs[t.name]);
      expect(got.map((m) => m.sort()), t.name).toEqual(oneofs.map((o) => o.oneof.map((n) => t.fields[n]!.name).sort()));
      for (const o of oneofs) found.push(`${t.name}.${o.name}`);
    }
    expect(found.sort()).toEqual(["OAuthFlows.flow", "Part.content", "SecurityScheme.scheme", "SendMessageResponse.payload", "StreamResponse.payload"]);
  });

  it("has every enum value by name, and a REQUIRED enum rejects its zero value", () => {
    for (const e of enums) expect(bundle.$defs[e.name].enum, e.name).toEqual(Object.keys(e.values));
    for (const t of types) {
      for (const f of t.fieldsArray.filter((x) => isRequired(x) && camel.lookup(x.type) instanceof protobuf.Enum)) {
        const zero = Object.keys((camel.lookup(f.type) as protobuf.Enum).values)[0];
        expect(bundle.$defs[t.name].properties[f.name].not, `${t.name}.${f.name}`).toEqual({ const: zero });
      }
    }
  });

  it("resolves every $ref locally", () => {
    const refs = JSON.stringify(bundle).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(34);
    for (const r of refs) expect(r).toMatch(/^"\$ref":"#\/\$defs\/[A-Za-z0-9]+"$/);
  });

  it("compiles under Ajv 2020 in strict mode, where the upstream bundle does not", () => {
    const formats = { "date-time": () => true, uri: () => true, byte: () => true };
    for (const b of [bundle, lenient]) {
      const ajv = new Ajv2020({ strict: true, ownProperties: true, formats });
      ajv.addSchema(b);
      for (const t of types) expect(() => ajv.getSchema(`${b.$id}#/$defs/${t.name}`), t.name).not.toThrow();
    }
    const upstream = readJson("schemas/v1/a2a.upstream.json");
    expect(() => new Ajv2020({ strict: true, formats }).compile(upstream)).toThrow();
    expect(() => new Ajv2020({ strict: false, formats }).compile({ ...upstream.definitions["Task"] })).toThrow(/resolve reference/);
  });

  it("puts maxLength before every pattern, and anchors every pattern", () => {
    const walk = (s: unknown): void => {
      if (Array.isArray(s)) return s.forEach(walk);
      if (!s || typeof s !== "object") return;
      const o = s as Record<string, unknown>;
      if (typeof o.pattern === "string") {
        const keys = Object.keys(o);
        expect(keys.indexOf("maxLength"), o.pattern).toBeGreaterThanOrEqual(0);
        expect(keys.indexOf("maxLength")).toBeLessThan(keys.indexOf("pattern"));
        expect(o.pattern.startsWith("^") && o.pattern.endsWith("$"), o.pattern).toBe(true);
      }
      for (const [k, v] of Object.entries(o)) if (k !== "properties" || typeof v === "object") walk(v);
    };
    walk(bundle);
    walk(lenient);
  });

  it("is what the repair script derives from the two sources (drift check)", () => {
    const out = repairBundle(protoText, readFileSync(join(ROOT, "schemas/v1/a2a.upstream.json"), "utf8"));
    expect(JSON.parse(out.strict)).toEqual(bundle);
    expect(JSON.parse(out.lenient)).toEqual(lenient);
    // Pure and deterministic: byte-identical on a second run.
    expect(repairBundle(protoText, readFileSync(join(ROOT, "schemas/v1/a2a.upstream.json"), "utf8")).strict).toBe(out.strict);
    expect(readFileSync(join(ROOT, "schemas/v1/a2a.json"), "utf8")).toBe(out.strict);
  });

  // The seed lives beside the repository in the development workspace only.
  const seedPath = join(ROOT, "../shared/seeds/002_76086b83c4752b0f.txt");
  it.skipIf(!existsSync(seedPath))("keeps the two sources verbatim from the seed", () => {
    const seed = readFileSync(seedPath, "utf8");
    expect(seed).toContain(protoText.trimEnd());
    expect(seed.trimEnd().endsWith(readFileSync(join(ROOT, "schemas/v1/a2a.upstream.json"), "utf8").trimEnd())).toBe(true);
  });
});
