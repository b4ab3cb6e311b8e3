/** isAbsoluteUri is one allocation-free pass; these check it against RFC 3986's grammar written as regular expressions. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAbsoluteUri, MAX_URI_LENGTH } from "../../src/core/uri.js";

/** The same rule as regular expressions: scheme ":" a non-empty rest of URI characters, "%" before two hex digits, at most one "#". */
function reference(s: string): boolean {
  if (s.length > MAX_URI_LENGTH) return false;
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(s);
  if (m === null) return false;
  const rest = s.slice(m[0].length);
  return rest.length > 0 && /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/.test(rest) && !/%(?![0-9A-Fa-f]{2})/.test(rest) && (rest.match(/#/g) ?? []).length <= 1;
}

const uriChar = fc.constantFrom(..."aZ09-._~:/?#[]@!$&'()*+,;=% \u00e9\u{1F600}gG".split(""), "%4", "%4f", "%zz", "::", "##");
const candidate = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom("", "a", "http", "urn", "x+y.z-1", "1a", "a b"), fc.constantFrom(":", "", "::"), fc.array(uriChar, { maxLength: 12 })).map(([s, c, r]) => s + c + r.join("")),
);

describe("isAbsoluteUri", () => {
  it("agrees with the grammar on generated strings", () => {
    fc.assert(fc.property(candidate, (s) => isAbsoluteUri(s) === reference(s)), { numRuns: 20000 });
  });

  it.each([
    ["https://example.com/a?b#c", true],
    ["urn:isbn:0451450523", true],
    ["mailto:a@b", true],
    ["a:b", true],
    ["a:", false],
    ["1a:b", false],
    ["http://ex.com/%zz", false],
    ["http://ex.com/%4", false],
    ["http://ex.com/%4F", true],
    ["http://ex.com/#a#b", false],
    ["http://ex.com/ a", false],
    ["http://ex.com/\u00e9", false],
    ["", false],
    ["x:" + "a".repeat(MAX_URI_LENGTH - 2), true],
    ["x:" + "a".repeat(MAX_URI_LENGTH - 1), false],
  ])("%s → %s", (s, ok) => {
    expect(isAbsoluteUri(s)).toBe(ok);
    expect(reference(s)).toBe(ok);
  });
});
