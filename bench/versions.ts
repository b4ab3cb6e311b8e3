/**
 * Conversion between A2A v0.3 and v1.0 (a2a-schemas/versions), issue 20's budget: `toV1` of a
 * v0.3 `message/send` request (validated as v0.3, converted, validated as v1.0) at most 1×
 * `JSON.parse` of its text, side by side, medians of per-round ratios.
 * Run alone: `npx tsup --silent && npx tsx bench/versions.ts` (bench/index.ts calls `benchVersions()`).
 */
import { pathToFileURL } from "node:url";
import { built, snapshotDist } from "./dist.js";
import { compare, fmt } from "./harness.js";
import { judge, VERSIONS_TO_V1_MAX as MAX } from "./targets.js";

/** A v0.3 message/send request as the SDKs' v0.3 clients send it: two parts, a configuration, metadata. */
export const V03_SEND = JSON.stringify({
  jsonrpc: "2.0",
  id: "req-1",
  method: "message/send",
  params: {
    message: {
      kind: "message",
      messageId: "9229e770-767c-417b-a0b0-f0741243c589",
      role: "user",
      contextId: "c-1",
      parts: [
        { kind: "text", text: "What is the weather in Paris tomorrow?" },
        { kind: "data", data: { city: "Paris", days: 1 } },
      ],
      metadata: { source: "bench" },
    },
    configuration: { acceptedOutputModes: ["text/plain"], historyLength: 5, blocking: true },
  },
});

export async function benchVersions(): Promise<string> {
  const V = await import(built("versions/index.js"));
  const doc = JSON.parse(V03_SEND);
  const r = V.toV1(doc);
  if (!r.ok || r.warnings !== undefined) throw new Error(`the bench request does not convert cleanly: ${JSON.stringify(r.issues ?? r.warnings)}`);
  const rows = compare(
    [
      { name: "JSON.parse of its text", fn: () => JSON.parse(V03_SEND) },
      { name: "toV1(request)", fn: () => V.toV1(doc) },
      { name: "toV1(request, { type: \"JsonRpcRequest\" })", fn: () => V.toV1(doc, { type: "JsonRpcRequest" }) },
    ],
    { rounds: 21 },
  );
  const bound = [{ label: `${MAX}× JSON.parse`, limit: MAX }];
  return [
    `### \`toV1\` of a v0.3 \`message/send\` request (${V03_SEND.length} bytes; target: at most ${MAX}× \`JSON.parse\` of its text)`,
    "",
    "The request is validated as v0.3, converted, and the result validated as v1.0 (strict).",
    "",
    "| case | × JSON.parse | median ns/op | target |",
    "| --- | ---: | ---: | --- |",
    ...rows.map((row, i) => `| ${row.name} | ${fmt(row.ratio)} | ${Math.round(row.nsPerOp)} | ${i === 0 ? "baseline" : i === 1 ? judge(row.ratio, bound, "versions: toV1 of a message/send request") : "no target (the type named: no detection)"} |`),
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  snapshotDist();
  console.log(await benchVersions());
}
