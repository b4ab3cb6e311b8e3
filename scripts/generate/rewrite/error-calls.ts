/**
 * The all-errors module writes each error as a literal and a push, at every site:
 *
 *   const err3 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"}};
 *   if(vErrors === null){ vErrors = [err3]; } else { vErrors.push(err3); } errors++;__budget.left--;
 *
 * which is a third of the module, parsed at every start. Here each such site becomes one call that
 * builds the same object (same properties, same order) and appends it:
 * `vErrors = __error(vErrors, instancePath+"/id", "#/properties/id/type", "type", {type: "string"});errors++;`.
 * The keyword stays a literal argument: cutting it from the schema path at run time made the invalid
 * path a fifth slower, measured side by side (a new string per error, where a literal is interned). A
 * site of any other shape is left as it is.
 */
import { mustClose } from "./scan.js";

const HELPER = [
  "",
  "/** One error, as Ajv writes it, appended to the list and counted against the budget. */",
  "function __error(list, instancePath, schemaPath, keyword, params){",
  "const e = {instancePath, schemaPath, keyword, params};",
  "__budget.left--;",
  "if(list === null){",
  "return [e];",
  "}",
  "list.push(e);",
  "return list;",
  "}",
  "",
].join("\n");

export function errorCalls(code: string): string {
  const SITE = /const (err\d+) = \{instancePath/g;
  let out = "";
  let from = 0;
  let rewritten = 0;
  for (let m = SITE.exec(code); m !== null; m = SITE.exec(code)) {
    const err = m[1]!;
    const open = m.index + m[0].length - "instancePath".length - 1;
    const close = mustClose(code, open + 1, "{", "}", "errorCalls");
    const tail = `;\nif(vErrors === null){\nvErrors = [${err}];\n}\nelse {\nvErrors.push(${err});\n}\nerrors++;__budget.left--;`;
    const site = parseLiteral(code.slice(open + 1, close));
    if (site === undefined || !code.startsWith(tail, close + 1)) continue;
    out += code.slice(from, m.index) + `vErrors = __error(vErrors, ${site.instancePath}, ${site.schemaPath}, ${site.keyword}, ${site.params});\nerrors++;`;
    from = close + 1 + tail.length;
    SITE.lastIndex = from;
    rewritten++;
  }
  if (rewritten === 0) return code;
  return out + code.slice(from) + HELPER;
}

/** The parts of `instancePath...,schemaPath:"...",keyword:"...",params:{...}`. */
function parseLiteral(body: string): { instancePath: string; schemaPath: string; keyword: string; params: string } | undefined {
  const at = body.indexOf(',schemaPath:"');
  if (at === -1) return undefined;
  const head = body.slice(0, at);
  const instancePath = head === "instancePath" ? "instancePath" : head.startsWith("instancePath:") ? head.slice("instancePath:".length) : undefined;
  const m = /^,schemaPath:("(?:[^"\\]|\\.)*"),keyword:("(?:[^"\\]|\\.)*"),params:\{/.exec(body.slice(at));
  if (instancePath === undefined || m === null) return undefined;
  const paramsOpen = at + m[0].length - 1;
  const paramsClose = mustClose(body, paramsOpen + 1, "{", "}", "errorCalls");
  if (paramsClose !== body.length - 1) return undefined; // another property after params
  return { instancePath, schemaPath: m[1]!, keyword: m[2]!, params: body.slice(paramsOpen, paramsClose + 1) };
}
