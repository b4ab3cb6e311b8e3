/** Public core API: the issue and result types shared by every family. */
export type { IssueCode, PathSegment, ValidationIssue } from "./issue.js";
export { formatIssue, toPointer, fromPointer } from "./issue.js";
export type { ValidationResult } from "./result.js";
export { MAX_ISSUES } from "./result.js";
export type { Validator } from "./validator.js";
export { ValidationError, isValidationError } from "./validator.js";
export { isUtcTimestamp } from "./timestamp.js";
export { isAbsoluteUri } from "./uri.js";
