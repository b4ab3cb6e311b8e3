/** toV1 / toV03 told a type give that type's value in the target version. */
import { describe, expectTypeOf, it } from "vitest";
import { toV03, toV1 } from "../../src/versions/index.js";
import type { Task, SendMessageRequest, JsonRpcRequest } from "../../src/v1/index.js";
import type { Message as V03Message, MessageSendParams } from "../../src/v0.3/index.js";

describe("the value's type follows options.type", () => {
  it("toV1", () => {
    const r = toV1({}, { type: "Task" });
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<Task>();
    const s = toV1({}, { type: "SendMessageRequest" });
    if (s.ok) expectTypeOf(s.value).toEqualTypeOf<SendMessageRequest>();
    const j = toV1({}, { type: "JsonRpcRequest" });
    if (j.ok) expectTypeOf(j.value).toEqualTypeOf<JsonRpcRequest>();
    const u = toV1({});
    if (u.ok) expectTypeOf(u.value).toEqualTypeOf<unknown>();
  });
  it("toV03", () => {
    const r = toV03({}, { type: "Message" });
    if (r.ok) expectTypeOf(r.value).toEqualTypeOf<V03Message>();
    const s = toV03({}, { type: "SendMessageRequest" });
    if (s.ok) expectTypeOf(s.value).toEqualTypeOf<MessageSendParams>();
  });
});
