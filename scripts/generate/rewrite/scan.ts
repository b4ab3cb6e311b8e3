/** Bracket matching over generated code, for the rewrites: double-quoted strings are skipped. */

/**
 * Index of the `close` that ends the bracket opened just before `from` (so `from` is inside it),
 * or the code's length when it is never closed.
 */
export function closing(code: string, from: number, open: "(" | "{", close: ")" | "}"): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      for (i++; i < code.length && code[i] !== '"'; i++) if (code[i] === "\\") i++;
    } else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return code.length;
}

/** `closing`, but an unbalanced bracket is an error of the rewrite `who`. */
export function mustClose(code: string, from: number, open: "(" | "{", close: ")" | "}", who: string): number {
  const at = closing(code, from, open, close);
  if (at === code.length) throw new Error(`${who}: unbalanced ${open}${close}`);
  return at;
}
