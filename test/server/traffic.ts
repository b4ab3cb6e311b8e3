/** Valid traffic from the A2A JS SDK's own client: send, stream, get, cancel. */
import { Role, TaskState } from "@a2a-js/sdk";
import { ClientFactory, ClientFactoryOptions } from "@a2a-js/sdk/client";
import { expect } from "vitest";

const message = (text: string) =>
  ({ message: { messageId: crypto.randomUUID(), role: Role.ROLE_USER, parts: [{ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "" }], contextId: "", taskId: "", metadata: undefined, extensions: [], referenceTaskIds: [] } }) as never;

/** Runs the four calls through the client the SDK builds from the agent's card at `base`, preferring `transport`. */
export async function clientTraffic(base: string, transport: "JSONRPC" | "HTTP+JSON"): Promise<void> {
  await expectTraffic(await new ClientFactory({ ...ClientFactoryOptions.default, preferredTransports: [transport] }).createFromUrl(base));
}

/** The calls any of the SDK's clients or transports make (its v0.3 compat transport too). */
export interface TrafficClient {
  sendMessage(params: never): Promise<unknown>;
  sendMessageStream(params: never): AsyncIterable<unknown>;
  getTask(params: never): Promise<{ id: string }>;
  cancelTask(params: never): Promise<{ status?: { state: number } }>;
}

/** The four calls, each answer as the test agent gives it: send, stream, get, cancel. */
export async function expectTraffic(client: TrafficClient): Promise<void> {
  const sent = (await client.sendMessage(message("hello"))) as { id: string; status: { state: number }; artifacts: unknown[] };
  expect(sent.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
  expect(sent.artifacts).toHaveLength(1);

  const kinds: string[] = [];
  for await (const e of client.sendMessageStream(message("hello"))) kinds.push((e as { payload: { $case: string } }).payload.$case);
  expect(kinds).toEqual(["task", "artifactUpdate", "statusUpdate"]);

  const waiting = (await client.sendMessage(message("wait"))) as { id: string; status: { state: number } };
  expect(waiting.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
  const got = await client.getTask({ id: waiting.id, tenant: "" } as never);
  expect(got.id).toBe(waiting.id);
  const canceled = await client.cancelTask({ id: waiting.id, tenant: "", metadata: undefined } as never);
  expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
}
