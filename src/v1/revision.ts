/**
 * The runtime front end of A2A v1.0's generated API (src/generated/v1/api.ts): each
 * `validate<Name>` is `validatorFor(name, its generated functions, its peers)`, so a
 * bundler keeps only the messages an application validates.
 */
import { ENUMS, FIELDS, MESSAGE_NAMES, ONEOFS, REVISION, type MessageName } from "../generated/v1/meta.js";
import { createRevision, messageValidator, type Peers } from "./engine.js";
import type { V1Validator } from "./validators.js";

// The guard and assert of every family: over a validator's `check` and its result.
export { createAssert as assertFor, createGuard as guardFor } from "../core/validator.js";

/** A2A v1.0: its metadata, its model (built on first need) and its validators (each built once). */
// The tables by name, not the module namespace: a namespace object would keep every export (the RPCs, the HTTP routes) in a bundle.
export const revision = /* @__PURE__ */ createRevision({ REVISION, MESSAGE_NAMES, ENUMS, ONEOFS, FIELDS });

/** The validator of one message from its generated functions, with its peers in the other revisions. */
export function validatorFor<K extends MessageName>(name: K, first: unknown, full: unknown, peers?: Peers): V1Validator<K> {
  return messageValidator(revision, name, first, full, peers) as unknown as V1Validator<K>;
}
