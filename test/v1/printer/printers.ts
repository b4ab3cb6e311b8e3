/**
 * proto3 JSON printing of a message, the way a conformant sender does it:
 * protobuf-es `toJsonString` with its options, parsed back as a receiver sees it.
 */
import { isFieldSet, toJsonString, type DescMessage, type Message } from "@bufbuild/protobuf";

export type PrinterName =
  /** protobuf-es defaults: fields at their default value omitted. */
  | "default"
  /** `alwaysEmitImplicit: true`: every implicit-presence field printed ("", 0, false, [], {}), the full output. */
  | "alwaysEmitImplicit"
  /** `useProtoFieldName: true` (snake_case names), with `alwaysEmitImplicit`. */
  | "useProtoFieldName"
  /** `enumAsInteger: true` (enums as numbers), with `alwaysEmitImplicit`. */
  | "enumAsInteger"
  /**
   * Go protojson `MarshalOptions{EmitUnpopulated: true}`: the full output plus `null` for every unset
   * singular message field outside a oneof (Go's encoder skips oneof members and proto3 `optional`
   * fields, whose synthetic oneof counts, and emits other unpopulated fields with presence as null).
   * Emulated from the protobuf-es full output.
   */
  | "goEmitUnpopulated";

export const PRINTERS: readonly PrinterName[] = ["default", "alwaysEmitImplicit", "useProtoFieldName", "enumAsInteger", "goEmitUnpopulated"];

const OPTIONS: Record<PrinterName, { alwaysEmitImplicit?: boolean; useProtoFieldName?: boolean; enumAsInteger?: boolean }> = {
  default: {},
  alwaysEmitImplicit: { alwaysEmitImplicit: true },
  useProtoFieldName: { alwaysEmitImplicit: true, useProtoFieldName: true },
  enumAsInteger: { alwaysEmitImplicit: true, enumAsInteger: true },
  goEmitUnpopulated: { alwaysEmitImplicit: true },
};

/** The printed document (JSON text) for `msg`. */
export function printJson(desc: DescMessage, msg: Message, printer: PrinterName): string {
  const text = toJsonString(desc, msg, OPTIONS[printer]);
  if (printer !== "goEmitUnpopulated") return text;
  const doc = JSON.parse(text) as Record<string, unknown>;
  addNulls(desc, msg, doc);
  return JSON.stringify(doc);
}

const WKT_JSON = new Set(["google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue", "google.protobuf.Timestamp"]);

function addNulls(desc: DescMessage, msg: Message, doc: Record<string, unknown>): void {
  const m = msg as unknown as Record<string, unknown>;
  for (const f of desc.fields) {
    if (f.oneof) continue;
    const set = isFieldSet(msg, f);
    if (!set) {
      if (f.fieldKind === "message") doc[f.jsonName] = null;
      continue;
    }
    const value = m[f.localName];
    if (f.fieldKind === "message" && !WKT_JSON.has(f.message.typeName)) {
      addNulls(f.message, value as Message, doc[f.jsonName] as Record<string, unknown>);
    } else if (f.fieldKind === "list" && f.listKind === "message" && !WKT_JSON.has(f.message.typeName)) {
      const items = value as Message[];
      const out = doc[f.jsonName] as Record<string, unknown>[];
      items.forEach((item, i) => addNulls(f.message, item, out[i]!));
    } else if (f.fieldKind === "map" && f.mapKind === "message" && !WKT_JSON.has(f.message.typeName)) {
      const entries = value as Record<string, Message>;
      const out = doc[f.jsonName] as Record<string, Record<string, unknown>>;
      for (const [k, item] of Object.entries(entries)) addNulls(f.message, item, out[k]!);
    }
  }
  for (const o of desc.oneofs) {
    const c = m[o.localName] as { case?: string; value?: unknown };
    const f = o.fields.find((x) => x.localName === c.case);
    if (f && f.fieldKind === "message" && !WKT_JSON.has(f.message.typeName)) {
      addNulls(f.message, c.value as Message, doc[f.jsonName] as Record<string, unknown>);
    }
  }
}
