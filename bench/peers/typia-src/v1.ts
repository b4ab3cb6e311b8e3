/**
 * typia input (compiled by `typia generate`, see bench/peers/typia.ts): the
 * package's v1 Task and SendMessageRequest types (src/generated/v1/types.ts)
 * with tags for the constraints of schemas/v1/a2a.json a type cannot state.
 */
import typia, { tags } from "typia";
import type { RealInstant } from "./instant.js";

type Struct = Record<string, unknown>;
type Id = string & tags.MinLength<1>;
type Uri = string & tags.MaxLength<8192> & tags.Format<"uri">;
type Timestamp = string &
  tags.MaxLength<35> &
  tags.Pattern<"^(?!0000)[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{3}|\\.[0-9]{6}|\\.[0-9]{9})?Z$"> &
  RealInstant;

// Exactly one of text, raw, url, data: the package's exclusive union (the others `?: never`).
interface PartBase {
  metadata?: Struct;
  filename?: string;
  mediaType?: string;
}
type Part =
  | (PartBase & { text: string; raw?: never; url?: never; data?: never })
  | (PartBase & { raw: string & tags.MaxLength<67108864> & tags.Format<"byte">; text?: never; url?: never; data?: never })
  | (PartBase & { url: Uri; text?: never; raw?: never; data?: never })
  | (PartBase & { data: unknown; text?: never; raw?: never; url?: never });

interface Message {
  messageId: Id;
  contextId?: string;
  taskId?: string;
  role: "ROLE_USER" | "ROLE_AGENT";
  parts: Part[] & tags.MinItems<1>;
  metadata?: Struct;
  extensions?: string[];
  referenceTaskIds?: string[];
}

interface Artifact {
  artifactId: Id;
  name?: string;
  description?: string;
  parts: Part[] & tags.MinItems<1>;
  metadata?: Struct;
  extensions?: string[];
}

interface TaskStatus {
  state: "TASK_STATE_SUBMITTED" | "TASK_STATE_WORKING" | "TASK_STATE_COMPLETED" | "TASK_STATE_FAILED" | "TASK_STATE_CANCELED" | "TASK_STATE_INPUT_REQUIRED" | "TASK_STATE_REJECTED" | "TASK_STATE_AUTH_REQUIRED";
  message?: Message;
  timestamp?: Timestamp;
}

export interface Task {
  id: Id;
  contextId?: string;
  status: TaskStatus;
  artifacts?: Artifact[];
  history?: Message[];
  metadata?: Struct;
}

interface SendMessageRequest {
  tenant?: string;
  message: Message;
  configuration?: {
    acceptedOutputModes?: string[];
    taskPushNotificationConfig?: {
      tenant?: string;
      id?: string;
      taskId?: string;
      url: Uri & tags.MinLength<1>;
      token?: string;
      authentication?: { scheme: Id; credentials?: string };
    };
    historyLength?: number & tags.Type<"int32"> & tags.Minimum<0>;
    returnImmediately?: boolean;
  };
  metadata?: Struct;
}

/** The JSON-RPC 2.0 envelope of a SendMessage call. */
export interface SendMessageRpc {
  jsonrpc: "2.0";
  id: string | number | null;
  method: "SendMessage";
  params: SendMessageRequest;
}

export const isTask = typia.createEquals<Task>();
export const validateTask = typia.createValidateEquals<Task>();
export const isSendMessageRpc = typia.createEquals<SendMessageRpc>();
export const validateSendMessageRpc = typia.createValidateEquals<SendMessageRpc>();
