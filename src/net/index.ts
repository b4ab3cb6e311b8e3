/** The one safe fetch (cards, probes, jku key sets) and its address rules. */
export { safeFetch, type SafeFetchOptions, type SafeResponse, type Resolver, type ResolvedAddress } from "./fetch.js";
export { classifyAddress, isMetadataHostName, type AddressKind } from "./address.js";
