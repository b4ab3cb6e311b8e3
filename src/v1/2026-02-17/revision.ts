/** The runtime front end of revision 2026-02-17's generated API (as src/v1/revision.ts for v1.0). */
import { ENUMS, FIELDS, MESSAGE_NAMES, ONEOFS, REVISION, type MessageName } from "../../generated/v1/2026-02-17/meta.js";
import { createRevision, messageValidator } from "../engine.js";
import type { V1Validator } from "./validators.js";

// The guard and assert of every family: over a validator's `check` and its result.
export { createAssert as assertFor, createGuard as guardFor } from "../../core/validator.js";

/** Revision 2026-02-17: its metadata, its model (built on first need) and its validators (each built once). */
// The tables by name, not the module namespace: a namespace object would keep every export (the RPCs, the HTTP routes) in a bundle.
export const revision = /* @__PURE__ */ createRevision({ REVISION, MESSAGE_NAMES, ENUMS, ONEOFS, FIELDS });

/** The validator of one message from its generated functions. */
export function validatorFor<K extends MessageName>(name: K, first: unknown, full: unknown): V1Validator<K> {
  return messageValidator(revision, name, first, full) as unknown as V1Validator<K>;
}
