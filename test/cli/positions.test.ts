import { describe, expect, it } from "vitest";
import { loadLocator, positionAt, stripBom } from "../../src/cli/positions.js";
import { where } from "./helpers.js";

const text = `{
  "a": {
    "b": [10, {"c": true}],
    "d": "x"
  },
  "e": null
}`;

describe("positions", async () => {
  const locator = await loadLocator();
  const at = (t: string, pointer: string, code = "type") => locator.locate(t, [{ pointer, code }])[0];

  it("finds values by pointer, through objects and arrays", () => {
    expect(at(text, "/a/b/1/c")).toEqual(where(text, "true"));
    expect(at(text, "/a/d")).toEqual(where(text, '"x"'));
    expect(at(text, "")).toEqual({ line: 1, column: 1 });
  });

  it("puts a missing property at the object that lacks it", () => {
    // the validators report `required` at the parent's pointer
    expect(at(text, "/a", "required")).toEqual(where(text, '{\n    "b"'));
  });

  it("puts an unknown property at its name", () => {
    expect(at(text, "/a/d", "unknown_property")).toEqual(where(text, '"d"'));
  });

  it("stops at the deepest node that exists", () => {
    expect(at(text, "/a/b/7")).toEqual(where(text, "[10"));
    expect(at(text, "/a/zzz/q")).toEqual(where(text, '{\n    "b"'));
  });

  it("uses the last of duplicate keys, as JSON.parse does", () => {
    const t = '{"k": 1,\n "k": 2}';
    expect(at(t, "/k")).toEqual({ line: 2, column: 7 });
  });

  it("does not shift with CRLF line endings or a byte-order mark", () => {
    const crlf = "\uFEFF" + text.replace(/\n/g, "\r\n");
    const stripped = stripBom(crlf);
    expect(at(stripped, "/a/b/1/c")).toEqual(where(text, "true"));
    expect(at(stripped, "/e")).toEqual(where(text, "null"));
  });

  it("escapes in pointers (~0, ~1) are resolved", () => {
    const t = '{"a/b": {"m~n": 1}}';
    expect(at(t, "/a~1b/m~0n")).toEqual(where(t, "1}"));
  });

  it("gives up on hostile depth without throwing", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(locator.locate(deep, [{ pointer: "/0/0", code: "type" }])).toEqual([undefined]);
  });

  it("positionAt counts lines by LF", () => {
    expect(positionAt("ab\r\ncd", 5)).toEqual({ line: 2, column: 2 });
    expect(positionAt("abc", Infinity)).toEqual({ line: 1, column: 4 });
  });
});
