/**
 * Detection settled by validation: when the keys leave several types equally plausible, the one
 * that validates wins; when none does, the closest one's issues are reported and the others named.
 */
import { describe, expect, it, vi } from "vitest";
import { decide, resolve, type Decided } from "../../src/cli/detect.js";
import { LIKELY, loadFamilies, type CheckContext, type CliIssue, type Family } from "../../src/cli/registry.js";
import { createMessage, createTask, createTextPart } from "../../src/v1/index.js";

const ctx = (mode?: "strict" | "lenient", extra: Record<string, unknown> = {}): CheckContext =>
  ({ mode, method: undefined, freshness: false, now: Date.now(), stream: new Map(), ...extra }) as CheckContext;

interface Outcome {
  family?: string;
  type?: string;
  codes: string[];
  issues: readonly CliIssue[];
}
const outcome = (d: Decided): Outcome =>
  "issue" in d
    ? { codes: [d.issue.code], issues: [d.issue] }
    : { family: d.family.name, type: d.checked.type, codes: d.checked.issues.map((i) => i.code), issues: d.checked.issues };

describe("detection settled by validation (real families)", async () => {
  const families = await loadFamilies();
  // The revision whose Task requires contextId; a context property until --revision is wired.
  const pinned = (mode?: "strict" | "lenient") => ctx(mode, { revision: "2026-02-17" });
  const check = async (value: unknown, c = ctx()) => outcome(await decide(value, families, {}, c, []));

  it("takes the one plausible type that validates: {data} is a v1 Part, not 'Part or session Artifact'", async () => {
    for (const mode of ["strict", "lenient"] as const) {
      expect(await check({ data: { foo: "bar" } }, ctx(mode))).toMatchObject({ family: "v1", type: "Part", codes: [] });
    }
  });

  it("takes the one that validates across families: a session SendMessageResponse", async () => {
    const reply = { message: { id: "m-1", role: "agent", content: "hi", created_at: "2025-01-01T00:00:00Z" } };
    expect(await check(reply)).toMatchObject({ family: "session", type: "SendMessageResponse", codes: [] });
  });

  it("stays ambiguous between the types that validate, and names only those", async () => {
    const message = createMessage({ role: "ROLE_USER", parts: [createTextPart("hi")] });
    const r = await check({ message });
    expect(r.codes).toEqual(["ambiguous"]);
    // session's SendMessageResponse has the same key but does not validate: not a candidate any more
    expect(r.issues[0]!.allowed).toEqual(["SendMessageRequest", "SendMessageResponse", "StreamResponse"]);
    expect(r.issues[0]!.message).toMatch(/--type settles it/);
  });

  it("names the missing field of a Task without contextId, instead of 'Task or session Session'", async () => {
    for (const mode of ["strict", "lenient"] as const) {
      const r = await check({ id: "t-1", status: { state: "TASK_STATE_WORKING" } }, pinned(mode));
      expect(r).toMatchObject({ family: "v1", type: "Task" });
      expect(r.codes).not.toContain("ambiguous");
      expect(r.issues[0]).toMatchObject({ pointer: "", code: "required", property: "contextId" });
      // then the other candidate, as a warning
      expect(r.issues.at(-1)).toMatchObject({ code: "closest_type", severity: "warning", allowed: ["session Session"] });
      expect(r.issues.at(-1)!.message).toMatch(/the closest; --family and --type settle it/);
    }
  });

  it("takes a Task without contextId in revision 1.0, where it validates and a session Session does not", async () => {
    expect(await check({ id: "t-1", status: { state: "TASK_STATE_WORKING" } }, ctx("strict", { revision: "1.0" }))).toMatchObject({ family: "v1", type: "Task", codes: [] });
  });

  it("reports the closest candidate by its own fields, not by the order of families", async () => {
    // v1 Message comes first, but misses messageId and parts and has a v0.3 role; session SendMessageRequest only misses content
    for (const mode of ["strict", "lenient"] as const) {
      const r = await check({ role: "user" }, ctx(mode));
      expect(r).toMatchObject({ family: "session", type: "SendMessageRequest" });
      expect(r.issues.filter((i) => i.severity !== "warning")).toEqual([expect.objectContaining({ code: "required", property: "content" })]);
      expect(r.issues.at(-1)).toMatchObject({ code: "closest_type", allowed: ["v1 Message", "session Message"] });
    }
    // in the revision where a Task needs contextId: v1 Task misses it and has a status of the wrong kind; session Session only misses created_at
    const r = await check({ id: "s-1", status: "active" }, pinned());
    expect(r).toMatchObject({ family: "session", type: "Session" });
    expect(r.issues.at(-1)).toMatchObject({ code: "closest_type", allowed: ["v1 Task"] });
  });

  it("reports the first of equally close candidates, and names the rest", async () => {
    const r = await check({ task: { id: "t", status: { state: "TASK_STATE_WORKING" } } }, pinned());
    expect(r).toMatchObject({ family: "v1", type: "SendMessageResponse" });
    expect(r.issues[0]).toMatchObject({ pointer: "/task", code: "required", property: "contextId" });
    expect(r.issues.at(-1)).toMatchObject({ code: "closest_type", allowed: ["StreamResponse"] });
  });

  it("settles a --type that several families have the same way, and says --family settles it", async () => {
    // a v1 card: valid as v1's AgentCard, not as legacy's or session's
    const card = {
      name: "n",
      description: "d",
      version: "1.0.0",
      supportedInterfaces: [{ url: "https://a.example/", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      capabilities: {},
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "s", name: "s", description: "d", tags: ["t"] }],
    };
    // with more unknown keys than known ones no family claims it; lenient mode ignores them
    const junk = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`x-${i}`, i]));
    expect(resolve({ ...card, ...junk }, families, { type: "AgentCard" }, [])).toMatchObject({ issue: { code: "ambiguous" }, candidates: expect.any(Array) });
    const d = await decide({ ...card, ...junk }, families, { type: "AgentCard" }, ctx("lenient"), []);
    expect(outcome(d)).toMatchObject({ family: "v1", type: "AgentCard" });
    expect(outcome(d).codes.every((c) => c === "unknown_property")).toBe(true);
    const r = outcome(await decide({}, families, { type: "AgentCard" }, ctx(), []));
    expect(r.issues.at(-1)).toMatchObject({ code: "closest_type", message: expect.stringMatching(/; --family settles it$/) });
  });

  it("validates only when the keys leave a choice, and each candidate once", async () => {
    const v1 = families.find((f) => f.name === "v1")!;
    const session = families.find((f) => f.name === "session")!;
    const spies = [vi.spyOn(v1, "validate"), vi.spyOn(session, "validate")];
    try {
      const task = createTask({ id: "t-1", contextId: "c-1", state: "TASK_STATE_WORKING" });
      expect(await check(task)).toMatchObject({ type: "Task", codes: [] });
      expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 0]);
      await check({ data: { foo: "bar" } });
      expect(spies.map((s) => s.mock.calls.length)).toEqual([2, 1]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });

  it("hands the context (mode, and a revision when given) unchanged to every validation", async () => {
    const v1 = families.find((f) => f.name === "v1")!;
    const spy = vi.spyOn(v1, "validate");
    try {
      const c = ctx("lenient", { revision: "1.0" });
      await check({ data: { foo: "bar" } }, c);
      await decide({}, families, { type: "Task" }, c, []);
      expect(spy.mock.calls.length).toBe(2);
      for (const call of spy.mock.calls) expect(call[2]).toBe(c);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the closest candidate, defined", () => {
  const at = (pointer: string, code = "type", extra: Partial<CliIssue> = {}): CliIssue => ({ path: [], pointer, code, message: code, ...extra });
  const missing = (pointer: string, property: string) => at(pointer, "required", { property });
  const warning = (pointer: string) => at(pointer, "unknown_property", { severity: "warning" });

  /** One family whose keys fit all its types equally, each with fixed issues. */
  function family(types: Record<string, CliIssue[]>): Family {
    return {
      name: "fake",
      types: Object.keys(types).map((name) => ({ name })),
      modes: [],
      prepare: async () => {},
      ready: true,
      detect: () => ({ types: Object.keys(types), strength: LIKELY, score: 1 }),
      resolveType: (t) => (t in types ? t : undefined),
      validate: (type) => ({ type, issues: types[type]! }),
      schema: async () => undefined,
    };
  }
  const pick = (types: Record<string, CliIssue[]>) => outcome(decide({ k: 1 }, [family(types)], {}, ctx(), []) as Decided);

  it("is first the fewest errors about the document's own fields", () => {
    const r = pick({
      Missing: [missing("", "a"), missing("", "b")], // two own fields missing
      Mixed: [missing("", "a"), at("/x/y"), at("/x/z")], // one own field missing, two nested values wrong
      Deep: [at("/x/y"), at("/x/z"), at("/x/w"), missing("/x", "v")], // own fields fit; four nested issues
    });
    expect(r.type).toBe("Deep");
    expect(r.issues.at(-1)).toMatchObject({ code: "closest_type", severity: "warning", allowed: ["Missing", "Mixed"] });
    expect(pick({ Missing: [missing("", "a"), missing("", "b")], Mixed: [missing("", "a"), at("/x/y"), at("/x/z")] }).type).toBe("Mixed");
    // an own field of the wrong kind or not the type's counts as an own-field error
    expect(pick({ Unknown: [at("/k", "unknown_property")], Nested: [at("/k/a"), at("/k/b")] }).type).toBe("Nested");
  });

  it("then the fewest errors in all, then the order of the types; warnings never count", () => {
    expect(pick({ Two: [at("/x/y"), at("/x/z")], One: [at("/x/y")] }).type).toBe("One");
    expect(pick({ First: [at("/x/y")], Second: [at("/x/z")] }).type).toBe("First");
    expect(pick({ Noisy: [warning("/a"), warning("/b"), warning("/c"), at("/x/y")], Quiet: [at("/x/y"), at("/x/z")] }).type).toBe("Noisy");
  });

  it("keeps the candidate's own issues first and in order, then the note", () => {
    const own = [missing("", "a"), at("/x")];
    const r = pick({ A: own, B: [missing("", "a"), missing("", "b"), at("/x")] });
    expect(r.issues.slice(0, 2)).toEqual(own);
    expect(r.codes).toEqual(["required", "type", "closest_type"]);
  });

  it("takes the one that validates, with no note; several that validate are ambiguous between those", () => {
    expect(pick({ A: [at("/x")], B: [warning("/y")], C: [missing("", "c")] })).toMatchObject({ type: "B", codes: ["unknown_property"] });
    const r = pick({ A: [], B: [at("/x")], C: [] });
    expect(r).toMatchObject({ codes: ["ambiguous"] });
    expect(r.issues[0]!.allowed).toEqual(["A", "C"]);
  });
});
