/**
 * Ajv checks `additionalProperties: false` with
 * `for (const key of Object.keys(data)) { if (!(allowed)) { fail } }`, which
 * allocates an array of every key on each call (three quarters of what a valid
 * legacy request allocated). A `for...in` loop visits the same own keys in the
 * same order without the array, plus inherited enumerable ones; those are
 * skipped by an own-property test made only for a key that is not allowed, so
 * a valid object pays nothing for it (a test on every key cost more than the
 * array saved). Loops over map values keep Object.keys: their body reads
 * every key.
 */
import { mustClose } from "./scan.js";

const HEAD = /for\(const (key\d+) of Object\.keys\((data\d*)\)\)\{\nif\(!\(/g;

export function ownKeyLoops(code: string): string {
  let out = "";
  let at = 0;
  let count = 0;
  for (let m = HEAD.exec(code); m !== null; m = HEAD.exec(code)) {
    const [whole, key, data] = m as unknown as [string, string, string];
    const condStart = m.index + whole.length;
    const condEnd = mustClose(code, condStart, "(", ")", "ownKeyLoops"); // the `)` of `!(`
    if (code.slice(condEnd, condEnd + 3) !== ")){") throw new Error("ownKeyLoops: unexpected loop body");
    out += `${code.slice(at, m.index)}for(const ${key} in ${data}){\nif(!(${code.slice(condStart, condEnd)}) && __own.call(${data}, ${key})){`;
    at = condEnd + 3;
    HEAD.lastIndex = at;
    count++;
  }
  if (count === 0) return code;
  out += code.slice(at);
  // After the imports and the helpers that follow them, before the first function or schema constant.
  const first = out.search(/^(?:export )?(?:function|const schema)/m);
  return `${out.slice(0, first)}const __own = Object.prototype.hasOwnProperty;\n${out.slice(first)}`;
}
