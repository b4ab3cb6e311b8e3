/**
 * `a2a-validate capture.har` on traffic the test records itself: the A2A JS SDK's server on
 * 127.0.0.1 (an ephemeral port) and the SDK's own client, every exchange captured into a HAR 1.2
 * document through a recording fetch (both bindings, the agent card, a stream), validated clean;
 * then broken on purpose, each break giving its issue at its entry, body and event.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { close, startSdkAgent } from "../server/agent.js";
import { emptyHar, recordedTraffic, recordingFetch, type Har, type HarEntry } from "./har-recorder.js";
import { cli, put, scratch } from "./helpers.js";

let server: Server;
let base: string;
const har: Har = emptyHar();
const dir = scratch();

beforeAll(async () => {
  ({ server, base } = await startSdkAgent());
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
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const report = await json("clean.har");
    expect(failures(report)).toEqual([]);
    expect(report.files[0].har).toEqual({ entries: 13, exchanges: 12, skipped: 1 });
    const docs = report.files[0].documents.map((d: any) => `${d.entry.index} ${d.entry.part} ${d.type}`);
    // The card, then send, stream, send, get, cancel; over JSON-RPC (entries 1-5), then HTTP+JSON (7-11).
    for (const i of [1, 7]) {
      expect(docs).toContain(`${i} request SendMessage request`);
      expect(docs).toContain(`${i + 1} response SendStreamingMessage stream`);
      expect(docs).toContain(`${i + 3} response GetTask response`);
      expect(docs).toContain(`${i + 4} response CancelTask response`);
    }
    expect(docs.filter((d: string) => d.endsWith("AgentCard"))).toEqual(["0 response AgentCard", "6 response AgentCard"]);
  });

  it("a stream whose JSON is spread over several data: lines is one event per frame, still clean", async () => {
    const h = copy();
    const e = h.log.entries[streamEntry(h, "jsonrpc")]!;
    e.response.content.text = framesOf(e).map((d) => JSON.stringify(JSON.parse(d), null, 2).split("\n").map((l) => `data: ${l}\n`).join("") + "\n").join("");
    write("multi.har", h);
    expect(failures(await json("multi.har"))).toEqual([]);
  });

  it("bodies recorded as base64 (content.encoding) are decoded first; a broken one is named", async () => {
    const h = copy();
    for (const e of h.log.entries) {
      if (e.response.content.text === undefined) continue;
      e.response.content.text = Buffer.from(e.response.content.text).toString("base64");
      e.response.content.encoding = "base64";
    }
    write("base64.har", h);
    expect(failures(await json("base64.har"))).toEqual([]);
    const s = streamEntry(h, "jsonrpc");
    h.log.entries[s]!.response.content.text = "not base64!";
    write("base64-bad.har", h);
    expect(failures(await json("base64-bad.har"))).toEqual([`${s} response invalid_base64  1:1`]);
  });
});

/** The data of each event of an entry's event-stream body (one data line each, as the SDK sends them). */
const framesOf = (e: HarEntry): string[] => e.response.content.text!.split("\n\n").filter((f) => f !== "").map((f) => f.slice("data: ".length));
const frame = (events: string[]) => events.map((d) => `data: ${d}\n\n`).join("");
/** Line and column, in a body of one-line frames, of the value of `key` in frame `k`. */
const valueAt = (events: string[], k: number, key: string) => `${2 * k + 1}:${"data: ".length + events[k]!.indexOf(`"${key}":`) + key.length + 3 + 1}`;

describe("the recorded HAR, broken on purpose", () => {
  for (const binding of ["jsonrpc", "rest"] as const) {
    const result = binding === "jsonrpc" ? "/result" : "";
    it(`reordered events (${binding}): the update before the Task, at its entry, event and line:col in the body`, async () => {
      const h = copy();
      const s = streamEntry(h, binding);
      const [task, artifact, status] = framesOf(h.log.entries[s]!);
      const events = [artifact!, task!, status!];
      h.log.entries[s]!.response.content.text = frame(events);
      write(`reordered-${binding}.har`, h);
      expect(failures(await json(`reordered-${binding}.har`))).toEqual([
        `${s} response out_of_order /0${result}/artifactUpdate ${valueAt(events, 0, "artifactUpdate")}`,
        `${s} response out_of_order /1${result}/task ${valueAt(events, 1, "task")}`,
      ]);
    });

    it(`an event after completion (${binding})`, async () => {
      const h = copy();
      const s = streamEntry(h, binding);
      const events = framesOf(h.log.entries[s]!);
      h.log.entries[s]!.response.content.text = frame([...events, events[1]!]);
      write(`after-${binding}.har`, h);
      expect(failures(await json(`after-${binding}.har`))).toEqual([`${s} response out_of_order /3 7:7`]);
    });

    it(`a split frame (${binding}): a blank line inside an event's JSON makes two events, neither JSON`, async () => {
      const h = copy();
      const s = streamEntry(h, binding);
      const events = framesOf(h.log.entries[s]!);
      const half = events[1]!.length >> 1;
      h.log.entries[s]!.response.content.text = frame([events[0]!, events[1]!.slice(0, half), events[1]!.slice(half), events[2]!]);
      write(`split-${binding}.har`, h);
      expect(failures(await json(`split-${binding}.har`))).toEqual([`${s} response syntax /1 3:7`, `${s} response syntax /2 5:7`]);
    });
  }

  it("a JSON-RPC response whose id is not its request's", async () => {
    const h = copy();
    const k = entryOf(h, (e) => e.request.url.endsWith("/a2a/jsonrpc") && e.request.postData!.text.includes('"SendMessage"'));
    const body = JSON.parse(h.log.entries[k]!.response.content.text!);
    const text = JSON.stringify({ ...body, id: 999 });
    h.log.entries[k]!.response.content.text = text;
    write("id.har", h);
    const col = text.indexOf('"id":') + '"id":'.length + 1;
    expect(failures(await json("id.har"))).toEqual([`${k} response mismatch /id 1:${col}`]);
    // Pretty names the entry (index, method, URL) and the place inside the body.
    const pretty = await cli(["id.har"], { cwd: dir });
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain(`entry ${k} POST ${base}/a2a/jsonrpc (response): expected a valid document`);
    expect(pretty.stdout).toContain(`id.har#${k}.response:1:${col}  /id  the response's id 999 is not its request's id`);
  });

  it("an HTTP+JSON response that does not answer its route (a Message where GetTask returns a Task)", async () => {
    const h = copy();
    const k = entryOf(h, (e) => e.request.method === "GET" && e.request.url.includes("/a2a/rest/tasks/"));
    h.log.entries[k]!.response.content.text = JSON.stringify({ messageId: "m", role: "ROLE_AGENT", parts: [{ text: "hi" }] });
    write("route.har", h);
    const f = failures(await json("route.har"));
    expect(f.length).toBeGreaterThan(0);
    expect(f.every((x: string) => x.startsWith(`${k} response `))).toBe(true);
  });
});

describe("every output format names the entry", () => {
  it("github: the annotation on the entry's line, the body's line:col in words; junit: a case per body, the skipped count", async () => {
    const h = copy();
    const s = streamEntry(h, "jsonrpc");
    const events = framesOf(h.log.entries[s]!);
    h.log.entries[s]!.response.content.text = frame([...events, events[1]!]);
    write("formats.har", h);
    const text = JSON.stringify(h, null, 2);
    // The line of the entry's opening brace in the file.
    const line = text.slice(0, text.indexOf(`"startedDateTime": ${JSON.stringify(h.log.entries[s]!.startedDateTime)}`)).split("\n").length - 1;
    const gh = await cli(["formats.har", "-f", "github"], { cwd: dir });
    // Entries are indented by six spaces (JSON.stringify with 2): the entry's brace is at column 7.
    expect(gh.stdout).toContain(`::error file=formats.har,line=${line},col=7,title=SendStreamingMessage stream%3A out_of_order::entry ${s} POST ${base}/a2a/jsonrpc (response): response body 7:7: /3: event 3:`);
    expect(gh.stdout).toContain("::notice file=formats.har,line=1,col=1,title=a2a-validate%3A HAR capture::13 entries: 12 A2A exchanges, 1 other entry skipped");
    const junit = await cli(["formats.har", "-f", "junit"], { cwd: dir });
    expect(junit.stdout).toContain('tests="22" failures="1" errors="0" skipped="1"');
    expect(junit.stdout).toContain(`formats.har entry ${s} POST ${base}/a2a/jsonrpc (response)`);
    expect(junit.stdout).toContain(`formats.har#${s}.response:7:7`);
  });
});
