/** The `a2a-schemas/v1` API: validate/is/assert, Standard Schema, guarantees on hostile input. */
import { describe, expect, it } from "vitest";
import * as v1 from "../../src/v1/index.js";
import { MESSAGE_NAMES, validate, validateTask, isTask, assertTask, validateMessage, ValidationError } from "../../src/v1/index.js";
import * as R2026 from "../../src/v1/2026-02-17/index.js";
import { readJson } from "./helpers.js";

const task = readJson("fixtures/v1/valid/Task/completed.json");

describe("per-message functions", () => {
  it("exist for all 46 messages", () => {
    for (const n of MESSAGE_NAMES) {
      const api = v1 as Record<string, unknown>;
      expect(typeof api[`validate${n}`], n).toBe("function");
      expect(typeof api[`is${n}`], n).toBe("function");
      expect(typeof api[`assert${n}`], n).toBe("function");
    }
  });

  it("validate, is and assert agree", () => {
    expect(validateTask(task)).toEqual({ ok: true, value: task });
    expect(isTask(task)).toBe(true);
    expect(() => assertTask(task)).not.toThrow();
    const bad = { ...task, status: { state: "TASK_STATE_UNSPECIFIED" } };
    expect(validateTask(bad).ok).toBe(false);
    expect(isTask(bad)).toBe(false);
    expect(() => assertTask(bad)).toThrow(ValidationError);
    expect(() => assertTask(bad)).toThrow(/status.*REQUIRED field "state"/s);
  });

  it("validate(typeName) dispatches and reports an unknown name as an issue", () => {
    expect(validate("Task", task).ok).toBe(true);
    const r = validate("Tsk" as never, task);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]).toMatchObject({ code: "enum", pointer: "" });
    expect(validate(42 as never, task).ok).toBe(false);
  });

  it("implements Standard Schema (strict mode)", () => {
    const std = validateMessage["~standard"];
    expect(std.vendor).toBe("a2a-schemas");
    expect(std.validate({ messageId: "m", role: "ROLE_USER", parts: [{ text: "x" }] })).toEqual({ value: { messageId: "m", role: "ROLE_USER", parts: [{ text: "x" }] } });
    const r = std.validate({ message_id: "m", role: "ROLE_USER", parts: [{ text: "x" }] });
    expect("issues" in r && r.issues!.length).toBeGreaterThan(0);
  });

  it("checks yes/no without issues, per mode", () => {
    const snake = { message_id: "m", role: 1, parts: [{ text: "x" }] };
    expect(validateMessage.check(snake)).toBe(false);
    expect(validateMessage.check(snake, { mode: "lenient" })).toBe(true);
  });
});

describe("issues", () => {
  it("report a oneof once, with its members", () => {
    const r = validate("Part", {});
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.issues).toHaveLength(1);
      expect(r.issues[0]).toMatchObject({ code: "no_match", pointer: "", allowed: ["text", "raw", "url", "data"], received: "none" });
    }
    const two = validate("StreamResponse", { task, message: { messageId: "m", role: "ROLE_AGENT", parts: [{ text: "x" }] } });
    expect(!two.ok && two.issues[0]).toMatchObject({ code: "no_match", received: "task, message" });
  });

  it("point into nested messages", () => {
    const r = validate("SendMessageRequest", { message: { messageId: "m", role: "ROLE_USER", parts: [{ text: "a" }, { url: "relative/path" }] } });
    expect(!r.ok && r.issues[0]).toMatchObject({ pointer: "/message/parts/1/url", code: "format", path: ["message", "parts", 1, "url"] });
  });

  it("say when a field is given under both spellings (lenient)", () => {
    const r = validate("Task", { ...task, context_id: task.contextId }, { mode: "lenient" });
    expect(!r.ok && r.issues).toContainEqual(expect.objectContaining({ pointer: "/context_id", code: "not_allowed" }));
  });

  it("carry v0.3 hints, and lenient mode warns about ignored v0.3 fields", () => {
    const r = validate("Part", { kind: "text", text: "hi" });
    expect(!r.ok && r.issues[0]!.hint).toMatch(/\{ text \}/);
    const ok = validate("Part", { kind: "text", text: "hi" }, { mode: "lenient" });
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.warnings?.[0]).toMatchObject({ pointer: "/kind", severity: "warning" });
    const card = validate("AgentCard", { ...readJson("fixtures/v1/valid/AgentCard/full.json"), preferredTransport: "JSONRPC" });
    expect(!card.ok && card.issues[0]!.hint).toMatch(/supportedInterfaces/);
  });
});

describe("guarantees", () => {
  it("never throw, whatever the input", () => {
    const cyclic: Record<string, unknown> = { messageId: "m", role: "ROLE_USER" };
    cyclic.parts = [cyclic];
    let deep: unknown = { text: "x" };
    for (let i = 0; i < 50_000; i++) deep = { task: deep };
    const inputs: unknown[] = [undefined, null, 0, NaN, "", [], () => 1, Symbol("s"), 10n, new Date(), cyclic, deep, Object.create(null), new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } })];
    for (const [revision, names] of [["1.0", MESSAGE_NAMES], ["2026-02-17", R2026.MESSAGE_NAMES]] as const) {
      for (const name of names) {
        for (const input of inputs) {
          for (const mode of ["strict", "lenient"] as const) {
            const r = validate(name, input, { mode, revision });
            expect(typeof r.ok).toBe("boolean");
          }
        }
      }
    }
  });

  it("never mutate the input", () => {
    const input = JSON.parse(JSON.stringify({ ...task, kind: "task", status: { state: "completed" } }));
    const before = JSON.stringify(input);
    validate("Task", input);
    validate("Task", input, { mode: "lenient" });
    expect(JSON.stringify(input)).toBe(before);
    Object.freeze(input);
    expect(() => validate("Task", input)).not.toThrow();
  });

  it("treat __proto__ and constructor keys as plain unknown properties", () => {
    const r = validate("Message", JSON.parse('{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}],"__proto__":{"admin":true}}'));
    expect(!r.ok && r.issues[0]).toMatchObject({ code: "unknown_property", property: "__proto__" });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const meta = validate("Message", JSON.parse('{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}],"metadata":{"__proto__":{"a":1},"constructor":1}}'));
    expect(meta.ok).toBe(true);
  });

  it("cap the issue list on hostile input, quickly", () => {
    const parts = Array.from({ length: 5000 }, () => ({ kind: "text", text: 1 }));
    const t0 = performance.now();
    const r = validate("Message", { messageId: "m", role: "user", parts });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(!r.ok && r.issues.length).toBe(101);
    expect(!r.ok && r.issues[100]!.code).toBe("too_many_issues");
  });

  it("cap the warnings of ignored fields in lenient mode, quickly", () => {
    const many: Record<string, unknown> = { ...task };
    for (let i = 0; i < 200_000; i++) many[`x${i}`] = i;
    const t0 = performance.now();
    const r = validate("Task", many, { mode: "lenient" });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(r.ok && r.warnings?.length).toBe(101);
    expect(r.ok && r.warnings?.[100]).toMatchObject({ code: "too_many_issues", received: "200000", severity: "warning" });
    const sec: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) sec[`s${i}`] = [];
    const s = validate("SecurityRequirement", sec, { mode: "lenient" });
    expect(!s.ok && s.issues[0]!.message.length).toBeLessThan(400);
  });

  it("bound work on huge strings", () => {
    const big = "A".repeat(64 * 1024 * 1024 + 4);
    const r = validate("Part", { raw: big });
    expect(!r.ok && r.issues[0]!.code).toBe("too_long");
    const url = "https://example.com/" + "a".repeat(9000);
    expect(validate("Part", { url }).ok).toBe(false);
    // The binding-dependent URL patterns are linear and capped.
    const t0 = performance.now();
    for (const u of ["a".repeat(8180) + ":1x", "a.".repeat(4000) + ":", "a".repeat(5_000_000)]) {
      for (const protocolBinding of ["GRPC", "JSONRPC"]) {
        for (const mode of ["strict", "lenient"] as const) expect(validate("AgentInterface", { url: u, protocolBinding, protocolVersion: "1.0" }, { mode }).ok).toBe(false);
      }
    }
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
