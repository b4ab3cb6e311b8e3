/**
 * A small agent on the A2A JS SDK (1.3) for the front door's tests: an executor that answers
 * "hello" with a completed task (one artifact), and "wait" with a task left working until it is
 * canceled. Served by the SDK's own Express handlers, behind whatever the test puts in front.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { AgentCard as SdkAgentCard, TaskState } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor, type ExecutionEventBus } from "@a2a-js/sdk/server";
import type { AgentCard } from "../../src/generated/v1/types.js";

export { REQUIRED as REQUIRED_EXTENSION } from "./table.js";
import { REQUIRED as REQUIRED_EXTENSION } from "./table.js";

/** The agent's card in its v1.0 JSON form, for `baseUrl` (the interfaces' URLs under it). */
export function cardFor(baseUrl: string, o: { streaming?: boolean; requiredExtension?: boolean; prefix?: string } = {}): AgentCard {
  const at = `${baseUrl}${o.prefix ?? "/a2a"}`;
  return {
    name: "Front door test agent",
    description: "Answers hello; waits on wait until canceled",
    version: "1.0.0",
    supportedInterfaces: [
      { url: `${at}/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${at}/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    ],
    capabilities: {
      streaming: o.streaming ?? true,
      pushNotifications: false,
      ...(o.requiredExtension ? { extensions: [{ uri: REQUIRED_EXTENSION, description: "required by this agent", required: true }] } : {}),
    },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "hello", name: "Hello", description: "Says hello", tags: ["test"] }],
  };
}

/** `card` with each interface of `binding` also declared at 0.3. */
export const withV03 = (card: AgentCard, binding: "JSONRPC" | "HTTP+JSON"): AgentCard => ({
  ...card,
  supportedInterfaces: [...card.supportedInterfaces, ...card.supportedInterfaces.filter((i) => i.protocolBinding === binding).map((i) => ({ ...i, protocolVersion: "0.3" }))],
});

const text = (value: string) => ({ content: { $case: "text" as const, value }, metadata: undefined, filename: "", mediaType: "text/plain" });

const executor: AgentExecutor = {
  async execute(ctx, bus: ExecutionEventBus) {
    const first = ctx.userMessage.parts[0]?.content;
    const said = first?.$case === "text" ? first.value : "";
    const status = (state: TaskState) => ({ state, message: undefined, timestamp: new Date().toISOString() });
    bus.publish(AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, status: status(TaskState.TASK_STATE_SUBMITTED), artifacts: [], history: [ctx.userMessage], metadata: undefined }));
    if (said === "wait") {
      bus.publish(AgentEvent.statusUpdate({ taskId: ctx.taskId, contextId: ctx.contextId, status: status(TaskState.TASK_STATE_INPUT_REQUIRED), metadata: undefined }));
      bus.finished();
      return;
    }
    bus.publish(
      AgentEvent.artifactUpdate({
        taskId: ctx.taskId,
        contextId: ctx.contextId,
        artifact: { artifactId: "a1", name: "greeting", description: "", parts: [text("hello back")], metadata: undefined, extensions: [] },
        append: false,
        lastChunk: true,
        metadata: undefined,
      } as never),
    );
    bus.publish(AgentEvent.statusUpdate({ taskId: ctx.taskId, contextId: ctx.contextId, status: status(TaskState.TASK_STATE_COMPLETED), metadata: undefined }));
    bus.finished();
  },
  async cancelTask(taskId, bus) {
    bus.publish(AgentEvent.statusUpdate({ taskId, contextId: "", status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() }, metadata: undefined }));
    bus.finished();
  },
};

/** The SDK's request handler for `card` (converted to the SDK's own form). */
export function sdkHandler(card: AgentCard): DefaultRequestHandler {
  return new DefaultRequestHandler(SdkAgentCard.fromJSON(card), new InMemoryTaskStore(), executor);
}

/** Listens on 127.0.0.1, an ephemeral port; resolves with the base URL. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/**
 * The agent served by the SDK's own Express handlers on 127.0.0.1: its card at
 * `/.well-known/agent-card.json`, JSON-RPC at `/a2a/jsonrpc`, HTTP+JSON at `/a2a/rest`.
 */
export async function startSdkAgent(options: { readonly seen?: string[] } = {}): Promise<{ server: Server; base: string }> {
  const { default: express } = await import("express");
  const { createServer } = await import("node:http");
  const { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } = await import("@a2a-js/sdk/server/express");
  const app = express();
  const server = createServer(app);
  // With `seen`, each request's method and path is noted before the SDK's handlers answer it.
  const seen = options.seen;
  if (seen) app.use((req, _res, next) => void (seen.push(`${req.method} ${req.path}`), next()));
  const base = await listen(server);
  const handler = sdkHandler(cardFor(base));
  const sdk = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  app.use("/a2a/jsonrpc", jsonRpcHandler(sdk));
  app.use("/a2a/rest", restHandler(sdk));
  return { server, base };
}
