/**
 * The type tests under test/types/ compile twice: under the root tsconfig (`npx tsc --noEmit`,
 * exactOptionalPropertyTypes off) and under test/types/tsconfig.json (`vitest --typecheck`,
 * exactOptionalPropertyTypes on). Where the two settings differ by design, a test states what
 * each one must do through this flag.
 */

/** `true` when this compilation has `exactOptionalPropertyTypes` on. */
export type ExactOptional = { a?: string | undefined } extends { a?: string } ? false : true;

/** Whether `V` is assignable to `T`, as a type (for expectations that differ between the two settings). */
export type Accepts<T, V> = [V] extends [T] ? true : false;
