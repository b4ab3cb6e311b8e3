/** Words for the hybrid-card issues, kept apart from the checks. */

const q = (s: string) => JSON.stringify(s.length > 200 ? s.slice(0, 197) + "..." : s);

export const WORDS = {
  notV03: (v: string) => `the v0.3 field "protocolVersion" declares ${q(v)}; a v0.3 client reads 0.3 here`,
  otherBinding: (url: string, transport: string, binding: string, index: number) =>
    `the v0.3 view serves ${q(url)} over ${transport}, but "supportedInterfaces" lists it over ${binding} (/supportedInterfaces/${index})`,
  bindingHint: "a v0.3 transport and a v1.0 protocolBinding use the same names: JSONRPC, GRPC, HTTP+JSON",
  notListed: (url: string, transport: string) => `the v0.3 view serves ${q(url)} over ${transport}, which "supportedInterfaces" does not list`,
  listHint: (url: string, transport: string) => `add { "url": ${q(url)}, "protocolBinding": "${transport}", "protocolVersion": "0.3" } to "supportedInterfaces", or serve v0.3 clients an interface listed there`,
  otherVersion: (url: string, transport: string, versions: readonly string[]) =>
    `the v0.3 view serves ${q(url)} over ${transport}, but "supportedInterfaces" declares it for ${versions.join(", ")} only, not 0.3`,
  versionHint: (url: string, transport: string) => `list the interface for 0.3 too: { "url": ${q(url)}, "protocolBinding": "${transport}", "protocolVersion": "0.3" } (A2A v1.0 specification, section 3.6.2: one URL may serve several versions)`,
  unreachable: (url: string, binding: string) => `"supportedInterfaces" declares ${q(url)} over ${binding} for 0.3, but the v0.3 view ("url" with "preferredTransport", "additionalInterfaces") does not list it, so no v0.3 client finds it`,
  addHint: (url: string, binding: string) => `add { "url": ${q(url)}, "transport": "${binding}" } to "additionalInterfaces"`,
  extendedCard: (v03: boolean, v1: boolean) =>
    `"supportsAuthenticatedExtendedCard" is ${v03} but "capabilities.extendedAgentCard" is ${v1}: v0.3 and v1.0 clients are told different things about the extended card`,
  security: 'the v0.3 "security" and the v1.0 "securityRequirements" name different schemes or scopes: v0.3 and v1.0 clients would authenticate differently',
} as const;
