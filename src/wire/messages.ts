/** Words of the error-response issues, kept apart from the checks (src/wire/rules.ts). */
import { jsonText } from "../core/messages.js";

export const MSG = {
  reservedA2a: (code: number) =>
    `must be a JSON-RPC standard code or an A2A error code, got ${code}: A2A reserves -32001 to -32099 (A2A v1.0 specification, section 9.5) and v1.0 defines only -32001 to -32009 (section 5.4)`,
  reservedJsonRpc: (code: number) => `must be a JSON-RPC standard code or an A2A error code, got ${code}: JSON-RPC 2.0 reserves -32768 to -32000 for its pre-defined errors`,
  applicationCode: (code: number) =>
    `${code} is neither a JSON-RPC standard code nor an A2A error code: an application-defined code, which a client cannot map to an A2A error (A2A v1.0 specification, sections 5.4 and 9.5)`,
  unknownReason: (reason: unknown) => `an ErrorInfo of domain "a2a-protocol.org" names the reason of an A2A error (A2A v1.0 specification, section 5.4), got ${jsonText(reason) ?? "nothing"}`,
  reasonForCode: (want: string, code: number, got: string) => `must be ${jsonText(want)}, the reason of JSON-RPC code ${code} (A2A v1.0 specification, section 5.4), got ${jsonText(got)}`,
  reasonNotA2aCode: (reason: string, name: string, want: number, code: number) =>
    `ErrorInfo reason ${jsonText(reason)} is ${name}, whose JSON-RPC code is ${want} (A2A v1.0 specification, section 5.4), but the code is ${code}`,
  domainMissing: (reason: string) => `ErrorInfo with the A2A reason ${jsonText(reason)} has no domain: it must be "a2a-protocol.org" (A2A v1.0 specification, sections 9.5 and 11.6)`,
  domainWrong: (got: unknown) => `must be "a2a-protocol.org" for an A2A error (A2A v1.0 specification, sections 9.5 and 11.6), got ${jsonText(got)}`,
  errorInfoMissing: (name: string, reason: string) =>
    `an A2A error (${name}) SHOULD carry a google.rpc.ErrorInfo detail with reason ${jsonText(reason)} and domain "a2a-protocol.org" (A2A v1.0 specification, section 9.5)`,
  statusForCode: (code: number, got: string, gotHttp: number) =>
    `must be a google.rpc.Code whose HTTP status is ${code}, the error's code, got ${jsonText(got)} (HTTP ${gotHttp}) (A2A v1.0 specification, section 11.6)`,
  codeForHttp: (status: number, code: number) => `must be the response's HTTP status ${status}, got ${code} (A2A v1.0 specification, section 11.6)`,
  a2aStatus: (name: string, grpc: string, http: number, code: number, status: string) =>
    `${name} is ${http} ${grpc} in the HTTP+JSON binding (A2A v1.0 specification, section 5.4), but the error is ${code} ${status}`,
  rulesStopped: (n: number) => `too many issues: showing the first ${n}; the error-detail checks stopped there`,
  detailsHint: 'error details are an array of ProtoJSON Any objects (A2A v1.0 specification, sections 9.5 and 11.6), e.g. [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org" }]',
  detailHint: 'each error detail is an object with an "@type" type URL (A2A v1.0 specification, sections 9.5 and 11.6), e.g. "type.googleapis.com/google.rpc.ErrorInfo"',
  statusOption: "options.status must be an integer HTTP status",
  unknownName: "must be the name of an A2A error (section 5.4) or a JSON-RPC standard error (section 9.5)",
  metadataNeedsA2a: (name: string) => `metadata goes into a google.rpc.ErrorInfo, which only A2A errors carry (A2A v1.0 specification, section 9.5); ${name} is a JSON-RPC standard error`,
  fieldPrefix: (field: string) => `field ${jsonText(field)} names the params member itself: a field is relative to params, e.g. "message.parts" (A2A v1.0 specification, section 9.5)`,
  fieldPointer: (field: string) => `field ${jsonText(field)} is a JSON Pointer: a field is a dot-separated path relative to the request, e.g. "message.parts" (A2A v1.0 specification, sections 9.5 and 10.6)`,
} as const;
