/**
 * fast-check arbitraries for valid A2A v1 messages, built by walking the
 * protobuf-es descriptors (so each revision gets its own proto's messages).
 *
 * "Valid" is the library's notion (see rules.ts): every REQUIRED field set, the
 * zero value of a REQUIRED enum counting as unset; exactly one member of each
 * oneof; URL fields absolute https URLs (AgentInterface.url also `host:port` for
 * GRPC); int32 in range; APIKeySecurityScheme.location in query|header|cookie;
 * timestamps within 0001..9999; Struct/Value small JSON. Optional fields are set
 * or left unset at random; a set optional field never holds a value the library
 * rejects (an optional URL is either unset or a URL).
 *
 * The values are protobuf-es init objects: `create(desc, init)` makes the message.
 */
import { ScalarType, type DescField, type DescMessage } from "@bufbuild/protobuf";
import fc from "fast-check";
import type { RevisionDescriptors } from "./descriptors.js";
import { EMPTY_ALLOWED, EMPTY_ARRAY_ALLOWED, fieldKey, INT32_MAX, INT32_MIN, INT_RANGES, isExtensionUriList, isUrlField, STRING_ENUMS } from "./rules.js";

export interface GeneratorOptions {
  /**
   * `false` (default): every REQUIRED field holds a non-default value (non-empty
   * string, non-zero number, at least one element), as the brief of issue 9 asks.
   * `true`: where the library's rules let a REQUIRED field hold its default
   * (`ListTasksResponse.nextPageToken` "", REQUIRED int32 0, `ListTasksResponse.tasks`
   * empty, REQUIRED maps empty) it does so half of the time: the proto3 printer
   * then omits them by default.
   */
  readonly requiredAtAllowedDefaults?: boolean;
  /**
   * Enum fields sometimes hold a number the enum does not name (proto3 enums are
   * open: a receiver keeps it, and printers write it as a JSON number). Such a
   * message is valid for lenient mode only: strict wants enum names.
   */
  readonly unknownEnumNumbers?: boolean;
}

type Init = Record<string, unknown>;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * Map and Struct keys: short strings, or names of A2A fields (both spellings) and v0.3 markers,
 * which a lenient reader must leave alone inside a map or a Struct. Never `__proto__` (a
 * plain-object map would drop it: a generator artefact, not a finding).
 */
const FIELD_LIKE = ["messageId", "message_id", "contextId", "context_id", "taskId", "task_id", "state", "role", "parts", "kind", "mimeType", "media_type", "pageSize", "page_size", "timestamp", "url", "raw", "metadata", "data", "text"];
const key = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }).filter((k) => k !== "__proto__") },
  { weight: 1, arbitrary: fc.constantFrom(...FIELD_LIKE) },
);

/** Strings a lenient reader converts where the proto says so, and must keep verbatim elsewhere (in a Struct, a map, a plain string field). */
const CONVERTIBLE_LOOKING = ["TASK_STATE_WORKING", "ROLE_USER", "user", "completed", "2026-01-01T00:00:00+01:00", "2026-01-01T00:00:00.1Z", "20", "-0", "QUJD", "QUJDRA", "_-8=", "https://example.com"];

/** Text: ASCII mostly, any Unicode grapheme sometimes, now and then a string that looks like a value lenient mode converts. */
const text = (minLength = 0) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", minLength, maxLength: 10 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", minLength, maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom(...CONVERTIBLE_LOOKING) },
  );

const label = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/);
const hostname = fc.array(label, { minLength: 1, maxLength: 3 }).map((ls) => [...ls, "example"].join(".") + ".com");

/** Absolute https URLs, plain and with path, query and fragment. */
const httpsUrl = fc.oneof(
  hostname.map((h) => `https://${h}`),
  fc.webUrl({ validSchemes: ["https"], withQueryParameters: true, withFragments: true }),
);

/** `host:port`, how gRPC endpoints are often written. */
const hostPort = fc.tuple(hostname, fc.integer({ min: 1, max: 65535 })).map(([h, p]) => `${h}:${p}`);

const PROTOCOL_BINDINGS = ["JSONRPC", "GRPC", "HTTP+JSON"];

/** 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z, the range of google.protobuf.Timestamp. */
const TS_MIN = -62135596800n;
const TS_MAX = 253402300799n;
const timestamp = fc.record({
  seconds: fc.oneof(fc.bigInt({ min: TS_MIN, max: TS_MAX }), fc.bigInt({ min: 1577836800n, max: 1893456000n })),
  nanos: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 999 }).map((n) => n * 1_000_000),
    fc.integer({ min: 0, max: 999_999 }).map((n) => n * 1000),
    fc.integer({ min: 0, max: 999_999_999 }),
  ),
});

/** Small JSON (finite numbers only: google.protobuf.Value has no NaN or Infinity). */
const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json; object: { [k: string]: Json } }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    text(),
    fc.array(tie("value"), { maxLength: 3 }),
    tie("object"),
  ),
  object: fc.dictionary(key, tie("value"), { maxKeys: 3 }),
})).value;
const jsonObject = fc.dictionary(key, json, { maxKeys: 3 });

/** A JSON value as a google.protobuf.Value init object. */
function valueInit(v: Json): Init {
  if (v === null) return { kind: { case: "nullValue", value: 0 } };
  if (typeof v === "boolean") return { kind: { case: "boolValue", value: v } };
  if (typeof v === "number") return { kind: { case: "numberValue", value: v } };
  if (typeof v === "string") return { kind: { case: "stringValue", value: v } };
  if (Array.isArray(v)) return { kind: { case: "listValue", value: { values: v.map(valueInit) } } };
  const fields: Record<string, Init> = {};
  for (const [k, x] of Object.entries(v)) fields[k] = valueInit(x);
  return { kind: { case: "structValue", value: { fields } } };
}

export class MessageArbitraries {
  private readonly memo = new Map<string, fc.Arbitrary<Init>>();
  private readonly building = new Set<string>();

  constructor(
    private readonly d: RevisionDescriptors,
    private readonly options: GeneratorOptions = {},
  ) {}

  /** Valid init objects for `desc`. */
  message(desc: DescMessage): fc.Arbitrary<Init> {
    const hit = this.memo.get(desc.typeName);
    if (hit) return hit;
    if (this.building.has(desc.typeName)) throw new Error(`recursive message ${desc.typeName}: the generator assumes none`);
    this.building.add(desc.typeName);
    const arb = this.build(desc);
    this.building.delete(desc.typeName);
    this.memo.set(desc.typeName, arb);
    return arb;
  }

  private build(desc: DescMessage): fc.Arbitrary<Init> {
    const parts: fc.Arbitrary<Init>[] = [];
    for (const member of desc.members) {
      if (member.kind === "oneof") {
        // A set member may hold its default value ("" text, empty bytes): it is still the member that is set.
        const cases = member.fields.map((f) => this.singular(f, false).map((value) => ({ case: f.localName, value })));
        parts.push(fc.oneof(...cases).map((c) => ({ [member.localName]: c })));
        continue;
      }
      const f = member;
      // AgentInterface.url depends on protocol_binding: drawn together below.
      if (desc.name === "AgentInterface" && (f.name === "url" || f.name === "protocol_binding")) continue;
      parts.push(this.field(f).map((v) => (v === undefined ? {} : { [f.localName]: v })));
    }
    if (desc.name === "AgentInterface") parts.push(this.agentInterfaceEndpoint(desc));
    return fc.tuple(...parts).map((ps) => Object.assign({}, ...ps) as Init);
  }

  /** protocol_binding (a known binding or any non-empty string) and a url that fits it. */
  private agentInterfaceEndpoint(desc: DescMessage): fc.Arbitrary<Init> {
    const url = desc.fields.find((f) => f.name === "url")!;
    const binding = desc.fields.find((f) => f.name === "protocol_binding")!;
    return fc
      .oneof({ weight: 4, arbitrary: fc.constantFrom(...PROTOCOL_BINDINGS) }, { weight: 1, arbitrary: text(1) })
      .chain((b) => fc.record({ b: fc.constant(b), u: b === "GRPC" ? fc.oneof(httpsUrl, hostPort) : httpsUrl }))
      .map(({ b, u }) => ({ [binding.localName]: b, [url.localName]: u }));
  }

  private required(f: DescField): boolean {
    return this.d.isRequired(f);
  }

  /** A field outside a oneof: `undefined` leaves it unset. */
  private field(f: DescField): fc.Arbitrary<unknown> {
    const req = this.required(f);
    const k = fieldKey(f);
    const allowDefault = this.options.requiredAtAllowedDefaults === true;
    if (f.fieldKind === "list") {
      const item = f.listKind === "message" ? this.messageOf(f.message!) : f.listKind === "enum" ? this.enumValue(f, false) : this.scalar(f, false, true);
      if (!req) return fc.array(item, { maxLength: 2 });
      const nonEmpty = fc.array(item, { minLength: 1, maxLength: 2 });
      return allowDefault && EMPTY_ARRAY_ALLOWED.has(k) ? fc.oneof(fc.constant([]), nonEmpty) : nonEmpty;
    }
    if (f.fieldKind === "map") {
      const value = f.mapKind === "message" ? this.messageOf(f.message!) : f.mapKind === "enum" ? this.enumValue(f, false) : this.scalar(f, false, true);
      if (req && !allowDefault) return fc.dictionary(key, value, { minKeys: 1, maxKeys: 2 });
      if (req) return fc.oneof(fc.constant({}), fc.dictionary(key, value, { minKeys: 1, maxKeys: 2 }));
      return fc.dictionary(key, value, { maxKeys: 2 });
    }
    const set = this.singular(f, req);
    if (req) {
      if (allowDefault && f.fieldKind === "scalar" && (EMPTY_ALLOWED.has(k) || f.scalar === ScalarType.INT32)) {
        return fc.oneof(fc.constant(f.scalar === ScalarType.INT32 ? 0 : ""), set);
      }
      return set;
    }
    return fc.option(set, { nil: undefined, freq: 2 });
  }

  /** The value of a singular field (or oneof member) that is set; `required` asks for a non-default one. */
  private singular(f: DescField, required: boolean): fc.Arbitrary<unknown> {
    if (f.fieldKind === "message") return this.messageOf(f.message);
    if (f.fieldKind === "enum") return this.enumValue(f, required);
    if (f.fieldKind === "scalar") return this.scalar(f, required, false);
    throw new Error(`unexpected field kind ${f.fieldKind} for ${fieldKey(f)}`);
  }

  private enumValue(f: DescField, required: boolean): fc.Arbitrary<number> {
    const e = f.enum!;
    const values = e.values.map((v) => v.number).filter((n) => !required || n !== 0);
    const known = fc.constantFrom(...values);
    if (!this.options.unknownEnumNumbers) return known;
    const unknown = fc.integer({ min: 1, max: INT32_MAX }).filter((n) => !e.values.some((v) => v.number === n));
    return fc.oneof(known, unknown);
  }

  private messageOf(m: DescMessage): fc.Arbitrary<unknown> {
    switch (m.typeName) {
      case "google.protobuf.Timestamp":
        return timestamp;
      case "google.protobuf.Struct":
        return jsonObject; // a Struct field is a plain JSON object in protobuf-es
      case "google.protobuf.Value":
        return json.map(valueInit);
      case "google.protobuf.ListValue":
        return fc.array(json, { maxLength: 3 }).map((vs) => ({ values: vs.map(valueInit) }));
      default:
        if (m.typeName.startsWith("google.")) throw new Error(`no generator for ${m.typeName}`);
        return this.message(m);
    }
  }

  private scalar(f: DescField, required: boolean, item: boolean): fc.Arbitrary<unknown> {
    const k = fieldKey(f);
    const scalar = f.fieldKind === "scalar" ? f.scalar : f.fieldKind === "list" || f.fieldKind === "map" ? f.scalar : undefined;
    switch (scalar) {
      case ScalarType.STRING: {
        if (!item && STRING_ENUMS[k]) return fc.constantFrom(...STRING_ENUMS[k]!);
        if (!item && isUrlField(f)) return httpsUrl;
        if (item && isExtensionUriList(f)) return httpsUrl;
        return text(required ? 1 : 0);
      }
      case ScalarType.BYTES:
        return fc.uint8Array({ maxLength: 24 });
      case ScalarType.BOOL:
        return required ? fc.constant(true) : fc.boolean();
      case ScalarType.INT32: {
        const [lo, hi] = INT_RANGES[k] ?? [INT32_MIN, INT32_MAX];
        const small = fc.integer({ min: Math.max(lo, -5), max: Math.min(hi, 200) });
        const any = fc.integer({ min: lo, max: hi });
        const n = fc.oneof(small, any, fc.constantFrom(lo, hi));
        return required ? n.filter((x) => x !== 0) : n;
      }
      default:
        throw new Error(`no generator for scalar ${String(scalar)} in ${k}`);
    }
  }
}
