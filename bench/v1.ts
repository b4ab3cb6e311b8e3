/**
 * v1 family: valid paths against JSON.parse of the same text (side by side, in
 * one run), run-time Ajv on the repaired bundle and Zod; cold start against Ajv
 * compiling the bundle at run time; the entry's minified + gzipped size.
 * Call `benchV1()` from bench/index.ts after `npm run build` (needs dist/v1/).
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { Ajv2020 } from "ajv/dist/2020.js";
import { build } from "esbuild";
import { compare, coldStart, fmt, type Row } from "./harness.js";

const root = join(import.meta.dirname, "..");

/** The three inputs of issue 3, section 6, built from the fixtures. */
export function v1Inputs(): { task: unknown; card: unknown; request: unknown } {
  const fx = (p: string) => JSON.parse(readFileSync(join(root, "fixtures/v1/valid", p), "utf8"));
  const user = fx("Message/user.json");
  const agent = fx("Message/agent.json");
  const artifact = fx("Artifact/mixed.json");
  const base = fx("Task/completed.json");
  const history = Array.from({ length: 10 }, (_, i) => ({ ...(i % 2 ? agent : user), messageId: `m-${i}` }));
  const artifacts = Array.from({ length: 3 }, (_, i) => ({ ...artifact, artifactId: `a-${i}` }));
  const task = { ...base, history, artifacts };
  const card0 = fx("AgentCard/full.json");
  const skill = card0.skills[0];
  const card = { ...card0, skills: Array.from({ length: 5 }, (_, i) => ({ ...skill, id: `skill-${i}` })) };
  const request = { jsonrpc: "2.0", id: 1, method: "SendMessage", params: fx("SendMessageRequest/basic.json") };
  return { task, card, request };
}

function runtimeAjv(bundle: any): Ajv2020 {
  // What a user would otherwise do: compile the published bundle at run time.
  const ajv = new Ajv2020({
    strict: true,
    ownProperties: true,
    formats: { "date-time": (s: string) => !Number.isNaN(Date.parse(s)), uri: (s: string) => /^[a-z][a-z0-9+.-]*:/i.test(s), byte: (s: string) => s.length % 4 === 0 },
  });
  ajv.addSchema(bundle);
  return ajv;
}

export async function benchV1(dist = join(root, "dist")): Promise<string> {
  const distDir = resolve(dist);
  const entry = join(distDir, "v1/index.js");
  if (!existsSync(entry)) return "## v1 family\n\nSkipped: dist/v1/index.js is missing (add the v1 entries to tsup.config.ts and run `npm run build`).\n";
  const V = await import(entry);
  const Z = await import(join(distDir, "v1/zod.js"));
  const bundle = JSON.parse(readFileSync(join(root, "schemas/v1/a2a.json"), "utf8"));
  const ajv = runtimeAjv(bundle);
  const rtTask = ajv.getSchema(`${bundle.$id}#/$defs/Task`)!;
  const rtCard = ajv.getSchema(`${bundle.$id}#/$defs/AgentCard`)!;
  const rtSend = ajv.getSchema(`${bundle.$id}#/$defs/SendMessageRequest`)!;
  const { task, card, request } = v1Inputs();
  const texts = { task: JSON.stringify(task), card: JSON.stringify(card), request: JSON.stringify(request) };
  if (!V.validateTask(task).ok || !V.validateAgentCard(card).ok || !V.validateJsonRpcRequest(request).ok) throw new Error("bench inputs must be valid");
  if (!rtTask(task) || !rtCard(card) || !rtSend((request as any).params)) throw new Error("run-time Ajv rejects the bench inputs");

  const sections: Array<[string, Row[]]> = [
    [
      `Task with a 10-message history and 3 artifacts (${texts.task.length} bytes)`,
      compare([
        { name: "JSON.parse (floor)", fn: () => JSON.parse(texts.task) },
        { name: "a2a-schemas validateTask", fn: () => V.validateTask(task) },
        { name: "a2a-schemas validateTask lenient", fn: () => V.validateTask(task, { mode: "lenient" }) },
        { name: "a2a-schemas isTask", fn: () => V.isTask(task) },
        { name: "Ajv at run time (repaired bundle)", fn: () => rtTask(task) },
        { name: "Zod v4 TaskSchema.safeParse", fn: () => Z.TaskSchema.safeParse(task) },
      ]),
    ],
    [
      `AgentCard with 5 skills and 2 security schemes (${texts.card.length} bytes)`,
      compare([
        { name: "JSON.parse (floor)", fn: () => JSON.parse(texts.card) },
        { name: "a2a-schemas validateAgentCard", fn: () => V.validateAgentCard(card) },
        { name: "Ajv at run time (repaired bundle)", fn: () => rtCard(card) },
        { name: "Zod v4 AgentCardSchema.safeParse", fn: () => Z.AgentCardSchema.safeParse(card) },
      ]),
    ],
    [
      `SendMessage JSON-RPC request (${texts.request.length} bytes)`,
      compare([
        { name: "JSON.parse (floor)", fn: () => JSON.parse(texts.request) },
        { name: "a2a-schemas validateJsonRpcRequest", fn: () => V.validateJsonRpcRequest(request) },
        { name: "Ajv at run time (params only)", fn: () => rtSend((request as any).params) },
      ]),
    ],
  ];

  const url = (p: string) => JSON.stringify("file://" + p);
  const inputs = `const task = ${texts.task}; const card = ${texts.card}; const request = ${texts.request};`;
  const cold = coldStart({
    "a2a-schemas/v1: import every validator, validate the three inputs": `${inputs}
      const V = await import(${url(entry)});
      if (!V.validateTask(task).ok || !V.validateAgentCard(card).ok || !V.validateJsonRpcRequest(request).ok) process.exit(1);`,
    "Ajv at run time: import, compile the repaired bundle, validate": `${inputs}
      const { readFileSync } = await import("node:fs");
      const { Ajv2020 } = await import(${url(join(root, "node_modules/ajv/dist/2020.js"))});
      const bundle = JSON.parse(readFileSync(${JSON.stringify(join(root, "schemas/v1/a2a.json"))}, "utf8"));
      const ajv = new Ajv2020({ strict: true, formats: { "date-time": () => true, uri: () => true, byte: () => true } });
      ajv.addSchema(bundle);
      for (const k of Object.keys(bundle.$defs)) ajv.getSchema(bundle.$id + "#/$defs/" + k);
      const g = (n) => ajv.getSchema(bundle.$id + "#/$defs/" + n);
      if (!g("Task")(task) || !g("AgentCard")(card) || !g("SendMessageRequest")(request.params)) process.exit(1);`,
  });

  const size = await entrySize(join(root, "src/v1/index.ts"));
  const table = (rows: Row[]) =>
    ["| case | × JSON.parse (median of rounds) | median ns/op |", "| --- | ---: | ---: |", ...rows.map((r) => `| ${r.name} | ${fmt(r.ratio)} | ${fmt(r.nsPerOp, 0)} |`)].join("\n");
  return [
    "## v1 family",
    "",
    "Valid paths (target: our validator at most 0.50× JSON.parse of the same text).",
    "",
    ...sections.flatMap(([title, rows]) => [`### ${title}`, "", table(rows), ""]),
    "### Cold start (target: at most 20 ms over a bare node process)",
    "",
    "| process | median ms over bare node | median ms |",
    "| --- | ---: | ---: |",
    ...cold.map((c) => `| ${c.name} | ${fmt(c.overBareMs, 1)} | ${fmt(c.medianMs, 1)} |`),
    "",
    "### Entry size (target: at most 40 KB min+gzip)",
    "",
    `\`a2a-schemas/v1\` bundled from src with esbuild --minify (zod external): ${size.min} KB min, ${size.gzip} KB min+gzip.`,
    "",
  ].join("\n");
}

export async function entrySize(file: string): Promise<{ min: string; gzip: string }> {
  const out = await build({ entryPoints: [file], bundle: true, minify: true, format: "esm", platform: "neutral", write: false, external: ["zod", "node:*"], logLevel: "silent" });
  const code = out.outputFiles[0]!.contents;
  return { min: (code.length / 1024).toFixed(1), gzip: (gzipSync(code, { level: 9 }).length / 1024).toFixed(1) };
}

// `tsx bench/v1.ts [distDir]` runs this section alone.
if (process.argv[1] && import.meta.filename === process.argv[1]) console.log(await benchV1(process.argv[2]));
