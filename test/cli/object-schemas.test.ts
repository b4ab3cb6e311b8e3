/** Cards using the input/output-schemas extension through the CLI. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, put, scratch } from "./helpers.js";

const seedCard = JSON.parse(readFileSync(join(import.meta.dirname, "../../fixtures/extensions/object-schemas/valid/ObjectSchemasCard/extension-example-card.json"), "utf8"));

describe("object-schemas family through the CLI", () => {
  it("detects a card that declares the extension and has schemas", async () => {
    const root = scratch();
    put(root, "card.json", seedCard);
    const r = await cli(["card.json", "-f", "json"], { cwd: root });
    expect(JSON.parse(r.stdout).files[0].documents[0]).toMatchObject({ family: "object-schemas", type: "ObjectSchemasCard", valid: true });
    expect(r.code).toBe(0);
  });

  it("reports a mode naming an undeclared schema, at its line", async () => {
    const root = scratch();
    const bad = structuredClone(seedCard);
    bad.skills[0].inputModes = ["text/plain", "application/json;schema=nope"];
    put(root, "card.json", bad);
    const r = await cli(["card.json"], { cwd: root });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/card\.json:\d+:\d+ {2}\/skills\/0\/inputModes\/1 {2}names schema "nope"/);
  });

  it("leaves a plain v1 card to the v1 family", async () => {
    const root = scratch();
    const { schemas: _s, ...plain } = seedCard;
    const caps = { ...plain.capabilities, extensions: [] };
    put(root, "card.json", { ...plain, capabilities: caps });
    const r = await cli(["card.json", "-f", "json"], { cwd: root });
    expect(JSON.parse(r.stdout).files[0].documents[0].family).toBe("v1");
  });
});
