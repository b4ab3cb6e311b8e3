/**
 * Every export of the extension that reads input returns issues (or
 * undefined) for input that fights back: throwing getters, Proxy traps that
 * throw (an Error, 42, or a value whose own `instanceof` check throws), revoked
 * proxies and cycles, wherever they sit. And none of them writes to its input.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkStructuredOutput,
  declaresObjectSchemas,
  flaggedPart,
  modeForSchema,
  patternProblem,
  resolveStructuredInput,
  SchemaCache,
  schemaNameOfMode,
  validateObjectSchemasCard,
  type ValidationIssue,
} from "../../src/extensions/object-schemas/index.js";

const exampleCard = JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/extensions/object-schemas/valid/ObjectSchemasCard/extension-example-card.json"), "utf8"));
const flagged = (name: string, data: unknown) => ({ kind: "data", data, metadata: { mimeType: `application/json;schema=${name}` } });
const message = { role: "user", parts: [{ kind: "text", text: "hi" }, flagged("fightComparison", { a: "duck", b: "horse" })] };
const task = { id: "t", artifacts: [{ parts: [flagged("fightResponse", { winner: "duck", probability: 0.5, explanation: "size" })] }] };
const v1Part = { data: { a: "x", b: "y" }, mediaType: "application/json;schema=fightComparison" };

// ---------------------------------------------------------------------------
// Hostile values, built around the value they replace so that reads get past the first trap.

const boom = (): never => {
  throw new Error("boom");
};
/** Thrown: `err instanceof RangeError` on it throws too. */
const nastyThrown = () => new Proxy({}, { getPrototypeOf: boom, get: boom, has: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
const TRAPS = ["get", "getOwnPropertyDescriptor", "ownKeys", "has", "getPrototypeOf", "defineProperty", "set", "deleteProperty", "isExtensible", "preventExtensions", "setPrototypeOf"] as const;
const KEYS_READ = ["capabilities", "extensions", "uri", "schemas", "parts", "kind", "data", "metadata", "mimeType", "mediaType", "artifacts", "skills", "inputModes", "outputModes", "defaultInputModes", "$ref", "type", "properties", "limits", "cache", "hasTask", "validateCard", "toString"];

function copyOf(original: unknown): object {
  if (original === null || typeof original !== "object") return {};
  // Options hold functions, which structuredClone refuses: a shallow copy will do.
  return Object.values(original).some((v) => typeof v === "function") ? { ...original } : structuredClone(original);
}

function withGetters(target: object, thrower: () => never): object {
  for (const key of new Set([...Object.keys(target), ...KEYS_READ])) Object.defineProperty(target, key, { get: thrower, enumerable: true, configurable: true });
  return target;
}

function allTraps(thrower: () => never): ProxyHandler<object> {
  return Object.fromEntries(TRAPS.map((t) => [t, thrower]));
}

function hostile(original: unknown): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const trap of TRAPS) out.push([`a Proxy whose ${trap} trap throws`, new Proxy(copyOf(original), { [trap]: boom })]);
  for (const [what, thrown] of [["42", 42], ["undefined", undefined], ["a value whose instanceof check throws", nastyThrown()]] as const) {
    const thrower = (): never => {
      throw thrown;
    };
    out.push([`a Proxy whose every trap throws ${what}`, new Proxy(copyOf(original), allTraps(thrower))]);
    out.push([`an object whose getters throw ${what}`, withGetters(copyOf(original), thrower)]);
  }
  out.push(["an object whose getters throw an Error", withGetters(copyOf(original), boom)]);
  const revoked = Proxy.revocable(copyOf(original), {});
  revoked.revoke();
  out.push(["a revoked proxy", revoked.proxy]);
  const revokedArray = Proxy.revocable([], {});
  revokedArray.revoke();
  out.push(["a revoked array proxy", revokedArray.proxy]);
  const cyclic = copyOf(original) as Record<string, unknown> | unknown[];
  if (Array.isArray(cyclic)) cyclic.push(cyclic);
  else cyclic.self = cyclic;
  out.push(["a cyclic value", cyclic]);
  return out;
}

/** Every place in a JSON value (the root is []). */
function places(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...places(v, [...at, i])));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...places(v, [...at, k]));
  return out;
}

function get(value: unknown, at: ReadonlyArray<string | number>): unknown {
  return at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
}

function replaced(value: unknown, at: ReadonlyArray<string | number>, by: unknown): unknown {
  if (at.length === 0) return by;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  (get(copy, at.slice(0, -1)) as Record<string | number, unknown>)[at[at.length - 1]!] = by;
  return copy;
}

/** Each hostile value at each place of `value`. */
function* variants(value: unknown): Generator<[string, unknown]> {
  for (const at of places(value)) for (const [what, h] of hostile(get(value, at))) yield [`${what} at /${at.join("/")}`, replaced(value, at, h)];
}

const isIssues = (issues: unknown) =>
  Array.isArray(issues) && issues.every((i: ValidationIssue) => typeof i.pointer === "string" && typeof i.code === "string" && typeof i.message === "string");

// ---------------------------------------------------------------------------

describe("no export throws on hostile input", () => {
  it("validateObjectSchemasCard", () => {
    let n = 0;
    for (const [what, card] of variants(exampleCard)) {
      let r: ReturnType<typeof validateObjectSchemasCard> | undefined;
      expect(() => (r = validateObjectSchemasCard(card)), what).not.toThrow();
      expect(typeof r!.ok, what).toBe("boolean");
      if (!r!.ok) expect(isIssues(r!.issues), what).toBe(true);
      n++;
    }
    expect(n).toBeGreaterThan(1000);
    for (const [what, options] of hostile({ limits: {}, validateCard: () => ({ ok: true, value: 1 }) })) {
      let r: ReturnType<typeof validateObjectSchemasCard> | undefined;
      expect(() => (r = validateObjectSchemasCard(exampleCard, options as never)), what).not.toThrow();
      expect(typeof r!.ok, what).toBe("boolean");
    }
    for (const thrown of [new Error("x"), 42, undefined, nastyThrown()]) {
      const r = validateObjectSchemasCard(exampleCard, {
        validateCard: () => {
          throw thrown;
        },
      });
      expect(r.ok ? [] : r.issues.map((i) => i.code)).toEqual(["invalid"]);
    }
  });

  it("resolveStructuredInput", () => {
    const kinds = new Set(["none", "input", "undeclared_schema", "unusable_schema", "invalid_data", "task_running", "unreadable"]);
    for (const [what, m] of variants(message)) {
      for (const hasTask of [false, true]) {
        let r: ReturnType<typeof resolveStructuredInput> | undefined;
        expect(() => (r = resolveStructuredInput(exampleCard, m, { hasTask })), what).not.toThrow();
        expect(kinds.has(r!.kind), what).toBe(true);
        if ("issues" in r!) expect(isIssues(r!.issues), what).toBe(true);
      }
    }
    for (const [what, card] of variants(exampleCard)) {
      let r: ReturnType<typeof resolveStructuredInput> | undefined;
      expect(() => (r = resolveStructuredInput(card, message, { hasTask: false })), what).not.toThrow();
      expect(kinds.has(r!.kind), what).toBe(true);
    }
    for (const [what, options] of hostile({ hasTask: false, limits: {} })) {
      expect(() => resolveStructuredInput(exampleCard, message, options as never), what).not.toThrow();
    }
  });

  it("checkStructuredOutput", () => {
    for (const [what, t] of variants(task)) {
      let r: ReturnType<typeof checkStructuredOutput> | undefined;
      expect(() => (r = checkStructuredOutput(exampleCard, t)), what).not.toThrow();
      expect(typeof r!.ok, what).toBe("boolean");
      expect(isIssues(r!.issues), what).toBe(true);
    }
    for (const [what, card] of variants(exampleCard)) {
      expect(() => checkStructuredOutput(card, task), what).not.toThrow();
    }
    for (const [what, options] of hostile({ limits: {} })) {
      expect(() => checkStructuredOutput(exampleCard, task, options as never), what).not.toThrow();
    }
  });

  it("declaresObjectSchemas and flaggedPart", () => {
    for (const [what, card] of variants(exampleCard)) {
      let r: unknown;
      expect(() => (r = declaresObjectSchemas(card)), what).not.toThrow();
      expect(typeof r, what).toBe("boolean");
    }
    for (const part of [message.parts[1], v1Part]) {
      for (const [what, p] of variants(part)) {
        let r: ReturnType<typeof flaggedPart> | undefined;
        expect(() => (r = flaggedPart(p, 0)), what).not.toThrow();
        if (r !== undefined) expect(typeof r.schemaName, what).toBe("string");
      }
    }
  });

  it("the mode helpers and patternProblem", () => {
    const odd: unknown[] = [Symbol("s"), 42n, { toString: boom }, Object.create(null), ...hostile({}).map(([, v]) => v)];
    for (const v of odd) {
      expect(() => schemaNameOfMode(v)).not.toThrow();
      expect(schemaNameOfMode(v)).toBeUndefined();
      expect(() => modeForSchema(v as string)).not.toThrow();
      expect(typeof modeForSchema(v as string)).toBe("string");
      expect(() => patternProblem(v as string, 512)).not.toThrow();
      expect(patternProblem(v as string, 512)).toBeDefined();
    }
    expect(modeForSchema("fightComparison")).toBe("application/json;schema=fightComparison");
    // A name that cannot become a string gives a mode that names no schema.
    expect(schemaNameOfMode(modeForSchema(Symbol("s") as never))).toBe("Symbol(s)");
    expect(schemaNameOfMode(modeForSchema({ toString: boom } as never))).toBeUndefined();
  });

  it("SchemaCache: a hostile schema anywhere, or hostile limits", () => {
    const schema = exampleCard.schemas.fightResponse;
    const cache = new SchemaCache();
    for (const [what, s] of variants(schema)) {
      let r: ReturnType<SchemaCache["compile"]> | undefined;
      expect(() => (r = cache.compile(s, ["schemas", "x"])), what).not.toThrow();
      if (!r!.ok) expect(isIssues(r!.issues), what).toBe(true);
    }
    for (const [what, limits] of hostile({ maxSchemaBytes: 1000 })) {
      const c = new SchemaCache(limits as never);
      expect(() => c.compile(schema), what).not.toThrow();
    }
  });
});

describe("cycles give issues, not exceptions", () => {
  it("a cyclic schema, cyclic data, a cyclic card", () => {
    const loop: Record<string, unknown> = { type: "object" };
    loop.properties = { self: loop };
    const card = { ...exampleCard, schemas: { ...exampleCard.schemas, loop } };
    const r = validateObjectSchemasCard(card);
    expect(r.ok ? [] : r.issues.map((i) => [i.pointer, i.code])).toEqual([["/schemas/loop", "not_serializable"]]);
    const data: Record<string, unknown> = { a: "x", b: "y" };
    data.c = data;
    const input = resolveStructuredInput(exampleCard, { parts: [flagged("fightComparison", data)] }, { hasTask: false });
    expect(input.kind === "invalid_data" && input.issues.map((i) => [i.pointer, i.code])).toEqual([["/parts/0/data", "not_serializable"]]);
    const self: Record<string, unknown> = structuredClone(exampleCard);
    self.self = self;
    expect(validateObjectSchemasCard(self).ok).toBe(true);
    expect(declaresObjectSchemas(self)).toBe(true);
  });
});

// ---------------------------------------------------------------------------

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A view of `value` that records every write attempted through it, at any depth. */
function watched<T>(value: T, writes: string[], at = ""): T {
  if (value === null || typeof value !== "object") return value;
  return new Proxy(value as object, {
    get: (t, k, r) => (typeof k === "string" ? watched(Reflect.get(t, k, r), writes, `${at}/${k}`) : Reflect.get(t, k, r)),
    set: (t, k, v, r) => (writes.push(`set ${at}/${String(k)}`), Reflect.set(t, k, v, r)),
    defineProperty: (t, k, d) => (writes.push(`define ${at}/${String(k)}`), Reflect.defineProperty(t, k, d)),
    deleteProperty: (t, k) => (writes.push(`delete ${at}/${String(k)}`), Reflect.deleteProperty(t, k)),
    setPrototypeOf: (t, p) => (writes.push(`setPrototypeOf ${at}`), Reflect.setPrototypeOf(t, p)),
    preventExtensions: (t) => (writes.push(`preventExtensions ${at}`), Reflect.preventExtensions(t)),
  }) as T;
}

describe("no export writes to its input", () => {
  const badCard = { ...exampleCard, schemas: { ...exampleCard.schemas, tree: { type: "object", properties: { kids: { type: "array", items: { $ref: "#" } } } } } };
  const badMessage = { parts: [flagged("fightComparison", { a: 1, extra: true })] };
  const calls: Array<[string, (card: unknown, input: unknown) => unknown, unknown, unknown]> = [
    ["validateObjectSchemasCard", (c) => validateObjectSchemasCard(c, { validateCard: () => ({ ok: true, value: null }) }), exampleCard, null],
    ["validateObjectSchemasCard (refused)", (c) => validateObjectSchemasCard(c), badCard, null],
    ["resolveStructuredInput", (c, m) => resolveStructuredInput(c, m, { hasTask: false }), exampleCard, message],
    ["resolveStructuredInput (invalid data, on a task)", (c, m) => resolveStructuredInput(c, m, { hasTask: true }), exampleCard, badMessage],
    ["checkStructuredOutput", (c, t) => checkStructuredOutput(c, t), exampleCard, task],
    ["declaresObjectSchemas", (c) => declaresObjectSchemas(c), exampleCard, null],
    ["flaggedPart", (_c, p) => flaggedPart(p, 0), null, message.parts[1]],
    ["SchemaCache.compile", (_c, s) => ((r) => (r.ok ? "compiled" : r.issues))(new SchemaCache().compile(s)), null, exampleCard.schemas.fightResponse],
  ];

  it.each(calls)("%s: same result on frozen input, and no write attempted", (_name, call, card, input) => {
    const expected = call(structuredClone(card), structuredClone(input));
    const before = JSON.stringify([card, input]);
    const frozen = deepFreeze(structuredClone([card, input]));
    expect(call(frozen[0], frozen[1])).toEqual(expected);
    const writes: string[] = [];
    call(watched(structuredClone(card), writes), watched(structuredClone(input), writes));
    expect(writes).toEqual([]);
    expect(JSON.stringify([card, input])).toBe(before);
  });
});
