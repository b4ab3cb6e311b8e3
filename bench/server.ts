/**
 * The front door (a2a-schemas/v1/server), issue 19's budgets:
 * 1. `checkJsonRpcRequest` on a valid SendMessage body given as text, against `JSON.parse` plus
 *    `validateJsonRpcRequest` of the same text (side by side, medians of per-round ratios);
 * 2. the Express middleware in front of the A2A JS SDK's `jsonRpcHandler`, against the bare
 *    handler: the round trip of a valid SendMessage on loopback (127.0.0.1), a bounded number of
 *    requests, interleaved rounds, the median of per-round ratios.
 * Call `benchServer()` from bench/index.ts after `npm run build`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, request } from "node:http";
import express from "express";
import { jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { built } from "./dist.js";
import { compare, fmt, median } from "./harness.js";
import { judge, SERVER_CHECK_MAX as CHECK_MAX, SERVER_EXPRESS_MAX as EXPRESS_MAX } from "./targets.js";
import { cardFor, sdkHandler } from "../test/server/agent.js";

const body = (i: number) =>
  JSON.stringify({ jsonrpc: "2.0", id: i, method: "SendMessage", params: { message: { messageId: `m-${i}`, role: "ROLE_USER", parts: [{ text: "hello" }], metadata: { source: "bench" } } } });

async function checkRows(): Promise<string> {
  const S = await import(built("v1/server/index.js"));
  const V = await import(built("v1/index.js"));
  const text = body(1);
  const card = cardFor("http://127.0.0.1:1");
  const headers = { "a2a-version": "1.0" };
  const ok = (r: { ok: boolean }) => {
    if (!r.ok) throw new Error("the bench body is not valid");
    return r;
  };
  ok(S.checkJsonRpcRequest(text));
  ok(S.checkJsonRpcRequest(text, { card, headers }));
  const rows = compare(
    [
      { name: "JSON.parse + validateJsonRpcRequest", fn: () => V.validateJsonRpcRequest(JSON.parse(text)) },
      { name: "checkJsonRpcRequest(text)", fn: () => S.checkJsonRpcRequest(text) },
      { name: "checkJsonRpcRequest(text, { card, headers })", fn: () => S.checkJsonRpcRequest(text, { card, headers }) },
    ],
    { rounds: 21 },
  );
  const bound = [{ label: `${CHECK_MAX}× JSON.parse + validateJsonRpcRequest`, limit: CHECK_MAX }];
  return [
    `### \`checkJsonRpcRequest\`, a valid SendMessage body as text (${text.length} bytes; target: at most ${CHECK_MAX}× \`JSON.parse\` + \`validateJsonRpcRequest\`)`,
    "",
    "| case | × JSON.parse + validateJsonRpcRequest | median ns/op | target |",
    "| --- | ---: | ---: | --- |",
    ...rows.map((r, i) =>
      `| ${r.name} | ${fmt(r.ratio)} | ${Math.round(r.nsPerOp)} | ${i === 0 ? "baseline" : i === 1 ? judge(r.ratio, bound, "server: checkJsonRpcRequest (text)") : "no target (the budget is the text alone; this adds the card's checks)"} |`,
    ),
  ].join("\n");
}

/** POSTs `text` to `url` over `agent` (keep-alive); resolves when the whole response is read. */
function post(agent: Agent, port: number, path: string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: "POST", agent, headers: { "Content-Type": "application/json", "A2A-Version": "1.0", "Content-Length": Buffer.byteLength(text) } }, (res) => {
      let n = 0;
      res.on("data", (c: Buffer) => (n += c.length));
      res.on("end", () => (res.statusCode === 200 && n > 0 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end(text);
  });
}

async function expressRows(): Promise<string> {
  const S = await import(built("v1/server/index.js"));
  const app = express();
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const card = cardFor(`http://127.0.0.1:${port}`);
  const sdk = { requestHandler: sdkHandler(card), userBuilder: UserBuilder.noAuthentication };
  app.use("/bare", jsonRpcHandler(sdk));
  app.use("/guarded", S.a2aExpress({ card }), jsonRpcHandler(sdk));
  app.use("/guarded-responses", S.a2aExpress({ card, responses: "warn" }), jsonRpcHandler(sdk));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const paths = ["/bare", "/guarded", "/guarded-responses"];
  const PER_ROUND = 40;
  const ROUNDS = 15;
  let id = 0;
  const batch = async (path: string) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < PER_ROUND; i++) await post(agent, port, path, body(++id));
    return Number(process.hrtime.bigint() - t0) / 1e3 / PER_ROUND;
  };
  try {
    for (const p of paths) await batch(p); // warm-up
    const us: number[][] = paths.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < paths.length; k++) {
        const i = (k + r) % paths.length;
        us[i]!.push(await batch(paths[i]!));
      }
    }
    const names = ["bare jsonRpcHandler", "a2aExpress({ card }) + jsonRpcHandler", 'a2aExpress({ card, responses: "warn" }) + jsonRpcHandler'];
    const bound = [{ label: `${EXPRESS_MAX}× the bare handler`, limit: EXPRESS_MAX }];
    const rows = paths.map((_, i) => ({ ratio: median(us[i]!.map((u, r) => u / us[0]![r]!)), us: median(us[i]!) }));
    return [
      `### The Express middleware in front of the SDK's jsonRpcHandler: a valid SendMessage round trip on loopback (${ROUNDS} rounds × ${PER_ROUND} requests per case, keep-alive, one at a time; target: at most ${EXPRESS_MAX}× the bare handler)`,
      "",
      "| case | × bare handler | median µs/request | target |",
      "| --- | ---: | ---: | --- |",
      ...rows.map((r, i) => `| ${names[i]} | ${fmt(r.ratio, 3)} | ${fmt(r.us, 0)} | ${i === 0 ? "baseline" : i === 1 ? judge(r.ratio, bound, "server: Express middleware round trip") : "no target"} |`),
    ].join("\n");
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function benchServer(): Promise<string> {
  return ["## The front door (a2a-schemas/v1/server)", "", await checkRows(), "", await expressRows(), ""].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { snapshotDist } = await import("./dist.js");
  snapshotDist();
  console.log(await benchServer());
}
