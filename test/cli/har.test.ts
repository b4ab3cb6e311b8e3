/**
 * `a2a-validate capture.har` on traffic the test records itself: the A2A JS SDK's server on
 * 127.0.0.1 (an ephemeral port) and the SDK's own client, every exchange captured into a HAR 1.2
 * document through a recording fetch (both bindings, the agent card, a stream), validated clean;
 * then broken on purpose, each break giving its issue at its entry, body and event.
 */
import express from "express";
import { createServer, type Server } from "node:http";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardFor, close, listen, sdkHandler } from "../server/agent.js";
import { emptyHar, recordedTraffic, recordingFetch, type Har, type HarEntry } from "./har-recorder.js";
import { cli, put, scratch } from "./helpers.js";

let server: Server;
let base: string;
const har: Har = emptyHar();
const dir = scratch();

beforeAll(async () => {
  const app = express();
  server = createServer(app);
  base = await listen(server);
  const handler = sdkHandler(cardFor(base));
  const sdk = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  app.use("/a2a/jsonrpc", jsonRpcHandler(sdk));
  app.use("/a2a/rest", restHandler(sdk));
  const f = recordingFetch(har);
  await recordedTraffic(base, "JSONRPC", f);
  await recordedTraffic(base, "HTTP+JSON", f);
  // A page's other traffic: no A2A exchange, counted and skipped.
  await f(`${base}/favicon.ico`);
});

afterAll(() => close(server));

const copy = (): Har => structuredClone(har);
const write = (name: string, h: Har | string) => put(dir, name, typeof h === "string" ? h : JSON.stringify(h, null, 2));
const json = async (name: string) => JSON.parse((await cli([name, "-f", "json"], { cwd: dir })).stdout);
/** `index part code pointer line:col` of every issue, for the documents that failed. */
const failures = (report: any) =>
  report.files.flatMap((f: any) => f.documents.filter((d: any) => !d.valid).flatMap((d: any) => d.issues.map((i: any) => `${d.entry?.index ?? "-"} ${d.entry?.part ?? "-"} ${i.code} ${i.pointer} ${i.line}:${i.column}`)));
const entryOf = (h: Har, pred: (e: HarEntry) => boolean): number => h.log.entries.findIndex(pred);
const streamEntry = (h: Har, binding: "jsonrpc" | "rest") => entryOf(h, (e) => e.request.url.includes(`/a2a/${binding}`) && e.response.content.mimeType.startsWith("text/event-stream"));

describe("a HAR recorded from the SDK's client and server", () => {
  it("validates clean: every exchange found, paired, the streams read", async () => {
    write("clean.har", har);
    const r = await cli(["clean.har"], { cwd: dir });
    console.log(r.stdout, r.stderr);
    const report = await json("clean.har");
    console.log(JSON.stringify(report.files[0].documents.map((d: any) => [d.entry.index, d.entry.part, d.type, d.valid, d.issues])));
    expect(failures(report)).toEqual([]);
  });
});
