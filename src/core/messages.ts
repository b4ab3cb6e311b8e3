/**
 * Words for issue messages, kept apart from the checks (as Zod does).
 * Named schema definitions (`#/definitions/<name>` or `#/$defs/<name>`) map to what they expect.
 */
export const EXPECTED_BY_DEFINITION: Record<string, string> = {
  uuidV4: "a lowercase UUID v4 like 3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f",
  agentId: "an agent id: 3 to 128 letters, digits and inner hyphens",
  recipientId: 'an agent id (3 to 128 letters, digits and inner hyphens) or "*"',
  utcTimestamp: "a UTC timestamp like 2025-12-09T15:30:00.000Z",
  nonce: "32 lowercase hex characters",
  base64: "standard Base64",
  errorCode: "an uppercase error code like RATE_LIMIT_EXCEEDED",
  semver: "a semantic version like 1.0.0 or 1.0.0-beta.1",
  absoluteUri: "an absolute URI like https://example.com/path",
};

export const EXPECTED_BY_FORMAT: Record<string, string> = {
  "date-time": "a UTC timestamp like 2025-12-09T15:30:00.000Z",
  uri: "an absolute URI like https://example.com/path",
  email: "an email address",
};

export function typeWord(t: string): string {
  switch (t) {
    case "object":
    case "array":
    case "integer":
      return `an ${t}`;
    case "null":
      return "null";
    default:
      return `a ${t}`;
  }
}

/** `JSON.stringify(v)`; a string with nothing to escape (most enum values and ids) is only quoted, which costs about half. */
export function jsonText(v: unknown): string | undefined {
  if (typeof v !== "string") return JSON.stringify(v);
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 34 || c === 92) return JSON.stringify(v);
  }
  return '"' + v + '"';
}

/** `"a", "b"`: each value as JSON, as `values.map(JSON.stringify).join(", ")` (undefined and holes are empty). */
export function listValues(values: readonly unknown[]): string {
  if (!Array.isArray(values)) return values.map((v) => JSON.stringify(v)).join(", "); // as before, a throw included
  let out = "";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ", ";
    out += jsonText(values[i]) ?? "";
  }
  return out;
}

/** `parts[0].text`: an argument path as the caller would write it. */
function argumentPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const s of path) out += typeof s === "number" ? `[${s}]` : out === "" ? s : `.${s}`;
  return out;
}

/** Words for the issues of a builder's arguments (src/core/arguments.ts). */
export const argumentMessages = {
  missing: (fn: string, name: string, found: string | undefined): string =>
    `${fn}: argument "${name}" is missing` + (found !== undefined ? `; did you mean ${found}?` : ""),
  unknown: (fn: string, name: string, near: string | undefined): string =>
    `${fn}: unknown argument "${name}"` + (near !== undefined ? `; did you mean ${near}?` : ""),
  rename: (from: string, to: string): string => `rename ${from} to ${to}`,
  notObject: (fn: string, name: string, got: string): string => `${fn}: argument "${name}" must be an object, got ${got}`,
  wrongType: (fn: string, name: string, expected: string, got: string): string => `${fn}: argument "${name}" must be ${expected}, got ${got}`,
  idLast: (call: string): string => `an id is the last argument: ${call}`,
  exactlyOne: (fn: string, a: string, b: string, got: "neither" | "both"): string => `${fn}: give exactly one of arguments "${a}" and "${b}", got ${got}`,
  about: (fn: string, path: readonly (string | number)[], message: string): string => `${fn}: argument "${argumentPath(path)}": ${message}`,
};
