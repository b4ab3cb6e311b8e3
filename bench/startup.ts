/**
 * Start-up: a fresh node process that imports one entry and validates one
 * message, over a bare node process (21 interleaved rounds; the median of each round's difference), for every
 * family entry and for the CLI on one file; run-time Ajv compiling a family is
 * shown beside for scale.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { built } from "./dist.js";
import { V03_SEND } from "./versions.js";
import { coldStart, fmt } from "./harness.js";
import { startupParts } from "./startup-parts.js";
import { legacyRequest } from "./legacy.js";
import { root } from "./peers/ajv.js";
import { judge, STARTUP_CLI_MS, STARTUP_ENTRY_MS } from "./targets.js";

const url = (p: string) => JSON.stringify(pathToFileURL(join(root, p)).href);
const fixture = (p: string) => readFileSync(join(root, "fixtures", p), "utf8");

/** Module code: import `entry`, call `call` on `input`, exit 1 unless it passed. */
const importAndValidate = (file: string, call: string, input: string, passed = ".ok") =>
  `const m = await import(${JSON.stringify(pathToFileURL(built(file)).href)}); if (!m.${call}(${input})${passed}) process.exit(1);`;

export async function benchStartup(): Promise<string> {
  const request = JSON.stringify(legacyRequest());
  const v1Message = fixture("v1/valid/Message/user.json");
  const sessionBody = fixture("session/valid/SendMessageRequest/user.json");
  const v03Request = fixture("v0.3/valid/SendMessageRequest/user.json");
  const tmp = join(root, "bench/.tmp/startup");
  mkdirSync(tmp, { recursive: true });
  const one = join(tmp, "request.json");
  writeFileSync(one, request);
  const bin = built("cli/bin.js");

  const entries: Record<string, string> = {
    "a2a-schemas": importAndValidate("index.js", "legacy.validateMessage", request),
    // The CommonJS root: its families are required on first read.
    "a2a-schemas (require)": `const m = (await import("node:module")).createRequire(import.meta.url)(${JSON.stringify(built("index.cjs"))}); if (!m.legacy.validateMessage(${request}).ok) process.exit(1);`,
    "a2a-schemas/legacy": importAndValidate("legacy/index.js", "validateMessage", request),
    "a2a-schemas/session": importAndValidate("session/index.js", "validateSendMessageRequest", sessionBody),
    "a2a-schemas/v1": importAndValidate("v1/index.js", "validateMessage", v1Message),
    "a2a-schemas/v1/2026-02-17": importAndValidate("v1/2026-02-17/index.js", "validateMessage", v1Message),
    "a2a-schemas/v0.3": importAndValidate("v0.3/index.js", "validateJsonRpcRequest", v03Request),
    "a2a-schemas/versions": importAndValidate("versions/index.js", "toV1", V03_SEND),
  };
  const zod: Record<string, string> = {
    "a2a-schemas/legacy/zod": importAndValidate("legacy/zod.js", "RequestMessageSchema.safeParse", request, ".success"),
    "a2a-schemas/v1/zod": importAndValidate("v1/zod.js", "MessageSchema.safeParse", v1Message, ".success"),
    "a2a-schemas/session/zod": importAndValidate("session/zod.js", "SendMessageRequestSchema.safeParse", sessionBody, ".success"),
    "a2a-schemas/v0.3/zod": importAndValidate("v0.3/zod.js", "SendMessageRequestSchema.safeParse", v03Request, ".success"),
  };
  const cli: Record<string, string[]> = { "a2a-validate --version": [bin, "--version"], "a2a-validate request.json": [bin, one] };
  // What a user without the package would pay: Ajv and ajv-formats compiling the schemas at start-up.
  const ajvImports = `
      const { readFileSync, readdirSync } = await import("node:fs");
      const addFormats = (await import(${url("node_modules/ajv-formats/dist/index.js")})).default.default;
      const read = (dir) => readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(dir + "/" + f, "utf8")));`;
  const ajv: Record<string, string> = {
    "run-time Ajv + ajv-formats: compile the legacy family, validate one message": `${ajvImports}
      const { Ajv } = await import(${url("node_modules/ajv/dist/ajv.js")});
      const schemas = read(${JSON.stringify(join(root, "schemas/legacy"))});
      const ajv = new Ajv({ strict: true, schemas }); addFormats(ajv);
      for (const s of schemas) ajv.getSchema(s.$id);
      if (!ajv.getSchema(schemas.find((s) => s.title === "RequestMessage").$id)(${request})) process.exit(1);`,
    "run-time Ajv + ajv-formats: compile the v1 bundle, validate one message": `${ajvImports}
      const { Ajv2020 } = await import(${url("node_modules/ajv/dist/2020.js")});
      const bundle = JSON.parse(readFileSync(${JSON.stringify(join(root, "schemas/v1/a2a.json"))}, "utf8"));
      const ajv = new Ajv2020({ strict: true, schemas: [bundle] }); addFormats(ajv);
      for (const k of Object.keys(bundle.$defs)) ajv.getSchema(bundle.$id + "#/$defs/" + k);
      if (!ajv.getSchema(bundle.$id + "#/$defs/Message")(${v1Message})) process.exit(1);`,
  };
  const rows = coldStart({ ...entries, ...zod, ...cli });
  // Ajv's rows take ten times longer and have no target: fewer runs, with their own bare baseline.
  const ajvRows = coldStart(ajv, { runs: 5 }).filter((r) => r.name !== "bare node");

  const targetOf = (name: string): number | undefined => (name in entries ? STARTUP_ENTRY_MS[name] : name === "a2a-validate request.json" ? STARTUP_CLI_MS : undefined);
  const line = (name: string, over: number, ms: number) => {
    const t = targetOf(name);
    return `| ${name} | ${fmt(over, 1)} | ${fmt(ms, 1)} | ${t === undefined ? "—" : `≤ ${t}`} | ${t === undefined ? "" : judge(over, [{ label: `≤ ${t} ms`, limit: t }], `start-up: ${name}`)} |`;
  };
  return [
    "## Start-up",
    "",
    "A fresh `node` process imports the entry and validates one message (the legacy request example; v1 fixtures Message/user.json; session SendMessageRequest/user.json; v0.3 SendMessageRequest/user.json, through validateJsonRpcRequest), or runs the CLI on one file; 21 rounds interleaved with a bare `node` process: the time over bare node is the median of each round's difference, the median ms the median of the runs. The Zod entries and run-time Ajv are shown for information (importing zod itself is most of the Zod entries' cost).",
    "",
    "| process | ms over bare node | median ms | target (ms over bare) | result |",
    "| --- | ---: | ---: | ---: | --- |",
    ...rows.map((r) => line(r.name, r.overBareMs, r.medianMs)),
    ...ajvRows.map((r) => line(`${r.name} (5 runs)`, r.overBareMs, r.medianMs)),
    "",
    ...startupParts([
      { entry: "a2a-schemas/legacy", file: built("legacy/index.js"), call: "validateMessage", input: request },
      { entry: "a2a-schemas/session", file: built("session/index.js"), call: "validateSendMessageRequest", input: sessionBody },
      { entry: "a2a-schemas/v1", file: built("v1/index.js"), call: "validateMessage", input: v1Message },
      { entry: "a2a-schemas/v1/2026-02-17", file: built("v1/2026-02-17/index.js"), call: "validateMessage", input: v1Message },
      { entry: "a2a-schemas/v0.3", file: built("v0.3/index.js"), call: "validateJsonRpcRequest", input: v03Request },
      { entry: "a2a-schemas/versions", file: built("versions/index.js"), call: "toV1", input: V03_SEND },
    ]),
    "",
  ].join("\n");
}
