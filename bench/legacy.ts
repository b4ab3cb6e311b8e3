/** Legacy family: the request message, with every peer including the hand-written one. */
import { built } from "./dist.js";
import { legacyAjv, readSchemas } from "./peers/ajv.js";
import { codeRuleIssues, codeRulesHold, validateRequestMessage as handWritten } from "./peers/handwritten-legacy.js";
import { compileTypeBox, SchemaSet, Unsupported } from "./peers/typebox.js";
import type { TypiaPeers } from "./peers/typia.js";
import { omit, type Contender, type Peer, type Subject } from "./subject.js";

const REQUEST_ID = "https://cdn.jsdelivr.net/npm/a2a-schemas/schemas/legacy/request-message.json";

/** The request example of schemas/legacy/request-message.json. */
export function legacyRequest(): Record<string, any> {
  return readSchemas("schemas/legacy").find((s) => s.$id === REQUEST_ID)!.examples[0];
}

/** Schema errors first; on a schema-valid input the package's two code rules, as it runs them. */
const withCodeRules =
  (errors: (x: unknown) => unknown[] | undefined) =>
  (x: unknown): true | unknown[] =>
    errors(x) ?? (codeRulesHold(x) || codeRuleIssues(x, []));

export async function legacySubject(typia: TypiaPeers | string): Promise<Subject> {
  const L = await import(built("legacy/index.js"));
  const Z = await import(built("legacy/zod.js"));
  const request = legacyRequest();
  const ajv = legacyAjv()(REQUEST_ID);
  const absent: Partial<Record<Peer, string>> = {};
  const contenders: Contender[] = [
    { peer: "a2a-schemas", call: "validateRequestMessage", run: (x) => L.validateRequestMessage(x), passed: (r) => r.ok },
    {
      peer: "ajv",
      call: "getSchema(request-message.json) (allErrors on the invalid path), plus the two code rules",
      run: (x) => ajv.first(x) && codeRulesHold(x),
      runAll: withCodeRules((x) => (ajv.all(x) ? undefined : ajv.all.errors!)),
      passed: (r) => r === true,
    },
    { peer: "zod", call: "RequestMessageSchema.safeParse (a2a-schemas/legacy/zod)", run: (x) => Z.RequestMessageSchema.safeParse(x), passed: (r) => r.success },
  ];
  if (typeof typia === "string") absent.typia = typia;
  else {
    const T = typia.legacy;
    contenders.push({
      peer: "typia",
      call: "createEquals / createValidateEquals<RequestMessage> (bench/peers/typia-src/legacy.ts), plus the two code rules",
      run: (x) => T.isRequestMessage(x) && codeRulesHold(x),
      runAll: withCodeRules((x) => {
        const r = T.validateRequestMessage(x);
        return r.success ? undefined : r.errors;
      }),
      passed: (r) => r === true,
    });
  }
  try {
    const C = compileTypeBox(new SchemaSet(readSchemas("schemas/legacy")), REQUEST_ID, REQUEST_ID);
    contenders.push({
      peer: "typebox",
      call: "TypeCompiler.Compile of the JSON Schema as TypeBox types: Check (Errors on the invalid path), plus the two code rules",
      run: (x) => C.Check(x) && codeRulesHold(x),
      runAll: withCodeRules((x) => (C.Check(x) ? undefined : [...C.Errors(x)])),
      passed: (r) => r === true,
    });
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    absent.typebox = `TypeBox cannot take the schema: ${e.message}`;
  }
  contenders.push({ peer: "handwritten", call: "validateRequestMessage (bench/peers/handwritten-legacy.ts)", run: handWritten, passed: (r) => r.length === 0 });

  const badId = "a7f8d9e2-3c4b-5d6e-7f8a-9b0c1d2e3f4g";
  return {
    id: "legacy-request",
    title: "legacy request",
    valid: request,
    about: `the request example of schemas/legacy/request-message.json (${JSON.stringify(request).length} bytes of JSON)`,
    invalid: [
      { ...request, message_id: badId },
      { ...request, message_id: badId, timestamp: "2025-02-30T10:00:00Z", payload: { method: 42 } },
    ],
    variants: {
      "no payload": omit(request, "payload"),
      "an unknown property": { ...request, priority: 1 },
      'message_type "response"': { ...request, message_type: "response" },
      "a non-null correlation_id": { ...request, correlation_id: "3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f" },
      "a two-character sender_id": { ...request, sender_id: "ab" },
      "a timestamp with an offset": { ...request, timestamp: "2025-12-09T15:30:00+00:00" },
      "hour 24": { ...request, timestamp: "2025-12-09T24:00:00Z" },
      "payload.parameters an array": { ...request, payload: { method: "get_price", parameters: [] } },
      "an unknown payload property": { ...request, payload: { method: "get_price", extra: true } },
      "an auth tag with an uppercase nonce": { ...request, auth: { agent_id: request.sender_id, timestamp: request.timestamp, nonce: "A1B2C3D4E5F60718293A4B5C6D7E8F90", signature: "SGVsbG8=" } },
      "auth.agent_id not the sender (code rule)": { ...request, auth: { agent_id: "someone-else", timestamp: request.timestamp, nonce: "a1b2c3d4e5f60718293a4b5c6d7e8f90", signature: "SGVsbG8=" } },
      "a payload over 10 MiB (code rule)": { ...request, payload: { method: "get_price", parameters: { blob: "a".repeat(10 * 1024 * 1024) } } },
    },
    contenders,
    absent,
  };
}
