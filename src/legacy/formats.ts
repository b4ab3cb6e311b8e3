/** Format functions the generated legacy validators import (see scripts/generate/legacy.ts). */
import { isUtcTimestamp } from "../core/timestamp.js";
import { isAbsoluteUri } from "../core/uri.js";

/**
 * The formats the published legacy schemas (`a2a-schemas/schemas/legacy/*.json`, JSON Schema draft-07) use, by name, for a
 * JSON Schema validator of your own. With Ajv:
 * `for (const [name, validate] of Object.entries(formats)) ajv.addFormat(name, { type: "string", validate })`.
 * Exactly these names; the same checks as this package's validators.
 */
export const formats: Readonly<Record<"date-time" | "uri", (s: string) => boolean>> = {
  "date-time": isUtcTimestamp,
  uri: isAbsoluteUri,
};

export default formats;
