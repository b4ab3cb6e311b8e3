/** The error tables are the specification's: section 5.4 (A2A errors) and section 9.5 (JSON-RPC standard codes). */
import { describe, expect, it } from "vitest";
import { A2A_ERRORS, HTTP_STATUS_OF_GRPC, JSON_RPC_ERRORS } from "../../src/v1/index.js";
import { tableRows } from "./helpers.js";

describe("A2A_ERRORS", () => {
  const rows = tableRows("5.4-error-code-mappings.md");

  it("is exactly the section 5.4 table, in its order", () => {
    expect(rows).toHaveLength(9);
    expect(Object.keys(A2A_ERRORS)).toEqual(rows.map((r) => r[0]));
    for (const [name, code, grpc, http] of rows) {
      const e = A2A_ERRORS[name as keyof typeof A2A_ERRORS];
      expect([e.name, e.jsonRpcCode, e.grpcStatus, e.httpStatus], name).toEqual([name, Number(code), grpc, Number(http!.split(" ")[0])]);
    }
  });

  it("gives each error its ErrorInfo reason: the name in UPPER_SNAKE_CASE without \"Error\" (sections 10.6 and 11.6)", () => {
    for (const e of Object.values(A2A_ERRORS)) {
      const snake = e.name.replace(/Error$/, "").replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
      expect(e.reason).toBe(snake);
    }
    expect(A2A_ERRORS.TaskNotFoundError.reason).toBe("TASK_NOT_FOUND");
    expect(A2A_ERRORS.TaskNotCancelableError.reason).toBe("TASK_NOT_CANCELABLE");
  });

  it("agrees with google.rpc.Code's HTTP mapping", () => {
    for (const e of Object.values(A2A_ERRORS)) expect(HTTP_STATUS_OF_GRPC[e.grpcStatus], e.name).toBe(e.httpStatus);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(A2A_ERRORS) && Object.isFrozen(A2A_ERRORS.TaskNotFoundError)).toBe(true);
  });
});

describe("JSON_RPC_ERRORS", () => {
  it("is the section 9.5 table: codes, names and standard messages", () => {
    const rows = tableRows("9.5-standard-codes.md");
    expect(Object.values(JSON_RPC_ERRORS).map((e) => [String(e.jsonRpcCode), e.specName, e.message])).toEqual(rows.map((r) => [r[0], r[1], r[2]]));
  });

  it("maps each to its HTTP+JSON equivalent, consistent with google.rpc.Code", () => {
    for (const e of Object.values(JSON_RPC_ERRORS)) expect(HTTP_STATUS_OF_GRPC[e.grpcStatus], e.name).toBe(e.httpStatus);
    expect(JSON_RPC_ERRORS.InvalidParams).toMatchObject({ httpStatus: 400, grpcStatus: "INVALID_ARGUMENT" });
    expect(JSON_RPC_ERRORS.InternalError).toMatchObject({ httpStatus: 500, grpcStatus: "INTERNAL" });
  });
});

describe("the codes the error validator names as known", () => {
  it("are the section 9.5 standard codes and the section 5.4 A2A codes", async () => {
    const { KNOWN_CODES } = await import("../../src/wire/rules.js");
    expect([...KNOWN_CODES].sort()).toEqual([...Object.values(JSON_RPC_ERRORS), ...Object.values(A2A_ERRORS)].map((e) => e.jsonRpcCode).sort());
  });
});
