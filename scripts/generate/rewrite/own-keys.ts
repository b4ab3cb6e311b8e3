/**
 * Ajv checks `additionalProperties` with `for (const key of Object.keys(data))`,
 * which allocates an array of every key on each call (three quarters of what a
 * valid legacy request allocated). `for...in` with an own-property guard visits
 * the same keys in the same order (integer keys ascending, then insertion
 * order; inherited enumerable keys skipped) without the array.
 */
const LOOP = /for\(const (key\d+) of Object\.keys\((data\d*)\)\)\{/g;

export function ownKeyLoops(code: string): string {
  if (!LOOP.test(code)) return code;
  LOOP.lastIndex = 0;
  const body = code.replace(LOOP, (_m, key: string, data: string) => `for(const ${key} in ${data}){if(!__own.call(${data}, ${key}))continue;`);
  if (/Object\.keys\(/.test(body)) throw new Error("ownKeyLoops: an Object.keys() call of another shape is left");
  // After the imports (and the helpers that follow them), before the first function.
  const at = body.search(/^(?:export )?(?:function|const schema)/m);
  return `${body.slice(0, at)}const __own = Object.prototype.hasOwnProperty;\n${body.slice(at)}`;
}
