/** The specification's examples and tables, as copied into test/wire/spec/. */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const dir = join(import.meta.dirname, "spec");

export const spec = (file: string): any => JSON.parse(readFileSync(join(dir, file), "utf8"));

/** The rows of a Markdown table (cells trimmed, backticks and quotes removed), header and rule skipped. */
export function tableRows(file: string): string[][] {
  return readFileSync(join(dir, file), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("|"))
    .slice(2)
    .map((l) =>
      l
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim().replace(/^[`"]|[`"]$/g, "")),
    );
}

/** `[pointer, code, severity]` of each issue, for comparisons. */
export const brief = (issues: readonly { pointer: string; code: string; severity?: string }[]) => issues.map((i) => [i.pointer, i.code, i.severity ?? "error"]);
