/**
 * How many errors one all-errors pass may still create. The generated
 * all-errors modules decrement it at every error and leave every loop once it
 * is spent, so the work on hostile input is bounded whatever its size. The
 * verdict comes from the first-error pass, so stopping early can only shorten
 * the issue list, never change it from invalid to valid.
 */
export const errorBudget = { left: Infinity };

/** Error objects one failed validation may create: far more than `MAX_ISSUES` need, few enough to stay cheap (about a millisecond). */
export const ERROR_BUDGET = 10_000;

/**
 * Runs `fn` with the budget set; says whether it ran out. Not re-entrant, and
 * need not be: the generated code never calls back into the library.
 */
export function withErrorBudget(fn: () => void, budget = ERROR_BUDGET): boolean {
  errorBudget.left = budget;
  try {
    fn();
    return errorBudget.left < 0;
  } finally {
    errorBudget.left = Infinity;
  }
}

/**
 * Rewrites Ajv's all-errors code so its work is bounded: every error spends
 * `budget` (an expression naming an object like `errorBudget`), every loop
 * stops once it is spent, and a referenced validator's errors are appended in
 * place, where Ajv's `concat` copied the whole list per call (quadratic over
 * an array of failing items). Used at build time on the generated modules and
 * at run time (Ajv's `code.process`) on other agents' schemas. Throws when
 * Ajv's output has a shape it does not know, so nothing goes unbounded quietly.
 */
export function boundErrorWork(code: string, budget: string): string {
  const body = code
    .replace(/errors\+\+;/g, `errors++;${budget}.left--;`)
    .replace(
      /(for\(let i\d+=0; i\d+<len\d+; i\d+\+\+\)\{|for\(const key\d+ (?:of Object\.keys\(data\d*\)|in data\d*)\)\{|for\(;i\d+--;\)\{|for\(j\d+ = i\d+; j\d+--;\)\{)/g,
      `$1if(${budget}.left<0)break;`,
    )
    .replace(
      /vErrors = vErrors === null \? ([\w$.[\]]+)\.errors : vErrors\.concat\(\1\.errors\);/g,
      "if(vErrors === null){vErrors = $1.errors;}else{for(const e of $1.errors)vErrors.push(e);}",
    );
  if (/\.concat\(/.test(body)) throw new Error("boundErrorWork: an error-list concat is left");
  const loops = body.match(/\bfor\((?!const e of )/g)?.length ?? 0;
  const guarded = body.split(`if(${budget}.left<0)break;`).length - 1;
  if (loops !== guarded) throw new Error(`boundErrorWork: ${loops - guarded} loop(s) of an unknown shape`);
  return body;
}
