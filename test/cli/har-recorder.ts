/**
 * Records real traffic into a HAR 1.2 document (W3C Web Performance WG, "HTTP Archive (HAR)
 * format" 1.2: log.version, log.creator, log.entries[] with request.postData and
 * response.content): a fetch that hands each call on to the real fetch and keeps what went over
 * the wire, as a browser's devtools would. Used by the SDK's own client against the SDK's server.
 */
import { Role, TaskState } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory } from "@a2a-js/sdk/client";
import { expect } from "vitest";

/** A HAR 1.2 entry, as much of it as this recorder fills in (every field the specification requires). */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: unknown[];
    headers: { name: string; value: string }[];
    queryString: { name: string; value: string }[];
    postData?: { mimeType: string; text: string; encoding?: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: unknown[];
    headers: { name: string; value: string }[];
    content: { size: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

export interface Har {
  log: { version: "1.2"; creator: { name: string; version: string }; entries: HarEntry[] };
}

const headerList = (h: Headers): { name: string; value: string }[] => [...h.entries()].map(([name, value]) => ({ name, value }));

/** A fetch that records every exchange into `har`, bodies as text (the whole response read through a clone). */
export function recordingFetch(har: Har): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.clone().text();
    const t0 = Date.now();
    const res = await fetch(req);
    const text = await res.clone().text();
    const url = new URL(req.url);
    har.log.entries.push({
      startedDateTime: new Date(t0).toISOString(),
      time: Date.now() - t0,
      request: {
        method: req.method,
        url: req.url,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: headerList(req.headers),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        ...(body !== undefined ? { postData: { mimeType: req.headers.get("content-type") ?? "", text: body } } : {}),
        headersSize: -1,
        bodySize: body === undefined ? 0 : Buffer.byteLength(body),
      },
      response: {
        status: res.status,
        statusText: res.statusText,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: headerList(res.headers),
        content: { size: Buffer.byteLength(text), mimeType: res.headers.get("content-type") ?? "", text },
        redirectURL: "",
        headersSize: -1,
        bodySize: Buffer.byteLength(text),
      },
      cache: {},
      timings: { send: 0, wait: Date.now() - t0, receive: 0 },
    });
    return res;
  };
}

export const emptyHar = (): Har => ({ log: { version: "1.2", creator: { name: "a2a-schemas test recorder", version: "1" }, entries: [] } });

const message = (text: string) =>
  ({ message: { messageId: crypto.randomUUID(), role: Role.ROLE_USER, parts: [{ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "" }], contextId: "", taskId: "", metadata: undefined, extensions: [], referenceTaskIds: [] } }) as never;

/** The SDK's client, built from the card at `base` with the recording fetch: send, stream, get, cancel over `transport`. */
export async function recordedTraffic(base: string, transport: "JSONRPC" | "HTTP+JSON", fetchImpl: typeof fetch): Promise<void> {
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl }), new RestTransportFactory({ fetchImpl })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    preferredTransports: [transport],
  });
  const client = await factory.createFromUrl(base);
  const sent = (await client.sendMessage(message("hello"))) as { status: { state: number } };
  expect(sent.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
  const kinds: string[] = [];
  for await (const e of client.sendMessageStream(message("hello"))) kinds.push((e as { payload: { $case: string } }).payload.$case);
  expect(kinds).toEqual(["task", "artifactUpdate", "statusUpdate"]);
  const waiting = (await client.sendMessage(message("wait"))) as { id: string };
  await client.getTask({ id: waiting.id, tenant: "" } as never);
  await client.cancelTask({ id: waiting.id, tenant: "", metadata: undefined } as never);
}
