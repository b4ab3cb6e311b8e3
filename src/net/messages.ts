/** Words of the safe-fetch issues, kept apart from the checks (src/net/fetch.ts). */
import type { AddressKind, PrivateAllowance } from "./address.js";

export const NET_MSG = {
  badUrl: (url: string) => `${JSON.stringify(url.slice(0, 200))} is not an absolute http(s) URL without credentials`,
  scheme: (url: string) => `${url} is not https: plain http is refused (pass allowHttp, or allowPrivate for an agent on a private address)`,
  httpPublic: (url: string, ip: string) => `${url} is plain http to the public address ${ip}: allowPrivate permits http only to non-public addresses (pass allowHttp to permit it anywhere)`,
  metadataName: (host: string) => `${host} is a cloud metadata service: never fetched`,
  address: (host: string, ip: string, kind: AddressKind, allowPrivate: PrivateAllowance) =>
    kind === "cloud metadata" || allowPrivate === true
      ? `${host} is ${ip}, a ${kind} address: never connected to`
      : allowPrivate === false
        ? `${host} is ${ip}, a ${kind} address: refused to prevent server-side request forgery (pass allowPrivate for an agent on this machine or network)`
        : `${host} is ${ip}, a ${kind} address not among the allowPrivate addresses: refused to prevent server-side request forgery`,
  noAddress: (host: string, why: string) => `${host} could not be resolved: ${why}`,
  timeout: (url: string, ms: number) => `${url} took over ${ms} ms (time limit, request and body together)`,
  tooLarge: (url: string, max: number) => `${url} sent over ${max} bytes (size limit): reading stopped`,
  declared: (url: string, n: number, max: number) => `${url} declares ${n} bytes, over the ${max}-byte size limit: not read`,
  redirects: (url: string, max: number) => `${url} redirected more than ${max} time${max === 1 ? "" : "s"} (redirect limit)`,
  noRedirects: (url: string, to: string) => `${url} redirects to ${to}: redirects are refused here`,
  badLocation: (url: string) => `${url} answered a redirect without a usable Location`,
  network: (url: string, why: string) => `fetching ${url} failed: ${why}`,
  aborted: (url: string) => `fetching ${url} was aborted`,
  redirectHint: (chain: readonly string[]) => `redirected from ${chain.join(" -> ")}`,
};
