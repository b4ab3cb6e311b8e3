/** Standard JSON Schema at the type level: a helper that asks for a `StandardJSONSchemaV1` (as tool-definition libraries do) takes every generated validator. */
import type { StandardJSONSchemaV1 } from "@standard-schema/spec";
import { describe, expectTypeOf, it } from "vitest";
import * as legacy from "../../src/legacy/index.js";
import * as session from "../../src/session/index.js";
import * as v1 from "../../src/v1/index.js";
import * as r2026 from "../../src/v1/2026-02-17/index.js";
import * as v03 from "../../src/v0.3/index.js";

/** A consumer of Standard JSON Schema: the document of the input type, and the output type. */
declare function toolFor<S extends StandardJSONSchemaV1>(schema: S): { parameters: Record<string, unknown>; output: StandardJSONSchemaV1.InferOutput<S> };

describe("the validators are Standard JSON Schemas", () => {
  it("v1, both revisions, and the by-name table", () => {
    expectTypeOf(toolFor(v1.validateTask).output).toEqualTypeOf<v1.Task>();
    expectTypeOf(toolFor(v1.validators.Task).output).toEqualTypeOf<v1.Task>();
    expectTypeOf(toolFor(r2026.validateTask).output).toEqualTypeOf<r2026.Task>();
    expectTypeOf(toolFor(v1.validateJsonRpcError).output).toEqualTypeOf<v1.JsonRpcErrorObject>();
  });
  it("legacy, the dispatch included", () => {
    expectTypeOf(toolFor(legacy.validateRequestMessage).output).toEqualTypeOf<legacy.RequestMessage>();
    expectTypeOf(toolFor(legacy.validateMessage).output).toEqualTypeOf<legacy.LegacyMessage>();
  });
  it("session, both modes", () => {
    expectTypeOf(toolFor(session.validateMessage).output).toEqualTypeOf<session.Message>();
    expectTypeOf(toolFor(session.validateMessage.strict).output).toEqualTypeOf<session.StrictMessage>();
  });
  it("v0.3, both modes, and the by-name table", () => {
    expectTypeOf(toolFor(v03.validateTask).output).toEqualTypeOf<v03.Task>();
    expectTypeOf(toolFor(v03.validators.Task).output).toEqualTypeOf<v03.Task>();
    expectTypeOf(toolFor(v03.validateTask.strict).output).toEqualTypeOf<v03.StrictRegistry["Task"]>();
  });
  it("the converter takes a target", () => {
    expectTypeOf(v1.validateTask["~standard"].jsonSchema.input).parameter(0).toEqualTypeOf<StandardJSONSchemaV1.Options>();
  });
});
