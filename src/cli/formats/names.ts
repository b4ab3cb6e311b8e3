/** The format names alone, so parsing the command line loads no formatter. */
export const FORMATS = ["pretty", "github", "json", "junit"] as const;
export type FormatName = (typeof FORMATS)[number];

/** The `formatVersion` of `--format json` output (docs/cli.md): fields are only ever added. */
export const FORMAT_VERSION = 1;

/** pretty, unless running in GitHub Actions. */
export function defaultFormat(env: Readonly<Record<string, string | undefined>>): FormatName {
  return env.GITHUB_ACTIONS === "true" ? "github" : "pretty";
}
