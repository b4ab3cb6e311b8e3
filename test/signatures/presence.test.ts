/**
 * The presence table is read from the generated proto metadata of a revision.
 * For every revision in the repository (schemas/v1/a2a.proto and each dated
 * schemas/v1/<date>/a2a.proto), its generated flags are checked here against
 * the proto, read with protobufjs on its own: REQUIRED and proto3 `optional`.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { canonicalizeAgentCard, CURRENT_REVISION, FIELD_FLAGS, presenceRules, type ProtoRevision } from "../../src/v1/signatures/index.js";

const ROOT = join(import.meta.dirname, "../..");
const isRequired = (f: protobuf.Field) => ((f.parsedOptions ?? []) as Record<string, unknown>[]).some((o) => o["(google.api.field_behavior)"] === "REQUIRED");

const revisions = [
  { name: "current", proto: "schemas/v1/a2a.proto", meta: "src/generated/v1/meta.ts" },
  ...readdirSync(join(ROOT, "schemas/v1"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(ROOT, "schemas/v1", d.name, "a2a.proto")))
    .map((d) => ({ name: d.name, proto: `schemas/v1/${d.name}/a2a.proto`, meta: `src/generated/v1/${d.name}/meta.ts` })),
];

for (const rev of revisions) {
  describe(`presence metadata of revision ${rev.name} (${rev.proto})`, async () => {
    const meta = (await import(pathToFileURL(join(ROOT, rev.meta)).href)) as ProtoRevision;
    const pkg = protobuf.parse(readFileSync(join(ROOT, rev.proto), "utf8")).root.lookup("lf.a2a.v1") as protobuf.Namespace;
    const types = pkg.nestedArray.filter((x): x is protobuf.Type => x instanceof protobuf.Type);

    it("flags exactly the proto3 `optional` fields of the proto as optional (8)", () => {
      const want: string[] = [];
      for (const t of types) for (const f of t.fieldsArray) if (f.options?.proto3_optional) want.push(`${t.name}.${f.name}`);
      const got: string[] = [];
      for (const [msg, list] of Object.entries(meta.FIELDS)) for (const [json, , , flags] of list) if (flags & FIELD_FLAGS.optional) got.push(`${msg}.${json}`);
      expect(got.sort()).toEqual(want.sort());
      expect(got).toContain("AgentCapabilities.streaming");
      expect(got).toContain("AgentCard.iconUrl");
    });

    it("flags exactly the REQUIRED fields as required, and the presence table follows", () => {
      const rules = presenceRules(meta);
      for (const t of types)
        for (const f of t.fieldsArray) {
          expect(rules.get(t.name)?.get(f.name)?.required, `${t.name}.${f.name}`).toBe(isRequired(f));
          expect(rules.get(t.name)?.get(f.name)?.explicit, `${t.name}.${f.name}`).toBe(Boolean(f.options?.proto3_optional) || Boolean(f.partOf && !f.options?.proto3_optional));
        }
    });
  });
}

describe("the current revision", () => {
  it("is the default and is the metadata a2a-schemas/v1 validates with", async () => {
    const meta = await import("../../src/generated/v1/meta.js");
    expect(CURRENT_REVISION.FIELDS).toBe(meta.FIELDS);
    expect(presenceRules()).toBe(presenceRules(CURRENT_REVISION));
  });

  it("gives oneof members explicit presence", () => {
    expect(presenceRules().get("SecurityScheme")!.get("apiKeySecurityScheme")!.explicit).toBe(true);
    expect(presenceRules().get("Part")!.get("text")!.explicit).toBe(true);
    expect(presenceRules().get("AgentInterface")!.get("tenant")!.explicit).toBe(false);
  });
});

describe("the revision is a parameter", () => {
  // A made-up next revision: iconUrl loses `optional`, AgentCard gains an enum field.
  const next: ProtoRevision = {
    ...CURRENT_REVISION,
    ENUMS: { ...CURRENT_REVISION.ENUMS, Mode: ["MODE_UNSPECIFIED", "MODE_FAST"] },
    FIELDS: {
      ...CURRENT_REVISION.FIELDS,
      AgentCard: [...CURRENT_REVISION.FIELDS["AgentCard"]!.map(([j, p, t, f]) => [j, p, t, j === "iconUrl" ? f & ~FIELD_FLAGS.optional : f] as const), ["mode", "mode", "Mode", 0] as const],
    },
  };

  it("applies the given revision's presence, and the current one by default", () => {
    const card = { name: "A", iconUrl: "", mode: "MODE_UNSPECIFIED" };
    expect(canonicalizeAgentCard(card)).toEqual({ ok: true, value: '{"iconUrl":"","mode":"MODE_UNSPECIFIED","name":"A"}' });
    expect(canonicalizeAgentCard(card, { revision: CURRENT_REVISION })).toEqual({ ok: true, value: '{"iconUrl":"","mode":"MODE_UNSPECIFIED","name":"A"}' });
    expect(canonicalizeAgentCard(card, { revision: next })).toEqual({ ok: true, value: '{"name":"A"}' });
    expect(canonicalizeAgentCard({ ...card, mode: 0 }, { revision: next })).toEqual({ ok: true, value: '{"name":"A"}' });
    expect(canonicalizeAgentCard({ ...card, mode: "MODE_FAST" }, { revision: next })).toEqual({ ok: true, value: '{"mode":"MODE_FAST","name":"A"}' });
  });

  it("reads a revision's table once", () => {
    expect(presenceRules(next)).toBe(presenceRules(next));
    expect(presenceRules()).toBe(presenceRules(CURRENT_REVISION));
  });

  it("reports malformed metadata as an issue", () => {
    const r = canonicalizeAgentCard({ name: "A" }, { revision: { FIELDS: { AgentCard: 5 } } as unknown as ProtoRevision });
    expect(r.ok).toBe(false);
  });
});
