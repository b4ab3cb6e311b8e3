/**
 * `a2a-schemas/v1/client`: live agents by URL. `fetchAgentCard` fetches an Agent Card through the
 * library's one safe fetch (https only, SSRF guard on every resolved address and redirect, time,
 * size and redirect limits) and judges it; `probeInterfaces` sends read-only checks to its
 * interfaces; `safeFetch` is the fetch itself. Node only (node:http and node:dns, loaded on first use).
 */
export * from "../client/index.js";
export { safeFetch, classifyAddress, isMetadataHostName, type SafeFetchOptions, type SafeResponse, type Resolver, type ResolvedAddress, type AddressKind } from "../net/index.js";
export type { ValidationIssue, ValidationResult, IssueCode } from "../core/index.js";
export { formatIssue } from "../core/index.js";
