/**
 * Reads an A2A v1 proto (schemas/v1/a2a.proto, or a revision's) into a plain model (messages, fields, REQUIRED,
 * oneofs, enums, RPCs with their google.api.http bindings). protobufjs parses;
 * everything downstream sees only this model, so the bundle, the route table and
 * the cross-check test agree on one reading of the proto.
 */
import protobuf from "protobufjs";

export type Scalar = "string" | "bytes" | "int32" | "bool";
export const WELL_KNOWN = ["Struct", "Value", "Timestamp", "Empty"] as const;

export interface ProtoField {
  readonly name: string; // snake_case, as in the proto
  readonly jsonName: string; // lowerCamelCase, the proto3 JSON name
  readonly number: number;
  /** A scalar, a message or enum name of this package, or `google.protobuf.<X>`. */
  readonly type: string;
  readonly kind: "scalar" | "message" | "enum" | "wkt";
  readonly repeated: boolean;
  /** Set for `map<K, V>`: the key type; `type` is then the value type. */
  readonly mapKey?: string;
  readonly required: boolean;
  /** proto3 `optional` (explicit presence). */
  readonly optional: boolean;
  readonly oneof?: string;
  readonly deprecated: boolean;
  readonly comment?: string;
}

export interface ProtoOneof {
  readonly name: string;
  readonly fields: readonly string[];
}

export interface ProtoMessage {
  readonly name: string;
  readonly fields: readonly ProtoField[];
  readonly oneofs: readonly ProtoOneof[];
  readonly comment?: string;
}

export interface ProtoEnum {
  readonly name: string;
  readonly values: readonly { readonly name: string; readonly number: number }[];
  readonly comment?: string;
}

export interface HttpBinding {
  readonly verb: "get" | "post" | "put" | "patch" | "delete";
  readonly path: string;
  /** `"*"`, a field name, or absent (no body). */
  readonly body?: string;
}

export interface ProtoRpc {
  readonly name: string;
  readonly requestType: string;
  readonly responseType: string;
  readonly responseStream: boolean;
  readonly http: readonly HttpBinding[];
  readonly comment?: string;
}

export interface ProtoModel {
  readonly package: string;
  readonly messages: readonly ProtoMessage[];
  readonly enums: readonly ProtoEnum[];
  readonly rpcs: readonly ProtoRpc[];
}

const SCALARS = new Set<string>(["string", "bytes", "int32", "bool"]);

/**
 * A proto comment as documentation: without AIP internal comments (`(-- ... --)`,
 * notes for API linters) and `protolint:` directives, which are not about the field.
 */
export function cleanComment(comment: string | null | undefined): string | undefined {
  if (!comment) return undefined;
  const text = comment
    .replace(/\(--[\s\S]*?--\)/g, "")
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => !/^\s*protolint:/.test(l))
    .join("\n")
    .trim();
  return text === "" ? undefined : text;
}

/** protoc's json_name rule: drop each `_` and upper-case the letter after it. */
export function jsonNameOf(snake: string): string {
  let out = "";
  let up = false;
  for (const ch of snake) {
    if (ch === "_") {
      up = true;
      continue;
    }
    out += up ? ch.toUpperCase() : ch;
    up = false;
  }
  return out;
}

function shortType(t: string, pkg: string): string {
  return t.startsWith(pkg + ".") ? t.slice(pkg.length + 1) : t;
}

function isRequired(f: protobuf.Field): boolean {
  const po = (f.parsedOptions ?? []) as Record<string, unknown>[];
  return po.some((o) => o["(google.api.field_behavior)"] === "REQUIRED");
}

function httpBindings(m: protobuf.Method): HttpBinding[] {
  const out: HttpBinding[] = [];
  const po = (m.parsedOptions ?? []) as Record<string, unknown>[];
  const one = (rule: Record<string, unknown>) => {
    for (const verb of ["get", "post", "put", "patch", "delete"] as const) {
      const path = rule[verb];
      if (typeof path === "string") {
        const body = typeof rule.body === "string" ? rule.body : undefined;
        out.push(body === undefined ? { verb, path } : { verb, path, body });
      }
    }
  };
  for (const o of po) {
    const rule = o["(google.api.http)"] as Record<string, unknown> | undefined;
    if (!rule) continue;
    one(rule);
    const extra = rule.additional_bindings;
    for (const b of Array.isArray(extra) ? extra : extra ? [extra] : []) one(b as Record<string, unknown>);
  }
  return out;
}

export function parseProto(source: string): ProtoModel {
  const { root, package: pkgName } = protobuf.parse(source, { keepCase: true, alternateCommentMode: true });
  if (!pkgName) throw new Error("a2a.proto: no package declaration");
  const pkg = root.lookup(pkgName) as protobuf.Namespace;
  const messages: ProtoMessage[] = [];
  const enums: ProtoEnum[] = [];
  const rpcs: ProtoRpc[] = [];
  for (const item of pkg.nestedArray) {
    if (item instanceof protobuf.Type) {
      const fields: ProtoField[] = [];
      for (const f of item.fieldsArray) {
        const t = shortType(f.type, pkgName);
        const wkt = t.startsWith("google.protobuf.");
        const local = !wkt && !SCALARS.has(t) ? pkg.lookup(t) : null;
        if (!wkt && !SCALARS.has(t) && local === null) throw new Error(`a2a.proto: ${item.name}.${f.name} has unknown type ${t}`);
        const kind = SCALARS.has(t) ? "scalar" : wkt ? "wkt" : local instanceof protobuf.Enum ? "enum" : "message";
        const synthetic = f.partOf && f.partOf.name.startsWith("_") && f.partOf.oneof.length === 1;
        const field: ProtoField = {
          name: f.name,
          jsonName: jsonNameOf(f.name),
          number: f.id,
          type: wkt ? t.slice("google.protobuf.".length) : t,
          kind,
          repeated: f.repeated && !(f instanceof protobuf.MapField),
          ...(f instanceof protobuf.MapField ? { mapKey: f.keyType } : {}),
          required: isRequired(f),
          optional: Boolean(synthetic),
          ...(f.partOf && !synthetic ? { oneof: f.partOf.name } : {}),
          deprecated: f.options?.deprecated === true,
          ...(cleanComment(f.comment) ? { comment: cleanComment(f.comment)! } : {}),
        };
        fields.push(field);
      }
      const oneofs: ProtoOneof[] = item.oneofsArray
        .filter((o) => !(o.name.startsWith("_") && o.oneof.length === 1 && item.fields[o.oneof[0]!]?.options?.proto3_optional))
        .map((o) => ({ name: o.name, fields: [...o.oneof] }));
      const comment = cleanComment(item.comment);
      messages.push({ name: item.name, fields, oneofs, ...(comment ? { comment } : {}) });
    } else if (item instanceof protobuf.Enum) {
      const comment = cleanComment(item.comment);
      enums.push({
        name: item.name,
        values: Object.entries(item.values).map(([name, number]) => ({ name, number })),
        ...(comment ? { comment } : {}),
      });
    } else if (item instanceof protobuf.Service) {
      for (const m of item.methodsArray) {
        rpcs.push({
          name: m.name,
          requestType: shortType(m.requestType, pkgName),
          responseType: shortType(m.responseType, pkgName).replace(/^google\.protobuf\./, ""),
          responseStream: m.responseStream === true,
          http: httpBindings(m),
          ...(cleanComment(m.comment) ? { comment: cleanComment(m.comment)! } : {}),
        });
      }
    }
  }
  return { package: pkgName, messages, enums, rpcs };
}
