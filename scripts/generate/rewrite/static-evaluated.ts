/**
 * Ajv's 2020-12 code keeps, for `unevaluatedProperties`/`unevaluatedItems`
 * across references, a `validateN.evaluated = {...}` record on every function
 * and reads it back at the top of each. With no such keyword in the schemas,
 * every record is static (`dynamicProps` and `dynamicItems` false), so the
 * reads do nothing; but the assignments run at import and are side effects, so
 * a bundler keeps every function of the module even when one is used. Both go
 * when every record is static; otherwise the code is left as it is.
 */
const RECORD = /^(validate\d+)\.evaluated = (\{.*\});\n/gm;
const READ = /^const (evaluated\d+) = validate\d+\.evaluated;\nif\(\1\.dynamicProps\)\{\n\1\.props = undefined;\n\}\nif\(\1\.dynamicItems\)\{\n\1\.items = undefined;\n\}\n/gm;

export function dropStaticEvaluated(code: string): string {
  const records = [...code.matchAll(RECORD)];
  if (records.length === 0) return code;
  if (!records.every((m) => /"dynamicProps":false,"dynamicItems":false\}$/.test(m[2]!))) return code;
  const out = code.replace(RECORD, "").replace(READ, "");
  if (/\.evaluated\b|\bevaluated\d+\b/.test(out)) throw new Error("dropStaticEvaluated: an evaluated record of another shape is left");
  return out;
}
