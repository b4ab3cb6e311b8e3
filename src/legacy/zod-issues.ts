/** The legacy family's reading of Zod issues (see src/core/zod-issues.ts): its timestamp rule, unions and enums. */
import { LEGACY_TIMESTAMP, timestampProblem } from "../core/timestamp.js";
import type { ValidationIssue } from "../core/issue.js";
import { zodIssues, type ZodErrorLike, type ZodIssueOptions } from "../core/zod-issues.js";

/**
 * A union of scalars (correlation_id: null or a UUID) is an anyOf of `$ref`s in the legacy schemas,
 * and the validators report what every alternative says.
 */
const legacyUnion: ZodIssueOptions["union"] = (_site, branches) => (branches.every((b) => b.every((i) => i.path.length === 0 && i.code !== "unrecognized_keys")) ? { each: true } : undefined);

const LEGACY_OPTIONS: ZodIssueOptions = {
  formatProblem: (format, value) => (format === "date-time" ? timestampProblem(value, LEGACY_TIMESTAMP) : undefined),
  union: legacyUnion,
  // Of the legacy enums only the message type (definitions/messageType) is declared a string.
  enumIsString: (path) => path[path.length - 1] === "message_type",
};

/**
 * The legacy family's reading of a Zod error of the models of `a2a-schemas/legacy/zod`: the
 * library's issues, as `validateX(input).issues` gives them.
 */
export function legacyIssuesFromZod(error: ZodErrorLike | undefined, input: unknown): ValidationIssue[] {
  return zodIssues(error, input, LEGACY_OPTIONS);
}
