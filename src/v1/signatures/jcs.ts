/** RFC 8785 serialization by the `canonicalize` package (by an author of the RFC). */
import canonicalizeModule from "canonicalize";

// A CommonJS module whose types declare an ES default: the function is the module itself at run time.
const fn = (typeof canonicalizeModule === "function" ? canonicalizeModule : (canonicalizeModule as { default: unknown }).default) as (value: unknown) => string | undefined;

/** RFC 8785 text of JSON data already checked by `snapshot` (finite numbers, well-formed strings, no cycles). */
export function jcs(value: unknown): string {
  const out = fn(value);
  if (typeof out !== "string") throw new TypeError("not JSON data");
  return out;
}
