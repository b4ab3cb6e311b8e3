/** The real @a2a-js/sdk agent (test/server/agent.ts) served on 127.0.0.1 with its card at the well-known path. */
import express from "express";
import { createServer, type Server } from "node:http";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { cardFor, close, listen, sdkHandler } from "../server/agent.js";

/** A running SDK agent: its base URL and a stop. */
export interface SdkAgent {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Requests the agent received: method and path. */
  readonly seen: string[];
  /** Stops the server. */
  close(): Promise<void>;
}

export async function startSdkAgent(): Promise<SdkAgent> {
  const app = express();
  const server: Server = createServer(app);
  const seen: string[] = [];
  app.use((req, _res, next) => {
    seen.push(`${req.method} ${req.path}`);
    next();
  });
  const base = await listen(server);
  const handler = sdkHandler(cardFor(base));
  const sdk = { requestHandler: handler, userBuilder: UserBuilder.noAuthentication };
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: handler }));
  app.use("/a2a/jsonrpc", jsonRpcHandler(sdk));
  app.use("/a2a/rest", restHandler(sdk));
  return { url: base, seen, close: () => close(server) };
}
