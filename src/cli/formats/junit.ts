/**
 * JUnit XML: a test suite per file, a test case per document. A suite's
 * counts lead its start tag, so each file's cases are held until it ends.
 * A failing case lists its issues in <failure>; warnings of a passing case go
 * to its <system-out>, which JUnit readers show with the case.
 */
import { unicodeEscape, visible } from "../escape.js";
import type { Output } from "../output.js";
import { painter } from "../color.js";
import { shownIssues, summaryLine, verdictLine, type Formatter, type ShownIssue } from "../report.js";
import { versionWords } from "../versions.js";
import { issueLine } from "./issue.js";

// Characters XML 1.0 cannot carry at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF).
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Markup escaped; what XML cannot carry shown as `\u0000`-style escapes, so the file stays well-formed. */
export function escapeXml(s: string): string {
  return s
    .replace(INVALID_XML, unicodeEscape)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    // Attribute values normalise raw newlines and tabs away; keep them as references.
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}

const plain = painter(false);

/** The issues as pretty lists them, unpainted: the line breaks between them are the only raw ones. */
function issueLines(file: string, shown: readonly ShownIssue[]): string {
  return shown.map(({ issue, level }) => issueLine(file, issue, plain, level)).join("").trimEnd();
}

export function junitFormatter(out: Output): Formatter {
  let cases: string[] = [];
  let failures = 0;
  return {
    positions: "shown",
    showsUnreadable: false,
    start() {
      out.write(`<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="a2a-validate">\n`);
    },
    fileStart() {
      cases = [];
      failures = 0;
    },
    document(d) {
      // Text from documents is made visible first (a CI page shows it to people), then escaped for XML.
      const file = visible(d.file);
      const name = d.record === undefined ? file : `${file}:${d.line} (record ${d.record})`;
      const classname = visible(`${d.family ?? "unknown"}.${d.type ?? "unknown"}`);
      let xml = `    <testcase name="${escapeXml(name)}" classname="${escapeXml(classname)}" file="${escapeXml(file)}" line="${d.line}"`;
      // Under --a2a-version: the version as a test case property (JUnit readers list them).
      const props = d.a2aVersion ? `\n      <properties><property name="a2aVersion" value="${escapeXml(visible(versionWords(d.a2aVersion)))}"/></properties>` : "";
      const shown = shownIssues(d);
      if (d.met) {
        cases.push(shown.length === 0 && !props ? xml + "/>\n" : xml + `>${props}${shown.length === 0 ? "" : `\n      <system-out>${escapeXml(issueLines(d.file, shown))}</system-out>`}\n    </testcase>\n`);
        return;
      }
      failures++;
      const verdict = visible(verdictLine(d));
      const body = issueLines(d.file, shown);
      const type = d.problem ? "sidecar" : d.expected === "valid" ? (d.issues.find((i) => i.severity === "error")?.code ?? "invalid") : "expectation";
      xml += `>${props}\n      <failure message="${escapeXml(verdict)}" type="${escapeXml(visible(type))}">${escapeXml(body)}</failure>\n    </testcase>\n`;
      cases.push(xml);
    },
    fileEnd(f) {
      out.write(`  <testsuite name="${escapeXml(visible(f.file))}" tests="${f.documents}" failures="${failures}" errors="0" skipped="0">\n`);
      for (const c of cases) out.write(c);
      out.write("  </testsuite>\n");
      cases = [];
    },
    end(s) {
      // A skipped link is a skipped test case, which JUnit readers show as such.
      for (const k of s.skipped) {
        const path = escapeXml(visible(k.path));
        out.write(`  <testsuite name="${path}" tests="1" failures="0" errors="0" skipped="1">\n`);
        out.write(`    <testcase name="${path}" classname="skipped"><skipped message="${escapeXml(visible(k.reason))}"/></testcase>\n  </testsuite>\n`);
      }
      for (const e of s.errors) {
        const path = escapeXml(visible(e.path));
        out.write(`  <testsuite name="${path}" tests="1" failures="0" errors="1" skipped="0">\n`);
        out.write(`    <testcase name="${path}" classname="unreadable"><error message="${escapeXml(visible(e.message))}"/></testcase>\n  </testsuite>\n`);
      }
      out.write(`</testsuites>\n<!-- ${escapeXml(summaryLine(s)).replace(/--/g, "- -")} -->\n`);
    },
  };
}
