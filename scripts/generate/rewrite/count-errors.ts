/**
 * The first-error module only answers yes or no (its error objects are already
 * dropped), yet inside `oneOf`/`anyOf` Ajv still collects each failing
 * branch's error into an array before it knows whether another branch passes:
 * on every valid v1 Part, three arrays (half of what a valid Task allocated),
 * and for `not: { const }` on every valid Message role an object and an array.
 * Here the errors are only counted. The counter keeps its meaning for every
 * test the code makes (`_errsN === errors`: nothing failed since; resets to
 * `_errsN`), a nested validator's failure counting one; `.errors` stays null,
 * which nothing reads in this module.
 */
const PUSH = /const (err\d+) = (?:0|\{\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\nerrors\+\+;/g;
const NESTED = /vErrors = vErrors === null \? (validate\d+)\.errors : vErrors\.concat\(\1\.errors\);\nerrors = vErrors\.length;/g;

export function countErrors(code: string): string {
  const out = code.replace(PUSH, "errors++;").replace(NESTED, "errors++;");
  if (/vErrors\.push\(|vErrors = \[|vErrors\.concat\(|errors = vErrors\.length/.test(out)) throw new Error("countErrors: an error collection of another shape is left");
  return out;
}
