/**
 * `a2a-schemas/v1/signatures`: Agent Card signatures (A2A v1.0 specification,
 * section 8.4): the canonical payload, signing and verification. JWS through
 * jose on WebCrypto, so it runs wherever the validators run.
 */
export { canonicalizeAgentCard, type CanonicalizeOptions } from "./canonical.js";
export { signAgentCard, type SignOptions, type SignedAgentCard } from "./sign.js";
export {
  verifyAgentCard,
  checkCardSignatures,
  type VerifyOptions,
  type CheckSignaturesOptions,
  type CardVerification,
  type SignatureCheck,
  type SignatureStatus,
  type KeyLookup,
  type KeyRequest,
} from "./verify.js";
export { parseJwkSet, type Jwk, type JwkInput, type JwkSet, type JkuOptions, type FetchLike, type FetchResponseLike, type WebCryptoKey } from "./keys.js";
export { DEFAULT_ALGORITHMS } from "./header.js";
export { presenceRules, CURRENT_REVISION, FIELD_FLAGS, type ProtoRevision, type PresenceRules, type FieldRule, type FieldKind } from "./presence.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../../core/index.js";
export { formatIssue } from "../../core/index.js";
