import { describe, expect, it } from "vitest";
import { painter, wantsColor } from "../../src/cli/color.js";
import { jsonText, visible } from "../../src/cli/escape.js";
import { annotation, escapeData, escapeProperty } from "../../src/cli/formats/github.js";
import { escapeXml } from "../../src/cli/formats/junit.js";
import { summaryLine } from "../../src/cli/report.js";

/** GitHub's runner undoes the escaping like this (actions/toolkit command.ts, inverted). */
const unescapeData = (s: string) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%25/g, "%");
const unescapeProperty = (s: string) => unescapeData(s.replace(/%3A/g, ":").replace(/%2C/g, ","));

/** Splits `::error k=v,k=v::message` the way the runner does: on the first `::` after the command and on `,`/`=`. */
function parseCommandLine(line: string): { command: string; props: Record<string, string>; message: string } {
  const m = /^::(\w+) ([^:]*)::(.*)$/s.exec(line);
  if (!m) throw new Error(`not a workflow command: ${line}`);
  const props: Record<string, string> = {};
  for (const kv of m[2]!.split(",")) {
    const eq = kv.indexOf("=");
    props[kv.slice(0, eq)] = unescapeProperty(kv.slice(eq + 1));
  }
  return { command: m[1]!, props, message: unescapeData(m[3]!) };
}

describe("control characters", () => {
  it("become visible escapes: C0, DEL, C1, bidi controls and line separators", () => {
    expect(visible("a\u001b]0;t\u0007b\n\t\u007f\u0085\u009b\u202e\u2066\u200f\u061c\u2028\u2029")).toBe(
      "a\\u001b]0;t\\u0007b\\u000a\\u0009\\u007f\\u0085\\u009b\\u202e\\u2066\\u200f\\u061c\\u2028\\u2029",
    );
    expect(visible("plain text, é, 😀, C:\\path")).toBe("plain text, é, 😀, C:\\path");
  });

  it("are escaped in JSON text that still parses to the same value", () => {
    const value = { k: "\u001b\u007f\u009b\u202e\u2028x" };
    const text = jsonText(value);
    expect(text).toBe('{"k":"\\u001b\\u007f\\u009b\\u202e\\u2028x"}');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("github annotations", () => {
  it("escapes %, CR and LF in data, and : and , too in properties", () => {
    expect(escapeData("100% done\r\nnext")).toBe("100%25 done%0D%0Anext");
    expect(escapeProperty("a:b,c%\n")).toBe("a%3Ab%2Cc%25%0A");
  });

  it("shows other control characters as escapes, as pretty does", () => {
    expect(escapeData("\u001b[2J\tx\r\n")).toBe("\\u001b[2J\\u0009x%0D%0A");
    expect(escapeProperty("\u001b]0;t\u0007:")).toBe("\\u001b]0;t\\u0007%3A");
  });

  it("survives hostile paths and messages intact, on one line", () => {
    const file = "fix,tures/we:ird/100%/a\nb.json";
    const title = "Task: type, or: not";
    const message = 'must be a string, got "50%"\r\nsecond line :: not a new command';
    const line = annotation("error", file, 12, 5, title, message);
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
    const parsed = parseCommandLine(line.slice(0, -1));
    expect(parsed).toEqual({ command: "error", props: { file, line: "12", col: "5", title }, message });
  });
});

describe("junit escaping", () => {
  it("escapes markup, and shows what XML cannot carry as visible escapes", () => {
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    expect(escapeXml("a\u0000b\u001Fc\uD800d\uFFFF")).toBe("a\\u0000b\\u001fc\\ud800d\\uffff");
    expect(escapeXml("😀")).toBe("😀");
    expect(escapeXml("l1\nl2\tx")).toBe("l1&#10;l2&#9;x");
  });
});

describe("colour", () => {
  it("is on only on a terminal, with NO_COLOR and FORCE_COLOR respected", () => {
    expect(wantsColor(true, {})).toBe(true);
    expect(wantsColor(false, {})).toBe(false);
    expect(wantsColor(undefined, {})).toBe(false);
    expect(wantsColor(true, { NO_COLOR: "1" })).toBe(false);
    expect(wantsColor(true, { NO_COLOR: "" })).toBe(true);
    expect(wantsColor(false, { FORCE_COLOR: "1" })).toBe(true);
    expect(wantsColor(false, { FORCE_COLOR: "" })).toBe(true);
    expect(wantsColor(true, { FORCE_COLOR: "0" })).toBe(false);
    expect(wantsColor(false, { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(true);
    expect(wantsColor(true, { TERM: "dumb" })).toBe(false);
  });

  it("paints with ANSI codes only when enabled", () => {
    expect(painter(false)("red", "x")).toBe("x");
    expect(painter(true)("red", "x")).toMatch(/^\u001b\[31mx\u001b\[39m$/);
  });
});

describe("summary line", () => {
  it("counts files, and documents where NDJSON makes them differ", () => {
    expect(summaryLine({ files: 312, documents: 312, met: 309, failed: 3, warnings: 0, errors: [], skipped: [] })).toBe("312 files: 309 as expected, 3 failed");
    expect(summaryLine({ files: 1, documents: 1, met: 1, failed: 0, warnings: 0, errors: [], skipped: [] })).toBe("1 file: 1 as expected, 0 failed");
    expect(summaryLine({ files: 2, documents: 9, met: 9, failed: 0, warnings: 0, errors: [{ path: "x", message: "m" }], skipped: [] })).toBe(
      "2 files, 9 documents: 9 as expected, 0 failed; 1 path could not be read",
    );
  });

  it("counts the warnings shown, when there are any", () => {
    expect(summaryLine({ files: 3, documents: 3, met: 3, failed: 0, warnings: 1, errors: [], skipped: [] })).toBe("3 files: 3 as expected, 0 failed, 1 warning");
    expect(summaryLine({ files: 3, documents: 3, met: 2, failed: 1, warnings: 2, errors: [{ path: "x", message: "m" }], skipped: [] })).toBe(
      "3 files: 2 as expected, 1 failed, 2 warnings; 1 path could not be read",
    );
  });
});
