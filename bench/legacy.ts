/** Legacy family: valid and invalid paths against JSON.parse, run-time Ajv and Zod; cold start. */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { compare, coldStart, fmt, type Row } from "./harness.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const root = join(import.meta.dirname, "..");

export async function benchLegacy(): Promise<string> {
  const L = await import(join(root, "dist/legacy/index.js"));
  const Z = await import(join(root, "dist/legacy/zod.js"));
  const dir = join(root, "schemas/legacy");
  const schemas = readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));

  // What a user would otherwise write: Ajv at run time with ajv-formats' date-time and uri.
  const ajv = new Ajv({ strict: true, ownProperties: true, schemas });
  addFormats(ajv);
  const runtimeRequest = ajv.getSchema(schemas.find((s) => s.title === "RequestMessage").$id)!;

  const request = schemas.find((s) => s.title === "RequestMessage").examples[0];
  const text = JSON.stringify(request);
  const invalid = { ...request, message_id: "a7f8d9e2-3c4b-5d6e-7f8a-9b0c1d2e3f4g", timestamp: "2025-02-30T10:00:00Z", payload: { method: 42 } };
  const invalidText = JSON.stringify(invalid);
  if (!L.validateRequestMessage(request).ok || !runtimeRequest(request) || !Z.RequestMessageSchema.safeParse(request).success) throw new Error("valid example rejected");
  const bad = L.validateRequestMessage(invalid);
  if (bad.ok || bad.issues.length !== 3) throw new Error("invalid example should have exactly 3 issues");

  const valid = compare([
    { name: "JSON.parse (floor)", fn: () => JSON.parse(text) },
    { name: "a2a-schemas validateRequestMessage", fn: () => L.validateRequestMessage(request) },
    { name: "a2a-schemas validateMessage (dispatch)", fn: () => L.validateMessage(request) },
    { name: "a2a-schemas isRequestMessage", fn: () => L.isRequestMessage(request) },
    { name: "Ajv at run time + ajv-formats", fn: () => runtimeRequest(request) },
    { name: "Zod v4 RequestMessageSchema.safeParse", fn: () => Z.RequestMessageSchema.safeParse(request) },
  ]);
  const invalidRows = compare([
    { name: "JSON.parse (floor)", fn: () => JSON.parse(invalidText) },
    { name: "a2a-schemas validateRequestMessage (3 issues)", fn: () => L.validateRequestMessage(invalid) },
    { name: "Ajv at run time + ajv-formats (first error)", fn: () => runtimeRequest(invalid) },
    { name: "Zod v4 safeParse (3 issues)", fn: () => Z.RequestMessageSchema.safeParse(invalid) },
  ]);

  const distUrl = (p: string) => JSON.stringify("file://" + join(root, p));
  const cold = coldStart({
    "a2a-schemas/legacy: import + validate one message": `const L = await import(${distUrl("dist/legacy/index.js")}); if (!L.validateMessage(${text}).ok) process.exit(1);`,
    "Ajv at run time: import, compile the family, validate": `
      const { readFileSync, readdirSync } = await import("node:fs");
      const { Ajv } = await import(${JSON.stringify(join(root, "node_modules/ajv/dist/ajv.js"))});
      const addFormats = (await import(${JSON.stringify(join(root, "node_modules/ajv-formats/dist/index.js"))})).default.default;
      const dir = ${JSON.stringify(dir)};
      const schemas = readdirSync(dir).map((f) => JSON.parse(readFileSync(dir + "/" + f, "utf8")));
      const ajv = new Ajv({ strict: true, schemas }); addFormats(ajv);
      for (const s of schemas) ajv.getSchema(s.$id);
      if (!ajv.getSchema(schemas.find((s) => s.title === "RequestMessage").$id)(${text})) process.exit(1);`,
  });

  const table = (rows: Row[]) =>
    ["| case | × JSON.parse (median of rounds) | median ns/op |", "| --- | ---: | ---: |", ...rows.map((r) => `| ${r.name} | ${fmt(r.ratio)} | ${fmt(r.nsPerOp, 0)} |`)].join("\n");
  return [
    "## Legacy family",
    "",
    `Input: the request example of schemas/legacy/request-message.json (${text.length} bytes of JSON).`,
    "",
    "### Valid path (target: our validator at most 0.40× JSON.parse)",
    "",
    table(valid),
    "",
    "### Invalid message with three errors",
    "",
    table(invalidRows),
    "",
    "### Cold start (target: at most 15 ms over a bare node process)",
    "",
    "| process | median ms over bare node | median ms |",
    "| --- | ---: | ---: |",
    ...cold.map((c) => `| ${c.name} | ${fmt(c.overBareMs, 1)} | ${fmt(c.medianMs, 1)} |`),
    "",
  ].join("\n");
}
