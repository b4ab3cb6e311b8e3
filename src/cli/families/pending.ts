/**
 * The JSON-RPC requests a stream has seen and not yet seen answered, by id: a response after them
 * is checked as the answer to its request's method. Shared by the families that speak JSON-RPC.
 */
import type { CheckContext } from "../registry.js";

/** A JSON-RPC id as a map key: `"string:1"` and `"number:1"` stay apart; anything else has none. */
export const idKey = (id: unknown): string | undefined => (typeof id === "string" || typeof id === "number" ? `${typeof id}:${String(id)}` : undefined);

/** Bounded so that a stream of requests without responses keeps constant memory. */
const MAX_PENDING = 10_000;

/** Notes a request's method under its id (the oldest forgotten past the bound). */
export function rememberRequest(ctx: CheckContext, value: unknown): void {
  if (value === null || typeof value !== "object") return;
  const { id, method } = value as { id?: unknown; method?: unknown };
  const key = idKey(id);
  if (key === undefined || typeof method !== "string") return;
  ctx.stream.delete(key);
  ctx.stream.set(key, method);
  if (ctx.stream.size > MAX_PENDING) ctx.stream.delete(ctx.stream.keys().next().value!);
}
