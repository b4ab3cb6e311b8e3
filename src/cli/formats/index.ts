import type { Paint } from "../color.js";
import type { Output } from "../output.js";
import type { Formatter } from "../report.js";
import { githubFormatter } from "./github.js";
import { jsonFormatter } from "./json.js";
import { junitFormatter } from "./junit.js";
import { prettyFormatter } from "./pretty.js";

export const FORMATS = ["pretty", "github", "json", "junit"] as const;
export type FormatName = (typeof FORMATS)[number];

/** pretty, unless running in GitHub Actions. */
export function defaultFormat(env: Readonly<Record<string, string | undefined>>): FormatName {
  return env.GITHUB_ACTIONS === "true" ? "github" : "pretty";
}

export function createFormatter(name: FormatName, out: Output, paint: Paint, version: string): Formatter {
  switch (name) {
    case "github":
      return githubFormatter(out);
    case "json":
      return jsonFormatter(out, version);
    case "junit":
      return junitFormatter(out);
    default:
      return prettyFormatter(out, paint);
  }
}
