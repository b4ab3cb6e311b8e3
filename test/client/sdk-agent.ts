/** The real @a2a-js/sdk agent (test/server/agent.ts) on 127.0.0.1, with the requests it received. */
import { close, startSdkAgent as startAgent } from "../server/agent.js";

/** A running SDK agent: its base URL and a stop. */
export interface SdkAgent {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** Requests the agent received: method and path. */
  readonly seen: string[];
  /** Stops the server. */
  close(): Promise<void>;
}

/** Starts the SDK agent of test/server/agent.ts, noting every request it receives. */
export async function startSdkAgent(): Promise<SdkAgent> {
  const seen: string[] = [];
  const { server, base } = await startAgent({ seen });
  return { url: base, seen, close: () => close(server) };
}
