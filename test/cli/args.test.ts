import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_BYTES, parseBytes, parseCommand, UsageError } from "../../src/cli/args.js";

describe("command line", () => {
  it("parses a validation run with its defaults", () => {
    expect(parseCommand(["fixtures"])).toEqual({
      command: "validate",
      operands: ["fixtures"],
      format: undefined,
      expect: "auto",
      family: undefined,
      type: undefined,
      mode: undefined,
      method: undefined,
      freshness: false,
      maxBytes: DEFAULT_MAX_BYTES,
      ndjson: false,
      followSymlinks: false,
      allowPrivate: false,
      probe: false,
    });
  });

  it("parses every option", () => {
    const c = parseCommand(["-f", "json", "--expect", "invalid", "--family", "v1", "-t", "Task", "--mode", "lenient", "--method", "GetTask", "--freshness", "--max-bytes", "1KiB", "--ndjson", "--follow-symlinks", "-", "a.json"]);
    expect(c).toMatchObject({ format: "json", expect: "invalid", family: "v1", type: "Task", mode: "lenient", method: "GetTask", freshness: true, maxBytes: 1024, ndjson: true, followSymlinks: true, operands: ["-", "a.json"] });
  });

  it("turns every mistake into a usage error", () => {
    for (const argv of [[], ["--format", "xml", "a"], ["--expect", "maybe", "a"], ["--family", "v9", "a"], ["--mode", "loose", "a"], ["--bogus", "a"], ["--max-bytes", "ten", "a"], ["--max-bytes", "0", "a"], ["schema", "v1"], ["schema", "nope", "Task"], ["list", "x"], ["--json", "a"]]) {
      expect(() => parseCommand(argv), argv.join(" ")).toThrow(UsageError);
    }
  });

  it("knows help, version and the subcommands", () => {
    expect(parseCommand(["--help"])).toEqual({ command: "help" });
    expect(parseCommand(["-h", "x"])).toEqual({ command: "help" });
    expect(parseCommand(["--version"])).toEqual({ command: "version" });
    expect(parseCommand(["list"])).toEqual({ command: "list", family: undefined, json: false });
    expect(parseCommand(["list", "--family", "v1", "--json"])).toEqual({ command: "list", family: "v1", json: true });
    expect(parseCommand(["schema", "v1", "Task", "--mode", "lenient"])).toEqual({ command: "schema", family: "v1", type: "Task", mode: "lenient" });
    // only as the first word: a folder called list stays reachable
    expect(parseCommand(["x", "list"])).toMatchObject({ command: "validate", operands: ["x", "list"] });
  });

  it("reads sizes with units", () => {
    expect(parseBytes("10485760")).toBe(10485760);
    expect(parseBytes("10MiB")).toBe(10 * 1024 * 1024);
    expect(parseBytes("1mb")).toBe(1_000_000);
    expect(parseBytes("2k")).toBe(2048);
  });
});

describe("--help is complete", () => {
  it("names every family --family takes, and every long option the parser knows", async () => {
    const { HELP } = await import("../../src/cli/help.js");
    const { FAMILY_NAMES } = await import("../../src/cli/registry.js");
    const familyLine = HELP.slice(HELP.indexOf("--family"), HELP.indexOf("\n  -t"));
    for (const f of FAMILY_NAMES) expect(familyLine, f).toContain(f);
    for (const f of FAMILY_NAMES) expect(HELP.slice(0, HELP.indexOf("Options:")), `the summary names ${f}`).toMatch(f === "object-schemas" ? /input\/output-schemas/ : new RegExp(f === "v1" ? "v1 messages" : f));
    const { OPTIONS } = await import("../../src/cli/args.js");
    for (const name of Object.keys(OPTIONS)) expect(HELP, `--${name}`).toContain(`--${name}`);
    for (const line of HELP.split("\n")) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});
