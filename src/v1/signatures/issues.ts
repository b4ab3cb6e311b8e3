/** Issue helpers of the signature entry: the core's, under the names this entry uses. */
export { makeIssue as issue } from "../../core/issue.js";
export { thrownReason as reason } from "../../core/guard.js";
