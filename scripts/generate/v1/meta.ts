/**
 * The runtime metadata of a v1 revision (messages, fields, enums, oneofs, RPCs
 * with their HTTP bindings), from the proto model: what only the proto knows.
 * Types, Zod models and the API come from the family pipeline (../family.ts).
 */
import { httpRoutes } from "../../../src/v1/http-binding.js";
import type { RpcMeta } from "../../../src/v1/schema-walk.js";
import type { ProtoModel } from "./proto.js";

function metaTables(model: ProtoModel) {
  const fields: Record<string, unknown[]> = {};
  for (const m of model.messages) {
    fields[m.name] = m.fields.map((f) => {
      // [jsonName, protoName, type (message, enum, Struct/Value/Timestamp or scalar), flags: 1 repeated, 2 map, 4 required, 8 proto3 optional]
      return [f.jsonName, f.name, f.type, (f.repeated ? 1 : 0) | (f.mapKey ? 2 : 0) | (f.required ? 4 : 0) | (f.optional ? 8 : 0)];
    });
  }
  const enums = Object.fromEntries(model.enums.map((e) => [e.name, e.values.map((v) => v.name)]));
  const oneofs: Record<string, unknown> = {};
  for (const m of model.messages) {
    for (const o of m.oneofs) {
      if (oneofs[m.name]) throw new Error(`emit: ${m.name} has two oneofs`);
      oneofs[m.name] = { name: o.name, members: o.fields.map((f) => [m.fields.find((x) => x.name === f)!.jsonName, f]) };
    }
  }
  return { fields, enums, oneofs };
}

/**
 * The runtime metadata of a revision. With `base` (the default revision's model and the
 * specifier of its meta module), what equals the base is the base's own object, so a
 * module that loads both revisions carries the shared tables once.
 */
export function emitMeta(
  model: ProtoModel,
  sourceHeader: string,
  revision: string,
  bindingFrom: string,
  base?: { readonly model: ProtoModel; readonly from: string },
): string {
  const messages = model.messages.map((m) => m.name);
  const rpcs = model.rpcs.map((r) => ({
    name: r.name,
    request: r.requestType,
    response: r.responseType,
    streaming: r.responseStream,
    http: r.http,
  }));
  const own = metaTables(model);
  const other = base ? metaTables(base.model) : undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const imports: string[] = [];
  const use = (name: string) => {
    imports.push(`${name} as BASE_${name}`);
    return `BASE_${name}`;
  };
  const enums = other && same(own.enums, other.enums) ? use("ENUMS") : `${JSON.stringify(own.enums)} as const`;
  const oneofs = other && same(own.oneofs, other.oneofs) ? use("ONEOFS") : JSON.stringify(own.oneofs);
  let fields = JSON.stringify(own.fields);
  if (other && Object.keys(own.fields).some((n) => same(own.fields[n], other.fields[n]))) {
    const ref = use("FIELDS");
    fields = `{\n${Object.entries(own.fields)
      .map(([n, rows]) => `  ${n}: ${same(rows, other.fields[n]) ? `${ref}.${n}` : JSON.stringify(rows)},`)
      .join("\n")}\n}`;
  }
  return [
    sourceHeader,
    `import type { HttpRouteOf } from ${JSON.stringify(bindingFrom)};`,
    ...(imports.length > 0 && base ? [`import { ${imports.join(", ")} } from ${JSON.stringify(base.from)};`, ""] : [""]),
    `/** The protocol revision: "1.0" is A2A v1.0 as released; a date names a pre-release proto. */`,
    `export const REVISION = ${JSON.stringify(revision)};`,
    "",
    `/** The ${messages.length} messages of ${model.package}, in proto order. */`,
    `export const MESSAGE_NAMES = ${JSON.stringify(messages)} as const;`,
    "/** The name of a message of this revision, e.g. \"Task\". */",
    "export type MessageName = (typeof MESSAGE_NAMES)[number];",
    "",
    "/** Enum values by number (index = number). */",
    `export const ENUMS = ${enums};`,
    "",
    "/** The oneof of each message that has one: its name and members as [jsonName, protoName]. */",
    `export const ONEOFS: Partial<Record<MessageName, { /** The oneof's name. */ readonly name: string; /** Its members as [jsonName, protoName]. */ readonly members: ReadonlyArray<readonly [string, string]> }>> = ${oneofs};`,
    "",
    "/** Per message: [jsonName, protoName, type (message, enum, Struct/Value/Timestamp, or scalar string/bytes/int32/bool), flags (1 repeated, 2 map, 4 REQUIRED, 8 proto3 `optional`)]. */",
    `export const FIELDS: Record<MessageName, ReadonlyArray<readonly [string, string, string, number]>> = ${fields};`,
    "",
    `/** The ${rpcs.length} RPCs of ${model.rpcs.length ? "A2AService" : "the service"}, with their google.api.http bindings. */`,
    `export const RPCS = ${JSON.stringify(rpcs)} as const;`,
    "export type RpcName = (typeof RPCS)[number][\"name\"];",
    "",
    "/** Every HTTP+JSON route (each RPC's bindings), most specific first: the matcher tries them in this order. */",
    `export const HTTP_ROUTES: ReadonlyArray<HttpRouteOf<RpcName, MessageName>> = ${JSON.stringify(httpRoutes(rpcs as unknown as RpcMeta[]))};`,
    "",
  ].join("\n");
}
