/**
 * A `__proto__` member (an own data property, as JSON.parse makes it) is data like any other: the
 * validators accept it where the schema allows any member, and the Zod models must give it back
 * in their output, at the top of a free-form object, nested in typed objects and arrays, in a map,
 * in an open (default-mode) object. Where the validators refuse it, the models still refuse it, with
 * the same issues (the "refuses" tests: guards that the fix keeps nothing the validators refuse;
 * they pass before it too).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as legacy from "../../src/legacy/index.js";
import * as legacyZod from "../../src/legacy/zod.js";
import { SESSION_VALIDATORS, type SessionTypeName } from "../../src/session/index.js";
import * as sessionZod from "../../src/session/zod.js";
import * as v2026Zod from "../../src/v1/2026-02-17/zod.js";
import { validateByName } from "../../src/v1/validators.js";
import * as v1Zod from "../../src/v1/zod.js";
import { keys, legacyCase, sessionCase, v1Case, type Case } from "./cases.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures");
const fixture = (path: string): any => JSON.parse(readFileSync(join(FIXTURES, path), "utf8"));

/** `members` as a JSON object whose first member is `"__proto__": value`, made by JSON.parse. */
function withProto(value: unknown, members: Record<string, unknown> = {}): Record<string, unknown> {
  const rest = JSON.stringify(members).slice(1);
  return JSON.parse(`{"__proto__":${JSON.stringify(value)}${rest === "}" ? "}" : `,${rest}`}`);
}

type Parse = { safeParse(x: unknown): { success: boolean; data?: unknown } };

interface Kept {
  readonly name: string;
  readonly input: unknown;
  /** The validator's answer. */
  readonly validate: () => { ok: boolean; value?: unknown };
  readonly model: Parse;
}

/** Both accept; the model's output equals the input (own properties, `__proto__` included, and prototypes), as the validator's value does. */
function expectKept({ input, validate, model }: Kept): void {
  const protoKeys = Object.getOwnPropertyNames(Object.prototype).length;
  const v = validate();
  expect(v.ok, "the validator accepts it").toBe(true);
  expect(isDeepStrictEqual(v.value, input)).toBe(true);
  const r = model.safeParse(input);
  expect(r.success, "the Zod model accepts it").toBe(true);
  expect(isDeepStrictEqual(r.data, input), `the Zod output keeps __proto__: ${JSON.stringify(r.data)}`).toBe(true);
  expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(protoKeys);
  expect(({} as Record<string, unknown>)["a"]).toBeUndefined();
}

/** Both refuse it, with the same issues. */
function expectRefused(c: Case): void {
  const v = c.validator();
  expect(v, "the validator refuses it").toBeDefined();
  expect(keys(c.zod())).toEqual(keys(v));
}

describe.each(["1.0", "2026-02-17"] as const)("v1 %s", (revision) => {
  const dir = revision === "1.0" ? "v1/valid" : "v1/2026-02-17/valid";
  const models = (revision === "1.0" ? v1Zod.schemas : v2026Zod.schemas) as unknown as Record<string, Parse>;
  const kept = (name: string, type: string, input: unknown): Kept => ({ name, input, validate: () => validateByName(type, input, { revision }), model: models[type]! });
  const task = () => fixture(`${dir}/Task/completed.json`);
  const flow = () => fixture(`${dir}/AuthorizationCodeOAuthFlow/basic.json`);

  it.each([
    kept("Message.metadata holding only __proto__ (null)", "Message", { ...fixture(`${dir}/Message/user.json`), metadata: withProto(null) }),
    kept("Task.metadata", "Task", { ...task(), metadata: withProto({ a: { b: [1, "x"] } }, { k: 1 }) }),
    kept("Task.metadata, nested twice", "Task", { ...task(), metadata: withProto([withProto(1)], { k: withProto({ c: true }) }) }),
    kept("Task.history[1].metadata (in an array)", "Task", (() => {
      const t = task();
      t.history[1].metadata = withProto("x");
      return t;
    })()),
    kept("Task.artifacts[0].metadata", "Task", (() => {
      const t = task();
      t.artifacts[0].metadata = withProto({ a: 1 });
      return t;
    })()),
    kept("OAuth flow scopes (a map)", "AuthorizationCodeOAuthFlow", { ...flow(), scopes: withProto("read everything", { write: "write" }) }),
  ])("keeps $name", expectKept);

  it("refuses a map's __proto__ value of the wrong type as the validator does", () => {
    expectRefused(v1Case(revision, "AuthorizationCodeOAuthFlow", { ...flow(), scopes: withProto(5, { write: "write" }) }));
  });

  it("refuses __proto__ in a typed (closed) object as the validator does", () => {
    expectRefused(v1Case(revision, "Task", { ...withProto({ a: 1 }), ...task() }));
  });
});

describe("legacy", () => {
  const kept = (name: string, type: string, input: unknown): Kept => ({
    name,
    input,
    validate: () => (legacy as unknown as Record<string, (x: unknown) => { ok: boolean; value?: unknown }>)[`validate${type}`]!(input),
    model: (legacyZod as unknown as Record<string, Parse>)[`${type}Schema`]!,
  });
  const request = () => fixture("legacy/valid/request/get-price.json");
  const ack = () => fixture("legacy/valid/handshake_ack/accepted.json");

  it.each([
    kept("payload.parameters, top level", "RequestMessage", { ...request(), payload: { method: "get_price", parameters: withProto({ a: 1 }, { currency: "BTC" }) } }),
    kept("payload.parameters through LegacyMessage", "LegacyMessage", { ...request(), payload: { method: "get_price", parameters: withProto({ a: 1 }, { currency: "BTC" }) } }),
    kept("payload.parameters, top level and nested", "RequestMessage", { ...request(), payload: { method: "get_price", parameters: withProto(2, { list: [withProto({ a: 1 })] }) } }),
    kept("an open payload's own __proto__ member", "HandshakeAckMessage", { ...ack(), payload: withProto({ a: 1 }, { accepted: true }) }),
  ])("keeps $name", expectKept);

  it("refuses __proto__ in a closed object as the validator does", () => {
    expectRefused(legacyCase("RequestMessage", { ...request(), payload: withProto(1, { method: "get_price" }) }));
  });
});

describe("session", () => {
  const kept = (name: string, type: SessionTypeName, mode: "default" | "strict", input: unknown): Kept => ({
    name: `${name} (${mode})`,
    input,
    validate: () => SESSION_VALIDATORS[type](input, { mode }),
    model: sessionZod.SESSION_ZOD_MODELS[type][mode] as Parse,
  });
  const message = () => fixture("session/valid/Message/minimal.json");
  const card = () => fixture("session/valid/AgentCard/full.json");
  const withParameters = (value: unknown) => {
    const c = card();
    c.capabilities[0].parameters = value;
    return c;
  };

  it.each([
    kept("Message.metadata", "Message", "default", { ...message(), metadata: withProto({ a: 1 }, { k: 1 }) }),
    kept("Message.metadata", "Message", "strict", { ...message(), metadata: withProto({ a: 1 }, { k: 1 }) }),
    kept("a Message's own __proto__ member", "Message", "default", { ...withProto({ a: [1] }), ...message() }),
    kept("AgentCard.capabilities[0].parameters (in an array)", "AgentCard", "default", withParameters(withProto({ a: 1 }, { k: 1 }))),
    kept("AgentCard.capabilities[0].parameters (in an array)", "AgentCard", "strict", withParameters(withProto({ a: 1 }, { k: 1 }))),
    kept("AgentCard.capabilities[0]'s own __proto__ member", "AgentCard", "default", (() => {
      const c = card();
      c.capabilities[0] = { ...withProto(2), ...c.capabilities[0] };
      return c;
    })()),
  ])("keeps $name", expectKept);

  it("refuses a Message's own __proto__ member in strict mode as the validator does", () => {
    expectRefused(sessionCase("Message", "strict", { ...withProto({ a: 1 }), ...message() }));
  });
});

describe("schemas derived from the models", () => {
  const metadata = withProto({ a: 1 }, { k: 1 });
  const task = { ...fixture("v1/valid/Task/completed.json"), metadata };

  it("keep __proto__ through safeParseAsync", async () => {
    expect(isDeepStrictEqual((await v1Zod.TaskSchema.safeParseAsync(task)).data, task)).toBe(true);
    const message = { ...withProto(1), ...fixture("session/valid/Message/minimal.json"), metadata };
    expect(isDeepStrictEqual((await sessionZod.MessageSchema.safeParseAsync(message)).data, message)).toBe(true);
  });

  it("keep __proto__ through z.compile, a refinement and extend", () => {
    for (const model of [z.compile(v1Zod.TaskSchema), v1Zod.TaskSchema.refine(() => true)] as Parse[]) {
      expect(isDeepStrictEqual(model.safeParse(task).data, task)).toBe(true);
    }
    const message = { ...withProto(1), ...fixture("session/valid/Message/minimal.json") };
    expect(isDeepStrictEqual(sessionZod.MessageSchema.extend({}).safeParse(message).data, message)).toBe(true);
    expect(isDeepStrictEqual(z.compile(v1Zod.StructSchema).safeParse(metadata).data, metadata)).toBe(true);
  });

  it("refuse it once made strict, as Zod does", () => {
    expect(sessionZod.MessageSchema.strict().safeParse({ ...withProto(1), ...fixture("session/valid/Message/minimal.json") }).success).toBe(false);
  });
});
