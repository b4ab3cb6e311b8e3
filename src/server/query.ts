/**
 * The query parameters of a GET or DELETE route as request fields (A2A v1.0 specification,
 * section 11.5): camelCase names; numbers as decimal text, booleans as `true`/`false`, repeated
 * fields by repeating the name or by commas. Text that is not of the field's type is kept as text,
 * so the message validator reports it at that field. The service parameters are not fields.
 */
import { FIELDS, type MessageName } from "../generated/v1/meta.js";

const SERVICE = new Set(["a2a-version", "a2a-extensions"]);
const REPEATED = 1;
const NUMBER = new Set(["int32", "int64", "uint32", "uint64", "double", "float"]);

function scalar(type: string, text: string): unknown {
  if (NUMBER.has(type) && /^-?(0|[1-9][0-9]{0,15})$/.test(text)) return Number(text);
  if (type === "bool" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/** The fields `search` gives the request message `message`; a name given twice for a single field stays a list (and fails its type). */
export function queryFields(message: MessageName, search: URLSearchParams): Record<string, unknown> {
  const rows = FIELDS[message] ?? [];
  const out: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    if (SERVICE.has(name.toLowerCase())) continue;
    const values = search.getAll(name);
    const row = rows.find((r) => r[0] === name || r[1] === name);
    const type = row ? row[2] : "string";
    const key = row ? row[0] : name;
    if (row && row[3] & REPEATED) out[key] = values.flatMap((v) => v.split(",")).map((v) => scalar(type, v));
    else out[key] = values.length === 1 ? scalar(type, values[0]!) : values;
  }
  return out;
}
