/**
 * One issue per field where one cause explains it (issue 22, point 6): an agent id that is too short is
 * `too_short` only; its pattern no longer restates the length, so it fails only on what it alone checks.
 */
import { describe, expect, it } from "vitest";
import { validateMessage } from "../../src/legacy/index.js";
import { LegacyMessageSchema, issuesFromZod } from "../../src/legacy/zod.js";

const base = { message_id: "3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e3f", message_type: "request", sender_id: "client-agent-001", recipient_id: "server-agent-001", timestamp: "2025-12-09T15:30:00.000Z", payload: { method: "ping" } };

describe("agent ids", () => {
  it.each([
    ["a", ["too_short"]],
    ["ab", ["too_short"]],
    ["-a", ["too_short", "pattern"]], // two causes: too short, and a leading hyphen
    ["-ab", ["pattern"]],
    ["ab-", ["pattern"]],
    ["a_b", ["pattern"]],
    ["a".repeat(129), ["too_long"]],
  ])("sender_id %j gives %j", (id, codes) => {
    const input = { ...base, sender_id: id };
    const r = validateMessage(input);
    expect(r.ok).toBe(false);
    const issues = (r as unknown as { issues: Array<{ pointer: string; code: string }> }).issues;
    expect(issues.filter((i) => i.pointer === "/sender_id").map((i) => i.code)).toEqual(codes);
    const z = LegacyMessageSchema.safeParse(input);
    expect(z.success).toBe(false);
    expect(issuesFromZod(z.error, input).filter((i) => i.pointer === "/sender_id").map((i) => i.code)).toEqual(codes);
  });

  it.each(["abc", "a-b", "A1-2-3", "a".repeat(128)])("sender_id %j is valid", (id) => {
    expect(validateMessage({ ...base, sender_id: id }).ok).toBe(true);
  });
});
