/**
 * Knows which v1 type sits at a path inside a message, from the generated field
 * table. Issue post-processing and the v0.3 hints use it; it never recurses, so
 * hostile nesting costs one step per path segment.
 */
import { FIELDS, ENUMS, MESSAGE_NAMES, type MessageName } from "../generated/v1/meta.js";
import type { PathSegment } from "../core/issue.js";

export type FieldRow = readonly [json: string, proto: string, type: string, flags: number];
export const REPEATED = 1;
export const MAP = 2;
export const REQUIRED = 4;

const MESSAGES = new Set<string>(MESSAGE_NAMES);
export const has = Object.prototype.hasOwnProperty;

export function isMessageName(name: unknown): name is MessageName {
  return typeof name === "string" && MESSAGES.has(name);
}

export function isEnumName(name: string): name is keyof typeof ENUMS {
  return has.call(ENUMS, name);
}

// Per message: both spellings of each field → its row.
const TABLE = new Map<string, Map<string, FieldRow>>(
  Object.entries(FIELDS).map(([m, rows]) => [m, new Map(rows.flatMap((r) => [[r[0], r] as const, [r[1], r] as const]))]),
);

/** The field of `type` spelled `key` (either spelling). */
export function fieldOf(type: string, key: string): FieldRow | undefined {
  return TABLE.get(type)?.get(key);
}

/** What a path points at: a message (or enum/well-known) type name, or undefined when unknown. */
export function typeAt(root: string, path: readonly PathSegment[]): string | undefined {
  let type: string | undefined = root;
  // `container` is set after a repeated or map field: the next segment indexes it.
  let container = false;
  for (const seg of path) {
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
}

export function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function get(v: unknown, key: string): unknown {
  const o = obj(v);
  return o !== undefined && has.call(o, key) ? o[key] : undefined;
}
