/**
 * The repaired bundles against their protos, read here with protobufjs on its own
 * (not through the generator's reader): every message, field, REQUIRED, oneof
 * and enum value of each revision's a2a.proto is in its a2a.json, and nothing else is.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { PATHS, ROOT, readJson, REVISIONS } from "./helpers.js";
import { repairBundle, revisionById } from "../../scripts/generate/v1.js";

const isRequired = (f: protobuf.Field) => ((f.parsedOptions ?? []) as Record<string, unknown>[]).some((o) => o["(google.api.field_behavior)"] === "REQUIRED");
const realOneofs = (t: protobuf.Type) => t.oneofsArray.filter((o) => !(o.oneof.length === 1 && t.fields[o.oneof[0]!]?.options?.proto3_optional));

function branchMembers(def: any): string[][] {
  const oneOfs: any[][] = [];
  if (def.oneOf) oneOfs.push(def.oneOf);
  for (const c of def.allOf ?? []) if (c.oneOf) oneOfs.push(c.oneOf);
  return oneOfs.map((branches) => branches.map((b: any) => b.required[0]));
}

describe.each(REVISIONS.map((r) => [r] as const))("revision %s: a2a.json matches a2a.proto", (revision) => {
  const paths = PATHS[revision];
  const protoText = readFileSync(join(ROOT, paths.proto), "utf8");
  const bundle = readJson(paths.strict);
  const lenient = readJson(paths.lenient);
  // Without keepCase protobufjs gives the camelCase JSON names: an independent spelling check.
  const camel = protobuf.parse(protoText).root.lookup("lf.a2a.v1") as protobuf.Namespace;
  const snake = protobuf.parse(protoText, { keepCase: true }).root.lookup("lf.a2a.v1") as protobuf.Namespace;
  const types = camel.nestedArray.filter((x): x is protobuf.Type => x instanceof protobuf.Type);
  const enums = camel.nestedArray.filter((x): x is protobuf.Enum => x instanceof protobuf.Enum);

  it(`has one definition per message (${paths.messages}) and enum, plus Struct, Value, Timestamp, and nothing else`, () => {
    expect(types).toHaveLength(paths.messages);
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

  it(`requires exactly the ${paths.required} REQUIRED fields`, () => {
    let n = 0;
    for (const t of types) {
      const def = bundle.$defs[t.name];
      const want = t.fieldsArray.filter(isRequired).map((f) => f.name).sort();
      n += want.length;
      expect([...(def.required ?? [])].sort(), t.name).toEqual(want);
    }
    expect(n).toBe(paths.required);
  });

  it("requires them in lenient mode too, under either spelling, unless absent reads as a valid default", () => {
    for (const t of snake.nestedArray.filter((x): x is protobuf.Type => x instanceof protobuf.Type)) {
      const def = lenient.$defs[t.name];
      const flat = JSON.stringify(def);
      for (const f of t.fieldsArray.filter(isRequired)) {
        const json = camel.lookupType(t.name).fieldsArray.find((c) => c.id === f.id)!.name;
        // The defaults that are valid: ListTasksResponse's page fields (an empty last page) and maps (scopes may be empty).
        const defaultValid = t.name === "ListTasksResponse" || f.map;
        const listed = json === f.name ? (def.required ?? []).includes(json) : flat.includes(JSON.stringify({ anyOf: [{ properties: { [json]: true }, required: [json] }, { properties: { [f.name]: true }, required: [f.name] }] }));
        expect(listed, `${t.name}.${f.name}`).toBe(!defaultValid);
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

  it("requires at least one element in every REQUIRED repeated field but ListTasksResponse.tasks (section 5.7)", () => {
    for (const t of types) {
      for (const f of t.fieldsArray.filter((x) => isRequired(x) && x.repeated)) {
        expect(bundle.$defs[t.name].properties[f.name].minItems, `${t.name}.${f.name}`).toBe(`${t.name}.${f.name}` === "ListTasksResponse.tasks" ? undefined : 1);
      }
    }
  });

  it("resolves every $ref locally", () => {
    const refs = JSON.stringify(bundle).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(34);
    for (const r of refs) expect(r).toMatch(/^"\$ref":"#\/\$defs\/[A-Za-z0-9]+"$/);
  });

  it("compiles under Ajv 2020 in strict mode", () => {
    const formats = { "date-time": () => true, uri: () => true, byte: () => true };
    for (const b of [bundle, lenient]) {
      const ajv = new Ajv2020({ strict: true, ownProperties: true, formats });
      ajv.addSchema(b);
      for (const t of types) expect(() => ajv.getSchema(`${b.$id}#/$defs/${t.name}`), t.name).not.toThrow();
    }
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

  it("is what the repair script derives from the sources (drift check)", () => {
    const rev = revisionById(revision);
    const upstream = rev.upstream ? readFileSync(join(ROOT, rev.upstream), "utf8") : undefined;
    const out = repairBundle(rev, protoText, upstream);
    expect(JSON.parse(out.strict)).toEqual(bundle);
    expect(JSON.parse(out.lenient)).toEqual(lenient);
    // Pure and deterministic: byte-identical on a second run.
    expect(repairBundle(rev, protoText, upstream).strict).toBe(out.strict);
    expect(readFileSync(join(ROOT, paths.strict), "utf8")).toBe(out.strict);
  });
});

describe("revision 2026-02-17's upstream bundle", () => {
  it("does not compile under Ajv 2020 (the reason for the repair)", () => {
    const formats = { "date-time": () => true, uri: () => true, byte: () => true };
    const upstream = readJson("schemas/v1/2026-02-17/a2a.upstream.json");
    expect(() => new Ajv2020({ strict: true, formats }).compile(upstream)).toThrow();
    expect(() => new Ajv2020({ strict: false, formats }).compile({ ...upstream.definitions["Task"] })).toThrow(/resolve reference/);
  });

  it("contributes only descriptions: the v1.0 bundle, without one, takes them from the proto's comments", () => {
    const v10 = readJson("schemas/v1/a2a.json");
    expect(v10.$defs.AgentInterface.properties.url.description).toMatch(/hostname:port/);
    // AIP internal comments and protolint directives are not documentation.
    expect(JSON.stringify(v10)).not.toMatch(/api-linter|protolint|\(--/);
  });
});
