/**
 * fast-check generators for every definition of the v0.3 bundle, read from the schema itself:
 * mostly valid documents, with near misses at every level (a missing required property, a wrong
 * `kind`, a v1.0 enum name, a value of the wrong type, an unknown property, a property that must be
 * absent), so both verdicts are reached and the two modes split.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Json = Record<string, any>;

export const BUNDLE = JSON.parse(readFileSync(join(import.meta.dirname, "../../schemas/v0.3/a2a.json"), "utf8")) as Json;
const DEFS = BUNDLE.definitions as Record<string, Json>;

/** Anything JSON, small. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -40000, max: 40000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 6 }),
  fc.constant([]),
  fc.constant({}),
);

/** v1.0 spellings a v0.3 document must not carry. */
const V1_NAMES = ["ROLE_USER", "TASK_STATE_WORKING", "SendMessage", "JSONRPC ", "TEXT"];

/** Mostly `good`, one time in `1 + rare` something else. */
const mostly = (good: fc.Arbitrary<unknown>, bad: fc.Arbitrary<unknown>, weight = 14): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: good, weight }, { arbitrary: bad, weight: 1 });

const cache = new Map<string, fc.Arbitrary<unknown>>();

function of(s: Json | boolean): fc.Arbitrary<unknown> {
  if (s === true) return junk;
  if (s === false) return junk; // only generated when the property is present on purpose
  if (s.$ref !== undefined) return byName(String(s.$ref).split("/").pop()!);
  if (s.const !== undefined) return mostly(fc.constant(s.const), fc.oneof(fc.constantFrom("text", "file", "data", "task", "message", "status-update", "2.0", -32001, "apiKey"), junk));
  if (Array.isArray(s.enum)) return mostly(fc.constantFrom(...s.enum), fc.oneof(fc.constantFrom(...V1_NAMES), junk));
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as Json[]).map(of));
  switch (s.type) {
    case "string":
      return mostly(fc.oneof(fc.string({ maxLength: 8 }), fc.constant("https://example.com/a")), junk);
    case "integer":
      return mostly(fc.integer({ min: -5, max: 100 }), fc.oneof(fc.constant(1.5), junk));
    case "boolean":
      return mostly(fc.boolean(), junk);
    case "null":
      return mostly(fc.constant(null), junk);
    case "array":
      return mostly(fc.array(of(s.items ?? true), { maxLength: 2 }), junk);
    case "object":
      return s.properties === undefined ? mostly(fc.dictionary(fc.constantFrom("a", "b", "__proto__"), junk, { maxKeys: 2 }), junk) : object(s);
    default:
      return junk;
  }
}

function object(s: Json): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties as Record<string, Json | boolean>);
  const required = new Set<string>(s.required ?? []);
  const fields = Object.fromEntries(props.filter(([, v]) => v !== false).map(([k, v]) => [k, of(v)]));
  const absentOnes = props.filter(([, v]) => v === false).map(([k]) => k);
  const req = [...required].filter((k) => k in fields);
  const body = fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.record(Object.fromEntries(req.map((k) => [k, fields[k]!]))), fc.nat(19)).map(([opt, need, roll]) => {
    const o: Json = { ...(opt as Json), ...(need as Json) };
    // One time in twenty a required property goes missing.
    if (roll === 0 && req.length > 0) delete o[req[roll % req.length]!];
    return o;
  });
  const extras = fc.oneof(
    { arbitrary: fc.constant(null), weight: 10 },
    { arbitrary: fc.tuple(fc.constantFrom("x-ext", "supportedInterfaces", "__proto__", "constructor", ...absentOnes), junk), weight: 1 },
  );
  return mostly(
    fc.tuple(body, extras).map(([o, extra]) =>
      extra === null ? o : Object.defineProperty({ ...o }, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true }),
    ),
    junk,
    20,
  );
}

/** The generator of one definition. */
export function byName(name: string): fc.Arbitrary<unknown> {
  let a = cache.get(name);
  if (a === undefined) {
    const def = DEFS[name];
    if (def === undefined) throw new Error(`no definition ${name}`);
    cache.set(name, (a = fc.constant(null).chain(() => of(def))));
  }
  return a;
}
