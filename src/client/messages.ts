/** Words of the client's issues (cards fetched by URL, interfaces, probes), kept apart from the checks. */
export const CLIENT_MSG = {
  status: (url: string, status: number) => `${url} answered HTTP ${status}, not an Agent Card (A2A v1.0 specification, section 8.2)`,
  notUtf8: (url: string) => `the body of ${url} is not UTF-8 (an Agent Card is JSON, RFC 8259 section 8.1)`,
  notJson: (url: string, why: string) => `the body of ${url} is not JSON: ${why}`,
  ifaceNotAbsolute: (url: string) => `interface URL ${JSON.stringify(url)} is not an absolute URL`,
  ifaceScheme: (url: string) => `interface URL ${url} is not https: plain http exposes the agent's traffic; allowed only with allowHttp, or allowPrivate for a non-public host`,
  ifaceCredentials: (url: string) => `interface URL ${url} carries credentials in the URL`,
  ifacePrivate: (url: string, host: string, kind: string) => `interface URL ${url} points to ${host}, a ${kind} address: a client following it would reach inside its own network (server-side request forgery); allowed only with allowPrivate`,
  ifaceMetadata: (url: string, host: string) => `interface URL ${url} points to ${host}, a cloud metadata service: never followed`,
  grpcTarget: (url: string) => `gRPC interface address ${JSON.stringify(url)} must be host:port (e.g. agent.example.com:443)`,
  probeSkipped: (binding: string) => `the ${binding} binding is not probed: probes send JSON-RPC and HTTP+JSON requests only`,
  probeVersion: (v: string) => `an interface for A2A ${v} is not probed: probes send A2A v1.0 requests only`,
  probeFailed: (what: string, why: string) => `probe ${what}: ${why}`,
  probeWant: (what: string, want: string, got: string) => `probe ${what}: expected ${want}, got ${got}`,
};
