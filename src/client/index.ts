/** The client side: cards fetched by URL through the safe fetch, their interfaces, read-only probes. */
export { fetchAgentCard, cardUrlOf, WELL_KNOWN_CARD_PATH, type FetchAgentCardOptions, type FetchedAgentCard } from "./fetch-card.js";
export { interfacesOf, type CardInterface } from "./interfaces.js";
export { probeInterfaces, UNSUPPORTED_VERSION, type ProbeOptions, type ProbeCheck } from "./probe.js";
export type { CardVersion, AnyAgentCard } from "./version.js";
