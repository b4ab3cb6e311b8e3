/**
 * Type tests: every proto oneof (Part.content, SendMessageResponse.payload, StreamResponse.payload,
 * SecurityScheme.scheme, OAuthFlows.flow; see ONEOFS in src/generated/v1/meta.ts) is an exclusive
 * union in the generated types of both revisions and in what their Zod models infer: a value with
 * two members does not compile, as a literal or through a variable.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type * as V1 from "../../src/v1/index.js";
import type * as O from "../../src/v1/2026-02-17/index.js";
import type * as Z from "../../src/v1/zod.js";
import type * as Z2026 from "../../src/v1/2026-02-17/zod.js";

const task = {} as V1.Task;
const message = {} as V1.Message;
const statusUpdate = {} as V1.TaskStatusUpdateEvent;
const artifactUpdate = {} as V1.TaskArtifactUpdateEvent;
const apiKey: V1.APIKeySecurityScheme = { location: "header", name: "X-API-Key" };
const http: V1.HTTPAuthSecurityScheme = { scheme: "Bearer" };
const clientCredentials: V1.ClientCredentialsOAuthFlow = { tokenUrl: "https://auth.example/token", scopes: {} };
const authorizationCode: V1.AuthorizationCodeOAuthFlow = { authorizationUrl: "https://auth.example/a", tokenUrl: "https://auth.example/token", scopes: {} };

describe("A2A v1.0: oneofs are exclusive unions", () => {
  it("a value that sets one member compiles", () => {
    const parts: V1.Part[] = [
      { text: "hello", mediaType: "text/plain", metadata: { k: 1 } },
      { raw: "AAE=", filename: "a.bin", mediaType: "application/octet-stream" },
      { url: "https://files.example/a.pdf", filename: "a.pdf" },
      { data: { any: ["json"] }, mediaType: "application/json" },
    ];
    const responses: V1.SendMessageResponse[] = [{ task }, { message }];
    const events: V1.StreamResponse[] = [{ task }, { message }, { statusUpdate }, { artifactUpdate }];
    const schemes: V1.SecurityScheme[] = [{ apiKeySecurityScheme: apiKey }, { httpAuthSecurityScheme: http }, { mtlsSecurityScheme: {} }];
    const flows: V1.OAuthFlows[] = [{ clientCredentials }, { authorizationCode }];
    expectTypeOf(parts).toEqualTypeOf<V1.Part[]>();
    expectTypeOf([responses, events, schemes, flows]).not.toBeNever();
  });

  it("a literal that sets two members does not compile", () => {
    // @ts-expect-error a Part is text, raw, url or data: not text and data
    const p: V1.Part = { text: "hello", data: { a: 1 } };
    // @ts-expect-error not raw and url
    const q: V1.Part = { raw: "AAE=", url: "https://files.example/a" };
    // @ts-expect-error a SendMessageResponse is a task or a message, not both
    const r: V1.SendMessageResponse = { task, message };
    // @ts-expect-error one StreamResponse event carries one payload
    const s: V1.StreamResponse = { statusUpdate, artifactUpdate };
    // @ts-expect-error one security scheme per SecurityScheme
    const t: V1.SecurityScheme = { apiKeySecurityScheme: apiKey, httpAuthSecurityScheme: http };
    // @ts-expect-error one flow per OAuthFlows
    const u: V1.OAuthFlows = { clientCredentials, authorizationCode };
    expectTypeOf([p, q, r, s, t, u]).not.toBeNever();
  });

  it("a variable that sets two members does not compile either (not only an excess-property check)", () => {
    const textAndData = { text: "hello", data: { a: 1 } };
    const taskAndMessage = { task, message };
    const twoFlows = { clientCredentials, authorizationCode };
    // @ts-expect-error text and data
    const p: V1.Part = textAndData;
    // @ts-expect-error task and message
    const r: V1.SendMessageResponse = taskAndMessage;
    // @ts-expect-error two flows
    const f: V1.OAuthFlows = twoFlows;
    // @ts-expect-error a message list cannot hold such a part
    const m: V1.Message = { messageId: "m", role: "ROLE_USER", parts: [textAndData] };
    expectTypeOf([p, r, f, m]).not.toBeNever();
  });

  it("a member narrows the union to its named branch", () => {
    const p = {} as V1.Part;
    expectTypeOf<V1.Part>().toEqualTypeOf<V1.PartWithText | V1.PartWithRaw | V1.PartWithUrl | V1.PartWithData>();
    if (p.text !== undefined) expectTypeOf(p).toEqualTypeOf<V1.PartWithText>();
    else if (p.data !== undefined) expectTypeOf(p).toEqualTypeOf<V1.PartWithData>();
    const r = {} as V1.SendMessageResponse;
    if (r.task !== undefined) expectTypeOf(r).toEqualTypeOf<V1.SendMessageResponseWithTask>();
    else expectTypeOf(r.message).toEqualTypeOf<V1.Message>();
    const e = {} as V1.StreamResponse;
    if (e.statusUpdate !== undefined) expectTypeOf(e.statusUpdate).toEqualTypeOf<V1.TaskStatusUpdateEvent>();
  });

  it("the Zod models infer the same exclusive unions (input and output)", () => {
    expectTypeOf<z.output<typeof Z.PartSchema>>().toEqualTypeOf<V1.Part>();
    expectTypeOf<z.input<typeof Z.PartSchema>>().toEqualTypeOf<V1.Part>();
    expectTypeOf<z.output<typeof Z.SendMessageResponseSchema>>().toEqualTypeOf<V1.SendMessageResponse>();
    expectTypeOf<z.input<typeof Z.StreamResponseSchema>>().toEqualTypeOf<V1.StreamResponse>();
    expectTypeOf<z.output<typeof Z.SecuritySchemeSchema>>().toEqualTypeOf<V1.SecurityScheme>();
    expectTypeOf<z.output<typeof Z.OAuthFlowsSchema>>().toEqualTypeOf<V1.OAuthFlows>();
    const textAndData = { text: "hello", data: { a: 1 } };
    // @ts-expect-error z.infer refuses two members too
    const a: z.infer<typeof Z.PartSchema> = textAndData;
    // @ts-expect-error and z.input
    const b: z.input<typeof Z.SendMessageResponseSchema> = { task, message };
    const c: z.infer<typeof Z.PartSchema> = { text: "hello" };
    expectTypeOf([a, b, c]).not.toBeNever();
  });
});

describe("revision 2026-02-17: the same oneofs are exclusive", () => {
  const task26 = {} as O.Task;
  const message26 = {} as O.Message;

  it("one member compiles, two do not", () => {
    const ok: O.Part[] = [{ text: "hello" }, { raw: "AAE=" }, { url: "https://files.example/a" }, { data: null }];
    const res: O.SendMessageResponse = { message: message26 };
    // @ts-expect-error text and url
    const p: O.Part = { text: "hello", url: "https://files.example/a" };
    // @ts-expect-error task and message
    const r: O.SendMessageResponse = { task: task26, message: message26 };
    const both = { task: task26, message: message26 };
    // @ts-expect-error through a variable too
    const s: O.StreamResponse = both;
    // @ts-expect-error two schemes
    const t: O.SecurityScheme = { apiKeySecurityScheme: apiKey, mtlsSecurityScheme: {} };
    // @ts-expect-error two flows
    const u: O.OAuthFlows = { clientCredentials, authorizationCode };
    expectTypeOf([ok, res, p, r, s, t, u]).not.toBeNever();
  });

  it("its Zod models infer the same unions", () => {
    expectTypeOf<z.output<typeof Z2026.PartSchema>>().toEqualTypeOf<O.Part>();
    expectTypeOf<z.input<typeof Z2026.SendMessageResponseSchema>>().toEqualTypeOf<O.SendMessageResponse>();
    expectTypeOf<O.StreamResponse>().toEqualTypeOf<O.StreamResponseWithTask | O.StreamResponseWithMessage | O.StreamResponseWithStatusUpdate | O.StreamResponseWithArtifactUpdate>();
    // @ts-expect-error two members
    const a: z.infer<typeof Z2026.PartSchema> = { text: "hello", raw: "AAE=" };
    expectTypeOf(a).not.toBeNever();
  });
});
