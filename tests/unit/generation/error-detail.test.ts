import { describe, expect, it } from "vitest";
import { maxErrorDetailLength, toErrorDetail } from "@/lib/generation/error-detail";

describe("toErrorDetail", () => {
  it("keeps a plain message as it is", () => {
    expect(toErrorDetail("  Face not detected  ")).toBe("Face not detected");
    expect(toErrorDetail("Visage non détecté — réessayez")).toBe("Visage non détecté — réessayez");
  });

  it("gives nothing for an empty message", () => {
    expect(toErrorDetail(undefined)).toBeNull();
    expect(toErrorDetail(null)).toBeNull();
    expect(toErrorDetail(" \n\t ")).toBeNull();
    expect(toErrorDetail("\u0000\u200b")).toBeNull();
  });

  it("keeps only the first line, never a stack trace", () => {
    expect(toErrorDetail("TypeError: x is undefined\n    at run (/app/index.js:1:1)\n    at main")).toBe("TypeError: x is undefined");
    expect(toErrorDetail("\n    at run (/app/index.js:1:1)")).toBeNull();
  });

  it("strips control characters and collapses spaces", () => {
    expect(toErrorDetail("bad\u0007\u001b[31m  input\u202e")).toBe("bad [31m input");
  });

  it("replaces links, absolute paths and key-like tokens", () => {
    expect(toErrorDetail("see https://x.example/a?token=1 or ftp://h/p")).toBe("see [link] or [link]");
    expect(toErrorDetail("open '/var/lib/app/secret.json' failed")).toBe("open '[path]' failed");
    expect(toErrorDetail("C:\\models\\v1.bin missing")).toBe("[path] missing");
    expect(toErrorDetail("Incorrect API key provided: sk-abc1****************wxyz")).toBe("Incorrect API key provided: [redacted]");
    expect(toErrorDetail("width/height must be even")).toBe("width/height must be even");
  });

  it("cuts long messages to a short sentence", () => {
    const detail = toErrorDetail("word ".repeat(200));
    expect(detail?.length).toBeLessThanOrEqual(maxErrorDetailLength);
    expect(detail?.endsWith("…")).toBe(true);
  });
});
