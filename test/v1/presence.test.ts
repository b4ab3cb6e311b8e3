/**
 * Field presence (A2A v1.0 specification, section 5.7) and the lenient reader
 * (proto3 JSON as protobuf's own parsers read it), in both revisions.
 */
import { describe, expect, it } from "vitest";
import { validate, type V1Options } from "../../src/v1/index.js";
import { validateByName } from "../../src/v1/validators.js";
import * as meta10 from "../../src/generated/v1/meta.js";
import * as meta2026 from "../../src/generated/v1/2026-02-17/meta.js";
import { readJson, REVISIONS, validFixtures, type Revision } from "./helpers.js";

const META: Record<Revision, typeof meta10 | typeof meta2026> = { "1.0": meta10, "2026-02-17": meta2026 };
const card = readJson("fixtures/v1/valid/AgentCard/full.json");
const skill = readJson("fixtures/v1/valid/AgentSkill/basic.json");
const task = readJson("fixtures/v1/valid/Task/completed.json");
const lenient = { mode: "lenient" } as const;

describe.each(REVISIONS.map((r) => [r] as const))("revision %s", (revision) => {
  const o = (extra?: V1Options): V1Options => ({ revision, ...extra });

  describe("REQUIRED arrays need at least one element (section 5.7)", () => {
    it("skills: [] and tags: [] fail in both modes", () => {
      for (const mode of ["strict", "lenient"] as const) {
        const a = validate("AgentCard", { ...card, skills: [] }, o({ mode }));
        expect(!a.ok && a.issues[0]).toMatchObject({ pointer: "/skills", code: "too_few_items" });
        const s = validate("AgentSkill", { ...skill, tags: [] }, o({ mode }));
        expect(!s.ok && s.issues[0]).toMatchObject({ pointer: "/tags", code: "too_few_items" });
        const nested = validate("AgentCard", { ...card, skills: [{ ...skill, tags: [] }] }, o({ mode }));
        expect(!nested.ok && nested.issues[0]).toMatchObject({ pointer: "/skills/0/tags", code: "too_few_items" });
      }
    });

    it("an absent one is missing in lenient mode too (its default, [], is not a value)", () => {
      const { tags: _, ...noTags } = skill;
      const r = validate("AgentSkill", noTags, o(lenient));
      expect(!r.ok && r.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "tags", message: 'missing required property "tags"' })]);
    });

    it("except ListTasksResponse.tasks: an empty page is how a server says no task matches", () => {
      const empty = { tasks: [], nextPageToken: "", pageSize: 50, totalSize: 0 };
      expect(validate("ListTasksResponse", empty, o()).ok).toBe(true);
      expect(validate("ListTasksResponse", empty, o(lenient)).ok).toBe(true);
    });
  });

  describe("strict mode: REQUIRED present even at its default value (sections 5.7 and 8.4.1)", () => {
    it("accepts the defaults given, rejects them omitted", () => {
      expect(validate("ListTasksResponse", { tasks: [], nextPageToken: "", pageSize: 0, totalSize: 0 }, o()).ok).toBe(true);
      const r = validate("ListTasksResponse", { tasks: [], nextPageToken: "", pageSize: 0 }, o());
      expect(!r.ok && r.issues).toEqual([expect.objectContaining({ code: "required", property: "totalSize" })]);
    });
  });

  describe("lenient mode reads proto3 JSON as protobuf's parsers do", () => {
    it("a default-omitting printer's valid message passes, as its defaults", () => {
      const r = validate("ListTasksResponse", { pageSize: 10 }, o(lenient));
      expect(r).toEqual({ ok: true, value: { pageSize: 10, tasks: [], nextPageToken: "", totalSize: 0 } });
      expect(validate("ListTasksResponse", { pageSize: 10 }, o()).ok).toBe(false);
      expect(validate("ClientCredentialsOAuthFlow", { tokenUrl: "https://a.example/t" }, o(lenient))).toEqual({ ok: true, value: { tokenUrl: "https://a.example/t", scopes: {} } });
    });

    it("null is the default value: absent; a null oneof member is not set", () => {
      expect(validate("Part", { text: null, data: { a: 1 } }, o(lenient))).toEqual({ ok: true, value: { data: { a: 1 } } });
      expect(validate("Part", { text: null, data: { a: 1 } }, o()).ok).toBe(false);
      // For google.protobuf.Value, null is a value: data is set, so two members are.
      const two = validate("Part", { text: "x", data: null }, o(lenient));
      expect(!two.ok && two.issues[0]).toMatchObject({ code: "no_match", received: "text, data" });
      expect(validate("Part", { data: null }, o(lenient))).toEqual({ ok: true, value: { data: null } });
      const m = validate("Message", { messageId: "m", role: "ROLE_USER", parts: [{ text: "x" }], contextId: null, metadata: null, extensions: null }, o(lenient));
      expect(m).toEqual({ ok: true, value: { messageId: "m", role: "ROLE_USER", parts: [{ text: "x" }] } });
    });

    it("a REQUIRED field that is null is missing, and the issue says null", () => {
      const r = validate("Message", { messageId: null, role: "ROLE_USER", parts: [{ text: "x" }] }, o(lenient));
      expect(!r.ok && r.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "messageId", message: expect.stringMatching(/is null/) })]);
      const e = validate("Message", { messageId: "m", role: null, parts: [{ text: "x" }] }, o(lenient));
      expect(!e.ok && e.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "role" })]);
      const s = validate("Task", { id: "t", contextId: "c", status: null }, o(lenient));
      expect(!s.ok && s.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "status" })]);
    });

    it("null inside a repeated field or a map is still an error (protobuf's parsers reject it too)", () => {
      expect(validate("Message", { messageId: "m", role: "ROLE_USER", parts: [null] }, o(lenient)).ok).toBe(false);
      expect(validate("ImplicitOAuthFlow", { scopes: { a: null } }, o(lenient)).ok).toBe(false);
    });

    it("ignores every unknown field with a warning at its pointer", () => {
      const r = validate("Task", { ...task, priority: 1, status: { ...task.status, reason: "x" }, history: [{ ...task.history[0], foo: { bar: 1 } }] }, o(lenient));
      expect(r.ok).toBe(true);
      expect(r.ok && r.warnings?.map((w) => [w.pointer, w.code, w.severity])).toEqual([
        ["/status/reason", "unknown_property", "warning"],
        ["/history/0/foo", "unknown_property", "warning"],
        ["/priority", "unknown_property", "warning"],
      ]);
      // Inside Struct and Value data nothing is unknown.
      expect(validate("Task", { ...task, metadata: { anything: { goes: 1 } } }, o(lenient))).toEqual({ ok: true, value: { ...task, metadata: { anything: { goes: 1 } } } });
    });

    it("but a SecurityRequirement emptied by ignoring its keys is an error: {} means no authentication", () => {
      const r = validate("SecurityRequirement", { bearer: [] }, o(lenient));
      expect(!r.ok && r.issues).toEqual([expect.objectContaining({ pointer: "", code: "required", property: "schemes", hint: expect.stringMatching(/"schemes": \{ "bearer": \{ "list": \[\] \} \}/) })]);
      const inCard = validate("AgentCard", { ...card, securityRequirements: [{ oauth: ["agent.read"] }] }, o(lenient));
      expect(!inCard.ok && inCard.issues[0]).toMatchObject({ pointer: "/securityRequirements/0", code: "required", property: "schemes" });
      expect(validate("SecurityRequirement", { schemes: {}, note: "x" }, o(lenient)).ok).toBe(false);
      // Said outright, "no authentication" is valid; and a requirement that names a scheme keeps it.
      expect(validate("SecurityRequirement", { schemes: {} }, o(lenient)).ok).toBe(true);
      expect(validate("SecurityRequirement", {}, o(lenient)).ok).toBe(true);
      const kept = validate("SecurityRequirement", { schemes: { bearer: { list: [] } }, note: "x" }, o(lenient));
      expect(kept.ok && kept.warnings?.[0]).toMatchObject({ pointer: "/note", severity: "warning" });
    });
  });

  describe('"" in a string without presence that is not REQUIRED means unset, in both modes', () => {
    it("so no format applies to it", () => {
      for (const mode of ["strict", "lenient"] as const) {
        expect(validate("AuthorizationCodeOAuthFlow", { authorizationUrl: "https://a.example/a", tokenUrl: "https://a.example/t", refreshUrl: "", scopes: {} }, o({ mode })).ok, mode).toBe(true);
        expect(validate("OAuth2SecurityScheme", { flows: { clientCredentials: { tokenUrl: "https://a.example/t", scopes: {} } }, oauth2MetadataUrl: "" }, o({ mode })).ok, mode).toBe(true);
        expect(validate("AgentExtension", { uri: "" }, o({ mode })).ok, mode).toBe(true);
        expect(validate("AgentExtension", { uri: "not a uri" }, o({ mode })).ok, mode).toBe(false);
      }
    });

    it("while a field with presence that is set to \"\" is set, and checked", () => {
      expect(validate("AgentCard", { ...card, documentationUrl: "" }, o()).ok).toBe(false);
      expect(validate("Part", { url: "" }, o()).ok).toBe(false);
    });
  });

  describe("both printer outputs of every valid fixture (a proto3 JSON printer modelled on the field table)", () => {
    const meta = META[revision];
    const fields = meta.FIELDS as Record<string, ReadonlyArray<readonly [string, string, string, number]>>;
    const enums = meta.ENUMS as Record<string, readonly string[]>;
    const oneofs = meta.ONEOFS as Record<string, { members: ReadonlyArray<readonly [string, string]> } | undefined>;
    const isMessage = (t: string) => t in fields || t === "Struct" || t === "Value" || t === "Timestamp";
    const defaultOf = (t: string, flags: number): unknown =>
      flags & 1 ? [] : flags & 2 ? {} : t in enums ? enums[t]![0] : t === "int32" ? 0 : t === "bool" ? false : "";
    /** Prints a valid message as a printer would: `full` emits every field without presence at its default. */
    const print = (type: string, v: any, full: boolean): any => {
      const out: any = {};
      const members = new Set((oneofs[type]?.members ?? []).map(([json]) => json));
      for (const [json, , t, flags] of fields[type]!) {
        const presence = (isMessage(t) && !(flags & 3)) || flags & 8 || members.has(json);
        if (!(json in v)) {
          if (full && !presence) out[json] = defaultOf(t, flags);
          continue;
        }
        let x = v[json];
        if (t in fields) x = flags & 1 ? x.map((e: any) => print(t, e, full)) : flags & 2 ? Object.fromEntries(Object.entries(x).map(([k, e]) => [k, print(t, e, full)])) : print(t, x, full);
        if (!full && !presence && JSON.stringify(x) === JSON.stringify(defaultOf(t, flags))) continue;
        out[json] = x;
      }
      return out;
    };

    it.each(validFixtures(revision).map((f) => [f.file, f] as const))("%s", (_l, f) => {
      const omitted = print(f.type, f.input, false);
      const full = print(f.type, f.input, true);
      const l = validateByName(f.type, omitted, o(lenient));
      expect(l.ok ? [] : l.issues, "defaults omitted, lenient").toEqual([]);
      expect(validateByName(f.type, full, o(lenient)).ok, "every field, lenient").toBe(true);
      const s = validateByName(f.type, full, o());
      expect(s.ok ? [] : s.issues, "every field, strict").toEqual([]);
    });
  });
});
