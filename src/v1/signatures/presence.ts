/**
 * Field presence of one protocol revision, read from its generated proto
 * metadata: which fields keep a default value in the signing payload (A2A v1.0
 * specification, sections 5.7 and 8.4.1).
 */
import { ENUMS, FIELDS, ONEOFS } from "../../generated/v1/meta.js";

/** The generated metadata of one revision (the shape of src/generated/v1/meta.ts). */
export interface ProtoRevision {
  /** Per message: [jsonName, protoName, type, flags]; flags are {@link FIELD_FLAGS} (8: proto3 `optional`). */
  readonly FIELDS: Readonly<Record<string, ReadonlyArray<readonly [string, string, string, number]>>>;
  /** Enum value names by number: index 0 is the default. */
  readonly ENUMS: Readonly<Record<string, readonly string[]>>;
  /** Real oneofs (not the synthetic ones of proto3 `optional`): members have explicit presence. */
  readonly ONEOFS?: Readonly<Partial<Record<string, {
    /** The members as [jsonName, protoName]. */
    readonly members: ReadonlyArray<readonly [string, string]>;
  }>>>;
}

/** Flag bits of a field row, as src/generated/v1/meta.ts writes them. */
export const FIELD_FLAGS = { repeated: 1, map: 2, required: 4, optional: 8 } as const;

/** The revision `a2a-schemas/v1` validates by default (src/generated/v1/meta.ts). */
export const CURRENT_REVISION: ProtoRevision = { FIELDS, ENUMS, ONEOFS };

/** What a field holds: a scalar, an enum, a message, a google.protobuf.Struct or a Value. */
export type FieldKind = "scalar" | "enum" | "message" | "struct" | "value";

/** How one field is present in the canonical payload of a signature. */
export interface FieldRule {
  /** The field's type: a message or enum name, Struct, Value, Timestamp or a scalar. */
  readonly type: string;
  /** What the field holds. */
  readonly kind: FieldKind;
  /** A repeated field. */
  readonly repeated: boolean;
  /** A map field. */
  readonly map: boolean;
  /** Marked REQUIRED in the proto. */
  readonly required: boolean;
  /** proto3 `optional` or a oneof member: present means set, even at the default value. */
  readonly explicit: boolean;
  /** For enums: the name of value 0. */
  readonly enumZero?: string;
}

/** Field rules by message name, then by JSON field name. */
export type PresenceRules = ReadonlyMap<string, ReadonlyMap<string, FieldRule>>;

const SCALARS = new Set(["string", "bytes", "bool", "double", "float", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64"]);
const cache = new WeakMap<ProtoRevision, PresenceRules>();

/** The presence rules of `revision` (the current one by default), by message and JSON field name. */
export function presenceRules(revision: ProtoRevision = CURRENT_REVISION): PresenceRules {
  const hit = cache.get(revision);
  if (hit) return hit;
  const rules = new Map<string, Map<string, FieldRule>>();
  for (const [msg, list] of Object.entries(revision.FIELDS)) {
    const oneof = new Set((revision.ONEOFS?.[msg]?.members ?? []).map(([json]) => json));
    const fields = new Map<string, FieldRule>();
    for (const [json, , type, flags] of list) {
      const enumValues = revision.ENUMS[type];
      // Struct, Value, Timestamp and unknown types hold free JSON: kept verbatim, never stripped inside.
      const kind: FieldKind = SCALARS.has(type) ? "scalar" : enumValues ? "enum" : revision.FIELDS[type] ? "message" : type === "Value" ? "value" : "struct";
      fields.set(json, {
        type,
        kind,
        repeated: (flags & FIELD_FLAGS.repeated) !== 0,
        map: (flags & FIELD_FLAGS.map) !== 0,
        required: (flags & FIELD_FLAGS.required) !== 0,
        explicit: (flags & FIELD_FLAGS.optional) !== 0 || oneof.has(json),
        ...(enumValues ? { enumZero: enumValues[0] } : {}),
      });
    }
    rules.set(msg, fields);
  }
  cache.set(revision, rules);
  return rules;
}
