/** Messages for the replay tests: a fresh message_id each time, stamped at a given instant. */
export const T0 = Date.parse("2026-01-01T12:00:00.000Z");
let counter = 0;
export const uniqueId = (): string => `3f2b8c1e-9d4a-4f6b-8e2c-${(++counter).toString(16).padStart(12, "0")}`;
/** A legacy request; `over` replaces or adds members. */
export type TestMessage = { message_id: string; sender_id: string; timestamp: string } & Record<string, unknown>;
export const message = (over: Record<string, unknown> = {}, at = T0): TestMessage => ({
  message_id: uniqueId(),
  message_type: "request",
  sender_id: "client-agent-001",
  recipient_id: "server-agent-001",
  timestamp: new Date(at).toISOString(),
  payload: { method: "ping" },
  ...over,
}) as TestMessage;
export const authTag = (nonce: string, agent = "client-agent-001", at = T0) => ({ agent_id: agent, timestamp: new Date(at).toISOString(), nonce, signature: "SGVsbG8=" });
