/**
 * The small exported helpers of the versions and client entries never run the input's code: a
 * proxy whose traps throw, or a revoked one, is refused, not converted with String() (found by the
 * fuzz: `isV03Version` and `cardUrlOf` let the trap's throw escape).
 */
import { describe, expect, it } from "vitest";
import { isV03Version } from "../../src/versions/index.js";
import { cardUrlOf } from "../../src/client/index.js";

const throwing = new Proxy({}, { get: () => { throw new Error("trap"); } });
const revoked = (() => { const r = Proxy.revocable([], {}); r.revoke(); return r.proxy; })();

describe("exported helpers on hostile input", () => {
  it("isV03Version: only strings are versions", () => {
    for (const v of [throwing, revoked, 0.3, { toString: () => "0.3" }]) expect(isV03Version(v)).toBe(false);
    expect(isV03Version("0.3.0")).toBe(true);
    expect(isV03Version(undefined)).toBe(true);
    expect(isV03Version("1.0")).toBe(false);
  });

  it("cardUrlOf: anything but a string is no URL", () => {
    for (const v of [throwing, revoked, 42]) expect(cardUrlOf(v as unknown as string)).toBe("");
    expect(cardUrlOf("https://agent.example.com")).toBe("https://agent.example.com/.well-known/agent-card.json");
  });
});
