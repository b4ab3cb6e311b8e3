/** Reading one document: bounded by bytes read, whatever fstat says, and never from a FIFO or device. */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NotRegularFile, openRegular, readJsonFile } from "../../src/cli/sources.js";
import { put, scratch } from "./helpers.js";

describe("readJsonFile", () => {
  it("reads up to the limit and refuses a byte more", () => {
    const root = scratch();
    const path = put(root, "ten.json", '"12345678"');
    expect(readJsonFile(path, 10)).toEqual({ kind: "text", text: '"12345678"' });
    expect(readJsonFile(path, 9)).toEqual({ kind: "too_large", bytes: 10 });
  });

  it("drops a byte-order mark, and refuses bytes that are not UTF-8", () => {
    const root = scratch();
    expect(readJsonFile(put(root, "bom.json", "\uFEFF{}"), 100)).toEqual({ kind: "text", text: "{}" });
    expect(readJsonFile(put(root, "latin1.json", Buffer.from([0x22, 0xe9, 0x22])), 100)).toEqual({ kind: "bad_utf8" });
  });

  // procfs files are regular files whose fstat size is 0.
  it.skipIf(!existsSync("/proc/self/status"))("counts the bytes that arrive, not the size fstat reports", () => {
    expect(readJsonFile("/proc/self/status", 16)).toEqual({ kind: "too_large", bytes: 17 });
    const whole = readJsonFile("/proc/self/status", 1 << 20);
    expect(whole.kind === "text" && whole.text.startsWith("Name:")).toBe(true);
  });
});

describe("openRegular", () => {
  it.skipIf(!existsSync("/dev/zero"))("refuses a device", () => {
    expect(() => openRegular("/dev/zero")).toThrow(new NotRegularFile("is a character device, not a regular file"));
  });

  it("refuses a folder", () => {
    expect(() => openRegular(scratch())).toThrow(NotRegularFile);
  });

  it.skipIf(process.platform === "win32")("refuses a FIFO with no writer without waiting for one", () => {
    const fifo = join(scratch(), "pipe.json");
    execFileSync("mkfifo", [fifo]);
    // A blocking open would hang this very thread: the test would never end.
    expect(() => openRegular(fifo)).toThrow(new NotRegularFile("is a FIFO, not a regular file"));
  });
});
