/**
 * Over the whole fixture corpus: toV03(toV1(x)) equals x for every v0.3 document whose toV1 lost
 * nothing (no `lossy` warning), toV1(toV03(x)) equals x for every such v1.0 document, and a
 * conversion that does not come back equal always said what it lost. Property-tested too, over
 * documents generated from the v0.3 JSON Schema.
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { validateByName as v03 } from "../../src/v0.3/index.js";
import { toV03, toV1, type ConvertOptions } from "../../src/versions/index.js";
import { byName } from "../v0.3/arbitraries.js";
import { v03Docs, v1Docs, type Doc } from "./corpus.js";

type R = ReturnType<typeof toV1>;
const lost = (r: R) => (r.ok ? (r.warnings ?? []) : r.issues).filter((i) => i.code === "lossy");

/** v0.3's declared defaults, which a v1.0 document always states: a card's preferredTransport. */
function withV03Defaults(doc: unknown, options: ConvertOptions): unknown {
  if (options.type === "AgentCard" && doc !== null && typeof doc === "object" && !("preferredTransport" in doc)) return { ...doc, preferredTransport: "JSONRPC" };
  return doc;
}

interface Tally {
  converted: number;
  lossless: number;
  lossy: number;
  notConverted: number;
}

/** Converts `d` one way and back; asserts the rule; counts. */
function roundTrip(d: Doc, there: typeof toV1, back: typeof toV1, defaults: (x: unknown, o: ConvertOptions) => unknown, t: Tally): void {
  const r1 = there(d.doc, d.options);
  if (!r1.ok) {
    t.notConverted++;
    return;
  }
  t.converted++;
  const r2 = back(r1.value, d.options);
  const same = r2.ok && isDeepStrictEqual(r2.value, defaults(d.doc, d.options));
  const said = lost(r1).length + (r2.ok ? lost(r2).length : 0);
  if (said === 0) {
    t.lossless++;
    expect(r2.ok ? r2.value : r2.issues, `${d.file}: nothing was said lost, so it must come back equal`).toEqual(defaults(d.doc, d.options));
  } else {
    t.lossy++;
    for (const w of lost(r1)) expect(w.message.length, d.file).toBeGreaterThan(10);
  }
  if (!same) expect(said, `${d.file} did not come back equal, and no warning said why`).toBeGreaterThan(0);
}

describe("round trips over the fixture corpus", () => {
  it("v0.3 → v1.0 → v0.3", () => {
    const t: Tally = { converted: 0, lossless: 0, lossy: 0, notConverted: 0 };
    const docs = v03Docs("valid");
    for (const d of docs) roundTrip(d, toV1, toV03, withV03Defaults, t);
    // The corpus: fixtures/v0.3/valid and the real v0.3 documents (some not valid v0.3: those are not converted).
    expect(t.lossless).toBeGreaterThan(50);
    expect(t.converted + t.notConverted).toBe(docs.length);
    console.log(`v0.3 round trip: ${docs.length} documents, ${t.converted} converted (${t.lossless} lossless, ${t.lossy} lossy), ${t.notConverted} not`);
  });

  it("v1.0 → v0.3 → v1.0", () => {
    const t: Tally = { converted: 0, lossless: 0, lossy: 0, notConverted: 0 };
    const docs = v1Docs();
    for (const d of docs) roundTrip(d, toV03, toV1, (x) => x, t);
    expect(t.lossless).toBeGreaterThan(30);
    console.log(`v1.0 round trip: ${docs.length} documents, ${t.converted} converted (${t.lossless} lossless, ${t.lossy} lossy), ${t.notConverted} not`);
  });

  it("an invalid v0.3 document is answered with the v0.3 validator's issues, unconverted", () => {
    const docs = v03Docs("invalid");
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      const r = toV1(d.doc, d.options);
      expect(r.ok, d.file).toBe(false);
      expect(lost(r), d.file).toEqual([]);
    }
  });
});

/** The generated documents' types, each the v0.3 definition it is generated from. */
const GENERATED: ReadonlyArray<[string, ConvertOptions]> = [
  ["Message", { type: "Message" }],
  ["Task", { type: "Task" }],
  ["TaskStatusUpdateEvent", { type: "TaskStatusUpdateEvent" }],
  ["TaskArtifactUpdateEvent", { type: "TaskArtifactUpdateEvent" }],
  ["MessageSendParams", { type: "SendMessageRequest" }],
  ["TaskPushNotificationConfig", { type: "TaskPushNotificationConfig" }],
  ["AgentCard", { type: "AgentCard" }],
  ["SendMessageRequest", { type: "JsonRpcRequest" }],
  ["GetTaskPushNotificationConfigRequest", { type: "JsonRpcRequest" }],
  ["SendStreamingMessageResponse", { type: "JsonRpcResponse", method: "message/stream" }],
];

describe("round trips, property-tested over generated v0.3 documents", () => {
  // Many generated documents are valid v0.3 but not convertible (v1.0 wants non-empty parts, UTC
  // timestamps, absolute URIs: the output check says so); the lossless ones are counted overall.
  let lossless = 0;
  it.each(GENERATED)("%s", (definition, options) => {
    fc.assert(
      fc.property(byName(definition), (generated) => {
        const doc = JSON.parse(JSON.stringify(generated)) as unknown; // as it comes off the wire: plain objects
        if (!v03(definition, doc).ok) return;
        const t: Tally = { converted: 0, lossless: 0, lossy: 0, notConverted: 0 };
        roundTrip({ file: definition, doc, options }, toV1, toV03, withV03Defaults, t);
        lossless += t.lossless;
      }),
      { numRuns: 150, seed: 20 },
    );
  });
  it("some of them came back equal", () => expect(lossless).toBeGreaterThan(20));
});
