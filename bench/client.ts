/**
 * Live cards (a2a-schemas/v1/client), issue 21's budget: fetching a card adds nothing measurable
 * over the fetch itself. A card served on 127.0.0.1 (a new connection per request, `Connection:
 * close`, as a client meeting an agent once opens one), fetched in interleaved rounds by: the
 * platform's `fetch` + `JSON.parse` (the baseline), the safe fetch alone (SSRF guard in the
 * lookup, limits), and `fetchAgentCard` (safe fetch, validation, interface checks). The median of
 * per-round ratios. Call `benchClient()` from bench/index.ts after `npm run build`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { built } from "./dist.js";
import { fmt, median } from "./harness.js";
import { CARD_FETCH_MAX as MAX, judge } from "./targets.js";

const ROUNDS = 9;
const PER_ROUND = 150;

/** A card of a usual size: two interfaces, a dozen skills (about 6 KB). */
function card(base: string): object {
  return {
    name: "Bench agent",
    description: "An agent whose card is fetched in the bench",
    version: "1.0.0",
    supportedInterfaces: [
      { url: `${base}/a2a/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${base}/a2a/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    ],
    provider: { url: "https://example.com", organization: "Example" },
    capabilities: { streaming: true, pushNotifications: false },
    defaultInputModes: ["text/plain", "application/json"],
    defaultOutputModes: ["text/plain", "application/json"],
    skills: Array.from({ length: 12 }, (_, i) => ({
      id: `skill-${i}`,
      name: `Skill ${i}`,
      description: `Does the ${i}th thing a bench agent can do, described in a sentence or two as real cards do.`,
      tags: ["bench", `tag-${i}`],
      examples: [`do thing ${i}`, `please do thing ${i} again`],
    })),
  };
}

export async function benchClient(): Promise<string> {
  const C = await import(built("v1/client.js"));
  let body = "";
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json", connection: "close" }).end(body));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  body = JSON.stringify(card(base));
  const url = `${base}/.well-known/agent-card.json`;
  const plain = async () => JSON.parse(await (await fetch(url)).text());
  const safe = async () => {
    const r = await C.safeFetch(url, { allowPrivate: true });
    if (!r.ok) throw new Error(r.issues[0].message);
    return JSON.parse(new TextDecoder().decode(r.value.body));
  };
  const full = async () => {
    const r = await C.fetchAgentCard(url, { allowPrivate: true });
    if (!r.ok) throw new Error("the bench card is not valid: " + JSON.stringify(r.issues.slice(0, 3)));
    return r.value.card;
  };
  const cases = [plain, safe, full] as const;
  const names = ["fetch + JSON.parse (baseline)", "safeFetch + JSON.parse (SSRF guard, limits)", "fetchAgentCard (safe fetch, validation, interface checks)"];
  for (const c of cases) for (let i = 0; i < 20; i++) await c(); // warm-up
  const ms: number[][] = cases.map(() => []);
  try {
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < cases.length; k++) {
        const i = (k + r) % cases.length;
        const t0 = process.hrtime.bigint();
        for (let n = 0; n < PER_ROUND; n++) await cases[i]!();
        ms[i]!.push(Number(process.hrtime.bigint() - t0) / 1e6 / PER_ROUND);
      }
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  const rows = cases.map((_, i) => ({ ratio: median(ms[i]!.map((t, r) => t / ms[0]![r]!)), ms: median(ms[i]!) }));
  return [
    "## Live cards (a2a-schemas/v1/client)",
    "",
    `### One ${fmt(body.length / 1024, 1)} KB card from 127.0.0.1, a new connection each time, ${PER_ROUND} fetches per case per round, ${ROUNDS} interleaved rounds; target: fetchAgentCard at most ${MAX}× the plain fetch`,
    "",
    "| case | time × fetch + JSON.parse | median ms per card | target |",
    "| --- | ---: | ---: | --- |",
    ...rows.map((r, i) => `| ${names[i]} | ${fmt(r.ratio, 2)} | ${fmt(r.ms, 3)} | ${i === 0 ? "baseline" : i === 2 ? judge(r.ratio, [{ label: `${MAX}× the plain fetch`, limit: MAX }], "client: fetchAgentCard over a plain fetch") : "no target"} |`),
    "",
    `Validation and interface checks over the safe fetch alone: ${fmt(median(ms[2]!.map((t, r) => t / ms[1]![r]!)), 2)}× (median of per-round ratios).`,
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { snapshotDist } = await import("./dist.js");
  snapshotDist();
  console.log(await benchClient());
}
