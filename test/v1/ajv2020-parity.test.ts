/**
 * The shipped validators against Ajv 2020 compiling the published bundles at run
 * time: strict (generated code) vs a2a.json, lenient (normalize, then strict) vs
 * a2a.lenient.json. Same verdict on every fixture and on mutated fixtures.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAbsoluteUri } from "../../src/core/uri.js";
import { validateByName } from "../../src/v1/validators.js";
import { isLenientBase64, isLenientTimestamp, isStrictBase64, isStrictTimestamp } from "../../src/v1/formats.js";
import { PATHS, readJson, REVISIONS } from "./helpers.js";
import { mutate, mutation, seedsByRevision } from "./mutate.js";

function compile(file: string, formats: Record<string, (s: string) => boolean>) {
  const bundle = readJson(file);
  const ajv = new Ajv2020({ strict: true, ownProperties: true, formats });
  ajv.addSchema(bundle);
  return (type: string, input: unknown) => ajv.getSchema(`${bundle.$id}#/$defs/${type}`)!(input) as boolean;
}

describe.each(REVISIONS.map((r) => [r] as const))("revision %s: shipped validators agree with Ajv 2020 on the published bundles", (revision) => {
  const strict = compile(PATHS[revision].strict, { "date-time": isStrictTimestamp, uri: isAbsoluteUri, byte: isStrictBase64 });
  const lenient = compile(PATHS[revision].lenient, { "date-time": isLenientTimestamp, uri: isAbsoluteUri, byte: isLenientBase64 });
  const seeds = seedsByRevision[revision];

  it("on every fixture, in both modes", () => {
    for (const f of seeds) {
      expect(validateByName(f.type, f.input, { revision }).ok, `strict ${f.file}`).toBe(strict(f.type, f.input));
      expect(validateByName(f.type, f.input, { revision, mode: "lenient" }).ok, `lenient ${f.file}`).toBe(lenient(f.type, f.input));
    }
  });

  it("on 4,000 mutated fixtures, in both modes", () => {
    fc.assert(
      fc.property(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { maxLength: 3 }), (i, muts) => {
        const seed = seeds[i]!;
        const input = mutate(seed.input, muts);
        const show = `${seed.file} ${JSON.stringify(input)?.slice(0, 300)}`;
        expect(validateByName(seed.type, input, { revision }).ok, `strict ${show}`).toBe(strict(seed.type, input));
        expect(validateByName(seed.type, input, { revision, mode: "lenient" }).ok, `lenient ${show}`).toBe(lenient(seed.type, input));
      }),
      { numRuns: 4000 },
    );
  });
});
