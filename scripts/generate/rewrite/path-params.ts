/**
 * The all-errors module's functions take `(data, {instancePath="", parentData, parentDataProperty,
 * rootData=data[, dynamicAnchors={}]}={})`, and each nested call builds that object, though only
 * `instancePath` is ever read (the schemas use no `$data` and no dynamic references). Here each
 * function takes `(data, instancePath="")`, each call passes the path alone, and a failed call's
 * errors are appended by one helper: less code to parse at every start, no object per nested call
 * on the invalid path. If any other parameter is still read after that, the module is left as it is.
 */
const SIGNATURE = /^function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data(?:, dynamicAnchors=\{\})?\}=\{\}\)\{$/gm;
const CALL = /\b(validate\d+)\((.+?), \{instancePath(?::(.+?))?,parentData(?::[^,{}]+)?,parentDataProperty(?::[^,{}]+)?,rootData(?:,dynamicAnchors)?\}\)/g;
const MERGE = /if\(vErrors === null\)\{vErrors = (validate\d+)\.errors;\}else\{for\(const e of \1\.errors\)vErrors\.push\(e\);\}/g;
const OTHERS = /\b(?:parentData|parentDataProperty|rootData|dynamicAnchors)\b/;

const HELPER = [
  "",
  "/** A failed nested call's errors, appended to the list (or the list itself when there was none). */",
  "function __merge(list, errors){",
  "if(list === null){",
  "return errors;",
  "}",
  "for(const e of errors)list.push(e);",
  "return list;",
  "}",
  "",
].join("\n");

export function pathParams(code: string): string {
  const out = code
    .replace(SIGNATURE, 'function $1(data, instancePath=""){')
    .replace(CALL, (_, fn: string, data: string, path: string | undefined) => `${fn}(${data}, ${path ?? "instancePath"})`)
    .replace(MERGE, "vErrors = __merge(vErrors, $1.errors);");
  if (OTHERS.test(out)) return code;
  return out.includes("__merge(") ? out + HELPER : out;
}
