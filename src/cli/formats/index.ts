import type { Paint } from "../color.js";
import type { Output } from "../output.js";
import type { Formatter } from "../report.js";
import { githubFormatter } from "./github.js";
import { jsonFormatter } from "./json.js";
import { junitFormatter } from "./junit.js";
import { prettyFormatter } from "./pretty.js";

import type { FormatName } from "./names.js";

export { FORMATS, defaultFormat, type FormatName } from "./names.js";

/** `version` is asked only by the formats that print it (reading it costs a file read at start-up). */
export function createFormatter(name: FormatName, out: Output, paint: Paint, version: () => string): Formatter {
  switch (name) {
    case "github":
      return githubFormatter(out);
    case "json":
      return jsonFormatter(out, version());
    case "junit":
      return junitFormatter(out);
    default:
      return prettyFormatter(out, paint);
  }
}
