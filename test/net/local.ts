/**
 * A local HTTP server with named routes, for the safe-fetch, client and CLI tests: listens on
 * 127.0.0.1 (an ephemeral port) and counts the requests each path received.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A route: answers a request (or leaves it hanging). */
export type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A running server: its base URL, per-path hit counts, and a stop. */
export interface LocalServer {
  /** e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** The port. */
  readonly port: number;
  /** Requests per path. */
  readonly hits: Map<string, number>;
  /** Requests received, in order: method, path, headers and body. */
  readonly requests: Array<{ method: string; path: string; headers: IncomingMessage["headers"]; body: string }>;
  /** Closes every connection and the server. */
  close(): Promise<void>;
}

/** Starts a server answering `routes` by path (query ignored; a key ending in `*` is a prefix); anything else is a 404. */
export async function startServer(routes: Record<string, Route>): Promise<LocalServer> {
  const hits = new Map<string, number>();
  const requests: LocalServer["requests"] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      const route = routes[path] ?? Object.entries(routes).find(([k]) => k.endsWith("*") && path.startsWith(k.slice(0, -1)))?.[1];
      if (route) route(req, res, body);
      else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A route answering JSON. */
export const json = (value: unknown, status = 200): Route => (_req, res) => {
  res.writeHead(status, { "content-type": "application/json" }).end(typeof value === "string" ? value : JSON.stringify(value));
};

/** A route redirecting to `location`. */
export const redirect = (location: string, status = 302): Route => (_req, res) => {
  res.writeHead(status, { location }).end();
};
