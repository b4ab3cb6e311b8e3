/**
 * Strict mode as one flag (session and v0.3): a family's generated code is compiled once,
 * and each object schema that lists its properties carries an `a2aClosed` check that rejects other
 * properties only while the flag is on (scripts/generate/closed.ts). One compiled family serves both
 * modes, half the code a second compilation would add to the entry.
 */
import type { GeneratedValidator } from "./validator.js";

/** The flag the generated code reads (its default export, as Ajv's standalone code imports it). */
const closed = { strict: false };
export default closed;

/**
 * The generated validator `g`, run with strict mode on. Not re-entrant, and need not be: the
 * generated code never calls back into the library.
 */
export function strictPass(g: GeneratedValidator): GeneratedValidator {
  const pass: GeneratedValidator = (data: unknown) => {
    closed.strict = true;
    try {
      const ok = g(data);
      // The error list moves to the wrapper, which the reader clears after reading.
      pass.errors = g.errors ?? null;
      g.errors = null;
      return ok;
    } finally {
      closed.strict = false;
    }
  };
  return pass;
}
