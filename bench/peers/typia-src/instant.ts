/** A typia tag: the date-time part of the schemas, beside their patterns (typia's Pattern and Format are exclusive). */
import type { tags } from "typia";

/**
 * A real calendar instant: no February 30, hour 24, second 60 or year 0000. Checked after the
 * pattern, so the digits are where it expects them; arithmetic on char codes, allocating nothing.
 */
export type RealInstant = tags.TagBase<{
  target: "string";
  kind: "realInstant";
  value: undefined;
  validate: `((s) => { const n = (i) => (s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48; const y = n(0) * 100 + n(2), m = n(5), d = n(8); return y > 0 && m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31) && n(11) < 24 && n(14) < 60 && n(17) < 60; })($input)`;
}>;
