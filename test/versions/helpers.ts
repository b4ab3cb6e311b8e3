/** Shared by the version tests. */

/** Freezes `v` and everything under it: a write into it then throws in strict mode, which these modules are. */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object") {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}
