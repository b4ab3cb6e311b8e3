/**
 * The field model of one protocol revision, from its generated metadata: which
 * v1 type sits at a path inside a message, each field's spellings and flags, the
 * REQUIRED fields a proto3 reader fills with their default. Issue
 * post-processing, the lenient reader and the hints use it; it never recurses,
 * so hostile nesting costs one step per path segment.
 */
import type { PathSegment } from "../core/issue.js";

export type FieldRow = readonly [json: string, proto: string, type: string, flags: number];
export const REPEATED = 1;
export const MAP = 2;
export const REQUIRED = 4;
/** proto3 `optional`: explicit presence. */
export const OPTIONAL = 8;

export const has = Object.prototype.hasOwnProperty;

/** The protocol revisions this package knows: "1.0" (A2A v1.0 as released) and the pre-release proto of 2026-02-17. */
export type RevisionId = "1.0" | "2026-02-17";
export const REVISION_IDS: readonly RevisionId[] = ["1.0", "2026-02-17"];

export interface RpcMeta {
  readonly name: string;
  readonly request: string;
  readonly response: string;
  readonly streaming: boolean;
  readonly http: ReadonlyArray<{ readonly verb: string; readonly path: string; readonly body?: string }>;
}

/** The shape of a generated `meta.ts` (src/generated/v1/meta.ts and each revision's). */
export interface RevisionMeta {
  readonly REVISION: string;
  readonly MESSAGE_NAMES: readonly string[];
  readonly ENUMS: Readonly<Record<string, readonly string[]>>;
  readonly ONEOFS: Readonly<Partial<Record<string, { readonly name: string; readonly members: ReadonlyArray<readonly [string, string]> }>>>;
  readonly FIELDS: Readonly<Record<string, ReadonlyArray<FieldRow>>>;
  /** Not read by the model: the JSON-RPC binding takes its RPCs itself, so a lone validator does not carry them. */
  readonly RPCS?: readonly RpcMeta[];
}

/** A REQUIRED field without presence, with the default a proto3 reader gives it when it is absent or null. */
export interface DefaultedField {
  readonly row: FieldRow;
  /** Builds the default (a fresh array or object each time). */
  readonly make: () => unknown;
}

export interface Model {
  readonly revision: RevisionId;
  readonly meta: RevisionMeta;
  isMessageName(name: unknown): name is string;
  isEnumName(name: string): boolean;
  /** The field of `type` spelled `key` (either spelling). */
  fieldOf(type: string, key: string): FieldRow | undefined;
  /** Every field of a message by both spellings, or undefined for a name that is not a message. */
  rowsOf(type: string): ReadonlyMap<string, FieldRow> | undefined;
  /** What a path (its first `end` segments, default all) points at: a message (or enum/well-known) type name, or undefined when unknown. */
  typeAt(root: string, path: readonly PathSegment[], end?: number): string | undefined;
  /** The oneof member names (JSON) of a message, or an empty set. */
  oneofMembers(type: string): ReadonlySet<string>;
  /** REQUIRED fields of `type` without presence (scalars, enums, repeated, maps): absent reads as their default. */
  defaulted(type: string): readonly DefaultedField[];
}

const WELL_KNOWN_MESSAGES = new Set(["Struct", "Value", "Timestamp"]);

export function makeModel(meta: RevisionMeta): Model {
  const messages = new Set<string>(meta.MESSAGE_NAMES);
  // Per message: both spellings of each field → its row.
  const table = new Map<string, Map<string, FieldRow>>(
    Object.entries(meta.FIELDS).map(([m, rows]) => [m, new Map(rows.flatMap((r) => [[r[0], r] as const, [r[1], r] as const]))]),
  );
  const oneofs = new Map<string, ReadonlySet<string>>();
  for (const [m, o] of Object.entries(meta.ONEOFS)) if (o) oneofs.set(m, new Set(o.members.map(([json]) => json)));
  const none: ReadonlySet<string> = new Set();
  const defaults = new Map<string, DefaultedField[]>();
  for (const [m, rows] of Object.entries(meta.FIELDS)) {
    const list: DefaultedField[] = [];
    for (const row of rows) {
      const [json, , type, flags] = row;
      if (!(flags & REQUIRED) || flags & OPTIONAL || oneofs.get(m)?.has(json)) continue;
      let make: (() => unknown) | undefined;
      if (flags & REPEATED) make = () => [];
      else if (flags & MAP) make = () => ({});
      else if (messages.has(type) || WELL_KNOWN_MESSAGES.has(type)) continue; // messages have presence
      else if (has.call(meta.ENUMS, type)) {
        const zero = meta.ENUMS[type]![0];
        make = () => zero;
      } else if (type === "string" || type === "bytes") make = () => "";
      else if (type === "int32") make = () => 0;
      else if (type === "bool") make = () => false;
      if (make) list.push({ row, make });
    }
    if (list.length > 0) defaults.set(m, list);
  }
  const empty: readonly DefaultedField[] = [];

  const fieldOf = (type: string, key: string): FieldRow | undefined => table.get(type)?.get(key);
  return {
    revision: meta.REVISION as RevisionId,
    meta,
    isMessageName: (name: unknown): name is string => typeof name === "string" && messages.has(name),
    isEnumName: (name: string) => has.call(meta.ENUMS, name),
    fieldOf,
    rowsOf: (type: string) => table.get(type),
    typeAt(root: string, path: readonly PathSegment[], end = path.length): string | undefined {
      let type: string | undefined = root;
      // `container` is set after a repeated or map field: the next segment indexes it.
      let container = false;
      for (let i = 0; i < end; i++) {
        const seg = path[i]!;
        if (type === undefined) return undefined;
        if (container) {
          container = false;
          continue;
        }
        const row = fieldOf(type, String(seg));
        if (!row) return undefined;
        type = row[2];
        container = (row[3] & (REPEATED | MAP)) !== 0;
      }
      return container ? undefined : type;
    },
    oneofMembers: (type: string) => oneofs.get(type) ?? none,
    defaulted: (type: string) => defaults.get(type) ?? empty,
  };
}

export function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function get(v: unknown, key: string): unknown {
  const o = obj(v);
  return o !== undefined && has.call(o, key) ? o[key] : undefined;
}
