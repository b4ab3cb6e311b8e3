/**
 * Every generated function takes `(data, {instancePath="", parentData,
 * parentDataProperty, rootData=data[, dynamicAnchors={}]}={})`. The first-error
 * module never reads these (its error objects are gone, and the schemas use no
 * `$data` or dynamic references), yet each nested call takes them apart, and in
 * 2020-12 code builds a `dynamicAnchors` object (most of what a valid session
 * body allocated). Its functions take `data` alone; one that reads a parameter
 * keeps its signature.
 */
const SIGNATURE = /^(function validate\d+\(data), \{instancePath="", parentData, parentDataProperty, rootData=data(?:, dynamicAnchors=\{\})?\}=\{\}\)\{$/m;
const USES = /\b(?:instancePath|parentData|parentDataProperty|rootData|dynamicAnchors)\b/;

export function plainParams(code: string): string {
  return code
    .split(/(?=^function validate\d+\()/m)
    .map((chunk) => {
      const head = chunk.indexOf("\n");
      return USES.test(chunk.slice(head)) ? chunk : chunk.slice(0, head).replace(SIGNATURE, "$1){") + chunk.slice(head);
    })
    .join("");
}
